/**
 * The strategy's view of the registered TaskManagers (tracker-pool.ts). First fit starts past the
 * TaskManagers that earlier requirements of the same check filled, so a check placing one slot per
 * requirement walks the cluster once, not once per requirement; placements stay those of a walk
 * from the first TaskManager.
 */
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import { UNKNOWN, ZERO, divideIntoSlots, specified } from '../../../../src/model/resource-profile.js';
import { FineGrainedTaskManagerTracker } from '../../../../src/sim/slotmanager/fine-grained-task-manager-tracker.js';
import { IndexSet } from '../../../../src/util/index-set.js';

const MIB = 1024n * 1024n;
const total = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: 1024n * MIB });
const slot = divideIntoSlots(total, 1);

/** Counts the steps of every walk over the open TaskManagers. */
function countSteps(): { steps: number; restore: () => void } {
  const next = IndexSet.prototype.next;
  const counter = { steps: 0, restore: () => void (IndexSet.prototype.next = next) };
  IndexSet.prototype.next = function (this: IndexSet, from: number): number {
    counter.steps++;
    return next.call(this, from);
  };
  return counter;
}

function cluster(n: number): FineGrainedTaskManagerTracker {
  const tracker = new FineGrainedTaskManagerTracker();
  for (let i = 0; i < n; i++) tracker.add(`tm-${i}`, total, slot, false, 0);
  return tracker;
}

/** One requirement of one slot at a time, as a check over many small jobs asks; returns the steps walked. */
function fillOneByOne(n: number, requirements: number): { steps: number; placed: string[] } {
  const pool = cluster(n).pool();
  const placed: string[] = [];
  const counter = countSteps();
  try {
    for (let r = 0; r < requirements; r++) pool.fulfil(UNKNOWN, 1, 'first-fit', (tm) => placed.push(tm));
  } finally {
    counter.restore();
  }
  return { steps: counter.steps, placed };
}

describe('TrackerPool first fit', () => {
  it('places each slot on the first TaskManager with room, in registration order', () => {
    const { placed } = fillOneByOne(5, 7);
    expect(placed).toEqual(['tm-0', 'tm-1', 'tm-2', 'tm-3', 'tm-4']);
  });

  it('walks the filled TaskManagers once per check, not once per requirement', () => {
    const small = fillOneByOne(1000, 1000).steps;
    const doubled = fillOneByOne(2000, 2000).steps;
    // Starting every walk from the first TaskManager takes n²/2 steps (500,500 here).
    expect(small).toBeLessThanOrEqual(3 * 1000);
    expect(doubled).toBeLessThanOrEqual(2.2 * small);
  });

  it('still places a requirement of nothing on the first TaskManager, even a filled one', () => {
    const pool = cluster(2).pool();
    const placed: string[] = [];
    pool.fulfil(UNKNOWN, 2, 'first-fit', (tm) => placed.push(tm));
    pool.fulfil(ZERO, 1, 'first-fit', (tm) => placed.push(tm));
    expect(placed).toEqual(['tm-0', 'tm-1', 'tm-0']);
  });
});
