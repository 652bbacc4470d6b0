/**
 * The AdaptiveScheduler's parallelism decision, as `SlotSharingSlotAllocator` and `AllocatorUtil`
 * (`flink-runtime/.../scheduler/adaptive/allocator/`). Every slot request is UNKNOWN, so only slot
 * counts matter: a slot sharing group needs as many slots as its largest vertex parallelism.
 *
 * Per group: `maxLowerBound` = largest vertex minParallelism, `maxUpperBound` = largest vertex
 * parallelism. The job declares Σ maxUpperBound slots (desired), needs Σ maxLowerBound (minimum),
 * and splits whatever is free between these bounds.
 */
import { checkArgument } from '../../errors/flink-exception.js';
import { UNKNOWN } from '../../model/resource-profile.js';
import { ResourceCounter } from '../slotmanager/resource-counter.js';

/** `JobInformation.VertexInformation`: parallelism is the upper bound, minParallelism the lower. */
export interface VertexInformation {
  readonly id: string;
  /** The vertex's name when it is not its id (Flink's files), for the report. */
  readonly name?: string;
  readonly parallelism: number;
  /** Lower bound (FLIP-291 resource requirements); default 1. */
  readonly minParallelism?: number;
  readonly slotSharingGroup: string;
}

export interface SlotSharingGroupMetaInfo {
  readonly group: string;
  readonly minLowerBound: number;
  readonly maxLowerBound: number;
  readonly maxUpperBound: number;
}

function lowerBound(v: VertexInformation): number {
  return v.minParallelism ?? 1;
}

function checkVertex(v: VertexInformation): void {
  const lower = lowerBound(v);
  checkArgument(Number.isInteger(v.parallelism) && v.parallelism >= 1, `vertex ${v.id}: parallelism must be a positive integer`);
  checkArgument(
    Number.isInteger(lower) && lower >= 1 && lower <= v.parallelism,
    `vertex ${v.id}: minParallelism must be an integer in [1, parallelism]`,
  );
}

/**
 * `SlotSharingGroupMetaInfo.from`: the bounds of each group, in the order groups first appear among
 * `vertices` (Flink keys them in a HashMap by random group id, so its order is arbitrary).
 */
export function slotSharingGroupMetaInfos(vertices: readonly VertexInformation[]): Map<string, SlotSharingGroupMetaInfo> {
  const out = new Map<string, SlotSharingGroupMetaInfo>();
  for (const v of vertices) {
    checkVertex(v);
    const lower = lowerBound(v);
    const seen = out.get(v.slotSharingGroup);
    out.set(v.slotSharingGroup, {
      group: v.slotSharingGroup,
      minLowerBound: Math.min(seen?.minLowerBound ?? lower, lower),
      maxLowerBound: Math.max(seen?.maxLowerBound ?? lower, lower),
      maxUpperBound: Math.max(seen?.maxUpperBound ?? v.parallelism, v.parallelism),
    });
  }
  return out;
}

function sum(infos: Iterable<SlotSharingGroupMetaInfo>, field: 'maxLowerBound' | 'maxUpperBound'): number {
  let total = 0;
  for (const info of infos) total += info[field];
  return total;
}

/** `calculateRequiredSlots`: the desired resources declared to the ResourceManager, UNKNOWN × Σ maxUpperBound (empty for no vertices). */
export function calculateRequiredSlots(vertices: readonly VertexInformation[]): ResourceCounter {
  return ResourceCounter.of([{ profile: UNKNOWN, count: sum(slotSharingGroupMetaInfos(vertices).values(), 'maxUpperBound') }]);
}

/** `AllocatorUtil.getMinimumRequiredSlots`: Σ over groups of the largest vertex minParallelism. */
export function minimumRequiredSlots(vertices: readonly VertexInformation[]): number {
  return sum(slotSharingGroupMetaInfos(vertices).values(), 'maxLowerBound');
}

/**
 * Groups by ascending range (maxUpperBound − maxLowerBound), so narrow groups take their share
 * first and leave the rest to wider ones. The sort is stable; Flink's input order for equal ranges
 * is HashMap order (arbitrary), flinkslot's is first appearance. The tie order can change the
 * result when tied groups have different lower bounds.
 */
export function sortByParallelismRange(infos: Iterable<SlotSharingGroupMetaInfo>): SlotSharingGroupMetaInfo[] {
  return [...infos].sort((a, b) => a.maxUpperBound - a.maxLowerBound - (b.maxUpperBound - b.maxLowerBound));
}

/**
 * `determineSlotsPerSharingGroup`: each group gets its lower bound plus an even share (integer
 * division) of the slots not reserved for the lower bounds of the groups still to come, capped at
 * its upper bound; what a narrow group leaves unused flows to the later, wider groups.
 */
export function determineSlotsPerSharingGroup(infos: Map<string, SlotSharingGroupMetaInfo>, freeSlots: number): Map<string, number> {
  let unassignedSlots = freeSlots;
  let unassignedGroups = infos.size;
  let minSlotsOfRemainingGroups = sum(infos.values(), 'maxLowerBound');
  const out = new Map<string, number>();
  for (const info of sortByParallelismRange(infos.values())) {
    const freeOptionalSlots = unassignedSlots - minSlotsOfRemainingGroups;
    const share = Math.trunc(freeOptionalSlots / unassignedGroups);
    const groupParallelism = info.maxLowerBound + Math.min(info.maxUpperBound - info.maxLowerBound, share);
    out.set(info.group, groupParallelism);
    minSlotsOfRemainingGroups -= info.maxLowerBound;
    unassignedSlots -= groupParallelism;
    unassignedGroups -= 1;
  }
  return out;
}

/**
 * `determineParallelism`: vertex id → parallelism for `freeSlots` free slots, or undefined when
 * they do not cover the minimum. A vertex runs at min(its parallelism, its group's slots). No
 * vertices → an empty map.
 */
export function determineParallelism(vertices: readonly VertexInformation[], freeSlots: number): Map<string, number> | undefined {
  checkArgument(Number.isInteger(freeSlots) && freeSlots >= 0, 'freeSlots must be a non-negative integer');
  const infos = slotSharingGroupMetaInfos(vertices);
  if (sum(infos.values(), 'maxLowerBound') > freeSlots) return undefined;
  const perGroup = determineSlotsPerSharingGroup(infos, freeSlots);
  return new Map(vertices.map((v) => [v.id, Math.min(v.parallelism, perGroup.get(v.slotSharingGroup)!)]));
}
