/**
 * Two of the locale functions flinkslot uses, without their first call's cost: Node loads ICU's
 * data on the first toLocaleString or localeCompare (~10–15 ms, as much as a small command's
 * own work). For the values a plain run meets the answer is the same, computed directly
 * (test/unit/util/plain-locale.test.ts compares both); anything else goes to the locale function.
 */

/** `n.toLocaleString('en-US')`: digits grouped by three with commas. */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || Object.is(n, -0)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Flink's own configuration keys: lower-case letters, digits, dots and hyphens. */
const PLAIN_KEY = /^[a-z0-9.-]*$/;

/** `a.localeCompare(b)`'s order: for two plain keys it is the order of their characters' codes. */
export function compareKeys(a: string, b: string): number {
  if (PLAIN_KEY.test(a) && PLAIN_KEY.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}
