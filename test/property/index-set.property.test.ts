/** IndexSet agrees with a plain Set on membership, size and "next member ≥ i", across growth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexSet } from '../../src/util/index-set.js';

const index = fc.oneof(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 70_000 }));
const ops = fc.array(fc.record({ add: fc.boolean(), i: index }), { maxLength: 300 });

describe('IndexSet', () => {
  it('next(from) is the smallest member ≥ from; size and has match a Set', () => {
    fc.assert(
      fc.property(ops, fc.array(index, { maxLength: 30 }), (list, probes) => {
        const set = new IndexSet();
        const model = new Set<number>();
        for (const { add, i } of list) {
          if (add) {
            set.add(i);
            model.add(i);
          } else {
            set.delete(i);
            model.delete(i);
          }
        }
        const sorted = [...model].sort((a, b) => a - b);
        expect(set.size).toBe(model.size);
        expect([...set]).toEqual(sorted);
        for (const p of probes) {
          expect(set.has(p)).toBe(model.has(p));
          expect(set.next(p)).toBe(sorted.find((x) => x >= p) ?? -1);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
