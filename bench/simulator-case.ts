/**
 * One simulator benchmark case, in its own child process (`simulator.js --sim-case NAME`): generate,
 * warm up, time `runScenario`, a traced run checked against the counters, the report; the result is
 * printed as an `@@result` line for the parent.
 */
import { performance } from 'node:perf_hooks';
import { buildSimulationReport } from '../src/report/simulation-report.js';
import { runScenario, type ScenarioRun } from '../src/sim/run-scenario.js';
import { simulationOutcome } from '../src/sim/simulation-outcome.js';
import { gc } from './format.js';
import { type SimCaseSpec, SLOW_WARMUP_MS } from './simulator-cases.js';
import { generateSimulatorInput } from './simulator-generate.js';

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

export function runSimCase(spec: SimCaseSpec): void {
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
