/**
 * The records the fine-grained tracker keeps and the pure helpers over them: a registered
 * TaskManager with its dynamic slots (Flink's `FineGrainedTaskManagerRegistration` and
 * `FineGrainedTaskManagerSlot`), a pending one (`PendingTaskManager`), and the small
 * `SlotManagerUtils`-like functions. They live apart from the tracker because the SlotManager, the
 * strategy's view, the scenario reader and the runner use them without the tracker's bookkeeping.
 */
import { type SpecifiedProfile, ZERO, divideIntoSlots, fitCount, profileKey, profilesEqual } from '../../model/resource-profile.js';
import type { ResourceCounter } from './resource-counter.js';

/** `idleSince` of a TaskManager that holds slots. */
export const BUSY = Number.POSITIVE_INFINITY;

export interface DynamicSlot {
  readonly allocationId: number;
  readonly job: string;
  readonly profile: SpecifiedProfile;
}

/**
 * Slots of one job and profile with consecutive allocation ids `firstId` … `firstId + count - 1`.
 * A TaskManager keeps its slots as runs in allocation order: jobs take and give back slots in
 * runs, so a run is one object where slot-by-slot storage would be `count`.
 */
export interface SlotRun {
  readonly job: string;
  readonly profile: SpecifiedProfile;
  firstId: number;
  count: number;
}

/** Slots given back: `count` of `profile`, in allocation order. */
export interface FreedRun {
  readonly profile: SpecifiedProfile;
  readonly count: number;
}

export interface FineGrainedTaskManager {
  readonly index: number;
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  readonly defaultNumSlots: number;
  readonly blocked: boolean;
  available: SpecifiedProfile;
  /** The allocated slots as runs, in allocation order. */
  readonly runs: SlotRun[];
  /** Number of allocated slots (the sum of the runs' counts). */
  slotCount: number;
  idleSince: number;
}

export interface PendingTaskManager {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly numberOfSlots: number;
  readonly defaultSlot: SpecifiedProfile;
  allocations: Map<string, ResourceCounter>;
}

/** `SlotManagerUtils.calculateDefaultNumSlots`: how often the default slot fits into the total. */
export function calculateDefaultNumSlots(total: SpecifiedProfile, defaultSlot: SpecifiedProfile): number {
  if (profilesEqual(defaultSlot, ZERO)) return 0;
  // Flink subtracts until the slot no longer fits; fitCount is that count in one step (capped like the loop).
  return fitCount(total, defaultSlot, 1_000_001);
}

const specKeys = new WeakMap<SpecifiedProfile, Map<number, string>>();

/** The key of a worker spec (slots, total); cached per total, as every worker of a spec shares one total object. */
export function workerSpecKey(total: SpecifiedProfile, slots: number): string {
  let bySlots = specKeys.get(total);
  if (bySlots === undefined) specKeys.set(total, (bySlots = new Map()));
  let key = bySlots.get(slots);
  if (key === undefined) bySlots.set(slots, (key = `${slots}:${profileKey(total)}`));
  return key;
}

const defaultSlots = new WeakMap<SpecifiedProfile, Map<string, SpecifiedProfile>>();

/**
 * `total / numberOfSlots`, one object per (total, slots, scale): every worker of a spec shares its
 * default slot, so what is cached per profile object (keys, sums) is computed once, not per worker.
 */
export function sharedDefaultSlot(total: SpecifiedProfile, numberOfSlots: number, resourceScale?: number): SpecifiedProfile {
  let byCount = defaultSlots.get(total);
  if (byCount === undefined) defaultSlots.set(total, (byCount = new Map()));
  const key = `${numberOfSlots}/${resourceScale}`;
  let slot = byCount.get(key);
  if (slot === undefined) byCount.set(key, (slot = divideIntoSlots(total, numberOfSlots, resourceScale)));
  return slot;
}

/** A pending TaskManager (a requested worker) with nothing recorded on it yet. */
export function newPendingTaskManager(
  id: string,
  total: SpecifiedProfile,
  numberOfSlots: number,
  resourceScale?: number,
): PendingTaskManager {
  return { id, total, numberOfSlots, defaultSlot: sharedDefaultSlot(total, numberOfSlots, resourceScale), allocations: new Map() };
}
