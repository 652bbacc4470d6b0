/**
 * Why a requirement is not met: the registered TaskManager that comes closest to holding the slot
 * and the dimensions it falls short in, the default worker when the slot is bigger than any worker
 * the ResourceManager could start, and the limit or mode that stopped a new worker.
 */
import { compareDecimal, decimalToNumber, decimalToString, isZeroDecimal, subtractDecimal, ZERO_DECIMAL } from '../model/decimal.js';
import { slotRemainder, withoutRemainder } from '../model/slot-remainder.js';
import { describeProfile } from '../model/describe-profile.js';
import { dimensionName } from '../model/dimension-names.js';
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
import { formatVersion } from '../model/flink-version.js';

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
  /** The pending worker a limit refused (its id in the decision trace). */
  readonly worker?: string;
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
 * The shortfalls as a sentence, sizes in binary units (exact bytes when the two amounts print
 * alike, so a shortage of a few bytes is not "1 GiB free of 1 GiB needed").
 */
function phrase(s: readonly Shortfall[], need: SpecifiedProfile, have: SpecifiedProfile): string {
  return s
    .map((x) => {
      const f = MEMORY_FIELDS.find((m) => m === x.dimension);
      // The dimension as a person reads it (`managed memory`); the Shortfall keeps the JSON field name.
      if (f === undefined) return `${dimensionName(x.dimension)} ${x.available} free of ${x.required} needed (short by ${x.shortBy})`;
      const alike = formatBytes(have[f]) === formatBytes(need[f]);
      const [free, needed] = alike ? [`${have[f]} B`, `${need[f]} B`] : [formatBytes(have[f]), formatBytes(need[f])];
      return `${dimensionName(x.dimension)} ${free} free of ${needed} needed (short by ${formatBytes(need[f] - have[f])})`;
    })
    .join('; ');
}

/** What a TaskManager's slots could still use: its free resources without the remainder of dividing it into slots. */
function usableFree(tm: TaskManagerView): SpecifiedProfile {
  return withoutRemainder(tm.free as SpecifiedProfile, slotRemainder(tm.total, tm.defaultSlot, tm.registeredSlots));
}

/**
 * Slots first: how many free slots the cluster has, then the TaskManager that comes closest to
 * holding the slot and what it lacks, measured on what its slots could still use. A TaskManager
 * whose slots are all taken has nothing to offer but the remainder of its division: said as taken.
 */
function closestDynamic(tms: readonly TaskManagerView[], required: ResourceProfile): Explanation | undefined {
  let best: { tm: TaskManagerView; s: Shortfall[]; need: SpecifiedProfile; have: SpecifiedProfile; gap: number } | undefined;
  let freeSlots = 0;
  let slots = 0;
  let taskManagers = 0;
  for (const tm of tms) {
    if (tm.blocked || tm.unwanted || !isSpecified(tm.free) || !isSpecified(tm.defaultSlot)) continue;
    taskManagers++;
    freeSlots += tm.freeSlots;
    slots += tm.registeredSlots;
    const need = isSpecified(required) ? required : tm.defaultSlot;
    const have = usableFree(tm);
    const s = shortfalls(need, have);
    const gap = relativeGap(need, have);
    if (best === undefined || s.length < best.s.length || (s.length === best.s.length && gap < best.gap)) best = { tm, s, need, have, gap };
  }
  if (best === undefined) return undefined;
  const exact = shortfalls(best.need, best.tm.free as SpecifiedProfile);
  const base = { kind: 'closest-task-manager' as const, taskManager: best.tm.id, shortfalls: exact };
  if (best.s.length === 0)
    return {
      ...base,
      message: `TaskManager ${best.tm.id} has room for a slot of ${describeProfile(best.need)} now; the next requirement check will use it`,
    };
  const free = count(freeSlots, 'free slot');
  if (freeSlots === 0 && isEmptyProfile(best.have))
    return { ...base, message: `${free}: all ${count(slots, 'slot')} of ${count(taskManagers, 'TaskManager')} are taken` };
  return { ...base, message: `${free}; closest TaskManager ${best.tm.id}: ${phrase(best.s, best.need, best.have)}` };
}

/** Nothing a slot could use, in any dimension. */
function isEmptyProfile(p: SpecifiedProfile): boolean {
  return isZeroDecimal(p.cpuCores) && MEMORY_FIELDS.every((f) => p[f] === 0n) && p.extendedResources.size === 0;
}

function staticSlots(tms: readonly TaskManagerView[], required: ResourceProfile, cluster: ClusterModel): Explanation {
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
    message: `${count(free.length, 'slot')} ${free.length === 1 ? 'is' : 'are'} free but none matches ${describeProfile(required)}: a static slot (${describeProfile(free[0]!.s.profile)}) serves only UNKNOWN or an exactly equal profile${fineGrainedOption(required, cluster)}`,
  };
}

/**
 * A job's fine-grained profile on the declarative SlotManager its release picks by default: the
 * option that picks the fine-grained one, which carves each slot to the profile asked for
 * (`ClusterOptions.isFineGrainedResourceManagementEnabled`, read from 1.13; the only SlotManager from 1.18).
 */
function fineGrainedOption(required: ResourceProfile, cluster: ClusterModel): string {
  const version = cluster.declarativeByDefault;
  if (version === undefined || !isSpecified(required)) return '';
  return `; Flink ${formatVersion(version)} runs the declarative SlotManager unless the configuration sets cluster.fine-grained-resource-management.enabled: true, which carves each slot to the profile a job asks for`;
}

export function explainMissing(job: string, required: ResourceProfile, sm: SlotManager, cluster: ClusterModel): Explanation[] {
  const out: Explanation[] = [];
  const tms = sm.taskManagers();
  if (tms.length === 0) out.push({ kind: 'no-task-manager', message: 'no TaskManager is registered' });
  else if (cluster.slotManager === 'declarative') out.push(staticSlots(tms, required, cluster));
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
    if (limit !== undefined)
      out.push({ kind: 'worker-limit', message: limit.message, ...(limit.worker === undefined ? {} : { worker: limit.worker }) });
    const pending = sm.pendingTaskManagers().filter((p) => p.allocations.has(job) || cluster.slotManager === 'declarative');
    if (pending.length > 0)
      out.push({
        kind: 'waiting-for-workers',
        message: `${count(pending.length, 'requested worker')} ${pending.length === 1 ? 'has' : 'have'} not registered yet (worker start-up takes ${cluster.workerStartupLatency} ms in this simulation)`,
      });
  }
  return out;
}
