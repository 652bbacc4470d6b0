/**
 * The least count n in [0, cap] for which `holds(n)` is true, for a property that stays true once
 * it holds (more TaskManagers of one shape never make a met requirement unmet). Galloping from a
 * hint (up or down), then bisecting: O(log |n − hint|) evaluations, each cached, so the proof
 * (n holds, n − 1 does not) costs no extra run.
 */
export interface MinimalCount<T> {
  /** undefined: the property does not hold even at `cap`. */
  readonly count: number | undefined;
  /** Every evaluation made, by count. */
  readonly evaluated: ReadonlyMap<number, T>;
}

export function minimalCount<T>(evaluate: (n: number) => T, holds: (result: T) => boolean, hint: number, cap: number): MinimalCount<T> {
  const evaluated = new Map<number, T>();
  const test = (n: number): boolean => {
    let r = evaluated.get(n);
    if (r === undefined) evaluated.set(n, (r = evaluate(n)));
    return holds(r);
  };
  if (test(0)) return { count: 0, evaluated };
  // lo never holds, hi holds (once found). From the hint: gallop up while it does not hold, or
  // down while it does (a good hint, the usual case, is then proven in two runs).
  let lo = 0;
  let hi = Math.min(Math.max(1, hint), cap);
  if (test(hi)) {
    for (let step = 1; hi - step > lo; step *= 2) {
      if (!test(hi - step)) {
        lo = hi - step;
        break;
      }
      hi -= step;
    }
  } else {
    while (!test(hi)) {
      if (hi >= cap) return { count: undefined, evaluated };
      lo = hi;
      hi = Math.min(hi * 2, cap);
    }
  }
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (test(mid)) hi = mid;
    else lo = mid;
  }
  // The proof's second half: hi − 1 evaluated (it is lo, or hi − 1 was bisected).
  test(hi - 1);
  return { count: hi, evaluated };
}
