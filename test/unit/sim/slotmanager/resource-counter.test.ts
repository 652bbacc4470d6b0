import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import { type ResourceProfile, UNKNOWN, specified } from '../../../../src/model/resource-profile.js';
import { type ProfileCount, ResourceCounter } from '../../../../src/sim/slotmanager/resource-counter.js';

const PROFILES: readonly ResourceProfile[] = [
  UNKNOWN,
  specified({ cpuCores: decimalFromNumber(1) }),
  specified({ cpuCores: decimalFromNumber(1) }),
  specified({ cpuCores: decimalFromNumber(2) }),
];
const items = fc.array(fc.record({ profile: fc.constantFrom(...PROFILES), count: fc.integer({ min: -1, max: 5 }) }), { maxLength: 4 });
const listOf = (c: ResourceCounter): [string, number][] =>
  c
    .toList()
    .map(({ profile, count }) => [
      JSON.stringify(profile, (_k, v) => (typeof v === 'bigint' ? String(v) : v instanceof Map ? [...v] : v)),
      count,
    ]);

describe('ResourceCounter.assign', () => {
  it('leaves the counter as ResourceCounter.of would build it, in the same order', () => {
    fc.assert(
      fc.property(items, items, (before: ProfileCount[], after: ProfileCount[]) => {
        const counter = ResourceCounter.of(before);
        const old = ResourceCounter.of(before);
        const shrunk = counter.assign(after);
        expect(listOf(counter)).toEqual(listOf(ResourceCounter.of(after)));
        expect(shrunk).toBe(old.profiles().some((p) => counter.get(p) < old.get(p)));
      }),
      { numRuns: 1000 },
    );
  });

  it('updates counts in place when the profiles repeat, and rebuilds when their order changes', () => {
    const [a, b] = [PROFILES[1]!, PROFILES[3]!];
    const counter = ResourceCounter.of([
      { profile: a, count: 1 },
      { profile: b, count: 2 },
    ]);
    counter.assign([
      { profile: a, count: 5 },
      { profile: b, count: 1 },
    ]);
    expect(counter.toList().map((e) => e.count)).toEqual([5, 1]);
    counter.assign([
      { profile: b, count: 3 },
      { profile: a, count: 4 },
    ]);
    expect(counter.toList()).toEqual([
      { profile: b, count: 3 },
      { profile: a, count: 4 },
    ]);
    counter.assign([
      { profile: b, count: 0 },
      { profile: a, count: 4 },
    ]);
    expect(counter.toList()).toEqual([{ profile: a, count: 4 }]);
  });
});
