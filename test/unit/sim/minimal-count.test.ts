import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalCount } from '../../../src/sim/minimal-count.js';

describe('minimalCount', () => {
  it('finds the threshold of any monotone property from any hint, evaluating both sides of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 1, max: 6000 }),
        (threshold, hint, cap) => {
          const r = minimalCount(
            (n) => n,
            (n) => n >= threshold,
            hint,
            cap,
          );
          if (threshold > cap) expect(r.count).toBeUndefined();
          else {
            expect(r.count).toBe(threshold);
            if (threshold > 0) expect(r.evaluated.has(threshold - 1)).toBe(true);
            expect(r.evaluated.size).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(cap + 2)) + 4);
          }
        },
      ),
    );
  });

  it('evaluates each count once', () => {
    let calls = 0;
    const r = minimalCount(
      (n) => (calls++, n),
      (n) => n >= 37,
      10,
      1000,
    );
    expect([r.count, calls, r.evaluated.size]).toEqual([37, r.evaluated.size, r.evaluated.size]);
  });
});
