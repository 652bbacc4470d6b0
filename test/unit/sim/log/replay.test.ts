/**
 * The replay of a log (src/sim/log/replay-model.ts, replay-run.ts, replay-compare.ts): the model
 * the embedded SlotManager runs, its verdicts, and the comparison with the log.
 */
import { describe, expect, it } from 'vitest';
import { explainLog } from '../../../../src/sim/log/explain-log.js';
import { pointOrder } from '../../../../src/sim/log/point-order.js';
import { rebuildCluster } from '../../../../src/sim/log/rebuild-cluster.js';
import { rebuildJobs } from '../../../../src/sim/log/rebuild-jobs.js';
import { MAX_REPLAY_EVENTS, STEP_MS, type ReplayModel, replayModel } from '../../../../src/sim/log/replay-model.js';
import { runReplay } from '../../../../src/sim/log/replay-run.js';
import { FactLog, profile } from '../../../support/fact-log.js';

function model(log: FactLog): ReplayModel | undefined {
  const cluster = rebuildCluster(log.facts);
  return replayModel(cluster, rebuildJobs(log.facts).jobs, undefined, pointOrder(log.facts));
}

describe('the replay model', () => {
  it('times are ranks of the log events, 100 ms apart, in reading order', () => {
    const m = model(
      new FactLog()
        .tm('a', 2)
        .declare('j', 1)
        .add('taskManagerLost', { taskManager: 'a', cause: 'killed', message: 'killed' })
        .declare('j', 3),
    )!;
    expect(m.taskManagers.map((t) => [t.id, t.slots, t.registerAt, t.lostAt])).toEqual([['a', 2, STEP_MS, 3 * STEP_MS]]);
    expect(m.jobs[0]!.declarations.map((d) => d.at)).toEqual([2 * STEP_MS, 4 * STEP_MS]);
    expect([m.slotManager, m.active, m.version]).toEqual(['declarative', false, { major: 1, minor: 17 }]);
  });

  it('the era picks the SlotManager and, without a release, the version', () => {
    const fg = model(new FactLog().add('slotManager', { slotManager: 'fine-grained' }).tm('a', 2).declare('j', 1))!;
    expect([fg.slotManager, fg.version]).toEqual(['fine-grained', { major: 2, minor: 2 }]);
    const legacy = model(new FactLog().tm('a', 2).add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'r' }))!;
    expect(legacy.slotManager).toBe('declarative');
    expect(legacy.assumptions).toEqual([
      'the legacy SlotManager (SlotManagerImpl, ≤ 1.12) is not embedded: the replay counts slots with the declarative SlotManager',
    ]);
  });

  it('nothing to replay without a TaskManager whose slots are known (standalone) or a requirement', () => {
    expect(model(new FactLog().tm('a').declare('j', 1))).toBeUndefined();
    expect(model(new FactLog().tm('a', 1))).toBeUndefined();
  });

  it('a specified requirement on slots the log does not describe: the slots are assumed of its profile', () => {
    const m = model(new FactLog().tm('a', 2).declare('j', 2, profile(1, 512)))!;
    expect(m.assumptions).toEqual(['the log prints no slot profile: the replay gives each slot the profile the job requires']);
    expect(runReplay(m).jobs).toEqual([{ job: 'j', verdict: 'met', required: 2, acquired: 2 }]);
  });

  it('the adaptive scheduler (shown by the log) runs with fewer slots: the replay says partly met', () => {
    const log = new FactLog().tm('a', 2).declare('j', 4).add('slotAllocated', { form: 'executing', job: 'j' });
    expect(runReplay(model(log)!).jobs).toEqual([{ job: 'j', verdict: 'partly-met', required: 4, acquired: 2 }]);
    const defaultScheduler = new FactLog().tm('a', 2).declare('j', 4);
    expect(runReplay(model(defaultScheduler)!).jobs).toEqual([{ job: 'j', verdict: 'never-met', required: 4, acquired: 2 }]);
  });

  it('a job that finished returns its slots to the next', () => {
    const m = model(new FactLog().tm('a', 2).declare('x', 2).status('x', 'RUNNING', 'FINISHED').declare('x', 0).declare('y', 2))!;
    expect(m.jobs.map((j) => [j.id, j.finishAt])).toEqual([
      ['x', 3 * STEP_MS],
      ['y', undefined],
    ]);
    expect(runReplay(m).jobs.map((j) => [j.job, j.verdict])).toEqual([
      ['x', 'met'],
      ['y', 'met'],
    ]);
  });

  it('an active ResourceManager starts the workers the log asked for', () => {
    const m = model(new FactLog().add('workerRequested', { spec: { cpuCores: 1, taskHeap: 1n << 30n, numSlots: 2 } }).declare('j', 3))!;
    expect(m.active).toBe(true);
    const run = runReplay(m);
    expect(run.jobs[0]).toEqual({ job: 'j', verdict: 'met', required: 3, acquired: 3 });
    expect(run.workersStarted).toBe(2);
  });

  it('a log beyond the bound is not replayed', () => {
    const log = new FactLog();
    for (let i = 0; i <= MAX_REPLAY_EVENTS / 2; i++) log.tm(`tm-${i}`, 1);
    log.declare('j', 1);
    expect(model(log)).toBeUndefined();
  });
});

describe('the comparison', () => {
  it('agreement: no disagreement, the replay verdict per job', () => {
    const e = explainLog(new FactLog().tm('a', 2).declare('j', 3).add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 }).done());
    expect(e.replay).toEqual({ replayed: true, verdicts: [{ job: 'j', verdict: 'never-met' }], disagreements: [], notes: [] });
  });

  it('the log says met, the replay cannot place it: a log flinkslot cannot explain', () => {
    const e = explainLog(new FactLog().tm('a', 1).declare('j', 3).status('j', 'RUNNING', 'FINISHED').done());
    expect(e.replay.disagreements).toEqual([
      'job j: the log says it got its slots, but the replay gives it 1 of 3 (never-met) with the TaskManagers the log shows',
    ]);
  });

  it('counts that differ while both say short', () => {
    const e = explainLog(
      new FactLog()
        .tm('a', 2)
        .declare('j', 5)
        .add('minimumResourcesNotAcquired', {
          acquired: [{ profile: profile(1, 512), count: 1 }],
          registeredTaskManagers: 1,
          registeredSlots: 2,
          freeSlots: 1,
        })
        .done(),
    );
    expect(e.replay.disagreements).toEqual(['job j: the log shows 1 slot(s) acquired, the replay 2']);
  });
});
