/**
 * SlotManager simulator benchmark: `runScenario` on generated clusters, jobs and timelines (part of
 * `npm run bench`; also `node dist/bench/simulator.js` alone). Not a test: it prints figures.
 *
 * Issue target: 10,000 TaskManagers × 8 slots, 1,000 jobs, 100,000 events in ≤ 1 s; the same
 * doubled (20,000 / 2,000 / 200,000) in ≤ 2.2× the first.
 *
 * Inputs (deterministic: a seeded PRNG, no Math.random; built as `Scenario` values, no file parsing):
 * - cluster: N TaskManagers registered at t = 0, each total = 8 × (1 CPU, 1 GiB task heap, 512 MiB
 *   managed, 128 MiB network), default slot = total / 8 (fine-grained: dynamic slots; declarative:
 *   8 static slots). Default worker = the same TaskManager. Flink's default delays (requirement check
 *   50 ms, declare 50 ms, TaskManager timeout 30 s, slot idle timeout 50 s, worker start-up 10 s).
 * - jobs: UNKNOWN requirements, counts 20..110 (≈ 65 slots a job, ≈ 80 % of the slots), submitted
 *   evenly over the first 100 s (one every 100 ms at 1,000 jobs).
 * - events: spread evenly over 1,000 s (one every 10 ms at 100,000), so the doubled input is the
 *   first one twice over, side by side, with the same work per event. ≈ 97 % `declare` (a submitted job's count moves 1..15 up or down within
 *   20..120, drifting back to where it started); ≈ 2 % `finishJob` of a running job, which comes
 *   back 5..60 s later through a `declare` (the re-submission is one of the events); ≈ 0.25 %
 *   `unregisterTaskManager` of a live TaskManager and ≈ 0.25 % `registerTaskManager` of a spare
 *   TaskManager (defined in the cluster without registerAt, so only the event registers it).
 *   No `freeSlot`: which TaskManager holds a job's slot is only known by simulating; lowered
 *   declarations return slots instead (the JobMaster frees the excess after slot.idle.timeout).
 *
 * Each case runs in its own child process (`--sim-case NAME`, with --expose-gc): the scenario is
 * generated once, then 1 warm-up + 3 timed `runScenario` runs without a decision trace (median; that
 * is what `flinkslot simulate` runs), then one run recording the trace (`--trace`), timed once and
 * checked against the counters, then one `buildSimulationReport(simulationOutcome(run, false))` timed on its own.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { decimalFromNumber } from '../src/model/decimal.js';
import { type ResourceProfile, type SpecifiedProfile, UNKNOWN, divideIntoSlots, specified } from '../src/model/resource-profile.js';
import { buildSimulationReport } from '../src/report/simulation-report.js';
import { runScenario, type ScenarioRun } from '../src/sim/run-scenario.js';
import { simulationOutcome } from '../src/sim/simulation-outcome.js';
import type {
  ClusterModel,
  JobDefinition,
  Scenario,
  ScenarioEvent,
  SlotManagerKind,
  TaskManagerDefinition,
  TimedEvent,
} from '../src/sim/scenario/scenario.js';
import type { ResourceAllocation, SlotManagerConfig, TaskManagerRegistration } from '../src/sim/slotmanager/slot-manager.js';

import { count, gc, mb, median, ms, table } from './format.js';
import { prng } from './generate.js';

const SELF = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Cases and targets

export interface SimCaseSpec {
  readonly name: string;
  readonly slotManager: SlotManagerKind;
  readonly allocation: ResourceAllocation;
  readonly taskManagers: number;
  readonly jobs: number;
  readonly events: number;
  readonly seed: number;
  readonly warmups: number;
  readonly runs: number;
  readonly timeoutMs: number;
}

/** Target for the first size (median runScenario), and for the doubled size relative to it. */
export const SIM_TARGET_MS = 1_000;
export const SIM_DOUBLED_RATIO = 2.2;

const base = { warmups: 1, runs: 3, timeoutMs: 600_000 } as const;
export const SIM_CASES: readonly SimCaseSpec[] = [
  {
    name: 'fg-standalone-10k',
    slotManager: 'fine-grained',
    allocation: 'standalone',
    taskManagers: 10_000,
    jobs: 1_000,
    events: 100_000,
    seed: 11,
    ...base,
  },
  {
    name: 'fg-standalone-20k',
    slotManager: 'fine-grained',
    allocation: 'standalone',
    taskManagers: 20_000,
    jobs: 2_000,
    events: 200_000,
    seed: 11,
    ...base,
  },
  {
    name: 'fg-active-10k',
    slotManager: 'fine-grained',
    allocation: 'active',
    taskManagers: 10_000,
    jobs: 1_000,
    events: 100_000,
    seed: 11,
    ...base,
  },
  {
    name: 'fg-active-20k',
    slotManager: 'fine-grained',
    allocation: 'active',
    taskManagers: 20_000,
    jobs: 2_000,
    events: 200_000,
    seed: 11,
    ...base,
  },
  {
    name: 'dsm-standalone-10k',
    slotManager: 'declarative',
    allocation: 'standalone',
    taskManagers: 10_000,
    jobs: 1_000,
    events: 100_000,
    seed: 11,
    ...base,
  },
];

/**
 * first size → doubled size, for the ratio rows. Issue 4's targets are for its input: 10,000
 * registered TaskManagers (the standalone pair). The active pair starts ~15,700 more workers on
 * top of those; its rows are shown for information, without a target.
 */
const PAIRS: readonly (readonly [string, string, boolean])[] = [
  ['fg-standalone-10k', 'fg-standalone-20k', true],
  ['fg-active-10k', 'fg-active-20k', false],
];

/** A warm-up slower than this is the only run: its time is the figure (cold), which keeps the benchmark bounded. */
const SLOW_WARMUP_MS = 30_000;
/** A doubled case is skipped when its first size took longer than this (it would only run into the timeout). */
const SKIP_DOUBLED_AFTER_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Generator

const SLOTS_PER_TM = 8;
/**
 * Every size spreads its events over the same timeline and submits its jobs in the same window, so
 * the doubled input is the first one twice over, side by side: each job sees the same rate of
 * declarations, and the work per event stays the same (100,000 events: one every 10 ms, a job
 * submitted every 100 ms; 200,000: every 5 ms and 50 ms).
 */
const TIMELINE_MS = 1_000_000;
const SUBMIT_WINDOW_MS = 100_000;
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

// ---------------------------------------------------------------------------------------------
// One case (child process)

export interface SimCaseResult {
  name: string;
  generateMs: number;
  initialDemand: number;
  clusterSlots: number;
  eventKinds: Record<string, number>;
  spareTaskManagers: number;
  timelineMs: number;
  warmupMs?: number;
  runs: number[];
  /** The warm-up was so slow that it is the only run (a cold figure). */
  coldOnly?: boolean;
  endTime?: number;
  jobsWithRequirements?: number;
  metJobs?: number;
  acquiredSlots?: number;
  registeredTaskManagers?: number;
  traceEntries?: number;
  /** One more run recording the decision trace (`simulate --trace`), timed once. */
  tracedMs?: number;
  /** Set when the traced run disagrees with the counters or the untraced outcome. */
  traceMismatch?: string;
  slotAllocations?: number;
  slotFrees?: number;
  workersStarted?: number;
  reportMs?: number;
  reportMetJobs?: number;
  heapScenarioBytes?: number;
  heapRunBytes?: number;
  peakRssBytes: number;
  failure?: { stage: string; message: string };
}

function stage(name: string): void {
  process.stderr.write(`@@stage ${name}\n`);
}

function outcomeOf(
  run: ScenarioRun,
): Pick<
  SimCaseResult,
  | 'endTime'
  | 'jobsWithRequirements'
  | 'metJobs'
  | 'acquiredSlots'
  | 'registeredTaskManagers'
  | 'slotAllocations'
  | 'slotFrees'
  | 'workersStarted'
> {
  const sm = run.slotManager;
  let withRequirements = 0;
  let met = 0;
  let acquired = 0;
  for (const j of sm.jobs()) {
    for (const a of j.acquired) acquired += a.count;
    if (j.requirements.length === 0) continue;
    withRequirements++;
    if (j.missing.length === 0) met++;
  }
  return {
    endTime: run.endTime,
    jobsWithRequirements: withRequirements,
    metJobs: met,
    acquiredSlots: acquired,
    registeredTaskManagers: sm.taskManagers().length,
    slotAllocations: sm.activity.slotsAllocated,
    slotFrees: sm.activity.slotsFreed,
    workersStarted: run.workersStarted,
  };
}

/**
 * The traced run must tell the same story: its 'allocate' entries and its SlotManager 'free'
 * entries (they start with "slot "; the JobMaster's "returns N idle excess slot(s)" do not) match
 * the counters, and its outcome matches the untraced runs'.
 */
function traceAgrees(traced: ScenarioRun, untraced: SimCaseResult): string | undefined {
  let allocations = 0;
  let frees = 0;
  for (const t of traced.sim.trace) {
    if (t.kind === 'allocate') allocations++;
    else if (t.kind === 'free' && t.message.startsWith('slot ')) frees++;
  }
  const o = outcomeOf(traced);
  if (allocations !== untraced.slotAllocations || frees !== untraced.slotFrees)
    return `trace counts ${allocations} allocations / ${frees} frees, the counters ${untraced.slotAllocations} / ${untraced.slotFrees}`;
  if (o.metJobs !== untraced.metJobs || o.acquiredSlots !== untraced.acquiredSlots || o.endTime !== untraced.endTime)
    return 'the traced run ends differently';
  return undefined;
}

function runSimCase(spec: SimCaseSpec): void {
  const result: SimCaseResult = {
    name: spec.name,
    generateMs: 0,
    initialDemand: 0,
    clusterSlots: 0,
    eventKinds: {},
    spareTaskManagers: 0,
    timelineMs: 0,
    runs: [],
    peakRssBytes: 0,
  };
  const report = (tag: '@@partial' | '@@result'): void => {
    result.peakRssBytes = process.resourceUsage().maxRSS * 1024;
    process.stdout.write(`${tag} ${JSON.stringify(result)}\n`);
  };
  let current = 'generate';
  try {
    stage(current);
    const t0 = performance.now();
    const input = generateSimulatorInput(spec);
    result.generateMs = performance.now() - t0;
    Object.assign(result, {
      initialDemand: input.initialDemand,
      clusterSlots: input.clusterSlots,
      eventKinds: input.eventKinds,
      spareTaskManagers: input.spareTaskManagers,
      timelineMs: input.timelineMs,
    });
    gc();
    result.heapScenarioBytes = process.memoryUsage().heapUsed;
    report('@@partial');

    let run: ScenarioRun | undefined;
    const timed = (): number => {
      run = undefined;
      gc();
      const s = performance.now();
      run = runScenario(input.scenario, { trace: false });
      return performance.now() - s;
    };
    for (let i = 0; i < spec.warmups; i++) {
      current = 'warm-up';
      stage(current);
      result.warmupMs = timed();
      report('@@partial');
    }
    if (result.warmupMs !== undefined && result.warmupMs > SLOW_WARMUP_MS) {
      result.coldOnly = true;
      result.runs.push(result.warmupMs);
    }
    for (let i = 0; i < (result.coldOnly === true ? 0 : spec.runs); i++) {
      current = `run ${i + 1}`;
      stage(current);
      result.runs.push(timed());
      report('@@partial');
    }
    gc();
    result.heapRunBytes = process.memoryUsage().heapUsed;
    Object.assign(result, outcomeOf(run!));
    report('@@partial');

    current = 'traced run';
    stage(current);
    run = undefined;
    gc();
    const t = performance.now();
    const traced = runScenario(input.scenario, { trace: true });
    result.tracedMs = performance.now() - t;
    result.traceEntries = traced.sim.trace.length;
    result.traceMismatch = traceAgrees(traced, result);
    run = traced;
    report('@@partial');

    current = 'report';
    stage(current);
    const s = performance.now();
    const simulation = buildSimulationReport(simulationOutcome(run!, false));
    result.reportMs = performance.now() - s;
    result.reportMetJobs = simulation.jobs.filter((j) => j.verdict === 'met').length;
  } catch (e) {
    result.failure = { stage: current, message: (e as Error).message };
  }
  report('@@result');
}

// ---------------------------------------------------------------------------------------------
// Parent: spawn the cases, print the section

export interface SimOutcome {
  spec: SimCaseSpec;
  result: SimCaseResult | undefined;
  crash?: { stage: string; reason: string };
  skipped?: string;
}

function spawnSimCase(spec: SimCaseSpec): SimOutcome {
  const child = spawnSync(process.execPath, ['--expose-gc', SELF, '--sim-case', spec.name], {
    encoding: 'utf8',
    timeout: spec.timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (child.stdout ?? '').split('\n');
  const last = [...lines].reverse().find((l) => l.startsWith('@@result ') || l.startsWith('@@partial '));
  const result = last === undefined ? undefined : (JSON.parse(last.slice(last.indexOf(' ') + 1)) as SimCaseResult);
  if (lines.some((l) => l.startsWith('@@result ')) && child.status === 0) return { spec, result };
  const stderr = child.stderr ?? '';
  const stages = [...stderr.matchAll(/^@@stage (.+)$/gm)];
  const at = stages.length > 0 ? stages[stages.length - 1]![1]! : 'startup';
  let reason: string;
  if ((child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') reason = `timed out after ${spec.timeoutMs / 1000} s`;
  else if (/heap out of memory/i.test(stderr)) reason = 'JavaScript heap out of memory';
  else
    reason =
      stderr
        .split('\n')
        .find((l) => /Error|FATAL/.test(l) && !l.startsWith('@@'))
        ?.trim() ?? `exit status ${child.status}, signal ${child.signal}`;
  return { spec, result, crash: { stage: at, reason } };
}

/**
 * Rounds: every case is run this many times, round-robin (10k, 20k, …, 10k, 20k, …), and its figure
 * is the median over all rounds' timed runs. The machine's speed drifts by tens of percent over
 * minutes; alternating keeps the drift from landing on one case of a pair and skewing the ratio.
 */
const ROUNDS = 2;

/** Several rounds of one case as one outcome: all timed runs, the outcome columns of the last round. */
function combineRounds(rounds: readonly SimOutcome[]): SimOutcome {
  const last = rounds[rounds.length - 1]!;
  const failed = rounds.find((r) => r.crash !== undefined || r.skipped !== undefined || r.result?.failure !== undefined);
  if (failed !== undefined || last.result === undefined) return failed ?? last;
  return { ...last, result: { ...last.result, runs: rounds.flatMap((r) => r.result?.runs ?? []) } };
}

function medianOf(o: SimOutcome | undefined): number | undefined {
  return o?.result === undefined || o.result.runs.length === 0 ? undefined : median(o.result.runs);
}

/** Rows for the benchmark's Targets table. */
export function simulatorTargetRows(outcomes: readonly SimOutcome[]): string[][] {
  const byName = new Map(outcomes.map((o) => [o.spec.name, o]));
  const rows: string[][] = [];
  const verdict = (v: number | undefined, limit: number): string =>
    v === undefined ? 'not measured' : v <= limit ? 'met' : `MISSED (${(v / limit).toFixed(1)}× the target)`;
  for (const [first, doubled, targeted] of PAIRS) {
    const a = medianOf(byName.get(first));
    const b = medianOf(byName.get(doubled));
    const ratio = a === undefined || b === undefined ? undefined : b / a;
    const ratioText = ratio === undefined ? '—' : `${ratio.toFixed(2)}×`;
    if (!targeted) {
      rows.push([`simulator ${first}: runScenario (median)`, '—', ms(a), 'no target (information)']);
      rows.push([`simulator ${doubled} / ${first} (medians)`, '—', ratioText, 'no target (information)']);
      continue;
    }
    rows.push([`simulator ${first}: runScenario (median)`, ms(SIM_TARGET_MS), ms(a), verdict(a, SIM_TARGET_MS)]);
    rows.push([
      `simulator ${doubled} / ${first} (medians)`,
      `${SIM_DOUBLED_RATIO.toFixed(1)}×`,
      ratioText,
      ratio === undefined ? 'not measured' : ratio <= SIM_DOUBLED_RATIO ? 'met' : 'MISSED',
    ]);
  }
  return rows;
}

/** Runs every case in a child process and prints the "SlotManager simulator" section. */
export function simulatorSection(names?: readonly string[]): SimOutcome[] {
  const specs = names === undefined || names.length === 0 ? SIM_CASES : SIM_CASES.filter((c) => names.includes(c.name));
  const rounds = new Map<string, SimOutcome[]>(specs.map((spec) => [spec.name, []]));
  const outcomes: SimOutcome[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      const earlier = rounds.get(spec.name)!;
      if (earlier.some((o) => o.crash !== undefined || o.skipped !== undefined)) continue;
      // A case slower than the skip limit gets no second round, and its doubled case no run at all.
      if (earlier.length > 0 && (medianOf(combineRounds(earlier)) ?? 0) > SKIP_DOUBLED_AFTER_MS) continue;
      const firstName = PAIRS.find(([, doubled]) => doubled === spec.name)?.[0];
      const firstRounds = firstName === undefined ? [] : (rounds.get(firstName) ?? []);
      const first = firstRounds.length === 0 ? undefined : combineRounds(firstRounds);
      if (first !== undefined && (first.crash !== undefined || (medianOf(first) ?? Infinity) > SKIP_DOUBLED_AFTER_MS)) {
        process.stderr.write(`… ${spec.name}: skipped (${firstName} took > ${SKIP_DOUBLED_AFTER_MS / 1000} s)\n`);
        earlier.push({ spec, result: undefined, skipped: `skipped: ${firstName} took > ${SKIP_DOUBLED_AFTER_MS / 1000} s` });
        continue;
      }
      process.stderr.write(`… ${spec.name} (round ${round} of ${ROUNDS})\n`);
      earlier.push(spawnSimCase(spec));
    }
  }
  for (const spec of specs) outcomes.push(combineRounds(rounds.get(spec.name)!));
  const first = SIM_CASES[0]!;
  console.log('SlotManager simulator (runScenario)');
  console.log(
    `Generated scenarios (seeded PRNG), built as Scenario values: TaskManagers of 8 × (1 CPU, 1 GiB heap, 512 MiB managed, 128 MiB network) registered at 0;`,
  );
  console.log(
    `jobs with UNKNOWN requirements (20..110 slots), submitted evenly over the first ${SUBMIT_WINDOW_MS / 1000} s; the events spread evenly over ${TIMELINE_MS / 1000} s (declare up/down,`,
  );
  console.log(
    'finishJob + re-submit, unregister / register of spare TaskManagers): a doubled input is the first one twice over, side by side.',
  );
  console.log('Flink defaults: requirement check 50 ms, TaskManager timeout 30 s, slot idle timeout 50 s, worker start-up 10 s.');
  console.log(
    `method: one child process per case and round (--expose-gc, ${SIM_CASES[0]!.timeoutMs / 1000} s timeout), ${ROUNDS} rounds round-robin; per round ${first.runs} timed runScenario runs after ${first.warmups} warm-up;`,
  );
  console.log(
    `the figure is the median of all rounds' runs (min / max over them too); a warm-up over ${SLOW_WARMUP_MS / 1000} s is the only run`,
  );
  console.log(`(cold figure); a doubled case is skipped when its first size took over ${SKIP_DOUBLED_AFTER_MS / 1000} s.`);
  console.log('');
  console.log(
    table(
      [
        'case',
        'SM',
        'RM',
        'TMs',
        'slots',
        'jobs',
        'demand',
        'events',
        'declare',
        're-submit',
        'finish',
        'unreg',
        'reg',
        'timeline',
        'generate',
      ],
      outcomes.map(({ spec, result: r }) => [
        spec.name,
        spec.slotManager,
        spec.allocation,
        count(spec.taskManagers),
        count(r?.clusterSlots),
        count(spec.jobs),
        count(r?.initialDemand),
        count(spec.events),
        count(r?.eventKinds.declare),
        count(r?.eventKinds['declare (re-submit)']),
        count(r?.eventKinds.finishJob),
        count(r?.eventKinds.unregisterTaskManager),
        count(r?.eventKinds.registerTaskManager),
        r === undefined ? '—' : `${r.timelineMs / 1000} s`,
        ms(r?.generateMs),
      ]),
      3,
    ),
  );
  console.log(
    "demand: sum of the jobs' initial counts (slots); reg: spare TaskManagers defined without registerAt, registered by the event.",
  );
  console.log('');
  console.log(
    table(
      [
        'case',
        'warm-up',
        'min',
        'median',
        'max',
        'events/s',
        'with trace',
        'met jobs',
        'acquired',
        'allocations',
        'frees',
        'TMs at end',
        'workers started',
        'trace',
        'end time',
        'heap scenario',
        'heap run',
        'peak RSS',
        'report',
        'status',
      ],
      outcomes.map(({ spec, result: r, crash, skipped }) => {
        const m = r === undefined || r.runs.length === 0 ? undefined : median(r.runs);
        return [
          spec.name,
          ms(r?.warmupMs),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.min(...r.runs)),
          ms(m),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.max(...r.runs)),
          m === undefined ? '—' : count(Math.round((spec.events / m) * 1000)),
          ms(r?.tracedMs),
          r?.metJobs === undefined ? '—' : `${count(r.metJobs)} / ${count(r.jobsWithRequirements)}`,
          count(r?.acquiredSlots),
          count(r?.slotAllocations),
          count(r?.slotFrees),
          count(r?.registeredTaskManagers),
          count(r?.workersStarted),
          count(r?.traceEntries),
          r?.endTime === undefined ? '—' : `${(r.endTime / 1000).toFixed(1)} s`,
          mb(r?.heapScenarioBytes),
          mb(r?.heapRunBytes),
          mb(r?.peakRssBytes),
          ms(r?.reportMs),
          skipped ??
            (crash
              ? `CRASH in ${crash.stage}`
              : r?.failure
                ? `ERROR in ${r.failure.stage}`
                : r?.traceMismatch
                  ? 'TRACE MISMATCH'
                  : r?.coldOnly
                    ? 'ok (1 cold run)'
                    : 'ok'),
        ];
      }),
    ),
  );
  console.log(
    'events/s: timeline events / median runScenario time. met jobs: jobs with requirements at the end whose requirements are all met / jobs with requirements.',
  );
  console.log(
    'runScenario without a trace, as `flinkslot simulate` runs it; with trace: one more run recording every decision (`simulate --trace`), timed once.',
  );
  console.log(
    'acquired: slots the jobs hold at the end. allocations / frees: slots allocated / freed over the run (SlotManager counters, checked against the traced run). trace: decision entries of the traced run.',
  );
  console.log('heap scenario: heapUsed after gc with the input alive; heap run: heapUsed after gc with the input and the last run alive.');
  console.log(
    'report: buildSimulationReport(simulationOutcome(run, false)) on the traced run, timed once, not part of the runScenario figures.',
  );
  for (const { spec, result, crash } of outcomes) {
    if (crash) console.log(`! ${spec.name}: process died during ${crash.stage}: ${crash.reason}`);
    if (result?.failure) console.log(`! ${spec.name}: ${result.failure.stage} threw ${result.failure.message}`);
    if (result?.traceMismatch) console.log(`! ${spec.name}: ${result.traceMismatch}`);
  }
  const byName = new Map(outcomes.map((o) => [o.spec.name, o]));
  for (const [a, b, targeted] of PAIRS) {
    const x = medianOf(byName.get(a));
    const y = medianOf(byName.get(b));
    if (x !== undefined && y !== undefined)
      console.log(`ratio ${b} / ${a}: ${(y / x).toFixed(2)}× (${targeted ? `target ≤ ${SIM_DOUBLED_RATIO}×` : 'no target'})`);
  }
  console.log('');
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// Entry (only when run directly: bench.ts imports this module)

if (process.argv[1] !== undefined && resolve(process.argv[1]) === SELF) {
  const caseArg = process.argv.indexOf('--sim-case');
  if (caseArg !== -1) {
    const name = process.argv[caseArg + 1];
    const spec = SIM_CASES.find((c) => c.name === name);
    if (spec === undefined) throw new Error(`unknown simulator case ${String(name)} (cases: ${SIM_CASES.map((c) => c.name).join(', ')})`);
    runSimCase(spec);
  } else {
    const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
    const cpus = os.cpus();
    console.log('flinkslot simulator benchmark');
    console.log(
      `node     ${process.version} (${process.platform}/${process.arch}); ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores`,
    );
    console.log(
      `load     ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
    );
    console.log('');
    const outcomes = simulatorSection(names);
    console.log(table(['target', 'limit', 'measured', 'verdict'], simulatorTargetRows(outcomes)));
  }
}
