/**
 * toLocaleString('en-US') without its first call's cost: Node loads ICU's data on the first call
 * (~10–15 ms, as much as a small command's own work: `report -o`'s summary line). For a whole
 * number the answer is computed directly, the same (test/unit/util/plain-locale.test.ts compares
 * both); anything else goes to toLocaleString. (localeCompare stays as it is: its order follows
 * the user's locale, which only ICU knows.)
 */

/** `n.toLocaleString('en-US')`: digits grouped by three with commas. */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || Object.is(n, -0)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
