/**
 * Runs a replay model through the embedded SlotManager (`runScenario`) and reads, per job, the
 * verdict and the slots it held at the end (`simulationOutcome`). The same run answers "what if":
 * the fixes re-run a changed model.
 */
import { ZERO_DECIMAL, multiplyDecimal } from '../../model/decimal.js';
import { formatVersion, resourceScale } from '../../model/flink-version.js';
import { getTotalMemory, type SpecifiedProfile } from '../../model/resource-profile.js';
import { runScenario } from '../run-scenario.js';
import { DEFAULTS } from '../scenario/reader.js';
import type { ClusterModel, JobDefinition, Scenario, TimedEvent } from '../scenario/scenario.js';
import { type JobOutcome, simulationOutcome } from '../simulation-outcome.js';
import { countSlots } from '../slotmanager/resource-counter.js';
import type { SlotManagerConfig } from '../slotmanager/slot-manager.js';
import type { ExplainVerdict } from './log-explanation.js';
import type { ReplayModel } from './replay-model.js';
import { STEP_MS } from './replay-model.js';

export interface ReplayedJob {
  readonly job: string;
  readonly verdict: ExplainVerdict;
  readonly required: number;
  readonly acquired: number;
}

export interface ReplayResult {
  readonly jobs: readonly ReplayedJob[];
  readonly workersStarted: number;
}

function config(model: ReplayModel): SlotManagerConfig {
  const { worker } = model;
  const limit = model.maxSlots;
  const fineGrained = model.slotManager === 'fine-grained';
  // The fine-grained SlotManager limits total resources, not slots: the limit's slots of the worker.
  const maxCpu = limit !== undefined && fineGrained ? multiplyDecimal(worker.total.cpuCores, Math.ceil(limit / worker.slots)) : undefined;
  const maxMemory = limit !== undefined && fineGrained ? getTotalMemory(worker.total) * BigInt(Math.ceil(limit / worker.slots)) : undefined;
  return {
    defaultWorker: worker.total,
    slotsPerWorker: worker.slots,
    resourceAllocation: model.active ? 'active' : 'standalone',
    resourceScale: resourceScale(model.version),
    evenlySpread: false,
    redundantTaskManagers: 0,
    minTotalCpu: ZERO_DECIMAL,
    minTotalMemory: 0n,
    ...(maxCpu === undefined ? {} : { maxTotalCpu: maxCpu }),
    ...(maxMemory === undefined ? {} : { maxTotalMemory: maxMemory }),
    ...(limit !== undefined && !fineGrained ? { maxSlots: limit } : {}),
    taskManagerTimeout: DEFAULTS.taskManagerTimeout,
    requirementCheckDelay: DEFAULTS.requirementCheckDelay,
    declareNeededResourceDelay: DEFAULTS.declareNeededResourceDelay,
  };
}

function cluster(model: ReplayModel): ClusterModel {
  const fineGrained = model.slotManager === 'fine-grained';
  return {
    slotManager: model.slotManager,
    config: config(model),
    taskManagers: model.taskManagers.map((tm) => ({
      registration: {
        id: tm.id,
        total: tm.total,
        defaultSlot: tm.defaultSlot as SpecifiedProfile,
        // The fine-grained SlotManager cuts slots from the total; the declarative one has static slots.
        numberOfSlots: fineGrained ? 0 : tm.slots,
      },
      registerAt: tm.registerAt,
      pointer: '',
    })),
    pendingTaskManagers: [],
    strategyResult: undefined,
    // Requirements are judged at the end (run to quiescence), after every event of the log.
    standaloneStartupTime: 0,
    slotIdleTimeout: DEFAULTS.slotIdleTimeout,
    workerStartupLatency: STEP_MS / 2,
  };
}

function scenario(model: ReplayModel): Scenario {
  const jobs: JobDefinition[] = model.jobs.map((j) => ({
    id: j.id,
    requirements: j.declarations[0]?.requirements ?? [],
    submitAt: j.declarations[0]?.at ?? 0,
    finishAt: j.finishAt,
    vertices: undefined,
    source: undefined,
    pointer: '',
  }));
  const events: TimedEvent[] = [];
  for (const j of model.jobs)
    for (const d of j.declarations.slice(1))
      events.push({
        time: d.at,
        event:
          d.requirements.length === 0
            ? { kind: 'clearRequirements', job: j.id }
            : { kind: 'declare', job: j.id, requirements: d.requirements },
        pointer: '',
      });
  for (const tm of model.taskManagers)
    if (tm.lostAt !== undefined)
      events.push({ time: tm.lostAt, event: { kind: 'unregisterTaskManager', taskManager: tm.id }, pointer: '' });
  return {
    name: undefined,
    flinkVersion: formatVersion(model.version),
    flinkVersionSource: 'file',
    notes: [],
    cluster: cluster(model),
    jobs,
    events,
    until: undefined,
    variant: undefined,
  };
}

/**
 * `simulate` calls a job with UNKNOWN requirements and some slots partly met (the adaptive
 * scheduler would run it); the log's jobs ran the default scheduler unless they say otherwise, for
 * which slots short are slots short.
 */
function verdictOf(job: JobOutcome, adaptive: boolean): ExplainVerdict {
  if ((job.verdict === 'partly-met' && !adaptive) || job.verdict === 'failing')
    return job.timeline?.firstFullyMetAt === undefined ? 'never-met' : 'not-met';
  return job.verdict;
}

export function runReplay(model: ReplayModel): ReplayResult {
  const run = runScenario(scenario(model), { trace: false });
  const outcome = simulationOutcome(run, false, false, false);
  const adaptive = new Set(model.jobs.filter((j) => j.adaptive).map((j) => j.id));
  return {
    jobs: outcome.jobs.map((j) => ({
      job: j.id,
      verdict: verdictOf(j, adaptive.has(j.id)),
      required: countSlots(j.requirements),
      acquired: countSlots(j.acquired),
    })),
    workersStarted: run.workersStarted,
  };
}
