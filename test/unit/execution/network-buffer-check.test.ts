/**
 * The check of `plan --tm-config` (network-buffer-check.ts) with a TaskManager given as figures: N, R of
 * the most demanding TaskManager, Flink's message, and fixes each recomputed (here by a stand-in for the
 * memory model: network memory = min when set, else fraction × total Flink memory).
 */
import { describe, expect, it } from 'vitest';
import { analyzeExecution } from '../../../src/execution/analyze-execution.js';
import {
  type TaskManagerNetwork,
  checkNetworkBuffers,
  countedPlacement,
  fewerSlotsThatFit,
  slotCountsToCount,
} from '../../../src/execution/network-buffer-check.js';
import { analysisOf } from '../../support/jobs.js';
import { bufferPlanOf, jobData, threeVertexJob } from '../../support/network-buffers.js';

const MIB = 1024n * 1024n;

/** A TaskManager of `slots` slots, `network` MiB of network memory and 1280 MiB of total Flink memory. */
function taskManager(slots: number, network: number): TaskManagerNetwork {
  const flink = 1280n * MIB;
  return {
    networkMemory: BigInt(network) * MIB,
    numberOfTaskSlots: slots,
    totalFlinkMemory: flink,
    networkMemoryWith: (keys) => {
      const min = keys['taskmanager.memory.network.min'];
      if (min !== undefined) return BigInt(min.replace('m', '')) * MIB;
      const fraction = keys['taskmanager.memory.network.fraction'];
      return fraction === undefined ? undefined : BigInt(Math.floor(Number(flink) * Number(fraction)));
    },
  };
}

const check = (data: Record<string, unknown>, tm: TaskManagerNetwork) => {
  const analysis = analysisOf(data);
  const execution = analyzeExecution(analysis);
  if (!execution.ok) throw new Error('unexpected');
  return checkNetworkBuffers(analysis.graph, execution.value, tm);
};

describe('checkNetworkBuffers', () => {
  it('§6.2 on 1.17: 4752 > 4096, Flink’s message, and the four fixes of the research notes', () => {
    const c = check(threeVertexJob('1.17', 200), taskManager(4, 128));
    expect(c).toMatchObject({ total: 4096, required: 4752, fits: false, pools: 1616, exclusive: 3136, slots: 200, taskManagers: 50 });
    expect(c.failure).toEqual({
      required: 2,
      available: 0,
      message:
        "Insufficient number of network buffers: required 2, but only 0 available. The total number of network buffers is currently set to 4096 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
    });
    expect(c.advice).toEqual({
      networkMemory: { keys: { 'taskmanager.memory.network.min': '149m' }, total: 4768 },
      fraction: { keys: { 'taskmanager.memory.network.fraction': '0.117' }, total: 4792 },
      slotsPerTaskManager: { slots: 3, required: 3576 },
      buffersPerChannel: { required: 3184, fits: true },
    });
  });

  it('2.0 has no buffers-per-channel key: no such fix; a job that fits has neither failure nor advice', () => {
    expect(check(threeVertexJob('2.0', 200), taskManager(4, 128)).advice?.buffersPerChannel).toBeUndefined();
    const fits = check(threeVertexJob('2.0', 4), taskManager(4, 128));
    expect(fits).toMatchObject({ fits: true, required: 48, total: 4096 });
    expect(fits.failure).toBeUndefined();
    expect(fits.advice).toBeUndefined();
  });

  it('when not even one slot per TaskManager fits, the slot fix says 0', () => {
    // §6.3: 300 per one-slot TaskManager, 8m = 256 buffers.
    const job = jobData(
      '1.17',
      [
        ['source', 100],
        ['sink', 100],
      ],
      [['source', 'sink', 'ALL_TO_ALL', 'PIPELINED_BOUNDED']],
    );
    const c = check(job, taskManager(1, 8));
    expect(c).toMatchObject({ total: 256, required: 300, failure: { required: 2, available: 0 } });
    expect(c.advice?.slotsPerTaskManager).toEqual({ slots: 0, required: 300 });
  });
});

describe('the search for fewer slots per TaskManager', () => {
  it('counts each distinct placement once: more slots than the job holds at once place it alike', () => {
    expect(slotCountsToCount(128, 2)).toEqual([2, 1]);
    expect(slotCountsToCount(4, 200)).toEqual([3, 2, 1]);
    expect(slotCountsToCount(1, 5)).toEqual([]);
    let counts = 0;
    const none = fewerSlotsThatFit(128, 2, 10, () => (counts++, 11));
    expect([none, counts]).toEqual([undefined, 2]);
    // The placement of 2 slots fits: so do 3 … 127 slots per TaskManager, the most of them is the answer.
    expect(fewerSlotsThatFit(128, 2, 10, (s) => (s === 2 ? 10 : 11))).toEqual({ slots: 127, required: 10 });
    expect(fewerSlotsThatFit(128, 2, 10, (s) => (s === 1 ? 9 : 11))).toEqual({ slots: 1, required: 9 });
  });

  it('a 2-slot job on TaskManagers of 128 slots: the same advice as counting every slot count', () => {
    // One TaskManager holds both slots, 8 a slot (partitions 3 + 3, gates 1 + 1), all local; with one slot
    // per TaskManager each of the two gates has one remote channel: 8 + 2 × 2 = 12.
    const tight = check(threeVertexJob('1.17', 2), { ...taskManager(128, 1), networkMemory: 12n * 32768n });
    expect(tight).toMatchObject({ total: 12, required: 16, fits: false });
    expect(tight.advice?.slotsPerTaskManager).toEqual({ slots: 1, required: 12 });
    const tighter = check(threeVertexJob('1.17', 2), { ...taskManager(128, 1), networkMemory: 11n * 32768n });
    expect(tighter.advice?.slotsPerTaskManager).toEqual({ slots: 0, required: 12 });
  });
});

describe('countedPlacement', () => {
  it('batch: each wave’s slots packed on TaskManagers of their own; the widest wave is what runs at once', () => {
    const batch = jobData(
      '1.17',
      [
        ['a', 6],
        ['b', 2],
      ],
      [['a', 'b', 'ALL_TO_ALL', 'BLOCKING']],
      'batch',
    );
    const plan = bufferPlanOf(batch);
    const counted = countedPlacement(plan, 4);
    // a's 6 slots (wave 0) on TaskManagers 0, 1; b's 2 slots (wave 1) on TaskManager 2.
    expect([...counted.placement]).toEqual([0, 0, 0, 0, 1, 1, 2, 2]);
    expect(counted.taskManagers).toBe(2);
    expect([...counted.firstTaskManagerOfWave!]).toEqual([0, 2, 3, 3]);
    const c = check(batch, taskManager(4, 128));
    // Wave 0 on TaskManager 0: four sort-shuffle partitions of 512.
    expect(c).toMatchObject({ required: 2048, mostDemanding: 0, mostDemandingWave: 0, counted: 'worst-wave', taskManagers: 2 });
  });

  it('streaming: the job’s slots in request order', () => {
    const plan = bufferPlanOf(threeVertexJob('1.17', 5));
    expect(countedPlacement(plan, 2)).toEqual({ placement: Int32Array.from([0, 0, 1, 1, 2]), taskManagers: 3 });
  });
});
