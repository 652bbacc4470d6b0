/**
 * How many slots a TaskManager of the log has, from the best source the log gives: its own slot
 * report or configuration (a TaskManager log), its fine-grained total divided into the default slot
 * an allocation printed, the JobManager's `taskmanager.numberOfTaskSlots`, the slot pool's registered
 * slots ÷ TaskManagers, an active ResourceManager's worker spec.
 */
import { type SpecifiedProfile, divideIntoSlots, fitCount, isSpecified, profilesEqual } from '../../model/resource-profile.js';
import type { RebuiltCluster, RebuiltTaskManager } from './rebuild-cluster.js';

/** More slots than any TaskManager has (a bound on the division below). */
const MAX_SLOTS_PER_TASK_MANAGER = 100_000;

/**
 * A fine-grained TaskManager's slots from its total and the default slot an allocation printed: k
 * when the total divided into k slots (TaskExecutorResourceUtils.generateDefaultSlotResourceProfile:
 * bytes by integer division, CPU at 8 decimals from 1.14, 16 before) is exactly that slot. A slot of
 * another size (a fine-grained requirement's own profile) divides no total exactly and says nothing.
 */
function slotsOfTotal(tm: RebuiltTaskManager): number | undefined {
  const { total, slotProfile } = tm;
  if (total === undefined || slotProfile === undefined || !isSpecified(total) || !isSpecified(slotProfile)) return undefined;
  const k = fitCount(total, slotProfile, MAX_SLOTS_PER_TASK_MANAGER);
  if (k === 0) return undefined;
  return [8, 16].some((scale) => profilesEqual(divideIntoSlots(total, k, scale), slotProfile)) ? k : undefined;
}

/** Slots of a TaskManager: its own report or configuration, the log's configuration, the slot pool's average. */
export function slotsOf(tm: RebuiltTaskManager, cluster: RebuiltCluster): number | undefined {
  if (tm.slots !== undefined) return tm.slots;
  const divided = slotsOfTotal(tm);
  if (divided !== undefined) return divided;
  const configured = Number(cluster.configuration.get('taskmanager.numberOfTaskSlots')?.value);
  if (Number.isSafeInteger(configured) && configured > 0) return configured;
  const pool = cluster.slotPoolStatus;
  const tms = pool?.registeredTaskManagers;
  const slots = pool?.registeredSlots;
  if (tms !== undefined && slots !== undefined && tms > 0 && slots % tms === 0) return slots / tms;
  if (cluster.resourceManager === 'active') return cluster.workerSpec?.numSlots;
  return undefined;
}

/** A TaskManager's default slot: its total divided by its slots, when the log gives both. */
export function defaultSlotOf(tm: RebuiltTaskManager, cluster: RebuiltCluster): SpecifiedProfile | undefined {
  const slots = slotsOf(tm, cluster);
  return tm.total === undefined || !isSpecified(tm.total) || slots === undefined || slots <= 0
    ? undefined
    : divideIntoSlots(tm.total, slots);
}
