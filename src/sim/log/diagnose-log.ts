/**
 * One diagnosis for a log, decided in this order (the first that applies):
 *  1. network/insufficient-buffers — a TaskManager refused a task its network buffers: the log
 *     names the numbers, nothing else explains that failure.
 *  2. job/failed-other — a job's last failure has a cause that is neither resources, network
 *     buffers nor a lost TaskManager (user code, class path, a connector).
 *  3. taskmanager/lost — a TaskManager was lost (heartbeat timeout, unreachable, killed,
 *     terminated, shut down) or a job failed because one was, and the jobs did not all get their
 *     slots back afterwards.
 *  4. slots missing (a job never or no longer met, or the log's resource failures):
 *     a. slots/too-small — free slots exist ("Free slots: N", the slot pool's free slots) or a
 *        fine-grained TaskManager has something Available, yet less than a missing requirement in
 *        some dimension: the slots are the wrong size, not too few;
 *     b. slots/not-enough — TaskManagers registered, no free slot, and no worker coming (a
 *        standalone ResourceManager, or an active one at its maximum), or the legacy SlotManager
 *        calling the request unfulfillable;
 *     c. cluster/taskmanagers-not-registering — requirements wait and no TaskManager registers: an
 *        active ResourceManager requested workers that never registered, or none registered at all;
 *     d. slots/timeout — only a timeout (or NoResourceAvailable) text: the log does not show which.
 *  5. ok — every job met (or finished) and nothing failed; with no job, registered TaskManagers
 *     and workers and nothing failed.
 *  6. unknown — the log stops before the outcome.
 */
import type { LogPoint } from '../../parse/log/log-facts.js';
import { allFieldsNoLessThan, isSpecified } from '../../model/resource-profile.js';
import type { ExplainDiagnosisCode } from './log-explanation.js';
import type { JobFromLog } from './log-verdicts.js';
import { type PointOrder, isAfter } from './point-order.js';
import type { RebuiltCluster, RebuiltTaskManager } from './rebuild-cluster.js';
import type { LogFailurePoint } from './rebuild-jobs.js';
import type { ReplayResult } from './replay-run.js';

export interface DiagnosisFinding {
  readonly code: ExplainDiagnosisCode;
  readonly message: string;
  readonly evidence: readonly LogPoint[];
  /** The job the diagnosis is about, when it is one job's. */
  readonly job?: JobFromLog;
  /** The lost TaskManagers (taskmanager/lost). */
  readonly lost?: readonly RebuiltTaskManager[];
}

export interface DiagnosisInputs {
  readonly cluster: RebuiltCluster;
  readonly jobs: readonly JobFromLog[];
  readonly failures: readonly LogFailurePoint[];
  readonly replay: ReplayResult | undefined;
  readonly order: PointOrder;
}

const SHORT = new Set(['never-met', 'not-met']);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function uniquePoints(points: readonly (LogPoint | undefined)[], order: PointOrder): LogPoint[] {
  const seen = new Map<number, LogPoint>();
  for (const p of points) if (p !== undefined && !seen.has(order(p))) seen.set(order(p), p);
  return [...seen.values()].sort((a, b) => order(a) - order(b));
}

function network(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const n = i.cluster.network;
  if (n === undefined) return undefined;
  const total = n.total === undefined ? '' : ` of the ${n.total} the TaskManager has`;
  return {
    code: 'network/insufficient-buffers',
    message: `A TaskManager could not give a task its network buffers: the task needed ${n.required}, only ${n.available} were free${total}. The job's slots were there; its TaskManagers' network memory is too small for the tasks' channels.`,
    evidence: [n.at],
  };
}

function failedOther(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const job = i.jobs.find(
    (j) => j.failureCause === 'other' && j.status !== undefined && ['FAILED', 'FAILING', 'RESTARTING'].includes(j.status),
  );
  if (job === undefined) return undefined;
  return {
    code: 'job/failed-other',
    message: `Job ${job.id} failed for a reason that has nothing to do with slots: ${firstLine(job.failureText ?? '')}`,
    evidence: uniquePoints([job.failedAt], i.order),
    job,
  };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function lost(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const lostTms = i.cluster.taskManagers.filter((t) => t.lost && t.lostAt !== undefined);
  const lossFailures = i.jobs.filter((j) => j.failureCause === 'taskmanager-lost');
  if (lostTms.length === 0 && lossFailures.length === 0) return undefined;
  const lastLoss = lostTms
    .map((t) => t.lostAt!)
    .sort((a, b) => i.order(a) - i.order(b))
    .at(-1);
  // Recovered: every job got its slots back after the last loss, and no job failed because of it since.
  const recovered =
    i.jobs.length > 0 &&
    i.jobs.every((j) => j.verdict === 'met' && isAfter(i.order, j.metAt, lastLoss) && j.failureCause !== 'taskmanager-lost');
  if (recovered) return undefined;
  const first = lostTms[0];
  const who =
    first === undefined
      ? 'A TaskManager was lost'
      : `TaskManager ${first.id} was lost (${describeCause(first)})${lostTms.length > 1 ? ` and ${plural(lostTms.length - 1, 'other')}` : ''}`;
  const failing = lossFailures[0];
  return {
    code: 'taskmanager/lost',
    message: `${who}; the slots it held went with it${failing === undefined ? '' : `, and job ${failing.id} failed`}.`,
    evidence: uniquePoints([...lostTms.map((t) => t.lostAt), ...lossFailures.map((j) => j.failedAt)], i.order),
    lost: lostTms,
    ...(failing === undefined ? {} : { job: failing }),
  };
}

export function describeCause(tm: RebuiltTaskManager): string {
  switch (tm.lossCause) {
    case 'heartbeat-timeout':
      return 'its heartbeat timed out';
    case 'unreachable':
      return 'it became unreachable';
    case 'killed':
      return 'its container was killed';
    case 'terminated':
      return 'its worker terminated';
    case 'disconnected':
      return 'it disconnected';
    default:
      return tm.lossMessage === undefined ? 'cause not printed' : firstLine(tm.lossMessage);
  }
}

/** A fine-grained TaskManager with something available, yet short of the missing requirement in some dimension. */
function tooSmallTaskManager(i: DiagnosisInputs, job: JobFromLog | undefined): RebuiltTaskManager | undefined {
  const missing = job?.requirements.map((r) => r.profile).filter(isSpecified) ?? [];
  if (missing.length === 0) return undefined;
  return i.cluster.taskManagers.find(
    (t) =>
      !t.lost &&
      t.available !== undefined &&
      isSpecified(t.available) &&
      (t.available.cpuCores.unscaled > 0n || t.available.taskHeapMemory > 0n) &&
      missing.some((m) => !allFieldsNoLessThan(t.available!, m)),
  );
}

/** The slot pool's free slots when it gave up, if any. */
function poolFreeSlots(i: DiagnosisInputs): { free: number; at: LogPoint } | undefined {
  const pool = i.cluster.slotPoolStatus;
  if (pool?.freeSlots !== undefined && pool.freeSlots > 0) return { free: pool.freeSlots, at: pool.at };
  return undefined;
}

function slotsMissing(
  i: DiagnosisInputs,
  notFulfilledFree: ReadonlyMap<string, { free: number; at: LogPoint }>,
): DiagnosisFinding | undefined {
  const short = i.jobs.filter((j) => SHORT.has(j.verdict));
  const job = short[0];
  const anyFailure = short.length > 0 || i.failures.length > 0;
  if (!anyFailure) return undefined;
  const evidence = uniquePoints([...short.flatMap((j) => j.resourceFailures), ...i.failures.map((f) => f.at)], i.order);
  const required = job?.requiredSlots;
  const acquired = job?.acquiredSlots;
  const counts =
    job === undefined
      ? ''
      : ` Job ${job.id} requires ${required === undefined ? 'slots' : plural(required, 'slot')}${acquired === undefined ? '' : ` and holds ${acquired}`}.`;
  const free = (job === undefined ? undefined : notFulfilledFree.get(job.id)) ?? poolFreeSlots(i);
  if (free !== undefined)
    return {
      code: 'slots/too-small',
      message: `Free slots exist (${free.free}) but none fits the job's requirement: the slots are the wrong size, not too few.${counts}`,
      evidence: uniquePoints([free.at, ...evidence], i.order),
      ...(job === undefined ? {} : { job }),
    };
  const small = tooSmallTaskManager(i, job);
  if (small !== undefined)
    return {
      code: 'slots/too-small',
      message: `TaskManager ${small.id} has resources available, but less than the job's missing requirement in some dimension.${counts}`,
      evidence,
      ...(job === undefined ? {} : { job }),
    };
  const pool = i.cluster.slotPoolStatus;
  const registered =
    i.cluster.taskManagers.filter((t) => !t.lost).length + (i.cluster.taskManagers.length === 0 ? (pool?.registeredTaskManagers ?? 0) : 0);
  const active = i.cluster.resourceManager === 'active';
  const atMax = i.cluster.maxReached.length > 0;
  const unfulfillable = i.failures.some((f) => f.message !== undefined && /unfulfillable/i.test(f.message));
  if ((registered > 0 && (!active || atMax)) || unfulfillable) {
    const none = active ? 'the ResourceManager is at its maximum' : 'a standalone cluster starts no TaskManager by itself';
    return {
      code: 'slots/not-enough',
      message: `Not enough slots: ${plural(registered, 'TaskManager')} registered, no slot free, and no worker is coming (${none}).${counts}`,
      evidence: uniquePoints([...evidence, ...i.cluster.maxReached], i.order),
      ...(job === undefined ? {} : { job }),
    };
  }
  const waiting = i.jobs.some((j) => j.requiredSlots !== undefined && j.requiredSlots > 0);
  if (waiting && registered === 0) {
    const asked = active && i.cluster.workersRequested > i.cluster.workersRegistered;
    const message = asked
      ? `The ResourceManager requested ${plural(i.cluster.workersRequested, 'worker')}, ${i.cluster.workersRegistered} registered: the TaskManagers do not reach the ResourceManager.${counts}`
      : `No TaskManager registered with the ResourceManager, so the job waits for slots that never come.${counts}`;
    return {
      code: 'cluster/taskmanagers-not-registering',
      message,
      evidence: uniquePoints([...i.cluster.workerRequests.slice(0, 3), ...evidence], i.order),
      ...(job === undefined ? {} : { job }),
    };
  }
  return {
    code: 'slots/timeout',
    message: `A slot request timed out; the log does not show whether slots were too few or too small.${counts}`,
    evidence,
    ...(job === undefined ? {} : { job }),
  };
}

function ok(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const judged = i.jobs.filter((j) => j.requiredSlots !== undefined || j.status !== undefined);
  if (judged.length > 0) {
    if (!judged.every((j) => j.verdict === 'met' || j.verdict === 'partly-met')) return undefined;
    return {
      code: 'ok',
      message: `Every job got its slots (${judged.map((j) => `${j.id}: ${j.acquiredSlots ?? '?'} of ${j.requiredSlots ?? '?'}`).join(', ')}) and nothing failed.`,
      evidence: uniquePoints(
        judged.map((j) => j.metAt),
        i.order,
      ),
    };
  }
  const registered = i.cluster.taskManagers.filter((t) => !t.lost);
  if (registered.length === 0 && i.cluster.workersRegistered === 0) return undefined;
  return {
    code: 'ok',
    message: `${plural(Math.max(registered.length, i.cluster.workersRegistered), 'TaskManager')} registered and nothing failed.`,
    evidence: uniquePoints([...registered.map((t) => t.registrations[0]), ...i.cluster.workerRegistrations], i.order).slice(0, 5),
  };
}

/** `notFulfilledFree`: the "Free slots: N" of each job's last "could not fulfill" line, when N > 0. */
export function diagnose(i: DiagnosisInputs, notFulfilledFree: ReadonlyMap<string, { free: number; at: LogPoint }>): DiagnosisFinding {
  return (
    network(i) ??
    failedOther(i) ??
    lost(i) ??
    slotsMissing(i, notFulfilledFree) ??
    ok(i) ?? {
      code: 'unknown',
      message: 'The log stops before the outcome: no job got or failed to get its slots in it.',
      evidence: [],
    }
  );
}
