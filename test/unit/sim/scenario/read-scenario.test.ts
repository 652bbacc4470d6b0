/**
 * Scenario and cluster files → Scenario values (src/scenario/read-scenario.ts), and the text entry
 * points of src/scenario/simulate.ts: defaults, the SlotManager a Flink version selects, how
 * TaskManagers and the default worker are derived, event times, and every located error.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, type Result, fail } from '../../../../src/errors/diagnostic.js';
import { decimalToNumber } from '../../../../src/model/decimal.js';
import { DEFAULT_FLINK_VERSION, type FlinkVersion, parseFlinkVersion } from '../../../../src/model/flink-version.js';
import { memoryFromText } from '../../../../src/index.js';
import { profileToJson } from '../../../../src/model/profile-json.js';
import { type PlannedJob, readScenario } from '../../../../src/sim/scenario/read-scenario.js';
import type { Scenario } from '../../../../src/sim/scenario/scenario.js';
import { planJob, simulateJobsOnCluster, simulateScenario } from '../../../../src/app/simulate.js';
import { formatDiagnostic } from '../../../../src/report/render-plan-text.js';

type Raw = Record<string, unknown>;

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

const noJobGraphs = (path: string, pointer: string): Result<PlannedJob> =>
  fail([{ code: 'scenario/job-graph', severity: 'error', message: `no job graph ${path}`, location: { pointer } }]);

function version(text: string): FlinkVersion {
  const v = parseFlinkVersion(text);
  if (v === undefined) throw new Error(`bad version ${text}`);
  return v;
}

function read(data: Raw, options: { isCluster?: boolean; flinkVersion?: string } = {}): Result<Scenario[]> {
  return readScenario(data, options.isCluster ?? false, {
    ...(options.flinkVersion === undefined ? {} : { flinkVersion: version(options.flinkVersion) }),
    planJobGraph: noJobGraphs,
  });
}

function one(data: Raw, options: { isCluster?: boolean; flinkVersion?: string } = {}): Scenario {
  const r = read(data, options);
  if (!r.ok) throw new Error(`unexpected diagnostics: ${r.diagnostics.map(formatDiagnostic).join('; ')}`);
  expect(r.value).toHaveLength(1);
  return r.value[0]!;
}

function errors(data: Raw, options: { isCluster?: boolean; flinkVersion?: string } = {}): Array<[string, string, string | undefined]> {
  const r = read(data, options);
  if (r.ok) throw new Error('expected diagnostics, got a scenario');
  return r.diagnostics.map((d) => [d.code, d.message, d.location?.pointer]);
}

const WORKER = { totalResources: { cpuCores: 4, taskHeapMemory: '4g', managedMemory: '2g' }, numberOfTaskSlots: 4 };

function cluster(extra: Raw = {}): Raw {
  return { defaultWorker: WORKER, ...extra };
}

const ids = (s: Scenario): string[] => s.cluster.taskManagers.map((t) => t.registration.id);

// ---------------------------------------------------------------------------------------------

describe('TaskManagers', () => {
  it('count × template: ids are id-1 .. id-N', () => {
    expect(ids(one({ cluster: cluster({ taskManagers: [{ id: 'tm', count: 3 }] }) }))).toEqual(['tm-1', 'tm-2', 'tm-3']);
    expect(
      ids(
        one({
          cluster: cluster({
            taskManagers: [
              { id: 'big', count: 2 },
              { id: 'small', count: 1 },
            ],
          }),
        }),
      ),
    ).toEqual(['big-1', 'big-2', 'small-1']);
  });

  it('a template without id is named tm-1 ..; a single TaskManager without id tm-<position>', () => {
    expect(ids(one({ cluster: cluster({ taskManagers: [{ count: 2 }] }) }))).toEqual(['tm-1', 'tm-2']);
    expect(ids(one({ cluster: cluster({ taskManagers: [{ id: 'a' }, {}, { id: 'c' }] }) }))).toEqual(['a', 'tm-2', 'c']);
  });

  it('registers at 0 unless registerAt says otherwise', () => {
    const s = one({ cluster: cluster({ taskManagers: [{ id: 'a' }, { id: 'b', registerAt: '5 s' }, { id: 'c', registerAt: 250 }] }) });
    expect(s.cluster.taskManagers.map((t) => [t.registration.id, t.registerAt])).toEqual([
      ['a', 0],
      ['b', 5000],
      ['c', 250],
    ]);
  });

  it('fine-grained: the total is the default worker, the default slot a quarter of it, no static slots', () => {
    const tm = one({ flinkVersion: '1.20', cluster: cluster({ taskManagers: [{ id: 'tm' }] }) }).cluster.taskManagers[0]!.registration;
    expect(profileToJson(tm.total)).toEqual({
      cpuCores: 4,
      taskHeapMemory: 4 * GiB,
      taskOffHeapMemory: 0,
      managedMemory: 2 * GiB,
      networkMemory: 0,
      extendedResources: {},
    });
    expect(profileToJson(tm.defaultSlot)).toEqual({
      cpuCores: 1,
      taskHeapMemory: GiB,
      taskOffHeapMemory: 0,
      managedMemory: 512 * MiB,
      networkMemory: 0,
      extendedResources: {},
    });
    expect(tm.numberOfSlots).toBe(0);
  });

  it('fine-grained: totalResources + numberOfTaskSlots divide the TaskManager, not the worker', () => {
    const tm = one({
      flinkVersion: '1.20',
      cluster: cluster({
        taskManagers: [
          { id: 'tm', totalResources: { cpuCores: 6, taskHeapMemory: '3g' }, defaultSlotResources: { cpuCores: 2, taskHeapMemory: '1g' } },
        ],
      }),
    }).cluster.taskManagers[0]!.registration;
    expect(profileToJson(tm.total)).toMatchObject({ cpuCores: 6, taskHeapMemory: 3 * GiB });
    expect(profileToJson(tm.defaultSlot)).toMatchObject({ cpuCores: 2, taskHeapMemory: GiB });
  });

  it('declarative (static): numberOfTaskSlots slots of the worker slot; total = slot × n', () => {
    const tm = one({ flinkVersion: '1.17', cluster: cluster({ taskManagers: [{ id: 'tm', numberOfTaskSlots: 3 }] }) }).cluster
      .taskManagers[0]!.registration;
    expect(tm.numberOfSlots).toBe(3);
    expect(profileToJson(tm.defaultSlot)).toMatchObject({ cpuCores: 1, taskHeapMemory: GiB, managedMemory: 512 * MiB });
    expect(profileToJson(tm.total)).toMatchObject({ cpuCores: 3, taskHeapMemory: 3 * GiB, managedMemory: 1536 * MiB });
  });

  it('declarative: slots default to the worker slot count; slotProfile ANY gives an ANY total', () => {
    const s = one({
      flinkVersion: '1.17',
      cluster: cluster({ taskManagers: [{ id: 'a' }, { id: 'b', numberOfTaskSlots: 2, slotProfile: 'ANY' }] }),
    });
    const [a, b] = s.cluster.taskManagers.map((t) => t.registration);
    expect(a!.numberOfSlots).toBe(4);
    expect(b!.numberOfSlots).toBe(2);
    expect(b!.total).toEqual({ kind: 'ANY' });
  });

  it('named profiles and "NAME xN" resolve', () => {
    const s = one({
      profiles: { half: { cpuCores: 0.5, taskHeapMemory: '512m' } },
      cluster: cluster({ taskManagers: [{ id: 'tm', totalResources: 'half x8', defaultSlotResources: 'half' }] }),
      jobs: [{ id: 'j', requirements: [{ profile: 'half x2', count: 3 }] }],
    });
    expect(profileToJson(s.cluster.taskManagers[0]!.registration.total)).toMatchObject({ cpuCores: 4, taskHeapMemory: 4 * GiB });
    expect(s.jobs[0]!.requirements.map((r) => [profileToJson(r.profile), r.count])).toEqual([
      [{ cpuCores: 1, taskHeapMemory: GiB, taskOffHeapMemory: 0, managedMemory: 0, networkMemory: 0, extendedResources: {} }, 3],
    ]);
  });
});

describe('which SlotManager', () => {
  const kind = (data: Raw, flinkVersion?: string): string =>
    one(data, flinkVersion === undefined ? {} : { flinkVersion }).cluster.slotManager;

  it('flinkVersion 1.17 → declarative, 1.18 → fine-grained', () => {
    expect(kind({ flinkVersion: '1.17', cluster: cluster() })).toBe('declarative');
    expect(kind({ flinkVersion: '1.18', cluster: cluster() })).toBe('fine-grained');
    expect(kind({ flinkVersion: '1.10', cluster: cluster() })).toBe('declarative');
    expect(kind({ flinkVersion: '2.0', cluster: cluster() })).toBe('fine-grained');
  });

  it('no version anywhere: the newest known (fine-grained), assumed and said so; or the caller’s version', () => {
    const assumed = one({ cluster: cluster() });
    expect([assumed.flinkVersion, assumed.flinkVersionSource]).toEqual(['2.2', 'assumed']);
    expect(assumed.notes.map((n) => [n.code, n.severity])).toEqual([['scenario/flink-version-assumed', 'info']]);
    expect(assumed.notes[0]!.message).toContain('set flinkVersion in the file or pass --flink-version');
    expect(kind({ cluster: cluster() })).toBe('fine-grained');
    expect(kind({ cluster: cluster() }, '1.17')).toBe('declarative');
    expect(one({ cluster: cluster() }, { flinkVersion: '1.17' }).flinkVersion).toBe('1.17');
  });

  it('the caller’s version (--flink-version) beats the file’s; the top level beats the cluster’s', () => {
    expect(kind({ flinkVersion: '1.18', cluster: cluster() }, '1.17')).toBe('declarative');
    expect(one({ flinkVersion: '1.18', cluster: cluster() }, { flinkVersion: '1.17' }).flinkVersionSource).toBe('option');
    expect(kind({ cluster: cluster({ flinkVersion: '1.16' }) })).toBe('declarative');
    expect(kind({ flinkVersion: '1.19', cluster: cluster({ flinkVersion: '1.16' }) })).toBe('fine-grained');
  });

  it('slotModel overrides the version; slotManager overrides slotModel', () => {
    expect(kind({ flinkVersion: '1.20', cluster: cluster({ slotModel: 'static' }) })).toBe('declarative');
    expect(kind({ flinkVersion: '1.17', cluster: cluster({ slotModel: 'dynamic' }) })).toBe('fine-grained');
    expect(kind({ flinkVersion: '1.20', cluster: cluster({ slotManager: 'declarative' }) })).toBe('declarative');
    expect(kind({ flinkVersion: '1.20', cluster: cluster({ slotModel: 'static', slotManager: 'fine-grained' }) })).toBe('fine-grained');
  });

  it('a cluster file (isCluster) reads its own flinkVersion', () => {
    const s = one({ ...cluster(), flinkVersion: '1.15' }, { isCluster: true });
    expect(s.cluster.slotManager).toBe('declarative');
    expect(s.flinkVersion).toBe('1.15');
  });
});

describe('the default worker', () => {
  it('from flinkConfiguration, exactly as `memory` derives the TaskManager', () => {
    const conf = { 'taskmanager.memory.process.size': '4096m', 'taskmanager.numberOfTaskSlots': 2, 'taskmanager.cpu.cores': 2 };
    const s = one({ cluster: { resourceAllocation: 'active', defaultWorker: { flinkConfiguration: conf } } });
    const memory = memoryFromText(
      Object.entries(conf)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );
    if (!memory.ok) throw new Error('memory failed');
    expect(s.cluster.config.slotsPerWorker).toBe(2);
    expect(profileToJson(s.cluster.config.defaultWorker)).toEqual(memory.value.taskManagerTotalResource);
    // FLIP-49 for 4096m process memory (Flink 2.1 defaults).
    expect(profileToJson(s.cluster.config.defaultWorker)).toEqual({
      cpuCores: 2,
      taskHeapMemory: 1530082070,
      taskOffHeapMemory: 0,
      managedMemory: 1438814063,
      networkMemory: 359703515,
      extendedResources: {},
    });
  });

  it('from flinkConfiguration depends on the Flink version (network min/max, defaults)', () => {
    const conf = { 'taskmanager.memory.process.size': '1728m' };
    const v117 = one({ flinkVersion: '1.17', cluster: { defaultWorker: { flinkConfiguration: conf } } });
    const memory = memoryFromText('taskmanager.memory.process.size: 1728m', undefined, { flinkVersion: '1.17' });
    if (!memory.ok) throw new Error('memory failed');
    expect(profileToJson(v117.cluster.config.defaultWorker)).toEqual(memory.value.taskManagerTotalResource);
    expect(v117.cluster.config.slotsPerWorker).toBe(1);
  });

  it('from totalResources + numberOfTaskSlots (slots default to 1)', () => {
    const s = one({ cluster: cluster() });
    expect(decimalToNumber(s.cluster.config.defaultWorker.cpuCores)).toBe(4);
    expect(s.cluster.config.slotsPerWorker).toBe(4);
    expect(
      one({ cluster: { defaultWorker: { totalResources: { cpuCores: 2, taskHeapMemory: '1g' } } } }).cluster.config.slotsPerWorker,
    ).toBe(1);
  });

  it('from the first TaskManager when there is no defaultWorker', () => {
    const s = one({
      cluster: {
        taskManagers: [
          { id: 'x', totalResources: { cpuCores: 8, taskHeapMemory: '8g' }, numberOfTaskSlots: 8 },
          { id: 'y', totalResources: { cpuCores: 1, taskHeapMemory: '1g' } },
        ],
      },
    });
    expect(decimalToNumber(s.cluster.config.defaultWorker.cpuCores)).toBe(8);
    expect(s.cluster.config.slotsPerWorker).toBe(8);
  });
});

describe('cluster defaults and options', () => {
  it('standalone by default; "fails" is standalone too; active when asked', () => {
    expect(one({ cluster: cluster() }).cluster.config.resourceAllocation).toBe('standalone');
    expect(one({ cluster: cluster({ resourceAllocation: 'fails' }) }).cluster.config.resourceAllocation).toBe('standalone');
    expect(one({ cluster: cluster({ resourceAllocation: 'active' }) }).cluster.config.resourceAllocation).toBe('active');
  });

  it('Flink’s defaults for the timeouts and delays, the simulation’s for worker start-up', () => {
    const c = one({ cluster: cluster() }).cluster;
    expect(c.config).toMatchObject({
      taskManagerTimeout: 30_000,
      requirementCheckDelay: 50,
      declareNeededResourceDelay: 50,
      redundantTaskManagers: 0,
      evenlySpread: false,
      minTotalMemory: 0n,
    });
    expect(decimalToNumber(c.config.minTotalCpu)).toBe(0);
    expect(c.config.maxTotalCpu).toBeUndefined();
    expect(c.config.maxTotalMemory).toBeUndefined();
    expect(c.config.maxSlots).toBeUndefined();
    expect(c.slotIdleTimeout).toBe(50_000);
    expect(c.workerStartupLatency).toBe(10_000);
    // resourcemanager.standalone.start-up-time defaults to slot.request.timeout (5 min).
    expect(c.standaloneStartupTime).toBe(300_000);
    expect(c.strategyResult).toBeUndefined();
    expect(c.pendingTaskManagers).toEqual([]);
  });

  it('options: durations, limits, spreading', () => {
    const c = one({
      cluster: cluster({
        resourceAllocation: 'active',
        options: {
          taskManagerTimeout: '1 min',
          requirementCheckDelay: '10ms',
          declareNeededResourceDelay: 0,
          slotIdleTimeout: '5 s',
          workerStartupLatency: '2s',
          standaloneStartupTime: 1000,
          maxTotalCpu: 12.5,
          maxTotalMemory: '10g',
          maxSlots: 7,
          redundantTaskManagers: 2,
          loadBalanceMode: 'SLOTS',
        },
      }),
    }).cluster;
    expect(c.config).toMatchObject({
      taskManagerTimeout: 60_000,
      requirementCheckDelay: 10,
      declareNeededResourceDelay: 0,
      maxTotalMemory: 10n * 1024n ** 3n,
      maxSlots: 7,
      redundantTaskManagers: 2,
      evenlySpread: true,
    });
    expect(decimalToNumber(c.config.maxTotalCpu!)).toBe(12.5);
    expect([c.slotIdleTimeout, c.workerStartupLatency, c.standaloneStartupTime]).toEqual([5000, 2000, 1000]);
  });

  it('evenly spread from any of its three spellings', () => {
    const spread = (options: Raw, flinkVersion?: string): boolean =>
      one({ ...(flinkVersion ? { flinkVersion } : {}), cluster: cluster({ options }) }).cluster.config.evenlySpread;
    expect(spread({ evenlySpreadOutSlots: true }, '1.20')).toBe(true);
    expect(spread({ evenlySpreadOutSlots: true })).toBe(false); // cluster.evenly-spread-out-slots is gone in 2.0
    expect(spread({ loadBalanceMode: 'SLOTS' })).toBe(true);
    expect(spread({ slotMatchingStrategy: 'LEAST_UTILIZATION' })).toBe(true);
    expect(spread({ loadBalanceMode: 'TASKS' })).toBe(false);
    expect(spread({ slotMatchingStrategy: 'ANY_MATCHING' })).toBe(false);
  });

  it('minSlots derives the minimum CPU from the worker: 4 CPU / 4 slots × 6 slots = 6 CPU', () => {
    const active = (options: Raw): Raw => cluster({ resourceAllocation: 'active', options });
    expect(decimalToNumber(one({ cluster: active({ minSlots: 6 }) }).cluster.config.minTotalCpu)).toBe(6);
    expect(decimalToNumber(one({ cluster: active({ minSlots: 6, minTotalCpu: 1 }) }).cluster.config.minTotalCpu)).toBe(1);
  });

  it('a standalone ResourceManager drops the options Flink drops for its release, with a warning each', () => {
    const options = { maxSlots: 4, maxTotalCpu: 2, maxTotalMemory: '1g', minSlots: 2, redundantTaskManagers: 1 };
    const read = (version: string): Scenario => one({ flinkVersion: version, cluster: cluster({ options }) });
    const dropped = (s: Scenario): string[] =>
      s.notes.filter((n) => n.code === 'scenario/ignored-in-standalone').map((n) => n.location!.pointer);
    // StandaloneResourceManagerFactory: number-of-slots.max since 1.11, max-total-resource.* since 1.18, the minimums since 1.19.
    expect(dropped(read('1.17'))).toEqual(['/cluster/options/maxSlots']);
    expect(dropped(read('1.18'))).toEqual(['/cluster/options/maxSlots', '/cluster/options/maxTotalCpu', '/cluster/options/maxTotalMemory']);
    const newest = read('2.2');
    expect(dropped(newest)).toEqual([
      '/cluster/options/maxSlots',
      '/cluster/options/maxTotalCpu',
      '/cluster/options/maxTotalMemory',
      '/cluster/options/minSlots',
    ]);
    expect(newest.cluster.config.maxSlots).toBeUndefined();
    expect(newest.cluster.config.maxTotalCpu).toBeUndefined();
    expect(newest.cluster.config.redundantTaskManagers).toBe(1);
    expect(newest.notes[0]!.severity).toBe('warning');
    expect(newest.notes[0]!.message).toBe(
      'options.maxSlots (slotmanager.number-of-slots.max) is ignored: a standalone ResourceManager removes it, as Flink logs "Config option slotmanager.number-of-slots.max will be ignored in standalone mode."',
    );
    const active = one({ flinkVersion: '2.2', cluster: cluster({ resourceAllocation: 'active', options }) });
    expect([active.cluster.config.maxSlots, active.notes]).toEqual([4, []]);
  });
});

describe('jobs and events', () => {
  it('jobs keep their order, submit and finish times', () => {
    const s = one({
      cluster: cluster(),
      jobs: [
        { id: 'b', requirements: [], submitAt: '2 s', finishAt: '1 min' },
        { id: 'a', requirements: [{ profile: 'UNKNOWN', count: 2 }] },
      ],
    });
    expect(s.jobs.map((j) => [j.id, j.submitAt, j.finishAt, j.requirements.length])).toEqual([
      ['b', 2000, 60_000, 0],
      ['a', undefined, undefined, 1],
    ]);
  });

  it('events without `at` happen at the current time; advanceTime moves it', () => {
    const s = one({
      cluster: cluster({ taskManagers: [{ id: 'tm', count: 2 }] }),
      jobs: [{ id: 'j', requirements: [] }],
      events: [
        { registerTaskManager: 'tm-1' },
        { at: '1 s', unregisterTaskManager: 'tm-1' },
        { advanceTime: 500 },
        { registerTaskManager: ['tm-1', 'tm-2'] },
        { at: '3 s', finishJob: 'j' },
        { clearRequirements: 'j' },
      ],
    });
    expect(s.events.map((e) => [e.time, e.event.kind, e.pointer])).toEqual([
      [0, 'registerTaskManager', '/events/0'],
      [1000, 'unregisterTaskManager', '/events/1'],
      [1500, 'registerTaskManager', '/events/3'],
      [1500, 'registerTaskManager', '/events/3'],
      [3000, 'finishJob', '/events/4'],
      [3000, 'clearRequirements', '/events/5'],
    ]);
  });

  it('a declare event makes a job known; equal times are in order', () => {
    const s = one({
      cluster: cluster(),
      events: [
        { at: 10, declare: { x: [{ profile: 'UNKNOWN', count: 1 }], y: [] } },
        { at: 10, clearRequirements: 'x' },
      ],
    });
    expect(s.events.map((e) => [e.time, e.event.kind, 'job' in e.event ? e.event.job : ''])).toEqual([
      [10, 'declare', 'x'],
      [10, 'declare', 'y'],
      [10, 'clearRequirements', 'x'],
    ]);
  });

  it('variants: one scenario each, events replaced, options merged, labels', () => {
    const r = read({
      cluster: cluster({ resourceAllocation: 'active', options: { taskManagerTimeout: '1 s', maxSlots: 3 } }),
      events: [{ declare: { j: [] } }],
      variants: [
        { name: 'first', options: { maxSlots: 5 } },
        { taskManagers: [{ id: 'v' }], events: [] },
      ],
    });
    if (!r.ok) throw new Error('diagnostics');
    expect(
      r.value.map((s) => [s.variant, s.cluster.config.maxSlots, s.cluster.config.taskManagerTimeout, s.events.length, ids(s)]),
    ).toEqual([
      ['first', 5, 1000, 1, []],
      ['variant 2', 3, 1000, 0, ['v']],
    ]);
  });

  it('a cluster file takes the jobs from the caller (extraJobs)', () => {
    const r = readScenario(cluster(), true, {
      flinkVersion: DEFAULT_FLINK_VERSION,
      planJobGraph: noJobGraphs,
      extraJobs: [{ id: 'cli', requirements: [], submitAt: 0, finishAt: undefined, vertices: undefined, source: 'x.yaml', pointer: '' }],
    });
    if (!r.ok) throw new Error('diagnostics');
    expect(r.value[0]!.jobs.map((j) => j.id)).toEqual(['cli']);
    expect(r.value[0]!.name).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

describe('located errors (readScenario)', () => {
  it('unknown profile names list the known ones', () => {
    expect(
      errors({ profiles: { s: { cpuCores: 1 } }, cluster: cluster(), jobs: [{ id: 'j', requirements: [{ profile: 'l', count: 1 }] }] }),
    ).toEqual([['scenario/unknown-profile', "unknown profile 'l' (profiles: s)", '/jobs/0/requirements/0/profile']]);
    expect(errors({ cluster: cluster(), jobs: [{ id: 'j', requirements: [{ profile: 'l x2', count: 1 }] }] })).toEqual([
      ['scenario/unknown-profile', "unknown profile 'l' (the file defines no profiles)", '/jobs/0/requirements/0/profile'],
    ]);
  });

  it('a TaskManager total or worker must give amounts', () => {
    expect(errors({ cluster: { defaultWorker: { totalResources: 'UNKNOWN' } } })).toEqual([
      ['scenario/profile', 'the default worker must give resource amounts, not UNKNOWN', '/cluster/defaultWorker/totalResources'],
    ]);
    expect(errors({ cluster: cluster({ taskManagers: [{ id: 't', totalResources: 'ANY' }] }) })).toEqual([
      ['scenario/profile', 'a TaskManager total must give resource amounts, not ANY', '/cluster/taskManagers/0/totalResources'],
    ]);
  });

  it('no default worker and no TaskManager total', () => {
    const [e] = errors({ cluster: { taskManagers: [{ id: 'tm' }] } });
    expect(e![0]).toBe('scenario/default-worker');
    expect(e![2]).toBe('/cluster');
    expect(e![1]).toContain('the cluster needs defaultWorker');
  });

  it('a default slot larger than the TaskManager (fine-grained)', () => {
    expect(
      errors({
        flinkVersion: '1.20',
        cluster: cluster({
          taskManagers: [
            { id: 't', totalResources: { cpuCores: 1, taskHeapMemory: '1g' }, defaultSlotResources: { cpuCores: 1, taskHeapMemory: '2g' } },
          ],
        }),
      }),
    ).toEqual([
      [
        'scenario/impossible-task-manager',
        'the default slot does not fit into the TaskManager total: it could never offer a slot',
        '/cluster/taskManagers/0/defaultSlotResources',
      ],
    ]);
  });

  it('static TaskManagers: no slots, or more allocated slots than slots', () => {
    expect(errors({ flinkVersion: '1.17', cluster: cluster({ taskManagers: [{ id: 't', numberOfTaskSlots: 0 }] }) })).toEqual([
      [
        'scenario/impossible-task-manager',
        'a TaskManager with static slots needs numberOfTaskSlots ≥ 1',
        '/cluster/taskManagers/0/numberOfTaskSlots',
      ],
    ]);
    expect(
      errors({
        flinkVersion: '1.17',
        cluster: cluster({ taskManagers: [{ id: 't', numberOfTaskSlots: 1, initialAllocatedSlots: [{ job: 'a' }, { job: 'b' }] }] }),
      }),
    ).toEqual([
      [
        'scenario/impossible-task-manager',
        '2 allocated slots on a TaskManager with 1 slots',
        '/cluster/taskManagers/0/initialAllocatedSlots',
      ],
    ]);
  });

  it('duplicate TaskManager ids, also from templates', () => {
    expect(errors({ cluster: cluster({ taskManagers: [{ id: 'a' }, { id: 'a' }] }) })).toEqual([
      ['scenario/duplicate-task-manager', "TaskManager id 'a' is used twice", '/cluster/taskManagers/1/id'],
    ]);
    expect(errors({ cluster: cluster({ taskManagers: [{ id: 'tm-2' }, { id: 'tm', count: 2 }] }) })).toEqual([
      ['scenario/duplicate-task-manager', "TaskManager id 'tm-2' is used twice", '/cluster/taskManagers/1/id'],
    ]);
  });

  it('duplicate jobs, jobs without requirements', () => {
    expect(
      errors({
        cluster: cluster(),
        jobs: [
          { id: 'a', requirements: [] },
          { id: 'a', requirements: [] },
        ],
      }),
    ).toEqual([['scenario/duplicate-job', "job id 'a' is used twice", '/jobs/1/id']]);
    expect(errors({ cluster: cluster(), jobs: [{ id: 'a' }] })).toEqual([
      ['scenario/job', "job 'a' needs requirements or a jobGraph", '/jobs/0'],
    ]);
  });

  it('events naming unknown TaskManagers (with the known ones) or jobs', () => {
    const c = cluster({ taskManagers: [{ id: 'tm', count: 2 }] });
    expect(errors({ cluster: c, events: [{ registerTaskManager: ['tm-1', 'tm-9'] }] })).toEqual([
      [
        'scenario/unknown-task-manager',
        "no TaskManager 'tm-9' in the cluster (TaskManagers: tm-1, tm-2)",
        '/events/0/registerTaskManager/1',
      ],
    ]);
    expect(errors({ cluster: cluster(), events: [{ unregisterTaskManager: 'x' }] })).toEqual([
      ['scenario/unknown-task-manager', "no TaskManager 'x' in the cluster", '/events/0/unregisterTaskManager'],
    ]);
    expect(errors({ cluster: c, jobs: [{ id: 'j', requirements: [] }], events: [{ finishJob: 'k' }] })).toEqual([
      [
        'scenario/unknown-job',
        "no job 'k' in the scenario (jobs are declared in jobs, by a declare event, or by slots)",
        '/events/0/finishJob',
      ],
    ]);
    expect(errors({ cluster: c, jobs: [{ id: 'j', requirements: [] }], events: [{ freeSlot: { 'tm-1': 'k' } }] })).toEqual([
      [
        'scenario/unknown-job',
        "no job 'k' in the scenario (jobs are declared in jobs, by a declare event, or by slots)",
        '/events/0/freeSlot/tm-1',
      ],
    ]);
  });

  it('submitJob / finishJob need a job from jobs, not only a declared one', () => {
    expect(errors({ cluster: cluster(), events: [{ declare: { x: [] } }, { submitJob: 'x' }] })).toEqual([
      ['scenario/unknown-job', "submitJob names 'x', which is not in jobs", '/events/1/submitJob'],
    ]);
  });

  it('events with no verb or two verbs', () => {
    const [none] = errors({ cluster: cluster(), events: [{ at: 5 }] });
    expect(none!.slice(0, 1).concat(none![2]!)).toEqual(['scenario/event', '/events/0']);
    expect(none![1]).toMatch(/^an event names exactly one of declare, /);
    const [two] = errors({
      cluster: cluster({ taskManagers: [{ id: 'tm' }] }),
      events: [{ registerTaskManager: 'tm', unregisterTaskManager: 'tm' }],
    });
    expect(two![1]).toContain('(this one names registerTaskManager and unregisterTaskManager)');
  });

  it('events out of time order', () => {
    expect(
      errors({
        cluster: cluster({ taskManagers: [{ id: 'tm' }] }),
        events: [{ at: '2 s', registerTaskManager: 'tm' }, { advanceTime: '1 s' }, { at: '2500 ms', unregisterTaskManager: 'tm' }],
      }),
    ).toEqual([
      // advanceTime moved the clock from 2 s to 3 s: an event at 2.5 s is late.
      ['scenario/event-order', 'event at 2500 ms comes before the previous event (3000 ms): events are in time order', '/events/2/at'],
    ]);
    expect(
      errors({
        cluster: cluster({ taskManagers: [{ id: 'tm' }] }),
        events: [
          { at: 20, registerTaskManager: 'tm' },
          { at: 10, unregisterTaskManager: 'tm' },
        ],
      }),
    ).toEqual([
      ['scenario/event-order', 'event at 10 ms comes before the previous event (20 ms): events are in time order', '/events/1/at'],
    ]);
  });

  it('bad durations, memory sizes and versions', () => {
    expect(errors({ cluster: cluster(), until: 'soon' })).toEqual([
      ['scenario/duration', `'soon' is not a duration (milliseconds, or e.g. "50 ms", "30 s", "5 min")`, '/until'],
    ]);
    // Active: a standalone ResourceManager drops maxTotalMemory before it is read, as Flink does.
    const [memory] = errors({ cluster: cluster({ resourceAllocation: 'active', options: { maxTotalMemory: '1.5g' } }) });
    expect([memory![0], memory![2]]).toEqual(['input/memory-size', '/cluster/options/maxTotalMemory']);
    expect(memory![1]).toContain("Could not parse memory size '1.5g'");
    expect(errors({ flinkVersion: 'abc', cluster: cluster() })).toEqual([
      [
        'input/flink-version',
        "flinkVersion 'abc' is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2)",
        '/flinkVersion',
      ],
    ]);
    expect(errors({ cluster: cluster({ flinkVersion: 'x' }) })).toEqual([
      [
        'input/flink-version',
        "flinkVersion 'x' is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2)",
        '/cluster/flinkVersion',
      ],
    ]);
  });

  it('an active ResourceManager needs a positive taskManagerTimeout', () => {
    expect(errors({ cluster: cluster({ resourceAllocation: 'active', options: { taskManagerTimeout: 0 } }) })).toEqual([
      [
        'scenario/options',
        'taskManagerTimeout must be positive with an active ResourceManager: it is the period of the idle check',
        '/cluster/options/taskManagerTimeout',
      ],
    ]);
    expect(one({ cluster: cluster({ options: { taskManagerTimeout: 0 } }) }).cluster.config.taskManagerTimeout).toBe(0);
  });

  it('a Flink configuration that does not derive a TaskManager', () => {
    const [e] = errors({ cluster: { defaultWorker: { flinkConfiguration: { 'taskmanager.numberOfTaskSlots': 2 } } } });
    expect(e![0]).toBe('config/memory');
    expect(e![2]).toBe('/cluster/defaultWorker/flinkConfiguration');
    expect(e![1]).toContain('need to be configured explicitly');
  });

  it('a job graph that does not plan passes the planner’s diagnostics through', () => {
    expect(errors({ cluster: cluster(), jobs: [{ id: 'g', jobGraph: 'g.yaml' }] })).toEqual([
      ['scenario/job-graph', 'no job graph g.yaml', '/jobs/0/jobGraph'],
    ]);
  });

  it('reports every problem at once, each once', () => {
    const es = errors({
      cluster: cluster({ taskManagers: [{ id: 'a' }, { id: 'a' }] }),
      jobs: [{ id: 'j', requirements: [{ profile: 'nope', count: 1 }] }],
      events: [
        { at: 5, unregisterTaskManager: 'z' },
        { at: 1, finishJob: 'q' },
      ],
      variants: [{ name: 'v1' }, { name: 'v2' }],
    });
    // Once each although two variants read the same cluster and events.
    expect(es.map((e) => [e[0], e[2]]).sort((a, b) => a[1]!.localeCompare(b[1]!))).toEqual([
      ['scenario/duplicate-task-manager', '/cluster/taskManagers/1/id'],
      ['scenario/unknown-task-manager', '/events/0/unregisterTaskManager'],
      ['scenario/event-order', '/events/1/at'],
      ['scenario/unknown-job', '/events/1/finishJob'],
      ['scenario/unknown-profile', '/jobs/0/requirements/0/profile'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// simulate.ts: text in
// ---------------------------------------------------------------------------------------------

function diagnostics(r: Result<unknown>): Diagnostic[] {
  if (r.ok) throw new Error('expected diagnostics');
  return r.diagnostics;
}

describe('simulateScenario / simulateJobsOnCluster (text in)', () => {
  const SCENARIO =
    'cluster:\n  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}\n  taskManagers: [{id: tm}]\njobs:\n  - {id: j, jobGraph: job.yaml}\n';
  const JOB = 'name: j\nvertices:\n  - {id: a, parallelism: 2}\n  - {id: b, parallelism: 1}\nedges:\n  - {source: a, target: b}\n';

  it('YAML syntax errors are located', () => {
    const [d] = diagnostics(simulateScenario({ text: 'cluster: {a: [1,\n', file: 's.yaml' }));
    expect(d!.code).toBe('input/syntax');
    expect(d!.location?.file).toBe('s.yaml');
    expect(d!.location?.line).toBe(2);
  });

  it('schema errors are located at the key', () => {
    const [d] = diagnostics(simulateScenario({ text: 'cluster:\n  taskManger: []\n', file: 's.yaml' }));
    expect([d!.code, d!.location?.line, d!.location?.column, d!.location?.pointer]).toEqual([
      'input/unknown-key',
      2,
      3,
      '/cluster/taskManger',
    ]);
  });

  it('scenario errors are located in the scenario text', () => {
    const [d] = diagnostics(
      simulateScenario({
        text: 'cluster:\n  defaultWorker: {totalResources: {cpuCores: 1}}\njobs:\n  - {id: j, requirements: [{profile: big, count: 1}]}\n',
        file: 's.yaml',
      }),
    );
    expect([d!.code, d!.location?.file, d!.location?.line, d!.location?.column]).toEqual(['scenario/unknown-profile', 's.yaml', 4, 38]);
  });

  it('a job graph file that cannot be read, with and without a loader', () => {
    const cases = [
      [{}, 'no reader given'],
      [{ loadJobGraph: () => ({ reason: 'no such file' }) }, 'no such file'],
    ] as const;
    for (const [options, reason] of cases) {
      const [d] = diagnostics(simulateScenario({ text: SCENARIO, file: 's.yaml' }, options));
      expect([d!.code, d!.message, d!.location?.line, d!.location?.column, d!.location?.pointer]).toEqual([
        'scenario/job-graph',
        `cannot read the job graph file 'job.yaml': ${reason}`,
        5,
        23,
        '/jobs/0/jobGraph',
      ]);
    }
  });

  it('a job graph that loads is planned: its requirements and vertices reach the report', () => {
    const seen: string[] = [];
    const r = simulateScenario(
      { text: SCENARIO, file: 's.yaml' },
      { loadJobGraph: (p) => (seen.push(p), { text: JOB, file: 'dir/job.yaml' }) },
    );
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('; '));
    expect(seen).toEqual(['job.yaml']);
    const job = r.value[0]!.jobs[0]!;
    expect([job.id, job.source, job.verdict, job.requirements]).toEqual(['j', 'job.yaml', 'met', [{ profile: 'UNKNOWN', count: 2 }]]);
  });

  it('errors in a job graph are located in the job graph file', () => {
    const r = simulateScenario(
      { text: SCENARIO, file: 's.yaml' },
      { loadJobGraph: () => ({ text: 'name: j\nvertices:\n  - {id: a, parallelism: 0}\n', file: 'dir/job.yaml' }) },
    );
    const [d] = diagnostics(r);
    expect([d!.code, d!.location?.file, d!.location?.line]).toEqual(['input/parallelism', 'dir/job.yaml', 3]);
  });

  it('--flink-version must parse; it replaces the file’s version', () => {
    expect(
      diagnostics(
        simulateScenario({ text: 'cluster: {defaultWorker: {totalResources: {cpuCores: 1}}}\n', file: 's.yaml' }, { flinkVersion: 'x' }),
      ).map((d) => [d.code, d.message]),
    ).toEqual([
      ['input/flink-version', "--flink-version 'x' is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2)"],
    ]);
    const r = simulateScenario(
      { text: 'cluster: {defaultWorker: {totalResources: {cpuCores: 1}}}\n', file: 's.yaml' },
      { flinkVersion: '1.16' },
    );
    expect(r.ok && [r.value[0]!.flinkVersion, r.value[0]!.slotManager]).toEqual(['1.16', 'declarative']);
    const over = simulateScenario(
      { text: 'flinkVersion: "1.20"\ncluster: {defaultWorker: {totalResources: {cpuCores: 1}}}\n', file: 's.yaml' },
      { flinkVersion: '1.16' },
    );
    expect(over.ok && [over.value[0]!.flinkVersion, over.value[0]!.flinkVersionSource, over.value[0]!.slotManager]).toEqual([
      '1.16',
      'option',
      'declarative',
    ]);
  });

  it('the trace only with trace: true', () => {
    const text = 'cluster: {defaultWorker: {totalResources: {cpuCores: 1}}, taskManagers: [{id: t}]}\n';
    const without = simulateScenario({ text, file: 's.yaml' });
    const withTrace = simulateScenario({ text, file: 's.yaml' }, { trace: true });
    expect(without.ok && without.value[0]!.trace).toBeUndefined();
    expect(withTrace.ok && withTrace.value[0]!.trace!.map((t) => [t.time, t.kind])).toEqual([[0, 'register']]);
  });

  it('simulateJobsOnCluster: ids from job names, repeated names numbered, declared in order', () => {
    const r = simulateJobsOnCluster(
      {
        text: 'defaultWorker: {totalResources: {cpuCores: 8, taskHeapMemory: 8g}, numberOfTaskSlots: 8}\ntaskManagers: [{id: tm}]\n',
        file: 'c.yaml',
      },
      [
        { text: JOB, file: 'a/job.yaml' },
        { text: JOB, file: 'b\\job.yaml' },
        { text: JOB.replace('name: j', 'name: k'), file: 'other.JSON' },
        { text: JOB.replace('name: j\n', ''), file: 'dir/unnamed.yml' },
      ],
    );
    if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('; '));
    expect(r.value[0]!.jobs.map((j) => [j.id, j.source, j.verdict])).toEqual([
      ['j', 'a/job.yaml', 'met'],
      ['j-2', 'b\\job.yaml', 'met'],
      ['k', 'other.JSON', 'met'],
      ['unnamed', 'dir/unnamed.yml', 'met'],
    ]);
  });

  it('simulateJobsOnCluster: every job graph’s problems, located in its own file', () => {
    const bad = 'name: j\nvertices:\n  - {id: a, parallelism: 0}\n';
    const ds = diagnostics(
      simulateJobsOnCluster({ text: 'defaultWorker: {totalResources: {cpuCores: 1}}\n', file: 'c.yaml' }, [
        { text: bad, file: 'x.yaml' },
        { text: JOB, file: 'ok.yaml' },
        { text: bad, file: 'y.yaml' },
      ]),
    );
    expect(ds.map((d) => [d.code, d.location?.file])).toEqual([
      ['input/parallelism', 'x.yaml'],
      ['input/parallelism', 'y.yaml'],
    ]);
  });

  it('planJob: requirements as `plan` computes them, vertices with their slot sharing group', () => {
    const r = planJob({
      text: 'name: j\nvertices:\n  - {id: a, parallelism: 3}\n  - {id: b, parallelism: 2, slotSharingGroup: other, minParallelism: 2}\nedges:\n  - {source: a, target: b}\n',
      file: 'j.yaml',
    });
    if (!r.ok) throw new Error('plan failed');
    // Groups "default" (3) and "other" (2), both UNKNOWN: one requirement of 5.
    expect(r.value.requirements.map((x) => [x.profile.kind, x.count])).toEqual([['UNKNOWN', 5]]);
    expect(r.value.vertices).toEqual([
      { id: 'a', parallelism: 3, minParallelism: 1, slotSharingGroup: 'default' },
      { id: 'b', parallelism: 2, minParallelism: 2, slotSharingGroup: 'other' },
    ]);
  });
});

describe('fixes from review', () => {
  it('rejects a Flink version older than 1.10; a newer one than 2.2 gets 2.2’s rules and a warning', () => {
    expect(errors({ flinkVersion: '1.9', cluster: cluster() })).toEqual([
      [
        'input/flink-version',
        "flinkVersion '1.9': Flink 1.9 is older than the oldest release flinkslot models (1.10 to 2.2)",
        '/flinkVersion',
      ],
    ]);
    const newer = one({ flinkVersion: '2.5', cluster: cluster() });
    expect([newer.flinkVersion, newer.flinkVersionSource, newer.cluster.slotManager]).toEqual(['2.5', 'file', 'fine-grained']);
    expect(newer.notes.map((n) => [n.code, n.severity, n.message])).toEqual([
      [
        'input/flink-version-newer',
        'warning',
        "flinkVersion '2.5': Flink 2.5 is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply",
      ],
    ]);
  });
});
