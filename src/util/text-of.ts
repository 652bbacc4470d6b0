/**
 * The text of a value read from input without calling anything the input defines: String() of a
 * map with a `toString` key throws ("Cannot convert object to primitive value"). Maps and lists
 * become JSON text; null and undefined their names.
 */
export function textOf(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Number() of a value read from input, without calling its `valueOf` or `toString`: NaN for maps and lists. */
export function numberOf(value: unknown): number {
  return value !== null && typeof value === 'object' ? Number.NaN : Number(value);
}
