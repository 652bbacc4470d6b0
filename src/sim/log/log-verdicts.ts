/**
 * What the log itself says each job got: slots required (the last declaration; legacy slot
 * requests; the fine-grained SlotManager's missing + acquired), slots acquired, and the verdict as
 * `simulate` judges one (met, partly-met, never-met, not-met), or unknown when the log stops
 * before the outcome.
 *
 * A job's status RUNNING comes BEFORE its slots in Flink (the scheduler starts, then asks the slot
 * pool: DefaultScheduler.startScheduling), so RUNNING says nothing of its slots; tasks deployed,
 * allocations and FINISHED do.
 */
import type { LogPoint } from '../../parse/log/log-facts.js';
import type { ExplainVerdict, ExplainedJob } from './log-explanation.js';
import type { RebuiltCluster } from './rebuild-cluster.js';
import { type PointOrder, isAfter } from './point-order.js';
import { type LogFailurePoint, type RebuiltJob, slotCount, slotRequestCount } from './rebuild-jobs.js';

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
  /** Where it asked for its slots: its last declaration, or its first legacy slot requests (at most 5). */
  readonly requestedAt: readonly LogPoint[];
  /** Where the log shows it holding its slots, in order. */
  readonly metPoints: readonly LogPoint[];
  /** The first slot the log shows given to it after its last declaration. */
  readonly givenAt: LogPoint | undefined;
  /** Its last switch to FINISHED: it held its slots to the end. */
  readonly finishedAt?: LogPoint;
  /** The first failure with a cause after it last held its slots (a task failing, before the job's status follows). */
  readonly failureStartAt?: LogPoint;
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
  const requested = slotRequestCount(job);
  if (requested > 0) return requested;
  // The fine-grained block of a job whose declaration the excerpt lacks: what is missing, plus what it holds.
  if (job.missing !== undefined) return slotCount(job.missing) + (job.acquired ?? 0);
  return undefined;
}

/** Failures that concern this job: its own lines, and the log's job-less ones when it is the only job. */
function resourceFailures(job: RebuiltJob, global: readonly LogFailurePoint[], onlyJob: boolean, order: PointOrder): LogPoint[] {
  const own = [job.notFulfilledAt, job.acquiredAt].filter((p): p is LogPoint => p !== undefined);
  const statuses = job.statuses.filter((s) => s.cause !== undefined && failureCauseOf(s.cause) === 'resource').map((s) => s.at);
  const tasks = job.taskFailures.filter((t) => t.cause !== undefined && failureCauseOf(t.cause) === 'resource').map((t) => t.at);
  const shared = onlyJob ? global.map((f) => f.at) : [];
  return [...own, ...statuses, ...tasks, ...shared].sort((a, b) => order(a) - order(b));
}

interface Failure {
  readonly cause: string;
  readonly at: LogPoint;
}

/** The first failure with a cause after `since` (a FAILED / FAILING / RESTARTING status, or a task failing). */
function firstFailureAfter(job: RebuiltJob, since: LogPoint | undefined, order: PointOrder): LogPoint | undefined {
  const points = [
    ...job.statuses.filter((s) => FAILED_STATES.has(s.to) && s.cause !== undefined).map((s) => s.at),
    ...job.taskFailures.filter((t) => t.cause !== undefined).map((t) => t.at),
  ].filter((p) => isAfter(order, p, since));
  return points.sort((a, b) => order(a) - order(b))[0];
}

/** The job's last failure with a cause: a FAILED / FAILING / RESTARTING status, or one of its tasks failing. */
function lastFailure(job: RebuiltJob, order: PointOrder): Failure | undefined {
  let last: Failure | undefined;
  for (const s of job.statuses)
    if (FAILED_STATES.has(s.to) && s.cause !== undefined && isAfter(order, s.at, last?.at)) last = { cause: s.cause, at: s.at };
  for (const t of job.taskFailures) if (t.cause !== undefined && isAfter(order, t.at, last?.at)) last = { cause: t.cause, at: t.at };
  return last;
}

/**
 * Where the log shows the job holding its slots: a task deployed, the adaptive scheduler running with
 * its resources, allocations reaching the slots required (counted from its last declaration),
 * FINISHED. Not RUNNING: the job switches to RUNNING before it asks for slots.
 */
function metPoints(job: RebuiltJob, required: number | undefined, order: PointOrder): LogPoint[] {
  const points = job.statuses.filter((s) => s.to === 'FINISHED').map((s) => s.at);
  const allocations = new Set<string>();
  for (const given of job.slotsGiven) {
    if (isAfter(order, job.declaredAt, given.at)) continue;
    if (given.form === 'deployment' || given.form === 'resources-met' || given.form === 'executing') points.push(given.at);
    else if (given.allocation !== undefined && !allocations.has(given.allocation)) {
      allocations.add(given.allocation);
      if (required === undefined || allocations.size === required) points.push(given.at);
    }
  }
  return points.sort((a, b) => order(a) - order(b));
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
  if (lastMet !== undefined && !isAfter(order, lastFail, lastMet)) {
    const failure = lastFailure(job, order);
    if (failure !== undefined && isAfter(order, failure.at, lastMet) && failureCauseOf(failure.cause) === 'taskmanager-lost')
      return 'not-met';
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
  const pool = cluster.slotPoolStatus;
  // The bridge's Acquired is the ResourceManager's count; the job holds no more than its pool has registered and in use.
  if (job.acquired !== undefined)
    return pool?.registeredSlots === undefined || pool.freeSlots === undefined
      ? job.acquired
      : Math.min(job.acquired, Math.max(0, pool.registeredSlots - pool.freeSlots));
  if (job.missing !== undefined && required !== undefined && !isAfter(order, job.declaredAt, job.missingAt))
    return Math.max(0, required - slotCount(job.missing));
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
  const met = metPoints(job, required, order);
  const failedNow = failures.length > 0 && !isAfter(order, met.at(-1), failures.at(-1));
  const partial = acquiredOf(job, cluster, required, { onlyJob, failed: failedNow, order });
  // The adaptive scheduler running with fewer slots than declared (its last "met" is entering Executing).
  const executing = job.slotsGiven.filter((g) => g.form === 'executing').at(-1)?.at;
  const runsWithLess = executing !== undefined && executing === met.at(-1);
  const verdict = verdictOf(job, met, failures, { required, acquired: failedNow || runsWithLess ? partial : undefined }, order);
  const acquired = verdict === 'met' ? required : partial;
  const metAt = met.at(-1);
  // A failure the job ran again after is history: only one after its last met point is current.
  const last = lastFailure(job, order);
  const failure = last !== undefined && (metAt === undefined || isAfter(order, last.at, metAt)) ? last : undefined;
  const failedAt = failedNow ? failures.at(-1) : failure?.at;
  const status = job.statuses.at(-1)?.to;
  const finishedAt = job.statuses.filter((s) => s.to === 'FINISHED').at(-1)?.at;
  const failureStartAt = failure === undefined ? undefined : firstFailureAfter(job, metAt, order);
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
    requestedAt: job.declaredAt !== undefined ? [job.declaredAt] : job.slotRequestPoints.slice(0, 5),
    metPoints: met,
    givenAt: job.slotsGiven.find((g) => !isAfter(order, job.declaredAt, g.at))?.at,
    ...(finishedAt === undefined ? {} : { finishedAt }),
    ...(failureStartAt === undefined ? {} : { failureStartAt }),
  };
}
