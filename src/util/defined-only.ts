/**
 * The object without its undefined fields: what a JSON document or an input schema expects (a
 * key with no value is absent, not `undefined`), built from fields that may or may not be known.
 */
export function definedOnly<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
