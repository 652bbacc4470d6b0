/**
 * Parallelism and max parallelism checks in the order Flink applies them when it builds the
 * ExecutionGraph: JobVertex.setParallelism, the default max parallelism
 * (KeyGroupRangeAssignment.computeDefaultMaxParallelism), DefaultVertexParallelismInfo's bounds,
 * then ExecutionJobVertex's "higher than the max parallelism" check.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';

export const UPPER_BOUND_MAX_PARALLELISM = 1 << 15;
const DEFAULT_LOWER_BOUND_MAX_PARALLELISM = 1 << 7;

function roundUpToPowerOfTwo(x: number): number {
  let p = 1;
  while (p < x) p *= 2;
  return p;
}

export function computeDefaultMaxParallelism(parallelism: number): number {
  return Math.min(
    Math.max(roundUpToPowerOfTwo(parallelism + Math.floor(parallelism / 2)), DEFAULT_LOWER_BOUND_MAX_PARALLELISM),
    UPPER_BOUND_MAX_PARALLELISM,
  );
}

export interface ParallelismInput {
  vertexName: string;
  parallelism: number;
  maxParallelism: number | undefined;
  minParallelism: number | undefined;
  pointer: string;
}

/** Returns the effective max parallelism, or undefined after reporting the first violated rule. */
export function checkParallelism(v: ParallelismInput, version: FlinkVersion, out: Diagnostic[]): number | undefined {
  const at = (key: string): string => `${v.pointer}/${key}`;
  const unsetAllowed = atLeast(version, 1, 15);
  if (v.parallelism === -1 && unsetAllowed) {
    // Flink accepts -1 (unset): the scheduler decides at runtime, which a plan cannot know.
    const message = `parallelism -1 (unset) is decided by Flink at runtime; give vertex '${v.vertexName}' the parallelism it will run with`;
    out.push(error('input/parallelism', message, at('parallelism')));
    return undefined;
  }
  if (v.parallelism < 1) {
    const message = unsetAllowed ? 'The parallelism must be at least one, or -1 (unset).' : 'The parallelism must be at least one.';
    out.push(error('input/parallelism', message, at('parallelism'), 'IllegalArgumentException'));
    return undefined;
  }
  if (v.maxParallelism === undefined && v.parallelism > UPPER_BOUND_MAX_PARALLELISM) {
    out.push(
      error('input/parallelism', `Operator parallelism not within bounds: ${v.parallelism}`, at('parallelism'), 'IllegalArgumentException'),
    );
    return undefined;
  }
  const maxParallelism = v.maxParallelism ?? computeDefaultMaxParallelism(v.parallelism);
  for (const [what, value, key] of [
    ['parallelism', v.parallelism, 'parallelism'],
    ['max parallelism', maxParallelism, 'maxParallelism'],
  ] as const) {
    if (value < 1 || value > UPPER_BOUND_MAX_PARALLELISM) {
      const message = `Setting ${what} is not in valid bounds (1..${UPPER_BOUND_MAX_PARALLELISM}), found: ${value}`;
      out.push(error('input/parallelism', message, at(key), 'IllegalArgumentException'));
      return undefined;
    }
  }
  if (v.parallelism > maxParallelism) {
    const message = `Vertex ${v.vertexName}'s parallelism (${v.parallelism}) is higher than the max parallelism (${maxParallelism}). Please lower the parallelism or increase the max parallelism.`;
    out.push(error('input/parallelism', message, at('parallelism'), 'JobException'));
    return undefined;
  }
  if (v.minParallelism !== undefined && (v.minParallelism < 1 || v.minParallelism > v.parallelism)) {
    const message = `minParallelism (${v.minParallelism}) must be between 1 and the parallelism (${v.parallelism})`;
    out.push(error('input/parallelism', message, at('minParallelism')));
    return undefined;
  }
  return maxParallelism;
}
