/**
 * `taskmanager.memory.managed.consumer-weights` as written in a file: a YAML map, or Flink's
 * map-option text "OPERATOR:70,STATE_BACKEND:70,PYTHON:30". Values must be integers, as Flink
 * parses them with Integer.parseInt.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';

const KEY = 'taskmanager.memory.managed.consumer-weights';
export const JAVA_INT_MAX = 2 ** 31 - 1;
const JAVA_INT_MIN = -(2 ** 31);

function isJavaInt(value: number): boolean {
  return Number.isInteger(value) && value >= JAVA_INT_MIN && value <= JAVA_INT_MAX;
}

export function readConsumerWeights(
  input: string | Record<string, number>,
  pointer: string,
  out: Diagnostic[],
): Map<string, number> | undefined {
  if (typeof input !== 'string') {
    const entries = Object.entries(input);
    const bad = entries.find(([, value]) => !isJavaInt(value));
    if (bad) {
      out.push(
        error(
          'input/consumer-weights',
          `Could not parse value '${bad[1]}' for key '${KEY}': For input string: "${bad[1]}"`,
          `${pointer}/${bad[0]}`,
          'NumberFormatException',
        ),
      );
      return undefined;
    }
    return new Map(entries);
  }
  const weights = new Map<string, number>();
  for (const entry of input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)) {
    const colon = entry.indexOf(':');
    const name = colon < 0 ? '' : entry.slice(0, colon).trim();
    const value = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (name.length === 0) {
      out.push(error('input/consumer-weights', `Could not parse value '${input}' for key '${KEY}': '${entry}' is not KEY:VALUE`, pointer));
      return undefined;
    }
    if (!/^[+-]?\d+$/.test(value) || !isJavaInt(Number(value))) {
      out.push(
        error(
          'input/consumer-weights',
          `Could not parse value '${input}' for key '${KEY}': For input string: "${value}"`,
          pointer,
          'NumberFormatException',
        ),
      );
      return undefined;
    }
    weights.set(name, Number(value));
  }
  return weights;
}
