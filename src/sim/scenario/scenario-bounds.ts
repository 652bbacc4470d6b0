/**
 * Sizes a scenario or cluster may have, checked on the parsed data before the schema or the
 * simulator walks it: a million events or a million TaskManagers would run out of memory long
 * before an answer. The simulator is benchmarked at 20,000 TaskManagers and 200,000 events
 * (npm run bench); 250,000 events still run in 512 MB of heap.
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { groupThousands } from '../../util/plain-locale.js';

export const MAX_EVENTS = 250_000;
export const MAX_TASK_MANAGERS = 100_000;
export const MAX_JOBS = 10_000;

type Raw = Record<string, unknown>;

const asMap = (v: unknown): Raw | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : undefined);

/** Whether `data` (a scenario, or a cluster when `isCluster`) is larger than flinkslot simulates. */
export function scenarioBounds(data: unknown, isCluster: boolean): Diagnostic[] {
  const doc = asMap(data);
  if (doc === undefined) return [];
  const out: Diagnostic[] = [];
  const clusterAt = isCluster ? '' : '/cluster';
  const cluster = isCluster ? doc : asMap(doc.cluster);
  const taskManagers = taskManagerCount(cluster?.taskManagers);
  if (taskManagers > MAX_TASK_MANAGERS)
    out.push(tooLarge(`the cluster has ${groupThousands(taskManagers)} TaskManagers`, MAX_TASK_MANAGERS, `${clusterAt}/taskManagers`));
  if (!isCluster && Array.isArray(doc.events) && doc.events.length > MAX_EVENTS)
    out.push(tooLarge(`the scenario has ${groupThousands(doc.events.length)} events`, MAX_EVENTS, '/events'));
  if (!isCluster && Array.isArray(doc.jobs) && doc.jobs.length > MAX_JOBS)
    out.push(tooLarge(`the scenario has ${groupThousands(doc.jobs.length)} jobs`, MAX_JOBS, '/jobs'));
  return out;
}

/** Entries count one each, or their `count` when it is a number (the schema checks the rest later). */
function taskManagerCount(entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  let total = 0;
  for (const entry of entries) {
    const n = asMap(entry)?.count;
    total += typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 1;
  }
  return total;
}

function tooLarge(what: string, limit: number, pointer: string): Diagnostic {
  return error('input/too-large', `${what}: flinkslot simulates at most ${groupThousands(limit)}`, pointer);
}
