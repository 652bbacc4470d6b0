/**
 * What a slot must hold (issue 26 §2): a floor per resource dimension, and the slots below it.
 * Flink itself has no such floor: a job whose slots are UNKNOWN fits any slot. A floor is what the
 * user knows the job needs (`size --slot-min`, a job graph's `slotSharingGroups[].slotMin`), or
 * flinkslot's default for a job that uses managed memory (docs/slot-floors.md); the request stays
 * UNKNOWN. A TaskManager shape whose default slot (TaskExecutorResourceUtils
 * .generateDefaultSlotResourceProfile: each resource divided by the slots) is below the floor in a
 * dimension is rejected, saying which dimension and by how much.
 */
import { type Decimal, compareDecimal, subtractDecimal } from './decimal.js';
import type { ManagedMemoryUseCase } from './job-graph.js';
import type { MemoryField, ProfileFields, SpecifiedProfile } from './resource-profile.js';

export type FloorDimension = 'cpuCores' | MemoryField;
export const FLOOR_DIMENSIONS: readonly FloorDimension[] = [
  'cpuCores',
  'taskHeapMemory',
  'taskOffHeapMemory',
  'managedMemory',
  'networkMemory',
];

/** CPU cores as an exact decimal, memory in bytes. */
export type FloorAmount = Decimal | bigint;

/** Who set a floor: the command line, a job graph's group, flinkslot's managed-memory default, or the `--search` base. */
export type FloorSource =
  | { readonly kind: 'slot-min' }
  | { readonly kind: 'job-graph'; readonly job: string; readonly group: string }
  | {
      readonly kind: 'managed-memory-default';
      readonly job: string;
      readonly group: string;
      readonly useCases: readonly ManagedMemoryUseCase[];
      /** The state backend, when STATE_BACKEND is one of the use cases. */
      readonly stateBackend?: string;
    }
  | { readonly kind: 'tm-config-base'; readonly file: string };

export interface FloorEntry {
  readonly dimension: FloorDimension;
  readonly minimum: FloorAmount;
  readonly from: FloorSource;
}

/** At most one entry per dimension, in FLOOR_DIMENSIONS order; empty: no floor, only slots are counted. */
export type SlotFloor = readonly FloorEntry[];

/**
 * Why a shape is not an answer. One kind today; another (TaskManagers that cannot serve the
 * job's network buffers) joins this union without reshaping it.
 */
export type SizeRejection = {
  readonly kind: 'slot-below-floor';
  readonly dimension: FloorDimension;
  readonly floor: FloorAmount;
  readonly slot: FloorAmount;
  readonly short: FloorAmount;
  readonly from: FloorSource;
};

export function amountOf(slot: SpecifiedProfile, dimension: FloorDimension): FloorAmount {
  return dimension === 'cpuCores' ? slot.cpuCores : slot[dimension];
}

/** Compares two amounts of one dimension. */
export function compareAmount(a: FloorAmount, b: FloorAmount): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  return compareDecimal(a as Decimal, b as Decimal);
}

/** Each dimension in which the default slot holds less than the floor, with the shortfall. */
export function slotBelowFloor(slot: SpecifiedProfile, floor: SlotFloor): SizeRejection[] {
  const out: SizeRejection[] = [];
  for (const entry of floor) {
    const has = amountOf(slot, entry.dimension);
    if (compareAmount(has, entry.minimum) >= 0) continue;
    const short = typeof has === 'bigint' ? (entry.minimum as bigint) - has : subtractDecimal(entry.minimum as Decimal, has);
    out.push({ kind: 'slot-below-floor', dimension: entry.dimension, floor: entry.minimum, slot: has, short, from: entry.from });
  }
  return out;
}

/**
 * Floors combined: per dimension the largest, except that `replacing` (the command line) wins in
 * every dimension it names, as `--flink-version` replaces the files' release.
 */
export function combineFloors(floors: readonly FloorEntry[], replacing: readonly FloorEntry[] = []): SlotFloor {
  const named = new Set(replacing.map((e) => e.dimension));
  const best = new Map<FloorDimension, FloorEntry>();
  for (const e of [...replacing, ...floors.filter((f) => !named.has(f.dimension))]) {
    const current = best.get(e.dimension);
    if (current === undefined || compareAmount(e.minimum, current.minimum) > 0) best.set(e.dimension, e);
  }
  return FLOOR_DIMENSIONS.filter((d) => best.has(d)).map((d) => best.get(d)!);
}

/** The dimensions `fields` gives, as floor entries from `from`. */
export function floorEntriesOf(fields: ProfileFields, from: FloorSource): FloorEntry[] {
  return FLOOR_DIMENSIONS.filter((d) => fields[d] !== undefined).map((d) => ({ dimension: d, minimum: fields[d]!, from }));
}
