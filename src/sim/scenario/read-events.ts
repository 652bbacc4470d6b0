/**
 * A scenario's timeline → timed events, in order: each event names one verb; times are absolute
 * (`at`) or advance the clock (`advanceTime`); TaskManagers and jobs an event names must exist.
 */
import { error } from '../../errors/diagnostic.js';
import type { Raw, Reader } from './reader.js';
import type { ClusterModel, ScenarioEvent, TimedEvent } from './scenario.js';

const VERBS = [
  'declare',
  'clearRequirements',
  'submitJob',
  'finishJob',
  'registerTaskManager',
  'unregisterTaskManager',
  'freeSlot',
  'slotReport',
  'setFailUnfulfillableRequest',
  'advanceTime',
];

export function readEvents(r: Reader, list: Raw[], at: string, cluster: ClusterModel, jobIds: ReadonlySet<string>): TimedEvent[] {
  const tms = new Set(cluster.taskManagers.map((t) => t.registration.id));
  const knownJobs = new Set(jobIds);
  for (const t of cluster.taskManagers) for (const s of t.registration.allocatedSlots ?? []) knownJobs.add(s.job);
  for (const e of list) for (const job of Object.keys((e.declare ?? {}) as Raw)) knownJobs.add(job);
  for (const e of list)
    for (const slots of Object.values((e.slotReport ?? {}) as Raw)) for (const s of slots as Raw[]) knownJobs.add(String(s.job));
  const checkTm = (id: string, pointer: string): boolean => {
    if (tms.has(id)) return true;
    r.out.push(
      error(
        'scenario/unknown-task-manager',
        `no TaskManager '${id}' in the cluster${tms.size > 0 ? ` (TaskManagers: ${[...tms].slice(0, 8).join(', ')}${tms.size > 8 ? ', …' : ''})` : ''}`,
        pointer,
      ),
    );
    return false;
  };
  const checkJob = (id: string, pointer: string): boolean => {
    if (knownJobs.has(id)) return true;
    r.out.push(
      error('scenario/unknown-job', `no job '${id}' in the scenario (jobs are declared in jobs, by a declare event, or by slots)`, pointer),
    );
    return false;
  };
  let clock = 0;
  let pastTheBound = false;
  const out: TimedEvent[] = [];
  list.forEach((e, i) => {
    const p = `${at}/${i}`;
    const verbs = Object.keys(e).filter((k) => VERBS.includes(k));
    if (verbs.length !== 1) {
      r.out.push(
        error(
          'scenario/event',
          `an event names exactly one of ${VERBS.join(', ')}${verbs.length > 1 ? ` (this one names ${verbs.join(' and ')})` : ''}`,
          p,
        ),
      );
      return;
    }
    if (e.at !== undefined) {
      const t = r.duration(e.at, `${p}/at`, clock);
      if (t < clock)
        r.out.push(
          error(
            'scenario/event-order',
            `event at ${t} ms comes before the previous event (${clock} ms): events are in time order`,
            `${p}/at`,
          ),
        );
      clock = Math.max(clock, t);
    }
    const verb = verbs[0]!;
    const arg = e[verb];
    const push = (event: ScenarioEvent): void => void out.push({ time: clock, event, pointer: p });
    switch (verb) {
      case 'advanceTime': {
        // Advances add up past the bound each stays under: the first one past it is refused, once.
        const next = clock + r.duration(arg, `${p}/advanceTime`, 0);
        if (pastTheBound || r.timeReached(next, `${p}/advanceTime`)) clock = next;
        else pastTheBound = true;
        break;
      }
      case 'declare':
        for (const [job, reqs] of Object.entries(arg as Raw))
          push({ kind: 'declare', job, requirements: r.requirements(reqs, `${p}/declare/${job}`) });
        break;
      case 'clearRequirements':
      case 'submitJob':
      case 'finishJob':
        if (checkJob(String(arg), `${p}/${verb}`)) push({ kind: verb, job: String(arg) });
        if (verb !== 'clearRequirements' && !jobIds.has(String(arg)) && knownJobs.has(String(arg)))
          r.out.push(error('scenario/unknown-job', `${verb} names '${String(arg)}', which is not in jobs`, `${p}/${verb}`));
        break;
      case 'registerTaskManager':
        (Array.isArray(arg) ? arg : [arg]).forEach((id, k) => {
          if (checkTm(String(id), Array.isArray(arg) ? `${p}/registerTaskManager/${k}` : `${p}/registerTaskManager`))
            push({ kind: 'registerTaskManager', taskManager: String(id) });
        });
        break;
      case 'unregisterTaskManager':
        if (checkTm(String(arg), `${p}/unregisterTaskManager`)) push({ kind: 'unregisterTaskManager', taskManager: String(arg) });
        break;
      case 'freeSlot':
        for (const [tm, job] of Object.entries(arg as Raw)) {
          if (checkTm(tm, `${p}/freeSlot/${tm}`) && checkJob(String(job), `${p}/freeSlot/${tm}`))
            push({ kind: 'freeSlot', taskManager: tm, job: String(job) });
        }
        break;
      case 'slotReport':
        for (const [tm, slots] of Object.entries(arg as Raw)) {
          if (checkTm(tm, `${p}/slotReport/${tm}`))
            push({
              kind: 'slotReport',
              taskManager: tm,
              slots: (slots as Raw[]).map((s) => ({ slot: Number(s.slot), job: String(s.job) })),
            });
        }
        break;
      case 'setFailUnfulfillableRequest':
        push({ kind: 'setFailUnfulfillableRequest', fail: arg === true });
        break;
    }
  });
  return out;
}
