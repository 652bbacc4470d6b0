/**
 * The result of a simulation as plain JSON-ready data (schemas/simulation.schema.json): per job the
 * verdict, requirements, what it acquired and why anything is missing; per TaskManager its slots,
 * owners and free resources; the pending workers; optionally every decision in order.
 */
import type { Explanation as SimExplanation } from '../sim/explain.js';
import type { JobOutcome, SimulationOutcome, Verdict } from '../sim/simulation-outcome.js';
import type { SimulationHistory } from '../sim/simulation-history.js';
import type { NetworkBufferFailure, TaskManagerNetworkBuffers } from '../sim/network-buffers.js';
import type { ProfileCount } from '../sim/slotmanager/resource-counter.js';
import type { TaskManagerView } from '../sim/slotmanager/slot-manager.js';
import { slotRemainder } from '../model/slot-remainder.js';
import { profileToJson } from '../model/profile-json.js';
import type { Count, Explanation, Job, SimulationJson, TaskManager } from '../model/json/simulation.js';
import type { SimulationVariantsJson } from '../model/json/simulation-variants.js';

export type { Verdict };

// The report's types are generated from schemas/simulation.schema.json (src/model/json/simulation.ts).
export type SimulationReport = SimulationJson;
export type CountJson = Count;
export type JobReport = Job;
/** Flink's R, A and N of the refused request, on the first TaskManager (in the SlotManager's order) that refuses the job. */
export type NetworkBufferFailureJson = NonNullable<Job['networkBuffers']>;
/** A TaskManager's network buffers: N, what the tasks of the jobs placed there require together, and whether that fits. */
export type TaskManagerNetworkBuffersJson = NonNullable<TaskManager['networkBuffers']>;
export type TaskManagerReport = TaskManager;
/** What to do when the jobs do not fit a standalone cluster: add this many of its default worker. */
export type SimulationAdvice = NonNullable<SimulationJson['advice']>;
/** A SlotManager limit to raise: the smallest value at which every job runs. */
export type LimitAdvice = NonNullable<SimulationJson['raiseLimits']>[number];
/** Jobs that hold their slots but fail at deployment for want of network buffers: what to change. */
export type NetworkBufferAdvice = NonNullable<SimulationJson['networkAdvice']>;

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
    explanations: job.explanations.map((e) => ({
      profile: profileToJson(e.profile),
      count: e.count,
      reasons: e.reasons.map(explanationJson),
    })),
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

/** The same fields, in the same order, as mutable JSON data. */
function explanationJson(e: SimExplanation): Explanation {
  const { shortfalls, ...rest } = e;
  return shortfalls === undefined ? rest : { ...e, shortfalls: [...shortfalls] };
}

function historyJson(h: SimulationHistory): NonNullable<SimulationJson['history']> {
  return {
    ...h,
    slotsHeld: h.slotsHeld.map((s) => ({ ...s, series: s.series.map(([time, slots]): [number, number] => [time, slots]) })),
    events: [...h.events],
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
    ...(outcome.history === undefined ? {} : { history: historyJson(outcome.history) }),
  };
}

/** `simulate --json` of a scenario with variants (schemas/simulation-variants.schema.json). */
export type SimulationVariantsReport = SimulationVariantsJson;

const RANK: Readonly<Record<string, number>> = { met: 0, 'partly-met': 1, failing: 2, 'not-met': 3, 'never-met': 4 };

/** The worst verdict of several runs ('met' for none). */
export function worstVerdict(reports: readonly SimulationReport[]): SimulationReport['verdict'] {
  return reports.reduce<SimulationReport['verdict']>((worst, r) => (RANK[r.verdict]! > RANK[worst]! ? r.verdict : worst), 'met');
}

export function variantsReport(reports: readonly SimulationReport[]): SimulationVariantsReport {
  return { scenario: reports[0]?.scenario ?? '', verdict: worstVerdict(reports), variants: [...reports] };
}
