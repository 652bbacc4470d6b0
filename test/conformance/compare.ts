/** Comparisons the case format defines: sets order-insensitively, numbers exactly or within tolerance. */
import { addDecimal, compareDecimal, decimalFromNumber, decimalFromString, ZERO_DECIMAL } from '../../src/model/decimal.js';

export function canonicalSets(sets: readonly (readonly string[])[]): string[] {
  return sets.map((s) => JSON.stringify([...s].sort())).sort();
}

export function sameSets(actual: readonly (readonly string[])[], expected: readonly (readonly string[])[]): boolean {
  return JSON.stringify(canonicalSets(actual)) === JSON.stringify(canonicalSets(expected));
}

export function sameMultiset(actual: readonly number[], expected: readonly number[]): boolean {
  const sort = (xs: readonly number[]) => JSON.stringify([...xs].sort((a, b) => a - b));
  return sort(actual) === sort(expected);
}

/**
 * A decimal string is Flink's exact scale-16 value: compared exactly. A number is compared
 * exactly, or within the case's tolerance when it gives one.
 */
export function sameNumber(actual: number, expected: unknown, tolerance: number | undefined): boolean {
  if (typeof expected === 'string') return actual === Number(expected);
  if (typeof expected !== 'number') return false;
  return tolerance === undefined ? actual === expected : Math.abs(actual - expected) <= tolerance;
}

/** Exact decimal sum of doubles (each taken at its shortest representation). */
export function decimalSumAtMostOne(values: readonly number[]): boolean {
  const sum = values.reduce((acc, v) => addDecimal(acc, decimalFromNumber(v)), ZERO_DECIMAL);
  return compareDecimal(sum, decimalFromString('1')) <= 0;
}
