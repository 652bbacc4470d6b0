/**
 * The tracker keeps a TaskManager's dynamic slots as runs (job, profile, consecutive allocation
 * ids). Removing single slots splits runs; removing a job's first n slots takes them from the
 * front of its runs. Either way the slots, their order and the free resources must be what
 * slot-by-slot storage would hold.
 */
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import {
  type SpecifiedProfile,
  divideIntoSlots,
  profileKey,
  specified,
  subtract,
  multiply,
} from '../../../../src/model/resource-profile.js';
import { FineGrainedTaskManagerTracker } from '../../../../src/sim/slotmanager/fine-grained-task-manager-tracker.js';

const MIB = 1024n * 1024n;
const total = specified({ cpuCores: decimalFromNumber(8), taskHeapMemory: 8192n * MIB });
const slot = divideIntoSlots(total, 8);
const big = specified({ cpuCores: decimalFromNumber(2), taskHeapMemory: 2048n * MIB });

function ids(tracker: FineGrainedTaskManagerTracker, id: string): string[] {
  return tracker.slotsOf(tracker.get(id)!).map((s) => `${s.allocationId}:${s.job}`);
}

function setUp(): FineGrainedTaskManagerTracker {
  const tracker = new FineGrainedTaskManagerTracker();
  const tm = tracker.add('tm-1', total, slot, false, 0);
  tracker.addSlots(tm, 'a', slot, 3, 1); // ids 1..3
  tracker.addSlots(tm, 'b', slot, 2, 4); // ids 4..5
  tracker.addSlots(tm, 'a', slot, 1, 6); // id 6: extends nothing (another job in between)
  return tracker;
}

describe('FineGrainedTaskManagerTracker slot runs', () => {
  it('adding slots of the same job and profile with the next ids extends the last run', () => {
    const tracker = new FineGrainedTaskManagerTracker();
    const tm = tracker.add('tm-1', total, slot, false, 0);
    tracker.addSlots(tm, 'a', slot, 2, 1);
    tracker.addSlots(tm, 'a', slot, 3, 3);
    expect(tm.runs).toHaveLength(1);
    expect(ids(tracker, 'tm-1')).toEqual(['1:a', '2:a', '3:a', '4:a', '5:a']);
    expect(tm.slotCount).toBe(5);
  });

  it('removing a slot in the middle of a run splits it and keeps the order', () => {
    const tracker = setUp();
    const tm = tracker.get('tm-1')!;
    expect(tracker.removeSlot(tm, 2, 10)).toEqual({ allocationId: 2, job: 'a', profile: slot });
    expect(ids(tracker, 'tm-1')).toEqual(['1:a', '3:a', '4:b', '5:b', '6:a']);
    expect(tracker.removeSlot(tm, 1, 10)?.allocationId).toBe(1);
    expect(tracker.removeSlot(tm, 5, 10)?.allocationId).toBe(5);
    expect(tracker.removeSlot(tm, 99, 10)).toBeUndefined();
    expect(ids(tracker, 'tm-1')).toEqual(['3:a', '4:b', '6:a']);
    expect(tm.slotCount).toBe(3);
    expect(profileKey(tm.available)).toBe(profileKey(subtract(total, multiply(slot, 3))));
    expect(tracker.taskManagersOf('a').get('tm-1')).toBe(2);
  });

  it("removing a job's first n slots takes them in allocation order across runs", () => {
    const tracker = setUp();
    const tm = tracker.get('tm-1')!;
    const freed = tracker.removeSlotsOf(tm, 'a', 4, 20);
    expect(freed).toEqual([{ profile: slot, count: 4 }]);
    expect(ids(tracker, 'tm-1')).toEqual(['4:b', '5:b']);
    expect(tracker.taskManagersOf('a').has('tm-1')).toBe(false);
    expect(tracker.removeSlotsOf(tm, 'b', 1, 20)).toEqual([{ profile: slot, count: 1 }]);
    expect(ids(tracker, 'tm-1')).toEqual(['5:b']);
    expect(tracker.idle.has('tm-1')).toBe(false);
    tracker.removeSlotsOf(tm, 'b', 5, 30);
    expect(tm.slotCount).toBe(0);
    expect(tracker.idle.has('tm-1')).toBe(true);
    expect(tm.idleSince).toBe(30);
    expect(profileKey(tm.available)).toBe(profileKey(total));
  });

  it('freed runs of different profiles come back per profile, in allocation order', () => {
    const tracker = new FineGrainedTaskManagerTracker();
    const tm = tracker.add('tm-1', total, slot, false, 0);
    tracker.addSlots(tm, 'a', slot, 2, 1);
    tracker.addSlots(tm, 'a', big as SpecifiedProfile, 1, 3);
    tracker.addSlots(tm, 'a', slot, 1, 4);
    expect(tracker.removeSlotsOf(tm, 'a', 3, 5)).toEqual([
      { profile: slot, count: 2 },
      { profile: big, count: 1 },
    ]);
    expect(ids(tracker, 'tm-1')).toEqual(['4:a']);
    expect(profileKey(tm.available)).toBe(profileKey(subtract(total, slot)));
  });
});
