/**
 * A TaskManager's total ResourceProfile and its default slot profile
 * (`TaskExecutorResourceUtils.generateTotalAvailableResourceProfile / generateDefaultSlotResourceProfile`,
 * flink-notes/formats-and-memory.md §4 and the §9 slot-split table): CPU = taskmanager.cpu.cores,
 * else the number of slots; bytes divided by integer division; CPU divided with BigDecimal scale 16,
 * RoundingMode.DOWN; framework memory, metaspace and overhead are not part of the profile.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../../support/thrown.js';
import { memoryFromText } from '../../../src/index.js';
import type { FlinkConfiguration } from '../../../src/memory/flink-configuration.js';
import { taskManagerSetup } from '../../../src/memory/memory-from-configuration.js';
import { type TaskManagerResources, computeTaskManagerResources } from '../../../src/memory/slot-resources.js';
import { computeTaskExecutorMemory } from '../../../src/memory/task-executor-memory.js';
import { type Decimal, compareDecimal, decimalFromString, decimalToString } from '../../../src/model/decimal.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';
import type { SpecifiedProfile } from '../../../src/model/resource-profile.js';

const NEWEST: FlinkVersion = { major: 2, minor: 2 };
const V1_17: FlinkVersion = { major: 1, minor: 17 };
const V1_11: FlinkVersion = { major: 1, minor: 11 };
const E_CPU = 'TaskExecutors need to be started with a positive number of CPU cores. Please configure taskmanager.cpu.cores accordingly.';
const PREFIX = 'TaskManager memory configuration failed: ';

function conf(entries: Record<string, string>): FlinkConfiguration {
  return new Map(Object.entries(entries));
}

function resources(entries: Record<string, string>, version: FlinkVersion = NEWEST): TaskManagerResources {
  const config = conf(entries);
  return computeTaskManagerResources(config, version, computeTaskExecutorMemory(config, version));
}

function w1(extra: Record<string, string> = {}): Record<string, string> {
  return { 'taskmanager.memory.process.size': '1728m', ...extra };
}

interface Expected {
  cpu: string;
  taskHeap: bigint;
  taskOffHeap: bigint;
  managed: bigint;
  network: bigint;
}

function expectProfile(p: SpecifiedProfile, e: Expected): void {
  expect(p.kind).toBe('SPECIFIED');
  // Resource equality ignores the BigDecimal scale (compareTo)
  expect(compareDecimal(p.cpuCores, decimalFromString(e.cpu)), `cpu ${decimalToString(p.cpuCores)} vs ${e.cpu}`).toBe(0);
  expect(p.taskHeapMemory).toBe(e.taskHeap);
  expect(p.taskOffHeapMemory).toBe(e.taskOffHeap);
  expect(p.managedMemory).toBe(e.managed);
  expect(p.networkMemory).toBe(e.network);
  expect(p.extendedResources.size).toBe(0);
}

describe('W1 (process 1728m) slot split, §9 table', () => {
  const total: Omit<Expected, 'cpu'> = { taskHeap: 402653174n, taskOffHeap: 0n, managed: 536870920n, network: 134217730n };

  it.each([
    [1, { cpu: '1', taskHeap: 402653174n, taskOffHeap: 0n, managed: 536870920n, network: 134217730n }],
    [2, { cpu: '1', taskHeap: 201326587n, taskOffHeap: 0n, managed: 268435460n, network: 67108865n }],
    [4, { cpu: '1', taskHeap: 100663293n, taskOffHeap: 0n, managed: 134217730n, network: 33554432n }],
  ] as const)('%i slot(s): cpu = slots when cpu.cores is unset; each field / slots', (slots, perSlot) => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': String(slots) }));
    expect(r.numberOfTaskSlots).toBe(slots);
    expectProfile(r.totalResourceProfile, { cpu: String(slots), ...total });
    expectProfile(r.defaultSlotResourceProfile, perSlot);
  });

  it('the TM total resource excludes framework heap/off-heap, metaspace and overhead', () => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': '4' }));
    const t = r.totalResourceProfile;
    expect(t.taskHeapMemory + t.taskOffHeapMemory + t.managedMemory + t.networkMemory).toBe(1342177280n - 2n * 134217728n);
  });

  it('4 slots: REST totalResource in MiB (bytes >> 20) is heap 383, managed 512, network 128', () => {
    const t = resources(w1({ 'taskmanager.numberOfTaskSlots': '4' })).totalResourceProfile;
    expect([t.taskHeapMemory >> 20n, t.managedMemory >> 20n, t.networkMemory >> 20n]).toEqual([383n, 512n, 128n]);
  });

  it('1-slot W1 slot profile equals the total profile, whatever the Flink version >= 1.11', () => {
    for (const version of [V1_11, V1_17, NEWEST]) {
      const r = resources(w1(), version);
      expectProfile(r.defaultSlotResourceProfile, { cpu: '1', ...total });
    }
  });
});

describe('explicit taskmanager.cpu.cores', () => {
  it('cpu.cores 2 with 3 slots → 0.66666666 per slot from 1.14 (Resource keeps 8 decimals), 0.6666666666666666 before (scale 16, RoundingMode.DOWN)', () => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': '3', 'taskmanager.cpu.cores': '2' }));
    expectProfile(r.totalResourceProfile, { cpu: '2', taskHeap: 402653174n, taskOffHeap: 0n, managed: 536870920n, network: 134217730n });
    expect(decimalToString(r.defaultSlotResourceProfile.cpuCores)).toBe('0.66666666');
    const before = resources(w1({ 'taskmanager.numberOfTaskSlots': '3', 'taskmanager.cpu.cores': '2' }), V1_11);
    expect(decimalToString(before.defaultSlotResourceProfile.cpuCores)).toBe('0.6666666666666666');
    expectProfile(r.defaultSlotResourceProfile, {
      cpu: '0.66666666',
      taskHeap: 134217724n,
      taskOffHeap: 0n,
      managed: 178956973n,
      network: 44739243n,
    });
  });

  it('cpu is truncated, not rounded: 2/3 is not 0.6666666666666667', () => {
    const slot = resources(w1({ 'taskmanager.numberOfTaskSlots': '3', 'taskmanager.cpu.cores': '2' })).defaultSlotResourceProfile;
    expect(compareDecimal(slot.cpuCores, decimalFromString('0.6666666666666667'))).toBe(-1);
  });

  it('x06: process 4g, cpu.cores 2, 3 slots (W11 memory)', () => {
    const r = resources({ 'taskmanager.memory.process.size': '4g', 'taskmanager.numberOfTaskSlots': '3', 'taskmanager.cpu.cores': '2' });
    expectProfile(r.totalResourceProfile, {
      cpu: '2.0',
      taskHeap: 1530082070n,
      taskOffHeap: 0n,
      managed: 1438814063n,
      network: 359703515n,
    });
    expectProfile(r.defaultSlotResourceProfile, {
      cpu: '0.66666666',
      taskHeap: 510027356n,
      taskOffHeap: 0n,
      managed: 479604687n,
      network: 119901171n,
    });
  });

  it.each([
    ['1', 3, '0.33333333'],
    ['1.5', 4, '0.375'],
    ['0.5', 1, '0.5'],
    ['3', 2, '1.5'],
    ['0.1', 3, '0.03333333'],
  ])('cpu.cores %s with %i slots → %s per slot', (cores, slots, perSlot) => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': String(slots), 'taskmanager.cpu.cores': cores }));
    expect(compareDecimal(r.totalResourceProfile.cpuCores, decimalFromString(cores))).toBe(0);
    const cpu: Decimal = r.defaultSlotResourceProfile.cpuCores;
    expect(compareDecimal(cpu, decimalFromString(perSlot)), decimalToString(cpu)).toBe(0);
  });

  it('task off-heap is split too', () => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': '3', 'taskmanager.memory.task.off-heap.size': '100m' }));
    expect(r.totalResourceProfile.taskOffHeapMemory).toBe(104857600n);
    expect(r.defaultSlotResourceProfile.taskOffHeapMemory).toBe(34952533n);
  });
});

describe('E-CPU (TaskExecutorProcessUtils.getCpuCoresWithFallback)', () => {
  it.each(['0', '0.0', '-1'])('cpu.cores %s is rejected', (cores) => {
    const config = conf(w1({ 'taskmanager.cpu.cores': cores }));
    const e = thrown(() => computeTaskManagerResources(config, NEWEST, computeTaskExecutorMemory(config, NEWEST)));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.message).toBe(PREFIX + E_CPU);
    expect(e.chain).toEqual([PREFIX + E_CPU, E_CPU]);
  });

  it('in 1.11 the configuration fails with the bare E-CPU message', () => {
    const setup = taskManagerSetup(conf(w1({ 'taskmanager.cpu.cores': '0' })), V1_11);
    expect(setup.ok).toBe(false);
    if (setup.ok) return;
    expect(setup.diagnostics[0]!.message).toBe(E_CPU);
  });

  it("from 1.12 it carries the processSpecFromConfig prefix: getCpuCores runs inside processSpecFromConfig's try (createMemoryProcessSpec)", () => {
    const setup = taskManagerSetup(conf(w1({ 'taskmanager.cpu.cores': '0' })), V1_17);
    expect(setup.ok).toBe(false);
    if (setup.ok) return;
    expect(setup.diagnostics[0]!.message).toBe(PREFIX + E_CPU);
  });
});

describe('ConfigurationParserUtils.getSlot: the number of slots', () => {
  const E_SLOTS = (n: number) =>
    `Invalid configuration value for taskmanager.numberOfTaskSlots : ${n} - Number of task slots must be at least one.`;

  it.each(['0', '-1', '-2'])('%s slots without cpu.cores fail on the CPU first: its fallback is the configured slot count', (slots) => {
    const config = conf(w1({ 'taskmanager.numberOfTaskSlots': slots }));
    const e = thrown(() => computeTaskManagerResources(config, NEWEST, computeTaskExecutorMemory(config, NEWEST)));
    expect(e.message).toBe(PREFIX + E_CPU);
  });

  it.each([0, -2])('%i slots with cpu.cores set fail on the slot check, without the memory prefix', (slots) => {
    const setup = taskManagerSetup(conf(w1({ 'taskmanager.numberOfTaskSlots': String(slots), 'taskmanager.cpu.cores': '2' })), NEWEST);
    expect(setup.ok).toBe(false);
    if (setup.ok) return;
    expect(setup.diagnostics[0]!.message).toBe(E_SLOTS(slots));
    expect(setup.diagnostics[0]!.location?.pointer).toBe('/taskmanager.numberOfTaskSlots');
  });

  it('-1 slots with cpu.cores set mean one slot ("many configs have been written with a -1 entry")', () => {
    const r = resources(w1({ 'taskmanager.numberOfTaskSlots': '-1', 'taskmanager.cpu.cores': '2' }));
    expect(r.numberOfTaskSlots).toBe(1);
    expect(decimalToString(r.defaultSlotResourceProfile.cpuCores)).toBe('2');
  });
});

describe('memoryFromText: profiles in the report', () => {
  it('-D taskmanager.numberOfTaskSlots=4 on the default config gives the 4-slot split', () => {
    const result = memoryFromText('taskmanager.memory.process.size: 1728m\ntaskmanager.numberOfTaskSlots: 1\n', 'flink-conf.yaml', {
      properties: ['taskmanager.numberOfTaskSlots=4'],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.numberOfTaskSlots).toBe(4);
    expect(result.value.taskManagerTotalResource).toEqual({
      cpuCores: 4,
      taskHeapMemory: 402653174,
      taskOffHeapMemory: 0,
      managedMemory: 536870920,
      networkMemory: 134217730,
      extendedResources: {},
    });
    expect(result.value.defaultSlotResourceProfile).toEqual({
      cpuCores: 1,
      taskHeapMemory: 100663293,
      taskOffHeapMemory: 0,
      managedMemory: 134217730,
      networkMemory: 33554432,
      extendedResources: {},
    });
  });
});

describe("an int option beyond Java's int (issue 27 §7: 99999999999 slots were counted)", () => {
  it.each(['99999999999', '2147483648', '-2147483649'])('taskmanager.numberOfTaskSlots %s fails as Integer.parseInt does', (slots) => {
    const config = conf(w1({ 'taskmanager.numberOfTaskSlots': slots }));
    const e = thrown(() => computeTaskManagerResources(config, NEWEST, computeTaskExecutorMemory(config, NEWEST)));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.chain).toEqual([`Could not parse value '${slots}' for key 'taskmanager.numberOfTaskSlots'.`, `For input string: "${slots}"`]);
  });

  it('2147483647, the largest int, is read', () => {
    expect(resources(w1({ 'taskmanager.numberOfTaskSlots': '2147483647' })).numberOfTaskSlots).toBe(2147483647);
  });
});
