/**
 * The bounded edit distance (src/util/closest.ts) answers exactly within its bound, and closestName
 * picks what the unbounded distance picks: the bound only saves work.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../../src/util/closest.js';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '.', 'x'), maxLength: 12 });

/** closestName as it was written before the bound: the first candidate of least distance within the limit. */
function naiveClosest(w: string, candidates: readonly string[]): string | undefined {
  const lower = w.toLowerCase();
  const limit = lower.length <= 4 ? 1 : lower.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - lower.length) > limit) continue;
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(editDistance('taskmanager', 'taskmanager')).toBe(0);
    expect(editDistance('slots', 'slot')).toBe(1);
    expect(editDistance('memroy', 'memory')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('with a bound: exact up to it, and above it whenever the distance is', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, bound) => {
        const full = editDistance(a, b);
        const bounded = editDistance(a, b, bound);
        if (full <= bound) expect(bounded).toBe(full);
        else expect(bounded).toBeGreaterThan(bound);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('closestName', () => {
  it('suggests the nearest known name within a typo’s distance, else nothing', () => {
    expect(closestName('taskmanager.memory.proces.size', ['taskmanager.memory.process.size', 'taskmanager.memory.flink.size'])).toBe(
      'taskmanager.memory.process.size',
    );
    expect(closestName('jsn', ['json', 'limit'])).toBe('json');
    expect(closestName('colour', ['json', 'limit'])).toBeUndefined();
  });

  it('picks what the unbounded distance picks', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 8 }), (w, candidates) => {
        expect(closestName(w, candidates)).toBe(naiveClosest(w, candidates));
      }),
      { numRuns: 5000 },
    );
  });
});
