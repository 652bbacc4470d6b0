import { describe, expect, it } from 'vitest';
import { thrown } from '../../../support/thrown.js';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import { ANY, type ResourceProfile, UNKNOWN, profilesEqual, specified } from '../../../../src/model/resource-profile.js';
import { addCounters, matchRequirement, subtractCounters } from '../../../../src/sim/slotmanager/requirement-matcher.js';
import { ResourceCounter } from '../../../../src/sim/slotmanager/resource-counter.js';

const R1 = specified({ cpuCores: decimalFromNumber(1.7) });
const R2 = specified({ managedMemory: 100n * 1024n * 1024n });
const BIG = specified({ cpuCores: decimalFromNumber(4) });

const counter = (...pairs: Array<[ResourceProfile, number]>) => ResourceCounter.of(pairs.map(([profile, count]) => ({ profile, count })));
const lookup = (assigned: ResourceCounter) => (p: ResourceProfile) => assigned.get(p);
const none = () => 0;

function expectProfile(actual: ResourceProfile | undefined, want: ResourceProfile): void {
  expect(actual).toBeDefined();
  expect(profilesEqual(actual!, want)).toBe(true);
}

describe('matchRequirement (DefaultRequirementMatcher)', () => {
  it('prefers an exactly equal requirement over an earlier UNKNOWN one', () => {
    expectProfile(matchRequirement(R1, counter([UNKNOWN, 1], [R1, 1]), none), R1);
  });

  it('falls back to the first matching requirement once the exact one is fulfilled', () => {
    const required = counter([UNKNOWN, 1], [R1, 1]);
    expectProfile(matchRequirement(R1, required, lookup(counter([R1, 1]))), UNKNOWN);
  });

  it('finds nothing when every matching requirement is fulfilled', () => {
    const required = counter([UNKNOWN, 1], [R1, 1]);
    expect(matchRequirement(R1, required, lookup(counter([R1, 1], [UNKNOWN, 1])))).toBeUndefined();
  });

  it('compares the assigned count of the candidate requirement, not of the slot profile', () => {
    // Two UNKNOWN slots already assigned; a third R1 slot must not be taken.
    expect(matchRequirement(R1, counter([UNKNOWN, 2]), lookup(counter([UNKNOWN, 2])))).toBeUndefined();
    expectProfile(matchRequirement(R1, counter([UNKNOWN, 2]), lookup(counter([UNKNOWN, 1]))), UNKNOWN);
  });

  it('does not let a bigger slot serve a smaller requirement (exact matching)', () => {
    expect(matchRequirement(BIG, counter([R1, 1]), none)).toBeUndefined();
  });

  it('lets an ANY slot serve the first short requirement in insertion order', () => {
    expectProfile(matchRequirement(ANY, counter([R2, 1], [R1, 1]), none), R2);
    expectProfile(matchRequirement(ANY, counter([R2, 1], [R1, 1]), lookup(counter([R2, 1]))), R1);
  });

  it('finds nothing for empty requirements', () => {
    expect(matchRequirement(R1, new ResourceCounter(), none)).toBeUndefined();
  });

  it('throws for an UNKNOWN slot profile unless the short-cut applies, as Flink does', () => {
    expect(thrown(() => matchRequirement(UNKNOWN, counter([R1, 1]), none)).errorType).toBe('UnsupportedOperationException');
    expectProfile(matchRequirement(UNKNOWN, counter([UNKNOWN, 1]), none), UNKNOWN);
  });
});

describe('counter arithmetic', () => {
  it('subtracts per profile, dropping results at or below zero, without touching the inputs', () => {
    const a = counter([R1, 2], [R2, 1]);
    const b = counter([R1, 1], [R2, 3], [UNKNOWN, 1]);
    const diff = subtractCounters(a, b);
    expect(diff.toList().map((e) => [e.count, profilesEqual(e.profile, R1)])).toEqual([[1, true]]);
    expect(a.get(R2)).toBe(1);
    expect(b.get(R2)).toBe(3);
  });

  it('adds per profile, keeping first-seen order', () => {
    const sum = addCounters(counter([R2, 1]), counter([R1, 2], [R2, 2]));
    expect(sum.toList().map((e) => e.count)).toEqual([3, 2]);
    expect(sum.total()).toBe(5);
  });
});
