/** Per-slot floors (issue 26 §2): a default slot against the floor, dimension by dimension. */
import { describe, expect, it } from 'vitest';
import { decimalFromString } from '../../../src/model/decimal.js';
import { specified } from '../../../src/model/resource-profile.js';
import { combineFloors, floorEntriesOf, slotBelowFloor } from '../../../src/model/slot-floor.js';

const MIB = 1024n * 1024n;
// Flink's default 1728m TaskManager with 4 slots: its default slot.
const slot = specified({
  cpuCores: decimalFromString('1'),
  taskHeapMemory: 96n * MIB,
  managedMemory: 128n * MIB,
  networkMemory: 32n * MIB,
});

describe('slotBelowFloor', () => {
  it('names each dimension the slot is short in, with the shortfall; a dimension at the floor passes', () => {
    const floor = floorEntriesOf(
      { cpuCores: decimalFromString('1.5'), taskHeapMemory: 96n * MIB, managedMemory: 512n * MIB, networkMemory: 16n * MIB },
      { kind: 'slot-min' },
    );
    expect(slotBelowFloor(slot, floor)).toEqual([
      {
        kind: 'slot-below-floor',
        dimension: 'cpuCores',
        floor: decimalFromString('1.5'),
        slot: decimalFromString('1'),
        short: decimalFromString('0.5'),
        from: { kind: 'slot-min' },
      },
      {
        kind: 'slot-below-floor',
        dimension: 'managedMemory',
        floor: 512n * MIB,
        slot: 128n * MIB,
        short: 384n * MIB,
        from: { kind: 'slot-min' },
      },
    ]);
  });

  it('task off-heap is a dimension too: a slot without any is below a floor of one byte', () => {
    const r = slotBelowFloor(slot, floorEntriesOf({ taskOffHeapMemory: 1n }, { kind: 'slot-min' }));
    expect(r.map((x) => [x.dimension, x.short])).toEqual([['taskOffHeapMemory', 1n]]);
  });

  it('no floor: nothing is short', () => {
    expect(slotBelowFloor(slot, [])).toEqual([]);
  });
});

describe('combineFloors', () => {
  const job = (group: string) => ({ kind: 'job-graph' as const, job: 'j', group });
  it('the largest per dimension; the command line wins in the dimensions it names, even when smaller', () => {
    const jobs = [
      ...floorEntriesOf({ managedMemory: 256n * MIB, taskHeapMemory: 64n * MIB }, job('a')),
      ...floorEntriesOf({ managedMemory: 1024n * MIB }, job('b')),
    ];
    expect(combineFloors(jobs).map((e) => [e.dimension, e.minimum, e.from])).toEqual([
      ['taskHeapMemory', 64n * MIB, job('a')],
      ['managedMemory', 1024n * MIB, job('b')],
    ]);
    const flag = floorEntriesOf({ managedMemory: 128n * MIB }, { kind: 'slot-min' });
    expect(combineFloors(jobs, flag).map((e) => [e.dimension, e.minimum, e.from.kind])).toEqual([
      ['taskHeapMemory', 64n * MIB, 'job-graph'],
      ['managedMemory', 128n * MIB, 'slot-min'],
    ]);
  });
});
