/**
 * What each TaskManager's tasks require for a placement of the job's slots, and what Flink prints
 * when the pool cannot serve them: the worked examples of docs/research/network-buffers.md §6.
 */
import { describe, expect, it } from 'vitest';
import { buffersPerTaskManager } from '../../../src/execution/network-buffer-demand.js';
import { firstFailingRequest } from '../../../src/execution/network-buffer-failure.js';
import { bufferPlanOf, inOrder, jobData, threeVertexJob } from '../../support/network-buffers.js';

const perTaskManager = (data: Record<string, unknown>, slotsPerTaskManager: number, options?: object) => {
  const plan = bufferPlanOf(data, options);
  return buffersPerTaskManager(plan, inOrder(plan.slotCount, slotsPerTaskManager));
};

describe('§6.1 source(4) → map(4) → sink(4), one slot sharing group', () => {
  it('one TaskManager of 4 slots: 40 buffers in 1.10 (gate minimum 0), 48 from 1.11', () => {
    expect(perTaskManager(threeVertexJob('1.10', 4), 4).map((t) => t.required)).toEqual([40]);
    for (const release of ['1.11', '1.12', '1.15', '1.17', '2.0'])
      expect(perTaskManager(threeVertexJob(release, 4), 4).map((t) => t.required)).toEqual([48]);
  });

  it('2 TaskManagers of 2 slots: 2 remote channels per gate, +4 per gate: 40 per TaskManager (1.10: 36)', () => {
    expect(perTaskManager(threeVertexJob('1.17', 4), 2).map((t) => t.required)).toEqual([40, 40]);
    expect(perTaskManager(threeVertexJob('1.10', 4), 2).map((t) => t.required)).toEqual([36, 36]);
  });

  it('4 TaskManagers of 1 slot: 3 remote channels per gate: 24 each (1.10: 22)', () => {
    expect(perTaskManager(threeVertexJob('1.12', 4), 1).map((t) => t.required)).toEqual([24, 24, 24, 24]);
    expect(perTaskManager(threeVertexJob('1.10', 4), 1).map((t) => t.required)).toEqual([22, 22, 22, 22]);
  });

  it('1.12+ lists every pool first, then the remote channels’ exclusive buffers, as runs', () => {
    // Per slot, task by task: source partition 5; map partition 5 and gate 1; sink gate 1 — then
    // 2 slots × 2 gates × 2 remote channels, 2 buffers each.
    expect(perTaskManager(threeVertexJob('1.17', 4), 2)[0]!.requests).toEqual([
      { size: 5, count: 2 },
      { size: 1, count: 2 },
      { size: 5, count: 2 },
      { size: 1, count: 2 },
      { size: 2, count: 8 },
    ]);
  });
});

describe('§6.2 p = 200 all-to-all on TaskManagers of 4 slots, 1728m (N = 4096; 1.10: 4608)', () => {
  it('1.12+: 1188 per slot, 4752 per TaskManager > 4096; the first failing request is "required 2, but only 0 available"', () => {
    for (const release of ['1.12', '1.15', '1.17', '2.0']) {
      const tms = perTaskManager(threeVertexJob(release, 200), 4);
      expect(tms).toHaveLength(50);
      expect(new Set(tms.map((t) => t.required))).toEqual(new Set([4752]));
      // Phase 1: 4 × 404 = 1616 buffers of pools; then 1568 remote channels × 2.
      expect(tms[0]!.requests.at(-1)).toEqual({ size: 2, count: 1568 });
      expect(firstFailingRequest(0, tms[0]!.requests, 4096)).toEqual({ required: 2, available: 0 });
    }
  });

  it('1.11: 4752 per TaskManager; the 4th slot’s map gate runs out: required 2, only 0 available', () => {
    const tm = perTaskManager(threeVertexJob('1.11', 200), 4)[0]!;
    expect(tm.required).toBe(4752);
    expect(firstFailingRequest(0, tm.requests, 4096)).toEqual({ required: 2, available: 0 });
    // Per task: source partition, map partition, map's 196 remote channels, map gate pool, sink's channels, sink gate pool.
    expect(tm.requests.slice(0, 5)).toEqual([
      { size: 201, count: 2 },
      { size: 2, count: 196 },
      { size: 1, count: 1 },
      { size: 2, count: 196 },
      { size: 1, count: 1 },
    ]);
  });

  it('1.10: 4744 per TaskManager > 4608 (gate pools require nothing); the 4th slot’s sink gate runs out', () => {
    const tm = perTaskManager(threeVertexJob('1.10', 200), 4)[0]!;
    expect(tm.required).toBe(4744);
    expect(firstFailingRequest(0, tm.requests, 4608)).toEqual({ required: 2, available: 0 });
  });

  it('the fixes of §6.2: 3 slots per TaskManager (3576), or buffers-per-channel 1 (3184)', () => {
    const threeSlots = perTaskManager(threeVertexJob('1.17', 200), 3);
    expect(Math.max(...threeSlots.map((t) => t.required))).toBe(3576);
    const onePerChannel = perTaskManager(threeVertexJob('1.17', 200), 4, { buffersPerChannel: 1 });
    expect(Math.max(...onePerChannel.map((t) => t.required))).toBe(3184);
  });
});

describe('§6.3 source(100) → sink(100) rebalance, TaskManagers of 1 slot, 8m network (N = 256)', () => {
  const job = (release: string) =>
    jobData(
      release,
      [
        ['source', 100],
        ['sink', 100],
      ],
      [['source', 'sink', 'ALL_TO_ALL', 'PIPELINED_BOUNDED']],
    );
  it.each([
    ['1.10', 299, 1],
    ['1.11', 300, 1],
    ['1.12', 300, 0],
    ['1.17', 300, 0],
    ['2.1', 300, 0],
  ])('%s: %i required per TaskManager; Flink prints required 2, but only %i available', (release, required, available) => {
    const tms = perTaskManager(job(release), 1);
    expect(tms).toHaveLength(100);
    expect(tms.every((t) => t.required === required)).toBe(true);
    expect(firstFailingRequest(0, tms[0]!.requests, 256)).toEqual({ required: 2, available });
  });
});

describe('pointwise wiring (EdgeManagerBuildUtil): subpartitions and channels per subtask', () => {
  it('a(2) → b(4) forward-like pointwise: each a subtask has 2 subpartitions, each b gate 1 channel', () => {
    const data = jobData(
      '1.17',
      [
        ['a', 2],
        ['b', 4],
      ],
      [['a', 'b', 'POINTWISE', 'PIPELINED_BOUNDED']],
    );
    // LocalInputPreferred: b0 joins a0's slot, b2 a1's; b1 and b3 (their producer's slot taken) get new
    // slots: {a0, b0}, {a1, b2}, {b1}, {b3}. One slot per TaskManager: b1 and b3 read remotely.
    const tms = perTaskManager(data, 1);
    expect(tms.map((t) => t.required)).toEqual([3 + 1, 3 + 1, 1 + 2, 1 + 2]);
  });

  it('a(4) → b(2): each b gate reads 2 producers; a partitions have 1 subpartition', () => {
    const data = jobData(
      '1.17',
      [
        ['a', 4],
        ['b', 2],
      ],
      [['a', 'b', 'POINTWISE', 'PIPELINED_BOUNDED']],
    );
    // Slots {a0, b0}, {a1}, {a2, b1}, {a3}: b0 reads a0 (local) and a1 (remote), b1 a2 (local) and a3 (remote).
    const tms = perTaskManager(data, 1);
    expect(tms.map((t) => t.required)).toEqual([2 + 1 + 2, 2, 2 + 1 + 2, 2]);
    // On one TaskManager nothing is remote.
    expect(perTaskManager(data, 4).map((t) => t.required)).toEqual([4 * 2 + 2 * 1]);
  });
});

describe('batch jobs: only the tasks of one wave run together', () => {
  const batch = (release: string, producers: number) =>
    jobData(
      release,
      [
        ['a', producers],
        ['b', 1],
      ],
      [['a', 'b', 'ALL_TO_ALL', 'BLOCKING']],
      'batch',
    );

  it('1.15+: every blocking partition requires 512 (sort-shuffle); the producers’ wave is the worst', () => {
    const tms = perTaskManager(batch('1.15', 4), 8);
    // a's 4 subtasks (512 each) run in wave 0; b (gate: 1) in wave 1, after a's pools are released.
    expect(tms.map((t) => t.required)).toEqual([2048]);
    expect(perTaskManager(batch('1.14', 4), 8).map((t) => t.required)).toEqual([8]);
  });

  it('1.17 blocking gate of 600 channels: minimum 400 and 1 exclusive per remote channel (1.16: 1 and 2)', () => {
    // One slot per TaskManager: b alone on the last TaskManager, all 600 channels remote.
    expect(perTaskManager(batch('1.17', 600), 1).at(-1)!.required).toBe(400 + 600);
    expect(perTaskManager(batch('1.16', 600), 1).at(-1)!.required).toBe(1 + 1200);
  });

  it('1.17 blocking gate of 1000 or more channels: minimum 1000 and no exclusive buffers, remote or not', () => {
    expect(perTaskManager(batch('1.17', 1500), 1).at(-1)!.required).toBe(1000);
    expect(perTaskManager(batch('1.17', 1500), 1).at(-1)!.requests).toEqual([{ size: 1000, count: 1 }]);
    // With read-buffer.required-per-gate.max 100: 100, no exclusive buffers.
    expect(perTaskManager(batch('1.17', 1500), 1, { readBufferRequiredPerGateMax: 100 }).at(-1)!.required).toBe(100);
  });

  it('tasks of regions on a cycle of blocking dependencies never run: a TaskManager holding only them requires nothing', () => {
    // a(4) → c pipelined and a → b → c blocking: {a, c} and {b} wait for each other (logical regions
    // are not merged on cycles), so a's pools are never requested, however many slots a TaskManager has.
    const cyclic = jobData(
      '1.17',
      [
        ['a', 4],
        ['b', 1],
        ['c', 1],
        ['d', 1],
      ],
      [
        ['a', 'c', 'POINTWISE', 'PIPELINED_BOUNDED'],
        ['a', 'b', 'POINTWISE', 'BLOCKING'],
        ['b', 'c', 'POINTWISE', 'BLOCKING'],
      ],
      'batch',
    );
    for (const slots of [1, 2, 4, 5, 8]) for (const tm of perTaskManager(cyclic, slots)) expect(tm.required).toBe(0);
  });
});

describe('firstFailingRequest (NetworkBufferPool)', () => {
  it('the request that crosses the total, with what the earlier ones left; undefined when all fit', () => {
    const requests = [
      { size: 101, count: 1 },
      { size: 2, count: 99 },
    ];
    expect(firstFailingRequest(0, requests, 299)).toBeUndefined();
    expect(firstFailingRequest(0, requests, 298)).toEqual({ required: 2, available: 1 });
    expect(firstFailingRequest(200, requests, 256)).toEqual({ required: 101, available: 56 });
    expect(firstFailingRequest(0, [], 0)).toBeUndefined();
  });
});

describe('slots not placed', () => {
  it('a negative TaskManager index: the slot’s tasks are not counted, channels reading them are remote', () => {
    const plan = bufferPlanOf(threeVertexJob('1.17', 4));
    // Slots 0 and 1 on TaskManager 0; 2 and 3 not (yet) placed.
    const tms = buffersPerTaskManager(plan, Int32Array.from([0, 0, -1, -1]));
    expect(tms.map((t) => t.required)).toEqual([40]);
  });
});

describe('more slots per TaskManager can require less', () => {
  it('1.10 a(4) → b(2) all-to-all: 2 slots per TaskManager require 14, 3 slots 13 (two channels turn local, a 3-buffer partition moves in)', () => {
    const data = jobData(
      '1.10',
      [
        ['a', 4],
        ['b', 2],
      ],
      [['a', 'b', 'ALL_TO_ALL', 'PIPELINED_BOUNDED']],
    );
    // Slots {a0, b0}, {a1, b1}, {a2}, {a3}; partitions 3 each, gates 0 (1.10), 2 per remote channel.
    expect(perTaskManager(data, 2).map((t) => t.required)).toEqual([3 + 3 + 4 + 4, 3 + 3]);
    expect(perTaskManager(data, 3).map((t) => t.required)).toEqual([3 + 3 + 3 + 2 + 2, 3]);
  });
});

describe('complexity: work is linear in subtasks and channels, all-to-all channels counted, not enumerated', () => {
  /** Reads of the placement and of the subtask → slot table while counting, for a job of parallelism p. */
  const work = (p: number, slotsPerTaskManager: number): number => {
    const plan = bufferPlanOf(threeVertexJob('1.17', p));
    let reads = 0;
    const counted = <T extends object>(array: T): T =>
      new Proxy(array, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const placement = inOrder(plan.slotCount, slotsPerTaskManager);
    buffersPerTaskManager({ ...plan, groupOf: counted(plan.groupOf) }, counted(placement));
    return reads;
  };

  it('doubling the parallelism (4p² channel pairs) at most doubles the work (+ a constant)', () => {
    for (const s of [1, 4, 16]) {
      const small = work(200, s);
      const large = work(400, s);
      expect(small).toBeGreaterThan(0);
      expect(large).toBeLessThanOrEqual(2 * small + 16);
    }
  });
});
