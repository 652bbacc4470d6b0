/**
 * The simulator benchmark's inputs: a generated cluster, jobs and timeline per case, as `Scenario`
 * values (deterministic: a seeded PRNG; see bench/simulator.ts for their shape).
 */
import { decimalFromNumber } from '../src/model/decimal.js';
import { type ResourceProfile, type SpecifiedProfile, UNKNOWN, divideIntoSlots, specified } from '../src/model/resource-profile.js';
import type {
  ClusterModel,
  JobDefinition,
  Scenario,
  ScenarioEvent,
  TaskManagerDefinition,
  TimedEvent,
} from '../src/sim/scenario/scenario.js';
import type { SlotManagerConfig, TaskManagerRegistration } from '../src/sim/slotmanager/slot-manager.js';
import { prng } from './generate.js';
import { type SimCaseSpec } from './simulator-cases.js';

// ---------------------------------------------------------------------------------------------
// Generator

const SLOTS_PER_TM = 8;
/**
 * Every size spreads its events over the same timeline and submits its jobs in the same window, so
 * the doubled input is the first one twice over, side by side: each job sees the same rate of
 * declarations, and the work per event stays the same (100,000 events: one every 10 ms, a job
 * submitted every 100 ms; 200,000: every 5 ms and 50 ms).
 */
export const TIMELINE_MS = 1_000_000;
export const SUBMIT_WINDOW_MS = 100_000;
const MIN_COUNT = 20;
const MAX_COUNT = 120;
const MAX_INITIAL_COUNT = 110;
const MIB = 1024n * 1024n;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */

export interface GeneratedInput {
  readonly scenario: Scenario;
  /** Sum of the jobs' initial counts (slots), and the cluster's slots at t = 0. */
  readonly initialDemand: number;
  readonly clusterSlots: number;
  readonly eventKinds: Record<string, number>;
  readonly spareTaskManagers: number;
  readonly timelineMs: number;
}

export function generateSimulatorInput(spec: SimCaseSpec): GeneratedInput {
  const rand = prng(spec.seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const slot = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 1024n * MIB,
    managedMemory: 512n * MIB,
    networkMemory: 128n * MIB,
  });
  const total = specified({
    cpuCores: decimalFromNumber(SLOTS_PER_TM),
    taskHeapMemory: 8n * 1024n * MIB,
    managedMemory: 8n * 512n * MIB,
    networkMemory: 8n * 128n * MIB,
  });
  const defaultSlot = divideIntoSlots(total, SLOTS_PER_TM);
  const declarative = spec.slotManager === 'declarative';
  const registration = (id: string): TaskManagerRegistration =>
    declarative
      ? { id, total, defaultSlot: slot, numberOfSlots: SLOTS_PER_TM, blocked: false, allocatedSlots: [] }
      : { id, total, defaultSlot, numberOfSlots: 0, blocked: false, allocatedSlots: [] };

  const taskManagers: TaskManagerDefinition[] = [];
  for (let i = 1; i <= spec.taskManagers; i++)
    taskManagers.push({ registration: registration(`tm-${i}`), registerAt: 0, pointer: `/cluster/taskManagers/${i - 1}` });

  const submitTime = (j: number): number => Math.floor((j * SUBMIT_WINDOW_MS) / spec.jobs);
  const requirement = (count: number): readonly { profile: ResourceProfile; count: number }[] => [{ profile: UNKNOWN, count }];
  const jobs: JobDefinition[] = [];
  const initial: number[] = [];
  for (let j = 0; j < spec.jobs; j++) {
    const count = int(MIN_COUNT, MAX_INITIAL_COUNT);
    initial.push(count);
    jobs.push({
      id: `job-${j + 1}`,
      requirements: requirement(count),
      submitAt: submitTime(j),
      finishAt: undefined,
      vertices: undefined,
      source: undefined,
      pointer: `/jobs/${j}`,
    });
  }

  // Timeline state: current counts, running jobs (submitted and not finished), live TaskManagers.
  const current = [...initial];
  const running: number[] = [];
  const runningAt = new Int32Array(spec.jobs).fill(-1);
  const addRunning = (j: number): void => {
    runningAt[j] = running.length;
    running.push(j);
  };
  const removeRunning = (j: number): void => {
    const at = runningAt[j]!;
    const last = running.pop()!;
    if (last !== j) {
      running[at] = last;
      runningAt[last] = at;
    }
    runningAt[j] = -1;
  };
  let submitted = 0;
  const live: string[] = taskManagers.map((t) => t.registration.id);
  let spares = 0;
  const comebacks: { job: number; at: number; count: number }[] = [];
  const kinds: Record<string, number> = {
    declare: 0,
    'declare (re-submit)': 0,
    finishJob: 0,
    unregisterTaskManager: 0,
    registerTaskManager: 0,
  };
  const events: TimedEvent[] = [];
  const push = (time: number, event: ScenarioEvent, kind: string): void => {
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    events.push({ time, event, pointer: `/events/${events.length}` });
  };

  for (let i = 0; i < spec.events; i++) {
    const time = Math.round(((i + 1) * TIMELINE_MS) / spec.events);
    // Jobs whose submitAt has passed are running (their submission is not a timeline event).
    while (submitted < spec.jobs && submitTime(submitted) < time) addRunning(submitted++);
    const due = comebacks.length > 0 && comebacks[0]!.at <= time ? comebacks.shift()! : undefined;
    if (due !== undefined) {
      current[due.job] = due.count;
      addRunning(due.job);
      push(time, { kind: 'declare', job: `job-${due.job + 1}`, requirements: requirement(due.count) }, 'declare (re-submit)');
      continue;
    }
    const r = rand();
    if (r < 0.0025 && live.length > 1) {
      const at = int(0, live.length - 1);
      const id = live[at]!;
      live[at] = live[live.length - 1]!;
      live.pop();
      push(time, { kind: 'unregisterTaskManager', taskManager: id }, 'unregisterTaskManager');
    } else if (r < 0.005) {
      const id = `tm-spare-${++spares}`;
      live.push(id);
      push(time, { kind: 'registerTaskManager', taskManager: id }, 'registerTaskManager');
    } else if (r < 0.025 && running.length > 1) {
      const j = running[int(0, running.length - 1)]!;
      removeRunning(j);
      const at = time + int(5_000, 60_000);
      const entry = { job: j, at, count: int(MIN_COUNT, MAX_INITIAL_COUNT) };
      let k = comebacks.length;
      while (k > 0 && comebacks[k - 1]!.at > at) k--;
      comebacks.splice(k, 0, entry);
      push(time, { kind: 'finishJob', job: `job-${j + 1}` }, 'finishJob');
    } else {
      const j = running[int(0, running.length - 1)]!;
      const cur = current[j]!;
      const delta = int(1, 15);
      const up = rand() < (cur < initial[j]! ? 0.65 : 0.35);
      let next = Math.min(MAX_COUNT, Math.max(MIN_COUNT, up ? cur + delta : cur - delta));
      if (next === cur) next = up ? cur - delta : cur + delta;
      current[j] = next;
      push(time, { kind: 'declare', job: `job-${j + 1}`, requirements: requirement(next) }, 'declare');
    }
  }
  for (let k = 1; k <= spares; k++)
    taskManagers.push({
      registration: registration(`tm-spare-${k}`),
      registerAt: undefined,
      pointer: `/cluster/taskManagers/${spec.taskManagers + k - 1}`,
    });

  const config: SlotManagerConfig = {
    defaultWorker: total as SpecifiedProfile,
    slotsPerWorker: SLOTS_PER_TM,
    resourceAllocation: spec.allocation,
    evenlySpread: false,
    redundantTaskManagers: 0,
    minTotalCpu: decimalFromNumber(0),
    minTotalMemory: 0n,
    taskManagerTimeout: 30_000,
    requirementCheckDelay: 50,
    declareNeededResourceDelay: 50,
  };
  const cluster: ClusterModel = {
    slotManager: spec.slotManager,
    config,
    taskManagers,
    pendingTaskManagers: [],
    strategyResult: undefined,
    standaloneStartupTime: 300_000,
    slotIdleTimeout: 50_000,
    workerStartupLatency: 10_000,
  };
  const scenario: Scenario = {
    name: spec.name,
    flinkVersion: '1.20',
    flinkVersionSource: 'file',
    notes: [],
    cluster,
    jobs,
    events,
    until: undefined,
    variant: undefined,
  };
  return {
    scenario,
    initialDemand: initial.reduce((a, b) => a + b, 0),
    clusterSlots: spec.taskManagers * SLOTS_PER_TM,
    eventKinds: kinds,
    spareTaskManagers: spares,
    timelineMs: TIMELINE_MS,
  };
}
