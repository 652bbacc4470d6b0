/**
 * The network buffers of each TaskManager at the end of a run, from the placement (sim/network-buffers.ts):
 * groups to slots in request order, jobs in submission order, Flink's R and A for the job that crosses N,
 * remote channels for a job split over TaskManagers, and work linear in slots and subtasks.
 */
import { describe, expect, it } from 'vitest';
import { type NetworkBufferInputs, networkBuffersAtEnd } from '../../../src/sim/network-buffers.js';
import type { JobDefinition } from '../../../src/sim/scenario/scenario.js';
import type { TaskManagerView } from '../../../src/sim/slotmanager/slot-manager.js';
import { type ResourceProfile, UNKNOWN, specified } from '../../../src/model/resource-profile.js';
import { bufferPlanOf, jobData, threeVertexJob } from '../../support/network-buffers.js';

const SEGMENT = 32768n;

/** A TaskManager whose total holds `buffers` network buffers of 32 KiB, with its slots held by `jobs` (undefined: free). */
function taskManager(
  id: string,
  buffers: number,
  jobs: readonly (string | undefined)[],
  profile: ResourceProfile = UNKNOWN,
): TaskManagerView {
  const total = specified({ networkMemory: BigInt(buffers) * SEGMENT });
  return {
    id,
    total,
    defaultSlot: total,
    free: total,
    registeredSlots: jobs.length,
    freeSlots: jobs.filter((j) => j === undefined).length,
    slots: jobs.map((job, index) => ({ index, job, profile })),
    idleSince: 0,
    blocked: false,
    unwanted: false,
  };
}

function job(id: string, data: Record<string, unknown> | undefined): JobDefinition {
  return {
    id,
    requirements: [],
    submitAt: 0,
    finishAt: undefined,
    vertices: undefined,
    source: undefined,
    pointer: '',
    ...(data === undefined ? {} : { network: { plan: bufferPlanOf(data), slotProfiles: undefined } }),
  };
}

const atEnd = (jobs: JobDefinition[], taskManagers: TaskManagerView[], extra: Partial<NetworkBufferInputs> = {}) =>
  networkBuffersAtEnd({ jobs, taskManagers, shuffleOptions: undefined, running: () => true, ...extra });

describe('two jobs on one TaskManager', () => {
  // source(2) → map(2) → sink(2), all local on one TaskManager (1.17): per slot the source's and the map's
  // partitions (2 subpartitions + 1 = 3 each) and the map's and the sink's gates (1 each): 8; 16 per job.
  const jobs = [job('first', threeVertexJob('1.17', 2)), job('second', threeVertexJob('1.17', 2))];
  const tm = (buffers: number) => taskManager('tm-1', buffers, ['first', 'first', 'second', 'second']);

  it('both fit in 32 buffers: required 32, nobody fails', () => {
    const out = atEnd(jobs, [tm(32)]);
    expect(out.taskManagers.get('tm-1')).toEqual({ total: 32, required: 32, fits: true, segmentSize: 32768 });
    expect(out.failures.size).toBe(0);
  });

  it('in 20 buffers the first job takes 16; the second crosses N: "required 3, but only 1 available"', () => {
    // The second job's requests in set-up order: 3, 3 (slot 1's partitions), 1, 1, 3, 3, 1, 1; after 16 the
    // first 3 fits (19), the next 3 does not: 1 left.
    const out = atEnd(jobs, [tm(20)]);
    expect(out.taskManagers.get('tm-1')).toEqual({ total: 20, required: 32, fits: false, segmentSize: 32768 });
    expect([...out.failures.keys()]).toEqual(['second']);
    const failure = out.failures.get('second')!;
    expect(failure).toMatchObject({ taskManager: 'tm-1', required: 3, available: 1, total: 20, jobRequired: 16, alreadyRequired: 16 });
    expect(failure.message).toBe(
      "Insufficient number of network buffers: required 3, but only 1 available. The total number of network buffers is currently set to 20 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
    );
  });

  it('the job submitted first is served first: listed the other way round, the other job fails', () => {
    const out = atEnd([jobs[1]!, jobs[0]!], [tm(20)]);
    expect([...out.failures.keys()]).toEqual(['first']);
  });

  it('a job that fails leaves its buffers to the jobs after it', () => {
    const three = [...jobs, job('third', threeVertexJob('1.17', 2))];
    const out = atEnd(three, [taskManager('tm-1', 35, ['first', 'first', 'second', 'second', 'third', 'third'])]);
    // 16 + 16 = 32 ≤ 35; the third's 16 do not fit: it fails, and required is 48.
    expect(out.taskManagers.get('tm-1')).toMatchObject({ required: 48, fits: false });
    expect([...out.failures.keys()]).toEqual(['third']);
  });
});

describe('a job split across TaskManagers', () => {
  const p4 = job('split', threeVertexJob('1.17', 4));

  it('on one TaskManager of 4 slots: 48 buffers, every channel local', () => {
    expect(atEnd([p4], [taskManager('tm-1', 4096, ['split', 'split', 'split', 'split'])]).taskManagers.get('tm-1')!.required).toBe(48);
  });

  it('on 2 TaskManagers of 2 slots: 24 in pools + 2 remote channels × 2 gates × 2 slots × 2 exclusive = 40 each', () => {
    const out = atEnd([p4], [taskManager('tm-1', 4096, ['split', 'split']), taskManager('tm-2', 4096, ['split', 'split'])]);
    expect(out.taskManagers.get('tm-1')!.required).toBe(40);
    expect(out.taskManagers.get('tm-2')!.required).toBe(40);
  });

  it('group i takes the i-th slot in the SlotManager’s order: free slots and other jobs’ slots are skipped', () => {
    // source(2) -forward-> sink(2) pointwise: group 0 holds source0 and sink0, group 1 source1 and sink1;
    // each on its own TaskManager: no remote channel, 2 + 1 per TaskManager.
    const pointwise = job(
      'pw',
      jobData(
        '1.17',
        [
          ['source', 2],
          ['sink', 2],
        ],
        [['source', 'sink', 'POINTWISE', 'PIPELINED_BOUNDED']],
      ),
    );
    const out = atEnd(
      [pointwise, job('bare', undefined)],
      [taskManager('tm-1', 100, [undefined, 'bare', 'pw']), taskManager('tm-2', 100, ['bare', 'pw'])],
    );
    expect(out.taskManagers.get('tm-1')).toMatchObject({ required: 3, fits: true });
    expect(out.taskManagers.get('tm-2')).toMatchObject({ required: 3, fits: true });
  });

  it('a job holding fewer slots than its groups, or not running, is not counted; nor a TaskManager without network memory', () => {
    expect(atEnd([p4], [taskManager('tm-1', 4096, ['split', 'split', 'split'])]).taskManagers.size).toBe(0);
    expect(atEnd([p4], [taskManager('tm-1', 4096, ['split', 'split', 'split', 'split'])], { running: () => false }).taskManagers.size).toBe(
      0,
    );
    expect(atEnd([p4], [taskManager('tm-1', 0, ['split', 'split', 'split', 'split'])]).taskManagers.size).toBe(0);
    expect(atEnd([job('bare', undefined)], [taskManager('tm-1', 4096, ['bare'])]).taskManagers.size).toBe(0);
  });

  it('the cluster’s network options replace the job file’s: buffers-per-channel 1 halves the exclusive buffers', () => {
    const tms = [taskManager('tm-1', 4096, ['split', 'split']), taskManager('tm-2', 4096, ['split', 'split'])];
    expect(atEnd([p4], tms, { shuffleOptions: { buffersPerChannel: 1 } }).taskManagers.get('tm-1')!.required).toBe(32);
  });
});

describe('a job requesting several profiles: each group takes the next slot of its own profile', () => {
  // a(2) -pointwise-> b(4): groups {a0, b0}, {a1, b2}, {b1}, {b3}; b0 and b1 read a0, b2 and b3 read a1.
  const data = jobData(
    '1.17',
    [
      ['a', 2],
      ['b', 4],
    ],
    [['a', 'b', 'POINTWISE', 'PIPELINED_BOUNDED']],
  );
  const big = specified({ managedMemory: 2n ** 30n });
  const small = specified({ managedMemory: 2n ** 20n });
  const slot = (job: string, profile: ResourceProfile) => ({ job, profile });
  const tm = (id: string, slots: { job: string; profile: ResourceProfile }[]): TaskManagerView => ({
    ...taskManager(id, 100, []),
    registeredSlots: slots.length,
    slots: slots.map((x, index) => ({ index, ...x })),
  });
  const held = [tm('tm-1', [slot('pw', small), slot('pw', big)]), tm('tm-2', [slot('pw', small), slot('pw', big)])];

  it('groups 0, 1 request the big profile, 2, 3 the small: tm-1 holds {a0, b0} and {b1}, every channel local', () => {
    const pw: JobDefinition = { ...job('pw', undefined), network: { plan: bufferPlanOf(data), slotProfiles: [big, big, small, small] } };
    const out = atEnd([pw], held);
    // Per TaskManager: a's partition (2 subpartitions + 1) and two gates of 1.
    expect([out.taskManagers.get('tm-1')!.required, out.taskManagers.get('tm-2')!.required]).toEqual([5, 5]);
  });

  it('in slot order instead (one profile): {a0, b0}, {a1, b2} on tm-1, b1 and b3 read remotely on tm-2', () => {
    const out = atEnd([job('pw', data)], held);
    expect([out.taskManagers.get('tm-1')!.required, out.taskManagers.get('tm-2')!.required]).toEqual([8, 6]);
  });
});

describe('work is linear', () => {
  /** k TaskManagers of 4 slots, each slot held by a job of its own pair: 2k jobs of parallelism 2, plus bare slots. */
  function cluster(k: number): { jobs: JobDefinition[]; taskManagers: TaskManagerView[] } {
    const data = threeVertexJob('1.17', 2);
    const plan = bufferPlanOf(data);
    const jobs: JobDefinition[] = [];
    const taskManagers: TaskManagerView[] = [];
    for (let t = 0; t < k; t++) {
      const a = `a${t}`;
      const b = `b${t}`;
      jobs.push(
        { ...job(a, undefined), network: { plan, slotProfiles: undefined } },
        { ...job(b, undefined), network: { plan, slotProfiles: undefined } },
      );
      taskManagers.push(taskManager(`tm-${t}`, 4096, [a, a, b, b, 'bare', undefined]));
    }
    return { jobs, taskManagers };
  }

  it('doubling the TaskManagers and jobs doubles the work (never jobs × TaskManagers)', () => {
    const work = [500, 1000, 2000].map((k) => {
      const { jobs, taskManagers } = cluster(k);
      return atEnd(jobs, taskManagers).work;
    });
    expect(work[1]).toBe(2 * work[0]!);
    expect(work[2]).toBe(2 * work[1]!);
  });

  it('one job over many TaskManagers: the work grows with its slots, not with the TaskManagers it does not hold', () => {
    const wide = job('wide', threeVertexJob('1.17', 8));
    const held = [taskManager('tm-a', 4096, Array(4).fill('wide')), taskManager('tm-b', 4096, Array(4).fill('wide'))];
    const idle = (n: number) => Array.from({ length: n }, (_, i) => taskManager(`idle-${i}`, 4096, [undefined]));
    const small = atEnd([wide], [...held, ...idle(1000)]).work;
    const large = atEnd([wide], [...held, ...idle(2000)]).work;
    // Only the idle TaskManagers' slots are added: one step each.
    expect(large - small).toBe(1000);
  });
});
