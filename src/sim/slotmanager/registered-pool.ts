/**
 * The registered TaskManagers as the allocation strategy sees them during one check: what each can
 * still take, consumed as slots are placed. The strategy never changes the cluster itself; the
 * SlotManager applies its result afterwards, as Flink's does.
 */
import { decimalToNumber } from '../../model/decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  allFieldsNoLessThan,
  getTotalMemory,
  isSpecified,
  merge,
  profilesEqual,
  subtract,
  fitCount,
  multiply,
} from '../../model/resource-profile.js';

export interface RegisteredTaskManagerView {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly available: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  readonly blocked: boolean;
}

export type PlaceSlot = (taskManager: string, effective: SpecifiedProfile, count: number) => void;

/**
 * How registered TaskManagers are tried (`taskmanager.load-balance.mode` on the ResourceManager):
 * in order (NONE), least utilized first (SLOTS), most utilized first (MIN_RESOURCES, from 2.1).
 */
export type MatchingOrder = 'first-fit' | 'least-utilization' | 'most-utilization';

/** Sort key of a candidate: the smallest is tried first. */
export function priorityOf(order: MatchingOrder, total: SpecifiedProfile, available: SpecifiedProfile): number {
  const u = utilization(total, available);
  return order === 'most-utilization' ? -u : u;
}

export interface RegisteredPool {
  /** Places up to `n` slots; returns how many could not be placed. */
  fulfil(required: ResourceProfile, n: number, order: MatchingOrder, place: PlaceSlot): number;
  /** Sum of what is still available on the non-blocked TaskManagers. */
  availableSum(): ResourceProfile;
  /** Sum of the totals of the non-blocked TaskManagers. */
  totalSum(): ResourceProfile;
}

/** `getEffectiveResourceProfile`: UNKNOWN takes the TaskManager's own default slot. */
export function effectiveProfile(required: ResourceProfile, defaultSlot: SpecifiedProfile): SpecifiedProfile {
  return isSpecified(required) ? required : defaultSlot;
}

export interface Candidate {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  available: SpecifiedProfile;
}

/** Any-matching: walk in order, packing each candidate before moving on. */
export function firstFit(
  candidates: readonly Candidate[],
  required: ResourceProfile,
  n: number,
  place: PlaceSlot,
  cursor?: { start: number },
): number {
  if (cursor !== undefined)
    while (cursor.start < candidates.length && profilesEqual(candidates[cursor.start]!.available, ZERO)) cursor.start++;
  for (let i = cursor?.start ?? 0; i < candidates.length && n > 0; i++) {
    const c = candidates[i]!;
    const p = effectiveProfile(required, c.defaultSlot);
    const k = fitCount(c.available, p, n);
    if (k === 0) continue;
    c.available = subtract(c.available, multiply(p, k)) as SpecifiedProfile;
    place(c.id, p, k);
    n -= k;
  }
  return n;
}

/** max(cpu used / cpu total, memory used / memory total) over the TaskManager's own total. */
export function utilization(total: SpecifiedProfile, available: SpecifiedProfile): number {
  const cpuTotal = decimalToNumber(total.cpuCores);
  const cpuUsed = cpuTotal - decimalToNumber(available.cpuCores);
  const memTotal = Number(getTotalMemory(total));
  const memUsed = memTotal - Number(getTotalMemory(available));
  return Math.max(cpuTotal > 0 ? cpuUsed / cpuTotal : 0, memTotal > 0 ? memUsed / memTotal : 0);
}

/**
 * Prioritized matching (PrioritizedResourceMatchingStrategy): each slot goes to the least (or most)
 * utilized candidate where it fits; ties go to the earlier candidate.
 */
export function prioritizedFit(
  candidates: readonly Candidate[],
  required: ResourceProfile,
  n: number,
  place: PlaceSlot,
  order: MatchingOrder,
): number {
  const open = candidates.filter((c) => !profilesEqual(c.available, ZERO));
  while (n > 0 && open.length > 0) {
    let best = 0;
    let bestKey = priorityOf(order, open[0]!.total, open[0]!.available);
    for (let i = 1; i < open.length; i++) {
      const key = priorityOf(order, open[i]!.total, open[i]!.available);
      if (key < bestKey) [best, bestKey] = [i, key];
    }
    const c = open[best]!;
    const p = effectiveProfile(required, c.defaultSlot);
    if (!allFieldsNoLessThan(c.available, p)) {
      open.splice(best, 1);
      continue;
    }
    c.available = subtract(c.available, p) as SpecifiedProfile;
    place(c.id, p, 1);
    n--;
    if (profilesEqual(c.available, ZERO)) open.splice(best, 1);
  }
  return n;
}

/** A pool over a plain list (the strategy's own tests and small clusters). */
export class ArrayRegisteredPool implements RegisteredPool {
  private readonly candidates: Candidate[];

  constructor(views: readonly RegisteredTaskManagerView[]) {
    this.candidates = views
      .filter((v) => !v.blocked)
      .map((v) => ({ id: v.id, total: v.total, defaultSlot: v.defaultSlot, available: v.available }));
  }

  fulfil(required: ResourceProfile, n: number, order: MatchingOrder, place: PlaceSlot): number {
    return order === 'first-fit'
      ? firstFit(this.candidates, required, n, place)
      : prioritizedFit(this.candidates, required, n, place, order);
  }

  availableSum(): ResourceProfile {
    return this.candidates.reduce<ResourceProfile>((sum, c) => merge(sum, c.available), ZERO);
  }

  totalSum(): ResourceProfile {
    return this.candidates.reduce<ResourceProfile>((sum, c) => merge(sum, c.total), ZERO);
  }
}
