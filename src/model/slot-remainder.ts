/**
 * The remainder of dividing a TaskManager into slots. Flink's default slot profile is the total
 * divided by the number of slots, each dimension rounded down: memory to whole bytes, CPU and
 * extended resources to the Resource scale
 * (`flink-runtime/.../slotmanager/SlotManagerUtils.generateDefaultSlotResourceProfile`, the same on
 * the TaskManager's side in `TaskExecutorResourceUtils`). So `total − n × defaultSlot` is left on a
 * TaskManager whose n slots are all allocated: per dimension less than n of its smallest units
 * (n bytes, n × 10^-scale cores). No slot can ever use it, and a person reading "free heap 2 B"
 * would take it for room: a free amount within the remainder is not shown as free (the exact
 * amounts stay in the report's data).
 */
import { compareDecimal, isZeroDecimal, ZERO_DECIMAL } from './decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  MEMORY_FIELDS,
  allFieldsNoLessThan,
  isSpecified,
  multiply,
  specified,
  subtract,
} from './resource-profile.js';

/** `total − slots × defaultSlot`; undefined when nothing is left (or a profile is not specified). */
export function slotRemainder(total: ResourceProfile, defaultSlot: ResourceProfile, slots: number): SpecifiedProfile | undefined {
  if (!isSpecified(total) || !isSpecified(defaultSlot) || slots < 1) return undefined;
  const divided = multiply(defaultSlot, slots);
  if (!allFieldsNoLessThan(total, divided)) return undefined;
  const left = subtract(total, divided) as SpecifiedProfile;
  const empty =
    isZeroDecimal(left.cpuCores) && MEMORY_FIELDS.every((f) => left[f] === 0n) && [...left.extendedResources.values()].every(isZeroDecimal);
  return empty ? undefined : left;
}

/** `free` with every dimension that is no more than the remainder's set to 0: what slots could still use. */
export function withoutRemainder(free: SpecifiedProfile, remainder: SpecifiedProfile | undefined): SpecifiedProfile {
  if (remainder === undefined) return free;
  const memory = (f: (typeof MEMORY_FIELDS)[number]): bigint => (free[f] <= remainder[f] ? 0n : free[f]);
  const extended = new Map(
    [...free.extendedResources].filter(
      ([name, amount]) => compareDecimal(amount, remainder.extendedResources.get(name) ?? ZERO_DECIMAL) > 0,
    ),
  );
  return specified({
    cpuCores: compareDecimal(free.cpuCores, remainder.cpuCores) <= 0 ? ZERO_DECIMAL : free.cpuCores,
    taskHeapMemory: memory('taskHeapMemory'),
    taskOffHeapMemory: memory('taskOffHeapMemory'),
    managedMemory: memory('managedMemory'),
    networkMemory: memory('networkMemory'),
    extendedResources: extended,
  });
}
