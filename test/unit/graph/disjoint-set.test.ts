import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisjointSet } from '../../../src/graph/disjoint-set.js';

describe('DisjointSet', () => {
  it('starts with singletons', () => {
    expect(new DisjointSet(4).sets()).toEqual([[0], [1], [2], [3]]);
    expect(new DisjointSet(0).sets()).toEqual([]);
  });

  it('joins sets; members ascending, sets ordered by smallest member', () => {
    const s = new DisjointSet(7);
    s.union(5, 2);
    s.union(6, 0);
    s.union(2, 4);
    expect(s.find(4)).toBe(s.find(5));
    expect(s.find(0)).not.toBe(s.find(2));
    expect(s.sets()).toEqual([[0, 6], [1], [2, 4, 5], [3]]);
  });

  it('union is idempotent and order-independent', () => {
    const a = new DisjointSet(5);
    a.union(0, 1);
    a.union(1, 0);
    a.union(3, 4);
    a.union(4, 1);
    const b = new DisjointSet(5);
    b.union(4, 1);
    b.union(3, 4);
    b.union(1, 0);
    expect(a.sets()).toEqual([[0, 1, 3, 4], [2]]);
    expect(b.sets()).toEqual(a.sets());
  });

  it('handles a 1,000,000-element chain without recursion', () => {
    const n = 1_000_000;
    const s = new DisjointSet(n);
    for (let i = n - 1; i > 0; i--) s.union(i, i - 1);
    expect(s.find(0)).toBe(s.find(n - 1));
    const sets = s.sets();
    expect(sets.length).toBe(1);
    expect(sets[0]!.length).toBe(n);
    expect(sets[0]![n - 1]).toBe(n - 1);
  });

  it('matches a naive labelling on random unions', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 60 }))),
        ([n, pairs]) => {
          const s = new DisjointSet(n);
          const label = Array.from({ length: n }, (_, i) => i);
          for (const [a, b] of pairs) {
            s.union(a, b);
            const from = label[b]!;
            const to = label[a]!;
            for (let i = 0; i < n; i++) if (label[i] === from) label[i] = to;
          }
          for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(s.find(i) === s.find(j)).toBe(label[i] === label[j]);
          const sets = s.sets();
          expect(sets.flat().sort((x, y) => x - y)).toEqual(label.map((_, i) => i));
          for (let k = 1; k < sets.length; k++) expect(sets[k - 1]![0]! < sets[k]![0]!).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
