/**
 * One diagnosis for a log, decided in this order (the first that applies):
 *  1. network/insufficient-buffers — a TaskManager refused a task its network buffers: the log
 *     names the numbers, nothing else explains that failure.
 *  2. job/failed-other — a job's last failure has a cause that is neither resources, network
 *     buffers nor a lost TaskManager (user code, class path, a connector).
 *  3. taskmanager/lost — a TaskManager was lost (heartbeat timeout, unreachable, killed,
 *     terminated, shut down) or a job failed because one was, and the jobs did not all get their
 *     slots back afterwards; or the ResourceManager counts slots acquired for a job whose slot pool
 *     has no TaskManager left (the loss happened before the excerpt).
 *  3b. cluster/taskmanagers-not-registering — a TaskManager's log shows its registration at the
 *     ResourceManager failing (address not resolved, timed out, declined, the connection lost right
 *     after), or the JobManager's RPC system drops messages for a name it does not bind; and no job
 *     got its slots.
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
 *  6. unknown — the log stops before the outcome; it cites what the log last shows waiting: the
 *     jobs' requirements and the workers an active ResourceManager requested (its lines and its
 *     driver's container / pod requests).
 */ import type { LogPoint } from '../../parse/log/log-facts.js';
import { allFieldsNoLessThan, isSpecified } from '../../model/resource-profile.js';
import { type DiagnosisFinding, type DiagnosisInputs, SHORT, firstLine, plural, uniquePoints } from './diagnosis-inputs.js';
import { lost, registrationTrouble } from './diagnose-taskmanagers.js';
import type { JobFromLog } from './log-verdicts.js';
import type { RebuiltTaskManager } from './rebuild-cluster.js';
import { isAfter } from './point-order.js';
import { defaultSlotOf } from './task-manager-slots.js';

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
  // Its last failure (a status or a task's) came after it last held its slots, for a cause not its resources.
  const job = i.jobs.find((j) => j.failureCause === 'other');
  if (job === undefined) return undefined;
  return {
    code: 'job/failed-other',
    message: `Job ${job.id} failed for a reason that has nothing to do with slots: ${firstLine(job.failureText ?? '')}`,
    // What shows the slots were there (where it asked, an active ResourceManager's workers, the last
    // point it held them), then where the failure began and where the job gave up.
    evidence: uniquePoints(
      [...job.requestedAt, ...workerEvidence(i), ...job.metPoints.slice(-1), job.failureStartAt, job.failedAt],
      i.order,
    ),
    job,
  };
}

/** A fine-grained TaskManager with something available, yet short of the missing requirement in some dimension. */
function tooSmallTaskManager(i: DiagnosisInputs, job: JobFromLog | undefined): RebuiltTaskManager | undefined {
  const profiles = job?.requirements.map((r) => r.profile) ?? [];
  const missing = profiles.filter(isSpecified);
  const unknown = profiles.some((p) => p.kind === 'UNKNOWN');
  if (missing.length === 0 && !unknown) return undefined;
  return i.cluster.taskManagers.find((t) => {
    if (t.lost || t.available === undefined || !isSpecified(t.available)) return false;
    const available = t.available;
    if (available.cpuCores.unscaled === 0n && available.taskHeapMemory === 0n) return false;
    // An UNKNOWN requirement takes the TaskManager's default slot (FineGrainedSlotManager): short of it, too small.
    const slot = unknown ? defaultSlotOf(t, i.cluster) : undefined;
    return [...missing, ...(slot === undefined ? [] : [slot])].some((m) => !allFieldsNoLessThan(available, m));
  });
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
  // A timeout the jobs got their slots after is history.
  const lastMet = i.jobs
    .flatMap((j) => (j.metAt === undefined ? [] : [j.metAt]))
    .sort((a, b) => i.order(a) - i.order(b))
    .at(-1);
  const failures = i.failures.filter((f) => isAfter(i.order, f.at, lastMet));
  if (short.length === 0 && failures.length === 0) return undefined;
  const evidence = uniquePoints(
    [...short.flatMap((j) => [...j.requestedAt, ...j.resourceFailures]), ...failures.map((f) => f.at)],
    i.order,
  );
  const required = job?.requiredSlots;
  // What it holds: as the log says, else as a replay that reproduces the shortage gives it.
  const replayed = i.replay?.jobs.find((r) => r.job === job?.id);
  const acquired = job?.acquiredSlots ?? (replayed !== undefined && replayed.verdict !== 'met' ? replayed.acquired : undefined);
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
  const unfulfillable = failures.some((f) => f.message !== undefined && /unfulfillable/i.test(f.message));
  if (unfulfillable)
    return {
      code: 'slots/not-enough',
      message: `The SlotManager called the slot request unfulfillable: no registered TaskManager has a slot of the profile requested, and none is coming.${counts}`,
      evidence,
      ...(job === undefined ? {} : { job }),
    };
  if (registered > 0 && (!active || atMax)) {
    const none = active
      ? 'the ResourceManager is at its maximum'
      : i.cluster.resourceManager === 'standalone'
        ? 'a standalone cluster starts no TaskManager by itself'
        : 'the log shows no ResourceManager that starts workers';
    return {
      code: 'slots/not-enough',
      message: `Not enough slots: ${plural(registered, 'TaskManager')} registered, no slot free, and no worker is coming (${none}).${counts}`,
      evidence: uniquePoints([...evidence, ...i.cluster.maxReached], i.order),
      ...(job === undefined ? {} : { job }),
    };
  }
  const waiting = i.jobs.some((j) => j.requiredSlots !== undefined && j.requiredSlots > 0);
  // Workers an active ResourceManager asked for and never saw register (by its own lines, or the TaskManagers').
  const arrived = Math.max(i.cluster.workersRegistered, i.cluster.taskManagers.filter((t) => t.registrations.length > 0).length);
  const asked = active && i.cluster.workersRequested > arrived;
  if (waiting && (registered === 0 || asked)) {
    const message = asked
      ? `The ResourceManager requested ${plural(i.cluster.workersRequested, 'worker')}, ${arrived} registered: the TaskManagers do not reach the ResourceManager.${counts}`
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

/** What shows a job got its slots: where it asked, the first point it held them after, the last, and its finish. */
function metEvidence(j: JobFromLog): (LogPoint | undefined)[] {
  return [...j.requestedAt, j.givenAt, j.metPoints[0], j.metPoints.at(-1), j.finishedAt];
}

/** An active ResourceManager's workers: the first request (or "need request N new workers") and the registrations. */
function workerEvidence(i: DiagnosisInputs): LogPoint[] {
  const { cluster } = i;
  if (cluster.resourceManager !== 'active') return [];
  const first = [...cluster.workerRequests].sort((a, b) => i.order(a) - i.order(b))[0];
  return [...(first === undefined ? [] : [first]), ...cluster.workerRegistrations.slice(0, 5)];
}

/** Where the slots came from: the registrations of the TaskManagers still there (at most 5), on any ResourceManager. */
function registrationEvidence(i: DiagnosisInputs): LogPoint[] {
  return i.cluster.taskManagers
    .filter((t) => !t.lost)
    .slice(0, 5)
    .flatMap((t) => t.registrations.slice(0, 1));
}

function ok(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const judged = i.jobs.filter((j) => j.requiredSlots !== undefined || j.status !== undefined || j.metPoints.length > 0);
  if (judged.length > 0) {
    if (!judged.every((j) => j.verdict === 'met' || j.verdict === 'partly-met')) return undefined;
    return {
      code: 'ok',
      message: `Every job got its slots (${judged.map((j) => `${j.id}: ${j.acquiredSlots ?? '?'} of ${j.requiredSlots ?? '?'}`).join(', ')}) and nothing failed.`,
      evidence: uniquePoints([...workerEvidence(i), ...registrationEvidence(i), ...judged.flatMap(metEvidence)], i.order),
    };
  }
  const registered = i.cluster.taskManagers.filter((t) => !t.lost);
  if (registered.length === 0 && i.cluster.workersRegistered === 0) {
    if (i.joblessGiven.length === 0 || i.failures.length > 0) return undefined;
    return {
      code: 'ok',
      message: 'The scheduler ran the job with the slots it got, and nothing failed for want of slots.',
      evidence: uniquePoints(i.joblessGiven, i.order),
    };
  }
  return {
    code: 'ok',
    message: `${plural(Math.max(registered.length, i.cluster.workersRegistered), 'TaskManager')} registered and nothing failed.`,
    evidence: uniquePoints([...workerEvidence(i), ...registrationEvidence(i)], i.order),
  };
}

/** The log stops before the outcome: what it shows waiting (requirements, workers requested and not yet registered). */
function unknown(i: DiagnosisInputs): DiagnosisFinding {
  const { cluster } = i;
  const arrived = Math.max(cluster.workersRegistered, cluster.taskManagers.filter((t) => t.registrations.length > 0).length);
  const pending = cluster.resourceManager === 'active' && cluster.workersRequested > arrived;
  const workers = pending
    ? ` The ResourceManager requested ${plural(cluster.workersRequested, 'worker')}; ${arrived} registered before the log ends.`
    : '';
  return {
    code: 'unknown',
    message: `The log stops before the outcome: no job got or failed to get its slots in it.${workers}`,
    evidence: uniquePoints(
      [
        ...i.jobs.flatMap((j) => j.requestedAt).slice(0, 5),
        ...(pending ? [...cluster.workerRequests.slice(0, 3), ...cluster.driverRequests.slice(0, 3)] : []),
      ],
      i.order,
    ),
  };
}

/** `notFulfilledFree`: the "Free slots: N" of each job's last "could not fulfill" line, when N > 0. */
export function diagnose(i: DiagnosisInputs, notFulfilledFree: ReadonlyMap<string, { free: number; at: LogPoint }>): DiagnosisFinding {
  return network(i) ?? failedOther(i) ?? lost(i) ?? registrationTrouble(i) ?? slotsMissing(i, notFulfilledFree) ?? ok(i) ?? unknown(i);
}
