/**
 * What the log itself says each job got: slots required (the last declaration; legacy slot
 * requests; the fine-grained SlotManager's missing + acquired), slots acquired, and the verdict as
 * `simulate` judges one (met, partly-met, never-met, not-met), or unknown when the log stops
 * before the outcome.
 *
 * A job's status RUNNING comes BEFORE its slots in Flink (the scheduler starts, then asks the slot
 * pool: DefaultScheduler.startScheduling), so RUNNING alone is "met" only while no resource
 * failure follows it; FINISHED is met for certain.
 */
import type { LogPoint } from '../../parse/log/log-facts.js';
import type { ExplainVerdict, ExplainedJob } from './log-explanation.js';
import type { RebuiltCluster } from './rebuild-cluster.js';
import { type PointOrder, isAfter } from './point-order.js';
import { type JobStatusChange, type LogFailurePoint, type RebuiltJob, slotCount } from './rebuild-jobs.js';

/** Why a job failed, as its cause says (a status change's cause text). */
export type FailureCause = 'resource' | 'network' | 'taskmanager-lost' | 'other';

export interface JobFromLog extends ExplainedJob {
  /** The log lines that say it could not get its slots (not fulfilled, timeouts, the slot pool giving up). */
  readonly resourceFailures: readonly LogPoint[];
  /** Its last failure's kind (a FAILED / FAILING / RESTARTING status with a cause). */
  readonly failureCause: FailureCause | undefined;
  readonly failureText: string | undefined;
  /** Whether it held all its slots at some point (a RUNNING no resource failure followed, or FINISHED). */
  readonly everMet: boolean;
}

const RESOURCE_CAUSE =
  /NoResourceAvailable|not fulfillable|minimum required resources|Could not allocate|Could not acquire|slot request|Slot request|PendingRequest|resources available for scheduling/;
const NETWORK_CAUSE = /Insufficient number of network buffers/;
const LOSS_CAUSE =
  /heartbeat|Heartbeat|no longer reachable|TaskManager .*(?:lost|disconnected)|TaskExecutor .*shutting down|Disassociated|ConnectException|Connection refused|Container .*(?:killed|released|completed)|pod .*(?:deleted|terminated)|OutOfMemoryError: (?:Java heap|Metaspace|Direct)/;

export function failureCauseOf(cause: string): FailureCause {
  if (NETWORK_CAUSE.test(cause)) return 'network';
  if (RESOURCE_CAUSE.test(cause)) return 'resource';
  if (LOSS_CAUSE.test(cause)) return 'taskmanager-lost';
  return 'other';
}

const FAILED_STATES = new Set(['FAILED', 'FAILING', 'RESTARTING']);

function requiredSlotsOf(job: RebuiltJob): number | undefined {
  if (job.requirements.length > 0) return slotCount(job.requirements);
  if (job.slotRequests.size > 0) return job.slotRequests.size;
  if (job.missing !== undefined && job.acquired !== undefined) return slotCount(job.missing) + job.acquired;
  return undefined;
}

/** Failures that concern this job: its own lines, and the log's job-less ones when it is the only job. */
function resourceFailures(job: RebuiltJob, global: readonly LogFailurePoint[], onlyJob: boolean, order: PointOrder): LogPoint[] {
  const own = [job.notFulfilledAt, job.acquiredAt].filter((p): p is LogPoint => p !== undefined);
  const statuses = job.statuses.filter((s) => s.cause !== undefined && failureCauseOf(s.cause) === 'resource').map((s) => s.at);
  const shared = onlyJob ? global.map((f) => f.at) : [];
  return [...own, ...statuses, ...shared].sort((a, b) => order(a) - order(b));
}

function lastFailure(statuses: readonly JobStatusChange[]): JobStatusChange | undefined {
  for (let i = statuses.length - 1; i >= 0; i--) {
    const s = statuses[i]!;
    if (FAILED_STATES.has(s.to) && s.cause !== undefined) return s;
  }
  return undefined;
}

/** RUNNING points followed by no resource failure before the next status change; FINISHED. */
function metPoints(job: RebuiltJob, failures: readonly LogPoint[], order: PointOrder): LogPoint[] {
  return job.statuses.flatMap((s, i) => {
    if (s.to === 'FINISHED') return [s.at];
    if (s.to !== 'RUNNING') return [];
    const next = job.statuses[i + 1]?.at;
    const failed = failures.some((f) => isAfter(order, f, s.at) && (next === undefined || !isAfter(order, f, next)));
    return failed ? [] : [s.at];
  });
}

function verdictOf(
  job: RebuiltJob,
  met: readonly LogPoint[],
  failures: readonly LogPoint[],
  slots: { required: number | undefined; acquired: number | undefined },
  order: PointOrder,
): ExplainVerdict {
  const { required, acquired } = slots;
  const lastMet = met.at(-1);
  const lastFail = failures.at(-1);
  const lastStatus = job.statuses.at(-1);
  if (lastMet !== undefined && !isAfter(order, lastFail, lastMet)) {
    const lost = lastStatus !== undefined && FAILED_STATES.has(lastStatus.to) && lastStatus.cause !== undefined;
    if (lost && failureCauseOf(lastStatus.cause!) === 'taskmanager-lost') return 'not-met';
    // The adaptive scheduler runs with what it has: RUNNING with fewer slots than declared.
    if (required !== undefined && acquired !== undefined && acquired > 0 && acquired < required) return 'partly-met';
    return 'met';
  }
  if (lastFail !== undefined) return met.length > 0 ? 'not-met' : 'never-met';
  return 'unknown';
}

function acquiredOf(
  job: RebuiltJob,
  cluster: RebuiltCluster,
  required: number | undefined,
  how: { onlyJob: boolean; failed: boolean; order: PointOrder },
): number | undefined {
  const { onlyJob, failed, order } = how;
  if (job.acquired !== undefined) return job.acquired;
  if (job.missing !== undefined && required !== undefined && !isAfter(order, job.declaredAt, job.missingAt))
    return Math.max(0, required - slotCount(job.missing));
  const pool = cluster.slotPoolStatus;
  if (onlyJob && failed && pool?.registeredSlots !== undefined && pool.freeSlots !== undefined)
    return Math.min(required ?? Number.POSITIVE_INFINITY, pool.registeredSlots - pool.freeSlots);
  if (failed && cluster.taskManagers.length === 0 && (pool?.registeredSlots ?? 0) === 0) return 0;
  return undefined;
}

export function jobFromLog(
  job: RebuiltJob,
  cluster: RebuiltCluster,
  global: readonly LogFailurePoint[],
  how: { onlyJob: boolean; order: PointOrder },
): JobFromLog {
  const { onlyJob, order } = how;
  const required = requiredSlotsOf(job);
  const failures = resourceFailures(job, global, onlyJob, order);
  const met = metPoints(job, failures, order);
  const failedNow = failures.length > 0 && !isAfter(order, met.at(-1), failures.at(-1));
  const partial = acquiredOf(job, cluster, required, { onlyJob, failed: failedNow, order });
  const verdict = verdictOf(job, met, failures, { required, acquired: failedNow ? partial : undefined }, order);
  const acquired = verdict === 'met' ? required : partial;
  const metAt = met.at(-1);
  // A failure the job ran again after is history: only one after its last met point is current.
  const last = lastFailure(job.statuses);
  const failure = last !== undefined && isAfter(order, last.at, metAt) ? last : undefined;
  const failedAt = failedNow ? failures.at(-1) : failure?.at;
  const status = job.statuses.at(-1)?.to;
  return {
    id: job.id,
    ...(job.name === undefined ? {} : { name: job.name }),
    requiredSlots: required,
    acquiredSlots: acquired,
    requirements: job.requirements.map((r) => ({ profile: r.profile, count: r.count })),
    verdict,
    ...(metAt === undefined ? {} : { metAt }),
    ...(failedAt === undefined ? {} : { failedAt }),
    ...(status === undefined ? {} : { status }),
    resourceFailures: failures,
    failureCause: failure?.cause === undefined ? undefined : failureCauseOf(failure.cause),
    failureText: failure?.cause,
    everMet: met.length > 0,
  };
}
