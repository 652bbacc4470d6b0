/**
 * `ProfileArithmetic` memoises by identity and interns results by value: it may only change which
 * equal object comes back, never a value, and equal results come back as one object.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../src/model/decimal.js';
import { ProfileArithmetic } from '../../../src/model/profile-arithmetic.js';
import {
  type ResourceProfile,
  merge,
  multiply,
  profileKey,
  profilesEqual,
  specified,
  subtract,
} from '../../../src/model/resource-profile.js';

const MIB = 1024n * 1024n;
const total = specified({ cpuCores: decimalFromNumber(8), taskHeapMemory: 8192n * MIB, managedMemory: 4096n * MIB });
const slot = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: 1024n * MIB, managedMemory: 512n * MIB });

describe('ProfileArithmetic', () => {
  it('returns the values plain arithmetic returns, and one object per value', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 3 })), { maxLength: 40 }), (steps) => {
        const memo = new ProfileArithmetic();
        let plain: ResourceProfile = total;
        let fast: ResourceProfile = total;
        let used = 0;
        const seen = new Map<string, ResourceProfile>();
        for (const [take, k] of steps) {
          // Take k slots while they fit, else give k back while there are that many taken.
          if (take && used + k <= 8) {
            plain = subtract(plain, multiply(slot, k));
            fast = memo.subtract(fast, memo.multiply(slot, k));
            used += k;
          } else if (used >= k) {
            plain = merge(plain, multiply(slot, k));
            fast = memo.merge(fast, memo.multiply(slot, k));
            used -= k;
          }
          expect(profilesEqual(fast, plain)).toBe(true);
          const key = profileKey(fast);
          if (fast !== total) {
            if (seen.has(key)) expect(seen.get(key)).toBe(fast);
            else seen.set(key, fast);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a chain of equal values does not grow: (total − 3 slots) + 3 slots is the first result equal to total', () => {
    const memo = new ProfileArithmetic();
    const three = memo.multiply(slot, 3);
    const back = memo.merge(memo.subtract(total, three), three);
    expect(profilesEqual(back, total)).toBe(true);
    const again = memo.merge(memo.subtract(back, three), three);
    expect(again).toBe(back);
  });
});
