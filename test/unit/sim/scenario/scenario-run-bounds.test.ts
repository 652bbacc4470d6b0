/**
 * Issue 27 §7: how far in time a scenario reaches and how many workers an active ResourceManager
 * starts are bounded before the simulator runs (src/sim/scenario/time-bounds.ts, worker-bounds.ts):
 * a small file asking for `until: 1e15`, an event at 1e15 ms, a 1 ms idle check over a day or a
 * million one-slot workers is refused with the bound, at its JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import { type Result, fail } from '../../../../src/errors/diagnostic.js';
import { type PlannedJob, readScenario } from '../../../../src/sim/scenario/read-scenario.js';
import type { Scenario } from '../../../../src/sim/scenario/scenario.js';
import { MAX_IDLE_CHECKS, MAX_SIMULATED_TIME } from '../../../../src/sim/scenario/time-bounds.js';
import { MAX_KEPT_WORKERS, MAX_STARTED_WORKERS } from '../../../../src/sim/scenario/worker-bounds.js';

type Raw = Record<string, unknown>;

const noJobGraphs = (path: string, pointer: string): Result<PlannedJob> =>
  fail([{ code: 'scenario/job-graph', severity: 'error', message: `no job graph ${path}`, location: { pointer } }]);

const read = (data: Raw): Result<Scenario[]> => readScenario(data, false, { planJobGraph: noJobGraphs });

function errors(data: Raw): Array<[string, string, string | undefined]> {
  const r = read(data);
  if (r.ok) throw new Error('expected diagnostics, got a scenario');
  return r.diagnostics.map((d) => [d.code, d.message, d.location?.pointer]);
}

const WORKER = { totalResources: { cpuCores: 4, taskHeapMemory: '4g', managedMemory: '2g' }, numberOfTaskSlots: 4 };

function scenario(extra: Raw = {}, clusterExtra: Raw = {}): Raw {
  return {
    flinkVersion: '1.20',
    cluster: { resourceAllocation: 'active', defaultWorker: WORKER, ...clusterExtra },
    jobs: [{ id: 'etl', requirements: [{ profile: 'UNKNOWN', count: 6 }], submitAt: '10s' }],
    ...extra,
  };
}

const LONGER = '365 d, 31,536,000,000 ms';

describe('times a scenario gives are at most 365 days', () => {
  it('the bounds: 365 days, two million idle checks, 20,000 started workers of which 5,000 kept', () => {
    expect([MAX_SIMULATED_TIME, MAX_IDLE_CHECKS, MAX_STARTED_WORKERS, MAX_KEPT_WORKERS]).toEqual([
      31_536_000_000, 2_000_000, 20_000, 5_000,
    ]);
  });

  it('until 9e15 ms (it ran 50 million steps and ended in an internal error)', () => {
    expect(errors(scenario({ until: 9_000_000_000_000_000 }))).toEqual([
      ['input/too-large', `'9000000000000000' is longer than flinkslot simulates (at most ${LONGER})`, '/until'],
    ]);
  });

  it('a duration text whose number overflows: "99999999999999999999 d"', () => {
    expect(errors(scenario({}, { options: { requirementCheckDelay: '99999999999999999999 d' } }))).toEqual([
      [
        'input/too-large',
        `'99999999999999999999 d' is longer than flinkslot simulates (at most ${LONGER})`,
        '/cluster/options/requirementCheckDelay',
      ],
    ]);
  });

  it('an event at 1e15 ms', () => {
    expect(errors(scenario({ events: [{ at: 1e15, finishJob: 'etl' }] }))).toEqual([
      ['input/too-large', `'1000000000000000' is longer than flinkslot simulates (at most ${LONGER})`, '/events/0/at'],
    ]);
  });

  it('365 days is read, and advances adding up past it are refused once, at the first one past', () => {
    expect(read(scenario({ until: '365d' })).ok).toBe(true);
    const events = Array.from({ length: 5 }, () => ({ advanceTime: '200d' }));
    expect(errors(scenario({ events }))).toEqual([
      [
        'input/too-large',
        `the time reached here (34,560,000,000 ms) is longer than flinkslot simulates (at most ${LONGER})`,
        '/events/1/advanceTime',
      ],
    ]);
  });
});

describe('idle checks of an active ResourceManager are at most two million', () => {
  it('a 1 ms taskManagerTimeout up to a day', () => {
    expect(errors(scenario({ until: '1d' }, { options: { taskManagerTimeout: 1 } }))).toEqual([
      [
        'input/too-large',
        'the simulation runs to 1440 min (until) with the idle check every 1 ms (taskManagerTimeout): 86,400,000 checks, more than flinkslot simulates (at most 2,000,000); give a shorter time or a longer taskManagerTimeout',
        '/until',
      ],
    ]);
  });

  it('without until: the latest time the scenario names, and the time to settle', () => {
    expect(errors(scenario({}, { options: { taskManagerTimeout: 1 }, taskManagers: [{ id: 'tm', registerAt: '2h' }] }))).toEqual([
      [
        'input/too-large',
        'the simulation runs to 7560.101 s (a TaskManager registers at 120 min, and the time to settle) with the idle check every 1 ms (taskManagerTimeout): 7,560,101 checks, more than flinkslot simulates (at most 2,000,000); give a shorter time or a longer taskManagerTimeout',
        '/cluster/taskManagers/0/registerAt',
      ],
    ]);
  });

  it('the default 30 s check over 365 days is read; a standalone cluster makes no idle checks', () => {
    expect(read(scenario({ until: '365d' })).ok).toBe(true);
    expect(read(scenario({ until: '365d' }, { resourceAllocation: 'standalone', options: { taskManagerTimeout: 1 } })).ok).toBe(true);
  });
});

describe('workers an active ResourceManager starts are at most 20,000, and 5,000 kept by minimums and redundancy', () => {
  it('a million one-slot workers for one requirement (it ran out of memory)', () => {
    const worker = { ...WORKER, numberOfTaskSlots: 1 };
    const data = scenario({ jobs: [{ id: 'etl', requirements: [{ profile: 'UNKNOWN', count: 1_000_000 }] }] }, { defaultWorker: worker });
    expect(errors(data)).toEqual([
      [
        'input/too-large',
        "the active ResourceManager would start up to 1,000,000 workers (the jobs' requirements, counted without sharing, may need them): flinkslot simulates at most 20,000 started workers",
        '/jobs/0',
      ],
    ]);
  });

  it('minSlots 100000 on one-slot workers (it ran for minutes); within maxSlots, requirements count as the maximum allows', () => {
    const worker = { ...WORKER, numberOfTaskSlots: 1 };
    expect(errors(scenario({}, { defaultWorker: worker, options: { minSlots: 100_000 } }))).toEqual([
      [
        'input/too-large',
        'the minimum total resources and redundant TaskManagers keep up to 100,000 workers: flinkslot simulates at most 5,000 kept workers',
        '/cluster/options',
      ],
    ]);
    const many = { jobs: [{ id: 'etl', requirements: [{ profile: 'UNKNOWN', count: 1_000_000 }] }] };
    expect(read(scenario(many, { defaultWorker: worker, options: { maxSlots: 100 } })).ok).toBe(true);
  });

  it('a standalone cluster starts none', () => {
    const many = { jobs: [{ id: 'etl', requirements: [{ profile: 'UNKNOWN', count: 1_000_000 }] }] };
    expect(read(scenario(many, { resourceAllocation: 'standalone', taskManagers: [{ id: 'tm', count: 2 }] })).ok).toBe(true);
  });
});
