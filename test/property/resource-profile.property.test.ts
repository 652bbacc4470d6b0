/**
 * ResourceProfile arithmetic invariants. `fitCount` takes a Number short cut for byte counts below
 * 2^53; it must agree with the definition (how often `allFieldsNoLessThan` + `subtract` can be
 * repeated) on either side of that bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalFromString } from '../../src/model/decimal.js';
import {
  type SpecifiedProfile,
  allFieldsNoLessThan,
  fitCount,
  merge,
  multiply,
  specified,
  subtract,
} from '../../src/model/resource-profile.js';

const MAX_BYTES = (1n << 63n) - 1n;

/** Small, near-2^53 and huge byte counts, so both paths of fitCount are taken. */
const bytes = fc.oneof(
  fc.bigInt({ min: 0n, max: 4096n }),
  fc.bigInt({ min: (1n << 53n) - 4096n, max: (1n << 53n) + 4096n }),
  fc.bigInt({ min: 0n, max: MAX_BYTES / 64n }),
);
const cpu = fc
  .oneof(fc.constantFrom('0', '1', '0.5', '0.25', '3', '0.1'), fc.integer({ min: 0, max: 64 }).map(String))
  .map(decimalFromString);

const profile: fc.Arbitrary<SpecifiedProfile> = fc
  .record({
    cpuCores: cpu,
    taskHeapMemory: bytes,
    taskOffHeapMemory: bytes,
    managedMemory: bytes,
    networkMemory: bytes,
    gpu: fc.constantFrom('0', '1', '2').map(decimalFromString),
  })
  .map(({ gpu, ...fields }) => specified({ ...fields, extendedResources: new Map([['gpu', gpu]]) }));

function fitByDefinition(a: SpecifiedProfile, b: SpecifiedProfile, max: number): number {
  let left: SpecifiedProfile = a;
  let k = 0;
  while (k < max && allFieldsNoLessThan(left, b)) {
    left = subtract(left, b) as SpecifiedProfile;
    k++;
  }
  return k;
}

describe('fitCount', () => {
  it('equals repeated allFieldsNoLessThan + subtract, at most max', () => {
    fc.assert(
      fc.property(profile, profile, fc.integer({ min: 0, max: 40 }), (a, b, max) => {
        expect(fitCount(a, b, max)).toBe(fitByDefinition(a, b, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds exactly k when the total is k slots plus a remainder smaller than one slot', () => {
    fc.assert(
      fc.property(profile, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 60 }), (slot, k, max) => {
        fc.pre(slot.taskHeapMemory > 0n && slot.taskHeapMemory * BigInt(k + 1) <= MAX_BYTES / 2n);
        const total = merge(multiply(slot, k), specified({ taskHeapMemory: slot.taskHeapMemory - 1n })) as SpecifiedProfile;
        expect(fitCount(total, slot, max)).toBe(Math.min(k, max));
      }),
    );
  });
});
