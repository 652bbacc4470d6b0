/**
 * The result of a simulation as plain JSON-ready data (schemas/simulation.schema.json): per job the
 * verdict, requirements, what it acquired and why anything is missing; per TaskManager its slots,
 * owners and free resources; the pending workers; optionally every decision in order.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { FlinkVersionSource } from '../model/flink-version.js';
import type { Explanation } from '../sim/explain.js';
import type { JobOutcome, SimulationOutcome, Verdict } from '../sim/simulation-outcome.js';
import type { SimulationHistory } from '../sim/simulation-history.js';
import type { NetworkBufferFailure, TaskManagerNetworkBuffers } from '../sim/network-buffers.js';
import type { ProfileCount } from '../sim/slotmanager/resource-counter.js';
import type { TaskManagerView } from '../sim/slotmanager/slot-manager.js';
import { slotRemainder } from '../model/slot-remainder.js';
import { type ResourceProfileJson, profileToJson } from '../model/profile-json.js';

export type { Verdict };

export interface CountJson {
  readonly profile: ResourceProfileJson;
  readonly count: number;
}

export interface JobReport {
  readonly id: string;
  readonly source?: string;
  readonly verdict: Verdict;
  /** When the job finished (its slots were returned); its requirements are then those it had. */
  readonly finishedAt?: number;
  readonly requirements: CountJson[];
  readonly acquired: CountJson[];
  readonly missing: CountJson[];
  /** The parallelism the adaptive scheduler would run with the acquired slots (partly met). */
  readonly adaptiveParallelism?: Record<string, number>;
  readonly notEnoughResourcesNotifications: number;
  readonly explanations: { profile: ResourceProfileJson; count: number; reasons: Explanation[] }[];
  /** When the job first declared; null when it never did (slots given at registration only). */
  readonly submittedAt: number | null;
  /** When it first held every slot it required; null: never. */
  readonly firstFullyMetAt: number | null;
  /** When it stopped being fully met (a TaskManager lost, requirements raised), and when it was again. */
  readonly lostAt: number[];
  readonly regainedAt: number[];
  /** Most slots it held before it was first fully met (over the whole run when it never was). */
  readonly slotsBeforeFullyMet: number;
  /** The parallelism the adaptive scheduler could have run with those slots (job graphs only). */
  readonly parallelismBeforeFullyMet?: Record<string, number>;
  /** Vertex id → name for vertices whose name is not their id (Flink's files); the text shows these. */
  readonly vertexNames?: Record<string, string>;
  /** Verdict 'failing': the request a TaskManager's network buffer pool refuses its tasks, with Flink's message. */
  readonly networkBuffers?: NetworkBufferFailureJson;
}

/** Flink's R, A and N of the refused request, on the first TaskManager (in the SlotManager's order) that refuses the job. */
export interface NetworkBufferFailureJson {
  readonly taskManager: string;
  readonly required: number;
  readonly available: number;
  readonly total: number;
  readonly segmentSize: number;
  readonly message: string;
}

/** A TaskManager's network buffers: N, what the tasks of the jobs placed there require together, and whether that fits. */
export interface TaskManagerNetworkBuffersJson {
  readonly total: number;
  readonly required: number;
  readonly fits: boolean;
}

export interface TaskManagerReport {
  readonly id: string;
  readonly total: ResourceProfileJson;
  readonly free: ResourceProfileJson;
  /** What dividing it into its slots leaves, which no slot can use (model/slot-remainder.ts); absent when nothing. */
  readonly remainder?: ResourceProfileJson;
  readonly registeredSlots: number;
  readonly freeSlots: number;
  readonly slots: { index?: number; job: string; profile: ResourceProfileJson }[];
  readonly released: boolean;
  readonly blocked: boolean;
  /** Jobs planned from job graph files hold slots here, and its total names its network memory. */
  readonly networkBuffers?: TaskManagerNetworkBuffersJson;
}

/** What to do when the jobs do not fit a standalone cluster: add this many of its default worker. */
export interface SimulationAdvice {
  /** The same in the terms of the file the user gave (a FlinkDeployment's replicas, a Deployment's scale); absent for a cluster file. */
  readonly instruction?: string;
  readonly addTaskManagers: number;
  readonly slotsPerTaskManager: number;
  readonly taskManager: ResourceProfileJson;
}

/**
 * What to do when the jobs do not fit a cluster whose ResourceManager starts TaskManagers but a
 * SlotManager limit stops it: the smallest value of the limit at which they run.
 */
export interface LimitAdvice {
  /** The cluster file's option. */
  readonly option: 'maxSlots' | 'maxTotalCpu' | 'maxTotalMemory';
  /** Flink's key. */
  readonly key: 'slotmanager.number-of-slots.max' | 'slotmanager.max-total-resource.cpu' | 'slotmanager.max-total-resource.memory';
  /** Where the cluster set it: its options, or its (default worker's) Flink configuration. */
  readonly setIn: 'options' | 'configuration';
  /** The value set, as written. */
  readonly from: string;
  /** The smallest value at which every job runs (as Flink reads it). */
  readonly to: string;
  /** One unit below `to` (a slot, 10^-scale CPU, a byte): the jobs do not run there. */
  readonly notAt: string;
  /** The same in the terms of the file given as the cluster (a configuration, a FlinkDeployment, a cluster file). */
  readonly instruction?: string;
}

/**
 * Jobs that hold their slots but fail at deployment for want of network buffers: network memory for
 * the most any TaskManager's tasks require, or fewer slots per TaskManager.
 */
export interface NetworkBufferAdvice {
  /** The most buffers the tasks of one TaskManager require. */
  readonly buffers: number;
  /** Those buffers × the segment size, rounded up to whole MiB: network memory per TaskManager, bytes. */
  readonly networkMemory: string;
  /** The keys to give the cluster's TaskManager configuration: every job is met with them (a run proves it). */
  readonly keys?: Record<string, string>;
  /** The most slots per TaskManager at which each failing job's TaskManagers, filled in request order, fit. */
  readonly slotsPerTaskManager?: number;
}

export interface SimulationReport {
  readonly scenario?: string;
  readonly variant?: string;
  readonly flinkVersion: string;
  readonly flinkVersionSource: FlinkVersionSource;
  readonly slotManager: 'declarative' | 'fine-grained';
  readonly resourceAllocation: 'active' | 'standalone';
  /** Where the TaskManagers come from when it is not what resourceAllocation says to a person (a running cluster held as it is now). */
  readonly taskManagersFrom?: string;
  readonly endTime: number;
  readonly verdict: Verdict;
  readonly jobs: JobReport[];
  readonly taskManagers: TaskManagerReport[];
  readonly pendingTaskManagers: { id: string; total: ResourceProfileJson; slots: number; allocations: Record<string, CountJson[]> }[];
  readonly workersStarted: number;
  readonly trace?: { time: number; kind: string; message: string; taskManager?: string; job?: string }[];
  /** How a cluster given as Flink's GET /taskmanagers answer was read (info notes). */
  readonly notes?: Diagnostic[];
  /** `simulate --cluster` on a standalone cluster the jobs do not fit: the fewest default workers to add. */
  readonly advice?: SimulationAdvice;
  /** `simulate --cluster` on a cluster that starts TaskManagers but whose SlotManager limit stops the jobs: the limits to raise. */
  readonly raiseLimits?: LimitAdvice[];
  /** Jobs failing at deployment for want of network buffers: what to change. */
  readonly networkAdvice?: NetworkBufferAdvice;
  /** The same, for one job: the highest parallelism of its widest vertex (alone) that runs. */
  readonly lowerParallelism?: { readonly vertex: string; readonly parallelism: number; readonly current: number };
  /** Slots held per job over time and the events between (`flinkslot report` draws them). */
  readonly history?: SimulationHistory;
}

function counts(list: readonly ProfileCount[]): CountJson[] {
  return list.map((c) => ({ profile: profileToJson(c.profile), count: c.count }));
}

function jobReport(job: JobOutcome): JobReport {
  return {
    id: job.id,
    ...(job.source === undefined ? {} : { source: job.source }),
    verdict: job.verdict,
    ...(job.finishedAt === undefined ? {} : { finishedAt: job.finishedAt }),
    requirements: counts(job.requirements),
    acquired: counts(job.acquired),
    missing: counts(job.missing),
    ...(job.adaptiveParallelism === undefined ? {} : { adaptiveParallelism: Object.fromEntries(job.adaptiveParallelism) }),
    notEnoughResourcesNotifications: job.notEnoughResourcesNotifications,
    explanations: job.explanations.map((e) => ({ profile: profileToJson(e.profile), count: e.count, reasons: [...e.reasons] })),
    submittedAt: job.timeline?.submittedAt ?? null,
    firstFullyMetAt: job.timeline?.firstFullyMetAt ?? null,
    lostAt: [...(job.timeline?.lostAt ?? [])],
    regainedAt: [...(job.timeline?.regainedAt ?? [])],
    slotsBeforeFullyMet: job.timeline?.peakSlotsBeforeFullyMet ?? 0,
    ...(job.parallelismBeforeFullyMet === undefined
      ? {}
      : { parallelismBeforeFullyMet: Object.fromEntries(job.parallelismBeforeFullyMet) }),
    ...(job.vertexNames.size === 0 ? {} : { vertexNames: Object.fromEntries(job.vertexNames) }),
    ...(job.networkBuffers === undefined ? {} : { networkBuffers: failureJson(job.networkBuffers) }),
  };
}

function failureJson(f: NetworkBufferFailure): NetworkBufferFailureJson {
  return {
    taskManager: f.taskManager,
    required: f.required,
    available: f.available,
    total: f.total,
    segmentSize: f.segmentSize,
    message: f.message,
  };
}

function taskManagerReport(tm: TaskManagerView, network: TaskManagerNetworkBuffers | undefined): TaskManagerReport {
  const remainder = slotRemainder(tm.total, tm.defaultSlot, tm.registeredSlots);
  return {
    id: tm.id,
    total: profileToJson(tm.total),
    free: profileToJson(tm.free),
    ...(remainder === undefined ? {} : { remainder: profileToJson(remainder) }),
    registeredSlots: tm.registeredSlots,
    freeSlots: tm.freeSlots,
    slots: tm.slots.flatMap((s) =>
      s.job === undefined ? [] : [{ ...(s.index >= 0 ? { index: s.index } : {}), job: s.job, profile: profileToJson(s.profile) }],
    ),
    released: tm.unwanted,
    blocked: tm.blocked,
    ...(network === undefined ? {} : { networkBuffers: { total: network.total, required: network.required, fits: network.fits } }),
  };
}

export function buildSimulationReport(outcome: SimulationOutcome): SimulationReport {
  const { trace } = outcome;
  return {
    ...(outcome.scenario === undefined ? {} : { scenario: outcome.scenario }),
    ...(outcome.variant === undefined ? {} : { variant: outcome.variant }),
    flinkVersion: outcome.flinkVersion,
    flinkVersionSource: outcome.flinkVersionSource,
    slotManager: outcome.slotManager,
    resourceAllocation: outcome.resourceAllocation,
    endTime: outcome.endTime,
    verdict: outcome.verdict,
    jobs: outcome.jobs.map(jobReport),
    taskManagers: outcome.taskManagers.map((tm) => taskManagerReport(tm, outcome.networkBuffers.get(tm.id))),
    pendingTaskManagers: outcome.pendingTaskManagers.map((p) => ({
      id: p.id,
      total: profileToJson(p.total),
      slots: p.numberOfSlots,
      allocations: Object.fromEntries([...p.allocations].map(([job, list]) => [job, counts(list)])),
    })),
    workersStarted: outcome.workersStarted,
    ...(trace === undefined
      ? {}
      : {
          trace: trace.map((t) => ({
            time: t.time,
            kind: t.kind,
            message: t.message,
            ...(t.taskManager === undefined ? {} : { taskManager: t.taskManager }),
            ...(t.job === undefined ? {} : { job: t.job }),
          })),
        }),
    ...(outcome.history === undefined ? {} : { history: outcome.history }),
  };
}

/** `simulate --json` of a scenario with variants (schemas/simulation-variants.schema.json). */
export interface SimulationVariantsReport {
  readonly scenario: string;
  /** The worst of the variants' verdicts. */
  readonly verdict: SimulationReport['verdict'];
  readonly variants: readonly SimulationReport[];
}

const RANK: Readonly<Record<string, number>> = { met: 0, 'partly-met': 1, failing: 2, 'not-met': 3, 'never-met': 4 };

/** The worst verdict of several runs ('met' for none). */
export function worstVerdict(reports: readonly SimulationReport[]): SimulationReport['verdict'] {
  return reports.reduce<SimulationReport['verdict']>((worst, r) => (RANK[r.verdict]! > RANK[worst]! ? r.verdict : worst), 'met');
}

export function variantsReport(reports: readonly SimulationReport[]): SimulationVariantsReport {
  return { scenario: reports[0]?.scenario ?? '', verdict: worstVerdict(reports), variants: reports };
}
