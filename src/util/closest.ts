/**
 * "Did you mean …?": the known name nearest to a mistyped one, by edit distance (insertions,
 * deletions, substitutions and swaps of neighbours each cost 1), when it is near enough to be a
 * typo rather than another word: at most 1 edit for names up to 4 characters, 2 up to 8, else 3.
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = lower.length <= 4 ? 1 : lower.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    // Bounded work on hostile input: names far longer than any known one are never typos of them.
    if (Math.abs(candidate.length - lower.length) > limit) continue;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
 * With a bound, a distance above it may be returned as any number above the bound, unfinished:
 * only cells within `bound` of the diagonal are computed (a cell's distance is at least |i - j|,
 * and a path of cost ≤ bound never leaves that band), and the rows stop once two in a row are past
 * the bound (each row's least value is at least min(the last row's, the one before's + 1)).
 * closestName asks for nothing beyond its best so far: checking a configuration's keys against
 * Flink's hundreds is then a small part of `memory` and `size`.
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  const cols = b.length + 1;
  const far = Number.MAX_SAFE_INTEGER;
  let beforeLast: number[] = new Array<number>(cols).fill(far);
  let last: number[] = Array.from({ length: cols }, (_, j) => (j <= bound ? j : far));
  let row: number[] = new Array<number>(cols).fill(far);
  let lastMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - bound);
    const hi = Math.min(cols - 1, i + bound);
    row[lo - 1] = lo === 1 ? i : far;
    if (hi + 1 < cols) row[hi + 1] = far;
    let rowMin = i;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, beforeLast[j - 2]! + 1);
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > bound && lastMin > bound) return bound + 1;
    [beforeLast, last, row] = [last, row, beforeLast];
    lastMin = rowMin;
  }
  return Math.min(last[b.length]!, far);
}
