/**
 * What a finished simulation run leaves, as values: per job the verdict, what it required,
 * acquired and misses and why; the TaskManagers and pending workers as the SlotManager last saw
 * them; the decision trace when it was recorded. Reports read this, never the live SlotManager.
 */
import type { FlinkVersionSource } from '../model/flink-version.js';
import type { ResourceProfile } from '../model/resource-profile.js';
import { type Explanation, explainMissing } from './explain.js';
import type { JobTimeline } from './job-timeline.js';
import type { ScenarioRun } from './run-scenario.js';
import { type NetworkBufferFailure, type TaskManagerNetworkBuffers, networkBuffersAtEnd } from './network-buffers.js';
import { type SimulationHistory, simulationHistory } from './simulation-history.js';
import { type Scenario, requirementsAreUnknown } from './scenario/scenario.js';
import { determineParallelism } from './scheduler/slot-sharing-slot-allocator.js';
import { type ProfileCount, countSlots } from './slotmanager/resource-counter.js';
import type { PendingTaskManagerState, TaskManagerView, TraceEntry } from './slotmanager/slot-manager.js';

/**
 * A job is judged when it finished (fully met then or not), else at the end. 'never-met': it never
 * held every slot it required; 'not-met': it did, but lost that; 'partly-met': the adaptive
 * scheduler would run it with the slots it holds, at lower parallelism; 'failing': it holds every
 * slot, but a TaskManager's network buffer pool refuses its tasks at deployment (Flink fails them
 * with "Insufficient number of network buffers").
 */
export type Verdict = 'met' | 'partly-met' | 'failing' | 'not-met' | 'never-met';

export interface MissingExplanation {
  readonly profile: ResourceProfile;
  readonly count: number;
  readonly reasons: readonly Explanation[];
}

export interface JobOutcome {
  readonly id: string;
  readonly source: string | undefined;
  readonly verdict: Verdict;
  /** When the job finished (its slots were returned); its requirements are then those it had. */
  readonly finishedAt: number | undefined;
  readonly requirements: readonly ProfileCount[];
  readonly acquired: readonly ProfileCount[];
  readonly missing: readonly ProfileCount[];
  /** The parallelism the adaptive scheduler would run with the acquired slots (partly met). */
  readonly adaptiveParallelism: ReadonlyMap<string, number> | undefined;
  readonly notEnoughResourcesNotifications: number;
  readonly explanations: readonly MissingExplanation[];
  /** The job's history over the run (undefined for a job that never declared: slots given at registration only). */
  readonly timeline: JobTimeline | undefined;
  /** The parallelism the adaptive scheduler could have run with the slots held before the job was first fully met. */
  readonly parallelismBeforeFullyMet: ReadonlyMap<string, number> | undefined;
  /** Names of the job's vertices whose name is not their id (Flink's files). */
  readonly vertexNames: ReadonlyMap<string, string>;
  /** Its tasks fail at deployment: the request a TaskManager's network buffer pool refuses (verdict 'failing'). */
  readonly networkBuffers?: NetworkBufferFailure;
}

export interface SimulationOutcome {
  readonly scenario: string | undefined;
  readonly variant: string | undefined;
  readonly flinkVersion: string;
  readonly flinkVersionSource: FlinkVersionSource;
  readonly slotManager: 'declarative' | 'fine-grained';
  readonly resourceAllocation: 'active' | 'standalone';
  readonly endTime: number;
  readonly verdict: Verdict;
  readonly jobs: readonly JobOutcome[];
  readonly taskManagers: readonly TaskManagerView[];
  /** Per TaskManager id, its network buffers at the end (TaskManagers holding slots of jobs planned from job graphs). */
  readonly networkBuffers: ReadonlyMap<string, TaskManagerNetworkBuffers>;
  readonly pendingTaskManagers: readonly PendingTaskManagerState[];
  readonly workersStarted: number;
  /** Every decision in order; only when the run recorded it. */
  readonly trace: readonly TraceEntry[] | undefined;
  /** Slots held over time and the events between; only when asked for (pictures). */
  readonly history: SimulationHistory | undefined;
}

function jobOutcomes(run: ScenarioRun): JobOutcome[] {
  const { scenario, sim, slotManager: sm } = run;
  const views = new Map(sm.jobs().map((j) => [j.job, j]));
  const ids = [...new Set([...scenario.jobs.map((j) => j.id), ...views.keys()])];
  return ids.map((id): JobOutcome => {
    const def = scenario.jobs.find((j) => j.id === id);
    const view = views.get(id);
    const finishedAt = run.finishedAt.get(id);
    const requirements = view?.requirements ?? (finishedAt !== undefined ? (def?.requirements ?? []) : []);
    const acquired = view?.acquired ?? [];
    const missing = view?.missing ?? [];
    const timeline = run.timelines.get(id);
    let verdict: Verdict = missing.length === 0 ? 'met' : 'not-met';
    let adaptiveParallelism: ReadonlyMap<string, number> | undefined;
    if (missing.length > 0 && countSlots(acquired) > 0 && requirementsAreUnknown(requirements)) {
      const parallelism = def?.vertices === undefined ? undefined : determineParallelism(def.vertices, countSlots(acquired));
      if (def?.vertices === undefined || parallelism !== undefined) verdict = 'partly-met';
      adaptiveParallelism = parallelism;
    }
    if (timeline?.metAtFinish !== undefined) verdict = timeline.metAtFinish ? 'met' : 'not-met';
    if (verdict === 'not-met' && timeline !== undefined && timeline.firstFullyMetAt === undefined) verdict = 'never-met';
    const before = timeline?.peakSlotsBeforeFullyMet ?? 0;
    const parallelismBeforeFullyMet = def?.vertices === undefined || before === 0 ? undefined : determineParallelism(def.vertices, before);
    return {
      id,
      source: def?.source,
      verdict,
      finishedAt,
      requirements,
      acquired,
      missing,
      adaptiveParallelism,
      notEnoughResourcesNotifications: sim.notificationCounts.get(id) ?? 0,
      explanations: missing.map((m) => ({
        profile: m.profile,
        count: m.count,
        reasons: explainMissing(id, m.profile, sm, scenario.cluster),
      })),
      timeline,
      parallelismBeforeFullyMet,
      vertexNames: new Map((def?.vertices ?? []).flatMap((v) => (v.name === undefined ? [] : [[v.id, v.name] as const]))),
    };
  });
}

/** All jobs met: met; none failed (some partly met): partly met; every job's slots held but some fail at deployment: failing; else not met. */
function overallVerdict(jobs: readonly JobOutcome[]): Verdict {
  if (jobs.every((j) => j.verdict === 'met')) return 'met';
  if (jobs.every((j) => j.verdict === 'met' || j.verdict === 'partly-met')) return 'partly-met';
  return jobs.every((j) => j.verdict === 'met' || j.verdict === 'partly-met' || j.verdict === 'failing') ? 'failing' : 'not-met';
}

/**
 * Network buffers from the placement at the end: the jobs met then (still running, every slot held)
 * in the order they were submitted; a met job a TaskManager's pool refuses is failing. Part of every
 * outcome, unless the caller leaves it out and adds it later (`size` counts slots over several runs
 * and judges the buffers on the count it keeps).
 */
export function withNetworkBuffers(outcome: SimulationOutcome, scenario: Scenario): SimulationOutcome {
  const running = new Set(outcome.jobs.filter((j) => j.verdict === 'met' && j.finishedAt === undefined).map((j) => j.id));
  const submittedAt = new Map(outcome.jobs.map((j) => [j.id, j.timeline?.submittedAt ?? Number.POSITIVE_INFINITY]));
  const submitted = (id: string): number => submittedAt.get(id) ?? Number.POSITIVE_INFINITY;
  const ordered = scenario.jobs.filter((j) => running.has(j.id)).sort((a, b) => submitted(a.id) - submitted(b.id));
  if (!ordered.some((j) => j.network !== undefined)) return outcome;
  const network = networkBuffersAtEnd({
    jobs: ordered,
    taskManagers: outcome.taskManagers,
    shuffleOptions: scenario.cluster.shuffleOptions,
    running: (id) => running.has(id),
  });
  const jobs = outcome.jobs.map((j): JobOutcome => {
    const failure = network.failures.get(j.id);
    return failure === undefined ? j : { ...j, verdict: 'failing', networkBuffers: failure };
  });
  return { ...outcome, jobs, verdict: overallVerdict(jobs), networkBuffers: network.taskManagers };
}

export function simulationOutcome(run: ScenarioRun, withTrace: boolean, withHistory = false, networkBuffers = true): SimulationOutcome {
  const { scenario, sim, slotManager: sm } = run;
  const jobs = jobOutcomes(run);
  const outcome: SimulationOutcome = {
    scenario: scenario.name,
    variant: scenario.variant,
    flinkVersion: scenario.flinkVersion,
    flinkVersionSource: scenario.flinkVersionSource,
    slotManager: scenario.cluster.slotManager,
    resourceAllocation: scenario.cluster.config.resourceAllocation,
    endTime: run.endTime,
    verdict: overallVerdict(jobs),
    jobs,
    taskManagers: sm.taskManagers(),
    networkBuffers: new Map(),
    pendingTaskManagers: sm.pendingTaskManagers(),
    workersStarted: run.workersStarted,
    trace: withTrace ? sim.trace : undefined,
    history: withHistory
      ? simulationHistory(
          run,
          jobs.map((j) => j.id),
        )
      : undefined,
  };
  return networkBuffers ? withNetworkBuffers(outcome, scenario) : outcome;
}
