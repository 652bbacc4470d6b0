/**
 * `target.push(...items)` passes every item as an argument, and V8 overflows its stack from about
 * 120,000 of them: a 200,000-TaskManager cluster did. Items are appended one by one instead.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values`, or `initial` when there are none; a loop, for the same reason as pushAll. */
export function maxOf(values: Iterable<number>, initial = -Infinity): number {
  let max = initial;
  for (const v of values) if (v > max) max = v;
  return max;
}
