/**
 * Why a requirement is not met: the registered TaskManager that comes closest to holding the slot
 * and the dimensions it falls short in, the default worker when the slot is bigger than any worker
 * the ResourceManager could start, and the limit or mode that stopped a new worker.
 */
import { compareDecimal, decimalToNumber, decimalToString, subtractDecimal, ZERO_DECIMAL } from '../model/decimal.js';
import { describeProfile } from '../model/describe-profile.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  MEMORY_FIELDS,
  divideIntoSlots,
  isMatching,
  isSpecified,
} from '../model/resource-profile.js';
import { formatBytes, toCompactString } from '../model/memory-size.js';
import type { SlotManager, TaskManagerView } from './slotmanager/slot-manager.js';
import type { ClusterModel } from './scenario/scenario.js';
import { count } from '../util/plural.js';

export interface Shortfall {
  readonly dimension: string;
  readonly required: string;
  readonly available: string;
  readonly shortBy: string;
}

export interface Explanation {
  readonly kind:
    | 'closest-task-manager'
    | 'no-task-manager'
    | 'no-matching-slot'
    | 'larger-than-worker'
    | 'worker-limit'
    | 'standalone'
    | 'waiting-for-workers';
  readonly message: string;
  readonly taskManager?: string;
  readonly shortfalls?: readonly Shortfall[];
}

/** Dimensions where `have` cannot hold `need`, with amounts as text. */
export function shortfalls(need: SpecifiedProfile, have: SpecifiedProfile): Shortfall[] {
  const out: Shortfall[] = [];
  if (compareDecimal(have.cpuCores, need.cpuCores) < 0) {
    out.push({
      dimension: 'cpuCores',
      required: decimalToString(need.cpuCores),
      available: decimalToString(have.cpuCores),
      shortBy: decimalToString(subtractDecimal(need.cpuCores, have.cpuCores)),
    });
  }
  for (const f of MEMORY_FIELDS) {
    if (have[f] < need[f])
      out.push({
        dimension: f,
        required: toCompactString(need[f]),
        available: toCompactString(have[f]),
        shortBy: toCompactString(need[f] - have[f]),
      });
  }
  for (const [name, amount] of need.extendedResources) {
    const got = have.extendedResources.get(name) ?? ZERO_DECIMAL;
    if (compareDecimal(got, amount) < 0)
      out.push({
        dimension: name,
        required: decimalToString(amount),
        available: decimalToString(got),
        shortBy: decimalToString(subtractDecimal(amount, got)),
      });
  }
  return out;
}

/** Sum over short dimensions of the missing fraction: how far the TaskManager is from fitting. */
function relativeGap(need: SpecifiedProfile, have: SpecifiedProfile): number {
  let gap = 0;
  const cpuNeed = decimalToNumber(need.cpuCores);
  if (cpuNeed > decimalToNumber(have.cpuCores)) gap += (cpuNeed - decimalToNumber(have.cpuCores)) / cpuNeed;
  for (const f of MEMORY_FIELDS) if (need[f] > have[f]) gap += Number(need[f] - have[f]) / Number(need[f]);
  for (const [name, amount] of need.extendedResources) {
    const got = decimalToNumber(have.extendedResources.get(name) ?? ZERO_DECIMAL);
    if (decimalToNumber(amount) > got) gap += (decimalToNumber(amount) - got) / decimalToNumber(amount);
  }
  return gap;
}

/**
 * The shortfalls as a sentence, sizes in binary units. A memory dimension short by less than 8
 * bytes is the remainder of dividing a TaskManager into slots: it is left out next to real
 * shortfalls, and named as such when it is the only one (Flink still refuses the slot for it).
 */
function phrase(s: readonly Shortfall[], need: SpecifiedProfile, have: SpecifiedProfile): string {
  const memory = (x: Shortfall): MemoryField | undefined => MEMORY_FIELDS.find((f) => f === x.dimension);
  const tiny = (x: Shortfall): boolean => {
    const f = memory(x);
    return f !== undefined && need[f] - have[f] < 8n;
  };
  const real = s.filter((x) => !tiny(x));
  if (real.length === 0)
    return s
      .map((x) => {
        const f = memory(x)!;
        return `${x.dimension} ${have[f]} bytes free of ${need[f]} needed: short by ${count(Number(need[f] - have[f]), 'byte')}, the remainder of dividing the TaskManager into slots`;
      })
      .join('; ');
  return real
    .map((x) => {
      const f = memory(x);
      // Memory in binary units; CPU and extended resources as the shortfall writes them.
      const [free, needed, short] =
        f === undefined ? [x.available, x.required, x.shortBy] : [have[f], need[f], need[f] - have[f]].map(formatBytes);
      return `${x.dimension} ${free} free of ${needed} needed (short by ${short})`;
    })
    .join('; ');
}

type MemoryField = (typeof MEMORY_FIELDS)[number];

function closestDynamic(tms: readonly TaskManagerView[], required: ResourceProfile): Explanation | undefined {
  let best: { tm: TaskManagerView; s: Shortfall[]; need: SpecifiedProfile; have: SpecifiedProfile; gap: number } | undefined;
  for (const tm of tms) {
    if (tm.blocked || tm.unwanted || !isSpecified(tm.free) || !isSpecified(tm.defaultSlot)) continue;
    const need = isSpecified(required) ? required : tm.defaultSlot;
    const s = shortfalls(need, tm.free);
    const gap = relativeGap(need, tm.free);
    if (best === undefined || s.length < best.s.length || (s.length === best.s.length && gap < best.gap))
      best = { tm, s, need, have: tm.free, gap };
  }
  if (best === undefined) return undefined;
  return {
    kind: 'closest-task-manager',
    taskManager: best.tm.id,
    shortfalls: best.s,
    message:
      best.s.length === 0
        ? `TaskManager ${best.tm.id} has room for a slot of ${describeProfile(best.need)} now; the next requirement check will use it`
        : `closest TaskManager ${best.tm.id}: ${phrase(best.s, best.need, best.have)}`,
  };
}

function staticSlots(tms: readonly TaskManagerView[], required: ResourceProfile): Explanation {
  const free = tms.flatMap((tm) => (tm.blocked ? [] : tm.slots.filter((s) => s.job === undefined).map((s) => ({ tm, s }))));
  const total = tms.reduce((n, tm) => n + tm.registeredSlots, 0);
  if (free.length === 0) return { kind: 'no-matching-slot', message: `all ${count(total, 'slot')} of the cluster are taken` };
  const matching = free.filter(({ s }) => isMatching(s.profile, required));
  if (matching.length > 0)
    return {
      kind: 'no-matching-slot',
      taskManager: matching[0]!.tm.id,
      message: `${count(matching.length, 'free slot')} ${matching.length === 1 ? 'matches' : 'match'}; the next requirement check will use ${matching.length === 1 ? 'it' : 'them'}`,
    };
  return {
    kind: 'no-matching-slot',
    taskManager: free[0]!.tm.id,
    message: `${count(free.length, 'slot')} ${free.length === 1 ? 'is' : 'are'} free but none matches ${describeProfile(required)}: a static slot (${describeProfile(free[0]!.s.profile)}) serves only UNKNOWN or an exactly equal profile`,
  };
}

export function explainMissing(job: string, required: ResourceProfile, sm: SlotManager, cluster: ClusterModel): Explanation[] {
  const out: Explanation[] = [];
  const tms = sm.taskManagers();
  if (tms.length === 0) out.push({ kind: 'no-task-manager', message: 'no TaskManager is registered' });
  else if (cluster.slotManager === 'declarative') out.push(staticSlots(tms, required));
  else {
    const closest = closestDynamic(tms, required);
    if (closest !== undefined) out.push(closest);
  }
  const worker = cluster.config.defaultWorker;
  const workerSlot = divideIntoSlots(worker, cluster.config.slotsPerWorker, cluster.config.resourceScale);
  const need = isSpecified(required) ? required : workerSlot;
  const tooBig = shortfalls(need, worker);
  if (tooBig.length > 0 && cluster.slotManager === 'fine-grained') {
    out.push({
      kind: 'larger-than-worker',
      shortfalls: tooBig,
      message: `the slot is larger than the default worker (${describeProfile(worker)}), so no new worker can hold it: ${phrase(tooBig, need, worker)}`,
    });
  }
  if (cluster.config.resourceAllocation !== 'active') {
    out.push({
      kind: 'standalone',
      message: 'the ResourceManager is standalone: it cannot start new workers (use resourceAllocation: active for Kubernetes or YARN)',
    });
  } else {
    const limit = sm.lastWorkerLimit(job);
    if (limit !== undefined) out.push({ kind: 'worker-limit', message: limit });
    const pending = sm.pendingTaskManagers().filter((p) => p.allocations.has(job) || cluster.slotManager === 'declarative');
    if (pending.length > 0)
      out.push({
        kind: 'waiting-for-workers',
        message: `${count(pending.length, 'requested worker')} ${pending.length === 1 ? 'has' : 'have'} not registered yet (worker start-up takes ${cluster.workerStartupLatency} ms in this simulation)`,
      });
  }
  return out;
}
