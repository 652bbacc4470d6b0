/**
 * The log's story in order: requirements, workers requested and registered, TaskManagers
 * registered and lost, the jobs' states, the SlotManager's "not fulfilled", timeouts and the
 * network buffer failure, each with its offset from the first timestamp. One pass; at most
 * MAX_TIMELINE entries (the first ones), the rest counted.
 */
import type { LogFact, LogPoint } from '../../parse/log/log-facts.js';
import type { TimelineEntry } from './log-explanation.js';
import { isBenignLoss } from './rebuild-cluster.js';
import { slotCount } from './rebuild-jobs.js';

export const MAX_TIMELINE = 10_000;

type Entry = Omit<TimelineEntry, 'at' | 'offset'>;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

class LegacyRequests {
  private readonly seen = new Map<string, Set<string>>();
  count(job: string, request: string): number {
    let set = this.seen.get(job);
    if (set === undefined) this.seen.set(job, (set = new Set()));
    set.add(request);
    return set.size;
  }
}

/** Registration lines of one TaskManager (the ResourceManager's, then the SlotManager's) make one entry. */
class Registrations {
  private readonly live = new Set<string>();
  first(tm: string): boolean {
    if (this.live.has(tm)) return false;
    this.live.add(tm);
    return true;
  }
  lost(tm: string): void {
    this.live.delete(tm);
  }
}

/** Distinct slots allocated to each job (the SlotManager's allocation lines). */
class Allocations {
  private readonly seen = new Map<string, Set<string>>();
  count(job: string, allocation: string): number | undefined {
    let set = this.seen.get(job);
    if (set === undefined) this.seen.set(job, (set = new Set()));
    if (set.has(allocation)) return undefined;
    set.add(allocation);
    return set.size;
  }
}

function slotEntry(fact: LogFact & { kind: 'slotAllocated' }, allocations: Allocations): Entry | undefined {
  if (fact.form === 'resources-met')
    return {
      kind: 'slots',
      ...(fact.job === undefined ? {} : { job: fact.job }),
      text: 'the adaptive scheduler runs with the resources it has',
    };
  if (fact.form !== 'allocation' || fact.job === undefined || fact.allocation === undefined) return undefined;
  const n = allocations.count(fact.job, fact.allocation);
  if (n === undefined) return undefined;
  const on = fact.taskManager === undefined ? '' : ` on ${fact.taskManager}`;
  return {
    kind: 'slots',
    job: fact.job,
    ...(fact.taskManager === undefined ? {} : { taskManager: fact.taskManager }),
    acquiredSlots: n,
    text: `job ${fact.job} gets a slot${on} (${plural(n, 'slot')} allocated)`,
  };
}

function entryOf(fact: LogFact, legacy: LegacyRequests, registrations: Registrations, allocations: Allocations): Entry | undefined {
  switch (fact.kind) {
    case 'slotAllocated':
      return slotEntry(fact, allocations);
    case 'taskFailed':
      return {
        kind: 'job-status',
        text: `task ${fact.task} fails${fact.cause === undefined ? '' : `: ${fact.cause.split('\n', 1)[0]!.slice(0, 200)}`}`,
      };
    case 'requirementsDeclared': {
      const n = slotCount(fact.requirements);
      const text = n === 0 ? `job ${fact.job} clears its requirements` : `job ${fact.job} requires ${plural(n, 'slot')}`;
      return { kind: 'requirements', job: fact.job, requiredSlots: n, text };
    }
    case 'requirementsCleared':
      return { kind: 'requirements', job: fact.job, requiredSlots: 0, text: `job ${fact.job} clears its requirements` };
    case 'slotRequested': {
      const job = fact.job ?? 'unknown job';
      const n = legacy.count(job, fact.request ?? fact.allocation ?? `${fact.at.file}:${fact.at.line}`);
      return { kind: 'requirements', job, requiredSlots: n, text: `job ${job} requests a slot (${n} so far)` };
    }
    case 'workerRequested':
      return {
        kind: 'worker-requested',
        ...(fact.worker === undefined ? {} : { taskManager: fact.worker }),
        text: 'the ResourceManager requests a worker',
      };
    case 'workersNeeded':
      return { kind: 'worker-requested', text: `the ResourceManager needs ${plural(fact.count, 'new worker')}` };
    case 'workerRegistered':
      return { kind: 'worker-registered', taskManager: fact.worker, text: `worker ${fact.worker} registers` };
    case 'taskManagerRegistered':
      if (!registrations.first(fact.taskManager)) return undefined;
      return { kind: 'taskmanager-registered', taskManager: fact.taskManager, text: `TaskManager ${fact.taskManager} registers` };
    case 'taskManagerLost':
      if (isBenignLoss(fact.message)) return undefined;
      registrations.lost(fact.taskManager);
      return { kind: 'taskmanager-lost', taskManager: fact.taskManager, text: `TaskManager ${fact.taskManager} is lost (${fact.cause})` };
    case 'jobStatus': {
      const job = fact.job ?? fact.name;
      return { kind: 'job-status', ...(job === undefined ? {} : { job }), text: `job ${job ?? '?'} switches to ${fact.to}` };
    }
    case 'requirementsNotFulfilled': {
      const free = fact.freeSlots === undefined ? '' : ` (${plural(fact.freeSlots, 'free slot')})`;
      return { kind: 'not-fulfilled', job: fact.job, text: `the SlotManager cannot fulfil job ${fact.job}${free}` };
    }
    case 'resourcesMissing':
      if (fact.missing.length === 0) return undefined;
      return {
        kind: 'not-fulfilled',
        text: `resources missing for ${fact.missing.map((m) => `job ${m.job} (${plural(slotCount(m.requirements), 'slot')})`).join(', ')}`,
      };
    case 'minimumResourcesNotAcquired': {
      const acquired = fact.acquired === undefined ? undefined : slotCount(fact.acquired);
      const text = `the slot pool gives up: ${acquired === undefined ? 'its' : plural(acquired, 'slot')} acquired are not the minimum`;
      return { kind: 'not-fulfilled', ...(acquired === undefined ? {} : { acquiredSlots: acquired }), text };
    }
    case 'slotRequestTimeout':
      return { kind: 'timeout', text: `a slot request times out (${fact.form})` };
    case 'noResourceAvailable':
      return { kind: 'timeout', text: 'no resource available' };
    case 'insufficientNetworkBuffers':
      return { kind: 'network', text: `insufficient network buffers: ${fact.required} required, ${fact.available} available` };
    default:
      return undefined;
  }
}

export function firstTime(facts: readonly LogFact[]): number | undefined {
  for (const f of facts) if (f.at.time !== undefined) return f.at.time;
  return undefined;
}

export function offsetOf(at: LogPoint, first: number | undefined): number | undefined {
  return at.time === undefined || first === undefined ? undefined : at.time - first;
}

export function logTimeline(facts: readonly LogFact[]): { entries: TimelineEntry[]; omitted: number } {
  const first = firstTime(facts);
  const legacy = new LegacyRequests();
  const registrations = new Registrations();
  const allocations = new Allocations();
  const entries: TimelineEntry[] = [];
  let omitted = 0;
  for (const fact of facts) {
    const entry = entryOf(fact, legacy, registrations, allocations);
    if (entry === undefined) continue;
    if (entries.length >= MAX_TIMELINE) omitted++;
    else entries.push({ at: fact.at, offset: offsetOf(fact.at, first), ...entry });
  }
  return { entries, omitted };
}
