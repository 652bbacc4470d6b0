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
 * With a bound, a distance above it may be returned as bound + 1 without being finished: each row's
 * least value is at least min(the row before's, the one before that's + 1), so once two rows in a
 * row are past the bound, so is the distance. closestName asks for nothing beyond its best so far:
 * checking a configuration's hundreds of keys against Flink's is then a small part of `memory`.
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  const cols = b.length + 1;
  let beforeLast: number[] = new Array<number>(cols).fill(0);
  let last: number[] = Array.from({ length: cols }, (_, j) => j);
  let row: number[] = new Array<number>(cols).fill(0);
  let lastMin = 0;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
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
  return last[b.length]!;
}
