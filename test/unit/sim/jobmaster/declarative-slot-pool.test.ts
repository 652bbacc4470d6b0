import { describe, expect, it } from 'vitest';
import { thrown } from '../../../support/thrown.js';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import { ANY, type ResourceProfile, UNKNOWN, profilesEqual, specified } from '../../../../src/model/resource-profile.js';
import { DEFAULT_SLOT_IDLE_TIMEOUT_MS, DeclarativeSlotPool, type SlotOffer } from '../../../../src/sim/jobmaster/declarative-slot-pool.js';
import { ResourceCounter } from '../../../../src/sim/slotmanager/resource-counter.js';

const R1 = specified({ cpuCores: decimalFromNumber(1.7) });
const R2 = specified({ managedMemory: 100n * 1024n * 1024n });
const LARGE = specified({ managedMemory: 1024n * 1024n * 1024n });
const NAMES: Array<[string, ResourceProfile]> = [
  ['R1', R1],
  ['R2', R2],
  ['LARGE', LARGE],
  ['UNKNOWN', UNKNOWN],
  ['ANY', ANY],
];

const counter = (...pairs: Array<[ResourceProfile, number]>) => ResourceCounter.of(pairs.map(([profile, count]) => ({ profile, count })));

/** A counter or requirement list as {name: count}, for readable assertions. */
function named(entries: ReadonlyArray<{ profile: ResourceProfile; count: number }>): Record<string, number> {
  return Object.fromEntries(entries.map((e) => [NAMES.find(([, p]) => profilesEqual(p, e.profile))![0], e.count]));
}

let nextId = 0;
function offers(tm: string, ...pairs: Array<[ResourceProfile, number]>): SlotOffer[] {
  return pairs.flatMap(([profile, n]) => Array.from({ length: n }, () => ({ allocationId: `a${++nextId}`, taskManager: tm, profile })));
}

describe('requirements', () => {
  it('declares the full list on every increase and nothing for an empty increment', () => {
    const pool = new DeclarativeSlotPool();
    expect(named(pool.increaseResourceRequirementsBy(counter([R1, 1]))!)).toEqual({ R1: 1 });
    expect(named(pool.increaseResourceRequirementsBy(counter([R1, 1], [R2, 1]))!)).toEqual({ R1: 2, R2: 1 });
    expect(pool.increaseResourceRequirementsBy(new ResourceCounter())).toBeUndefined();
    expect(pool.declarations).toHaveLength(2);
  });

  it('never lets a decrease go below zero', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R1, 2], [R2, 1]));
    expect(named(pool.decreaseResourceRequirementsBy(counter([R1, 5]))!)).toEqual({ R2: 1 });
    expect(pool.decreaseResourceRequirementsBy(new ResourceCounter())).toBeUndefined();
    pool.increaseResourceRequirementsBy(counter([R1, 1]));
    expect(named(pool.getResourceRequirements())).toEqual({ R2: 1, R1: 1 });
  });

  it('replaces the requirements on set and declares even an unchanged list', () => {
    const pool = new DeclarativeSlotPool();
    pool.setResourceRequirements(counter([R1, 1]));
    expect(named(pool.setResourceRequirements(counter([R2, 1])))).toEqual({ R2: 1 });
    expect(pool.setResourceRequirements(counter([R2, 1]))).toHaveLength(1);
    expect(pool.declarations).toHaveLength(3);
  });
});

describe('offerSlots', () => {
  it('rejects every offer when nothing is required', () => {
    const pool = new DeclarativeSlotPool();
    const result = pool.offerSlots(offers('tm1', [R1, 2], [ANY, 1]), 0);
    expect(result.accepted).toEqual([]);
    expect(pool.getAllSlots()).toEqual([]);
    expect(pool.getFulfilledResourceRequirements().isEmpty()).toBe(true);
  });

  it('rejects superfluous offers and accepts already-held slots again without announcing them', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R1, 2], [R2, 1]));
    const offered = offers('tm1', [R1, 4], [R2, 1]);
    const first = pool.offerSlots(offered, 0);
    expect(named(counter(...first.accepted.map((o): [ResourceProfile, number] => [o.profile, 1])).toList())).toEqual({ R1: 2, R2: 1 });
    expect(first.newSlots).toHaveLength(3);
    const again = pool.offerSlots(offered, 5);
    expect(again.accepted.map((o) => o.allocationId)).toEqual(first.accepted.map((o) => o.allocationId));
    expect(again.newSlots).toEqual([]);
    expect(pool.getFreeSlots().map((f) => f.freeSince)).toEqual([0, 0, 0]);
  });

  it('does not accept a bigger slot for a smaller requirement, but accepts ANY', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R2, 1]));
    expect(pool.offerSlots(offers('tm1', [LARGE, 1]), 0).accepted).toEqual([]);
    const any = pool.offerSlots(offers('tm1', [ANY, 1]), 0);
    expect(any.accepted).toHaveLength(1);
    expect(profilesEqual(pool.getMatchedRequirement(any.accepted[0]!.allocationId)!, R2)).toBe(true);
  });

  it('books specified slots against an UNKNOWN requirement', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([UNKNOWN, 2]));
    expect(pool.offerSlots(offers('tm1', [R1, 1], [R2, 2]), 0).accepted).toHaveLength(2);
    expect(named(pool.getFulfilledResourceRequirements().toList())).toEqual({ UNKNOWN: 2 });
    expect(pool.calculateUnfulfilledResources().isEmpty()).toBe(true);
  });

  it('computes unfulfilled resources as required minus fulfilled, positive part only', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R1, 3], [R2, 1]));
    pool.offerSlots(offers('tm1', [R1, 1], [R2, 1]), 0);
    pool.decreaseResourceRequirementsBy(counter([R2, 1]));
    expect(named(pool.calculateUnfulfilledResources().toList())).toEqual({ R1: 2 });
  });

  it('registerSlots takes every slot, booking unneeded ones against ANY without requirement changes', () => {
    const pool = new DeclarativeSlotPool();
    const [slot] = pool.registerSlots(offers('tm1', [R1, 1]), 0).accepted;
    expect(profilesEqual(pool.getMatchedRequirement(slot!.allocationId)!, ANY)).toBe(true);
    pool.increaseResourceRequirementsBy(counter([UNKNOWN, 1]));
    pool.reserveFreeSlot(slot!.allocationId, UNKNOWN);
    expect(named(pool.getResourceRequirements())).toEqual({ UNKNOWN: 1 });
    expect(named(pool.getFulfilledResourceRequirements().toList())).toEqual({ UNKNOWN: 1 });
  });
});

describe('reserveFreeSlot / freeReservedSlot', () => {
  function poolWithLargeSlot() {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([LARGE, 1]));
    const [slot] = pool.offerSlots(offers('tm1', [LARGE, 1]), 0).accepted;
    return { pool, id: slot!.allocationId };
  }

  it('moves the booking and adjusts the requirements when reserved for another profile', () => {
    const { pool, id } = poolWithLargeSlot();
    pool.increaseResourceRequirementsBy(counter([UNKNOWN, 1]));
    const before = pool.declarations.length;
    pool.reserveFreeSlot(id, UNKNOWN);
    expect(named(pool.getFulfilledResourceRequirements().toList())).toEqual({ UNKNOWN: 1 });
    expect(named(pool.getResourceRequirements())).toEqual({ LARGE: 2 });
    expect(pool.declarations.length - before).toBe(2);
  });

  it('changes nothing when reserved for the profile it was matched to', () => {
    const { pool, id } = poolWithLargeSlot();
    pool.reserveFreeSlot(id, LARGE);
    expect(named(pool.getResourceRequirements())).toEqual({ LARGE: 1 });
    expect(pool.containsFreeSlot(id)).toBe(false);
  });

  it('rejects misuse: unknown id, a reserved slot, a requirement the slot does not match', () => {
    const { pool, id } = poolWithLargeSlot();
    expect(thrown(() => pool.reserveFreeSlot('nope', LARGE)).errorType).toBe('NullPointerException');
    expect(thrown(() => pool.reserveFreeSlot(id, R1)).errorType).toBe('IllegalStateException');
    expect(pool.containsFreeSlot(id)).toBe(true);
    pool.reserveFreeSlot(id, LARGE);
    expect(thrown(() => pool.reserveFreeSlot(id, LARGE)).errorType).toBe('IllegalStateException');
  });

  it('keeps a freed slot booked, so it fulfils the requirement and new offers are rejected', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R1, 1]));
    const [slot] = pool.offerSlots(offers('tm1', [R1, 1]), 0).accepted;
    pool.reserveFreeSlot(slot!.allocationId, R1);
    expect(named(pool.freeReservedSlot(slot!.allocationId, 7).toList())).toEqual({ R1: 1 });
    expect(pool.freeReservedSlot(slot!.allocationId, 8).isEmpty()).toBe(true);
    expect(pool.freeReservedSlot('nope', 8).isEmpty()).toBe(true);
    expect(pool.getFreeSlots().map((f) => f.freeSince)).toEqual([7]);
    expect(pool.offerSlots(offers('tm2', [R1, 1]), 9).accepted).toEqual([]);
    expect(pool.calculateUnfulfilledResources().isEmpty()).toBe(true);
  });
});

describe('releaseIdleSlots', () => {
  function excessPool(timeout = 10_000) {
    const pool = new DeclarativeSlotPool({ slotIdleTimeout: timeout });
    pool.increaseResourceRequirementsBy(counter([R1, 2], [R2, 1]));
    pool.offerSlots(offers('tm1', [R1, 2], [R2, 1]), 0);
    return pool;
  }

  it('releases nothing before the idle timeout and every excess slot at it', () => {
    const pool = excessPool();
    pool.decreaseResourceRequirementsBy(counter([R1, 2], [R2, 1]));
    expect(pool.releaseIdleSlots(9_999)).toEqual([]);
    expect(pool.getAllSlots()).toHaveLength(3);
    expect(pool.releaseIdleSlots(10_000)).toHaveLength(3);
    expect(pool.getAllSlots()).toEqual([]);
    expect(pool.getFulfilledResourceRequirements().isEmpty()).toBe(true);
  });

  it('keeps idle slots that are still required', () => {
    const pool = excessPool();
    expect(pool.releaseIdleSlots(1_000_000)).toEqual([]);
    pool.decreaseResourceRequirementsBy(counter([R1, 1], [R2, 1]));
    expect(pool.releaseIdleSlots(10_000)).toHaveLength(2);
    expect(named(pool.getFulfilledResourceRequirements().toList())).toEqual({ R1: 1 });
  });

  it('never releases a reserved slot, and counts idleness from the time it was freed', () => {
    const pool = excessPool();
    const [a, b] = pool.getAllSlots();
    pool.reserveFreeSlot(a!.allocationId, R1);
    pool.reserveFreeSlot(b!.allocationId, R1);
    pool.decreaseResourceRequirementsBy(counter([R1, 2], [R2, 1]));
    pool.freeReservedSlot(b!.allocationId, 5_000);
    expect(pool.releaseIdleSlots(10_000).map((s) => s.profile)).toEqual([R2]);
    expect(pool.releaseIdleSlots(15_000).map((s) => s.allocationId)).toEqual([b!.allocationId]);
    expect(pool.getAllSlots().map((s) => s.allocationId)).toEqual([a!.allocationId]);
  });

  it('uses slot.idle.timeout 50 s by default', () => {
    expect(new DeclarativeSlotPool().slotIdleTimeout).toBe(DEFAULT_SLOT_IDLE_TIMEOUT_MS);
    expect(DEFAULT_SLOT_IDLE_TIMEOUT_MS).toBe(50_000);
  });
});

describe('releaseSlots / releaseSlot', () => {
  it('removes all slots of a TaskManager and reports only what reserved slots fulfilled', () => {
    const pool = new DeclarativeSlotPool();
    pool.increaseResourceRequirementsBy(counter([R1, 1], [R2, 1]));
    const accepted = pool.offerSlots(offers('tm1', [R1, 1], [R2, 1]), 0).accepted;
    pool.reserveFreeSlot(accepted[1]!.allocationId, R2);
    const result = pool.releaseSlots('tm1');
    expect(named(result.fulfilledRequirements.toList())).toEqual({ R2: 1 });
    expect(result.released).toHaveLength(2);
    expect(pool.containsSlots('tm1')).toBe(false);
    expect(pool.getFulfilledResourceRequirements().isEmpty()).toBe(true);
    expect(named(pool.calculateUnfulfilledResources().toList())).toEqual({ R1: 1, R2: 1 });
  });

  it('releases nothing for an unknown allocation id or TaskManager', () => {
    const pool = new DeclarativeSlotPool();
    expect(pool.releaseSlot('nope').released).toEqual([]);
    expect(pool.releaseSlots('tm9').fulfilledRequirements.isEmpty()).toBe(true);
  });
});
