/**
 * The options a cluster runs with (src/sim/scenario/cluster-options.ts and read-cluster.ts): the
 * ResourceManager keys of the default worker's Flink configuration, which options each release
 * has, the fine-grained SlotManager's limits derived from slot counts, and 1.18's reconcile.
 */
import { describe, expect, it } from 'vitest';
import { simulateScenario } from '../../../../src/app/simulate.js';
import { type Result, fail } from '../../../../src/errors/diagnostic.js';
import { decimalToString } from '../../../../src/model/decimal.js';
import { type PlannedJob, readScenario } from '../../../../src/sim/scenario/read-scenario.js';
import type { Scenario } from '../../../../src/sim/scenario/scenario.js';

type Raw = Record<string, unknown>;
const GiB = 1024n ** 3n;

const noJobGraphs = (): Result<PlannedJob> => fail([]);

function read(cluster: Raw, flinkVersion: string): Scenario {
  const r = readScenario({ flinkVersion, cluster }, false, { planJobGraph: noJobGraphs });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.value[0]!;
}

const warnings = (s: Scenario): Array<[string, string | undefined]> =>
  s.notes.filter((d) => d.code === 'scenario/option-not-in-version').map((d) => [d.message, d.location?.pointer]);

/** 4 CPU, 4 GiB heap, 2 GiB managed, 4 slots: a static worker total. */
const WORKER = { totalResources: { cpuCores: 4, taskHeapMemory: '4g', managedMemory: '2g' }, numberOfTaskSlots: 4 };

const configured = (extra: Raw): Raw => ({
  defaultWorker: { flinkConfiguration: { 'taskmanager.memory.process.size': '2g', 'taskmanager.numberOfTaskSlots': 2, ...extra } },
});

describe('ResourceManager keys of the Flink configuration', () => {
  it('slotmanager.* and resourcemanager.* keys become the options, as a FlinkDeployment writes them', () => {
    const s = read(
      {
        resourceAllocation: 'active',
        ...configured({
          'slotmanager.number-of-slots.max': '6',
          'slotmanager.redundant-taskmanager-num': 1,
          'resourcemanager.taskmanager-timeout': '1 min',
        }),
      },
      '1.17',
    );
    expect(s.cluster.config.maxSlots).toBe(6);
    expect(s.cluster.config.redundantTaskManagers).toBe(1);
    expect(s.cluster.config.taskManagerTimeout).toBe(60_000);
  });

  it('the deprecated slotmanager.taskmanager-timeout is read too; options win over the configuration', () => {
    const deprecated = read(configured({ 'slotmanager.taskmanager-timeout': 45000 }), '1.17');
    expect(deprecated.cluster.config.taskManagerTimeout).toBe(45_000);
    const both = read(
      { resourceAllocation: 'active', ...configured({ 'slotmanager.number-of-slots.max': 6 }), options: { maxSlots: 3 } },
      '1.17',
    );
    expect(both.cluster.config.maxSlots).toBe(3);
  });

  it("a standalone cluster still drops the limits it reads from the configuration, with Flink's warning", () => {
    const s = read(configured({ 'slotmanager.number-of-slots.max': 6 }), '1.17');
    expect(s.cluster.config.maxSlots).toBeUndefined();
    expect(s.notes.map((d) => d.code)).toContain('scenario/ignored-in-standalone');
  });
});

describe('options each release has', () => {
  it.each([
    ['minSlots', 3, '1.18', 'is new in Flink 1.19'],
    ['redundantTaskManagers', 1, '1.11', 'is new in Flink 1.12'],
    ['maxSlots', 4, '1.10', 'is new in Flink 1.11'],
    ['maxTotalCpu', 8, '1.12', 'is new in Flink 1.13'],
    ['evenlySpreadOutSlots', true, '2.0', 'was removed in Flink 2.0'],
  ])('options.%s (%s) on Flink %s is ignored: the option %s', (option, value, version, why) => {
    const s = read({ defaultWorker: WORKER, resourceAllocation: 'active', options: { [option]: value } }, version);
    expect(warnings(s)).toEqual([[expect.stringContaining(`${why} and the cluster runs Flink ${version}`), `/cluster/options/${option}`]]);
  });

  it('a key of the configuration is reported at the key', () => {
    const s = read({ resourceAllocation: 'active', ...configured({ 'slotmanager.number-of-slots.min': 2 }) }, '1.18');
    expect(warnings(s)).toEqual([
      [
        'slotmanager.number-of-slots.min is ignored: the option is new in Flink 1.19 and the cluster runs Flink 1.18',
        '/cluster/defaultWorker/flinkConfiguration/slotmanager.number-of-slots.min',
      ],
    ]);
    expect(s.cluster.config.minTotalCpu.unscaled).toBe(0n);
  });

  it('the same options pass on the release that has them', () => {
    const s = read({ defaultWorker: WORKER, resourceAllocation: 'active', options: { minSlots: 2, redundantTaskManagers: 1 } }, '1.19');
    expect(warnings(s)).toEqual([]);
    expect(s.cluster.config.redundantTaskManagers).toBe(1);
  });
});

describe('limits derived from slot counts (SlotManagerConfiguration)', () => {
  it('fine-grained: number-of-slots.max without max-total-resource.* limits CPU and memory to that many default slots', () => {
    const c = read({ defaultWorker: WORKER, resourceAllocation: 'active', options: { maxSlots: 6 } }, '1.20').cluster.config;
    expect(decimalToString(c.maxTotalCpu!)).toBe('6');
    expect(c.maxTotalMemory).toBe((6n * 6n * GiB) / 4n);
  });

  it('declarative: number-of-slots.max stays a slot count', () => {
    const c = read({ defaultWorker: WORKER, resourceAllocation: 'active', options: { maxSlots: 6 } }, '1.17').cluster.config;
    expect(c.maxSlots).toBe(6);
    expect(c.maxTotalCpu).toBeUndefined();
  });

  it("CPU is divided at the release's Resource scale: 1 CPU × 1 slot / 3 slots = 0.33333333", () => {
    const worker = { totalResources: { cpuCores: 1, taskHeapMemory: '3g' }, numberOfTaskSlots: 3 };
    const c = read({ defaultWorker: worker, resourceAllocation: 'active', options: { minSlots: 1 } }, '1.19').cluster.config;
    expect(decimalToString(c.minTotalCpu)).toBe('0.33333333');
    expect(c.minTotalMemory).toBe(GiB);
  });
});

describe('the reconcile of an empty active cluster with a redundant TaskManager', () => {
  const cluster = { resourceAllocation: 'active', ...configured({ 'slotmanager.redundant-taskmanager-num': 1 }) };
  const workers = (flinkVersion: string): number => {
    const r = simulateScenario({ text: JSON.stringify({ flinkVersion, cluster, until: '1 min' }), file: 'cluster.json' });
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
    return r.value[0]!.taskManagers.length;
  };

  it('1.18 starts none: tryReconcileClusterResources returns early when nothing can be released', () => {
    expect(workers('1.18')).toBe(0);
  });

  it.each(['1.19', '2.2'])('%s starts one at start-up (FLINK-15959 removed the short-cut)', (v) => {
    expect(workers(v)).toBe(1);
  });
});

describe('taskmanager.load-balance.mode on the fine-grained ResourceManager side', () => {
  /** tm-2 already runs a slot of another job; job "j" then asks for one slot. */
  const placement = (loadBalanceMode: string, flinkVersion = '2.2'): string[] => {
    const scenario = {
      flinkVersion,
      cluster: {
        defaultWorker: WORKER,
        options: { loadBalanceMode },
        taskManagers: [{ id: 'tm-1' }, { id: 'tm-2', initialAllocatedSlots: [{ job: 'other' }] }],
      },
      jobs: [{ id: 'j', requirements: [{ profile: 'UNKNOWN', count: 1 }] }],
    };
    const r = simulateScenario({ text: JSON.stringify(scenario), file: 'scenario.json' });
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
    return r.value[0]!.taskManagers.filter((tm) => tm.slots.some((s) => s.job === 'j')).map((tm) => tm.id);
  };

  it('NONE takes the first TaskManager that fits, SLOTS the least utilized', () => {
    expect(placement('NONE')).toEqual(['tm-1']);
    expect(placement('SLOTS')).toEqual(['tm-1']);
  });

  it('MIN_RESOURCES (2.1+) fills the most utilized TaskManager first', () => {
    expect(placement('MIN_RESOURCES')).toEqual(['tm-2']);
    expect(placement('MIN_RESOURCES', '2.1')).toEqual(['tm-2']);
  });

  it('a value the release does not know fails start-up as Flink does', () => {
    const r = simulateScenario({
      text: JSON.stringify({ flinkVersion: '2.0', cluster: { defaultWorker: WORKER, options: { loadBalanceMode: 'MIN_RESOURCES' } } }),
      file: 'scenario.json',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "Could not parse value 'MIN_RESOURCES' for key 'taskmanager.load-balance.mode': Flink 2.0 knows NONE, SLOTS (MIN_RESOURCES is new in 2.1)",
    ]);
  });
});

it('the fine-grained SlotManager before 1.18 keeps no redundant TaskManagers (FLINK-31443 came in 1.18)', () => {
  const s = read(
    { defaultWorker: WORKER, slotManager: 'fine-grained', resourceAllocation: 'active', options: { redundantTaskManagers: 2 } },
    '1.17',
  );
  expect(s.cluster.config.redundantTaskManagers).toBe(0);
  expect(warnings(s)).toEqual([
    [expect.stringContaining('keeps redundant TaskManagers from Flink 1.18'), '/cluster/options/redundantTaskManagers'],
  ]);
  const declarative = read({ defaultWorker: WORKER, resourceAllocation: 'active', options: { redundantTaskManagers: 2 } }, '1.17');
  expect(declarative.cluster.config.redundantTaskManagers).toBe(2);
});
