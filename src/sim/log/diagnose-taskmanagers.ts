/**
 * The diagnoses about TaskManagers (diagnose-log.ts decides their place in the order): one lost
 * (its heartbeat, its container, its worker, or a loss before the excerpt the slot pool's counts
 * show), and TaskManagers that do not register (their own log's registration trouble, or a
 * JobManager that drops their messages).
 */
import { type DiagnosisFinding, type DiagnosisInputs, SHORT, firstLine, plural, uniquePoints } from './diagnosis-inputs.js';
import { isMemoryKill } from '../../parse/log/facts/taskmanager-loss.js';
import { isAfter } from './point-order.js';
import type { RebuiltTaskManager } from './rebuild-cluster.js';

/**
 * The ResourceManager still counts slots acquired for the job (the slot pool's "Acquired: […]" is
 * the SlotManager's count, DeclarativeSlotManager.notifyNotEnoughResourcesAvailable) while the
 * JobMaster's slot pool has no TaskManager registered: the TaskManager that held them is gone.
 */
function lostBeforeExcerpt(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const pool = i.cluster.slotPoolStatus;
  if (pool?.acquired === undefined || pool.acquired === 0 || pool.registeredTaskManagers !== 0) return undefined;
  const job = i.jobs.find((j) => SHORT.has(j.verdict)) ?? i.jobs[0];
  return {
    code: 'taskmanager/lost',
    message: `The ResourceManager counts ${plural(pool.acquired, 'slot')} acquired${job === undefined ? '' : ` by job ${job.id}`}, but its slot pool has no TaskManager left: the TaskManager that held them was lost before this part of the log, and the job cannot get them back.`,
    evidence: uniquePoints([...(job?.resourceFailures ?? []), pool.at], i.order),
    ...(job === undefined ? {} : { job }),
  };
}

export function lost(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const lostTms = i.cluster.taskManagers.filter((t) => t.lost && t.lostAt !== undefined);
  const lossFailures = i.jobs.filter((j) => j.failureCause === 'taskmanager-lost');
  if (lostTms.length === 0 && lossFailures.length === 0) return lostBeforeExcerpt(i);
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
    // Each TaskManager's lines of its loss (its worker terminated, its connection closed), at most 3.
    evidence: uniquePoints([...lostTms.flatMap((t) => t.lossPoints.slice(0, 3)), ...lossFailures.map((j) => j.failedAt)], i.order),
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
      return tm.lossMessage !== undefined && isMemoryKill(tm.lossMessage)
        ? 'its container was killed for exceeding its memory limit'
        : 'its container was killed';
    case 'terminated':
      return 'its worker terminated';
    case 'disconnected':
      return 'it disconnected';
    default:
      return tm.lossMessage === undefined ? 'cause not printed' : firstLine(tm.lossMessage);
  }
}

const REGISTRATION_TROUBLE: Readonly<Record<string, string>> = {
  unresolved: "the ResourceManager's address does not resolve",
  'timed-out': 'it gave up registering (registration timeout)',
  failed: 'its registration failed',
  declined: 'the ResourceManager declined it',
  disassociated: 'its connection to the JobManager was lost',
};

export function registrationTrouble(i: DiagnosisInputs): DiagnosisFinding | undefined {
  const trouble = i.cluster.registrationTrouble;
  if (trouble.length === 0 || i.jobs.some((j) => j.verdict === 'met' || j.verdict === 'partly-met')) return undefined;
  const events = [...new Set(trouble.map((t) => t.event))];
  const registered = i.cluster.registeredAtResourceManager.length > 0;
  const what = events.flatMap((e) => REGISTRATION_TROUBLE[e] ?? []).join(', ');
  const message = events.includes('address-mismatch')
    ? 'The TaskManagers do not reach the ResourceManager: they address the JobManager by a name it does not bind, and its RPC system drops their messages.'
    : registered
      ? `A TaskManager registered at the ResourceManager, then ${what}: its slots never reach a job.`
      : `A TaskManager does not register at the ResourceManager: ${what}.`;
  return {
    code: 'cluster/taskmanagers-not-registering',
    message,
    evidence: uniquePoints([...i.cluster.registeredAtResourceManager.slice(0, 3), ...trouble.slice(0, 5).map((t) => t.at)], i.order),
  };
}
