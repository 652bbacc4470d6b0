/**
 * Managed memory a TaskManager reserves that the job never uses: a slot of a group in which no
 * operator has a managed-memory share (heap state backend, no batch operators, no Python) keeps
 * its whole managed memory idle. Flink says nothing; a user sizing TaskManagers wants to know.
 * Only for default slots (UNKNOWN group profiles): a group with its own resources sets its memory.
 * For a batch job only when no region uses any (its regions share slots over time).
 */
import { type Diagnostic, warning } from '../errors/diagnostic.js';
import { toHumanReadableString } from '../model/memory-size.js';
import type { JobGraph } from '../model/job-graph.js';
import { isSpecified } from '../model/resource-profile.js';
import type { OperatorManagedMemory } from './managed-memory.js';
import type { SlotSharingGroup } from './slot-sharing.js';

export function unusedManagedMemory(
  graph: JobGraph,
  groups: readonly SlotSharingGroup[],
  operators: readonly OperatorManagedMemory[],
): Diagnostic[] {
  const slotBytes = graph.managedMemoryConfig.slotManagedMemory;
  if (slotBytes === undefined || slotBytes === 0n) return [];
  const used = new Set<number>();
  for (const o of operators) if ([...o.fractionsOfSlot.values()].some((f) => f > 0)) used.add(o.group);
  const idle = groups.filter((g) => !used.has(g.index) && !isSpecified(g.groupProfile));
  // A batch job's regions take slots one after another: an idle region is a moment, not a waste.
  if (idle.length === 0 || (graph.mode === 'batch' && idle.length < groups.length)) return [];
  const size = toHumanReadableString(slotBytes);
  const backend = graph.managedMemoryConfig.stateBackend.name;
  const why = `no operator there uses managed memory (state backend ${backend}${graph.managedMemoryConfig.stateBackendUsesManagedMemory ? '' : ', which keeps state on the heap'}; no batch or Python operators)`;
  const where =
    idle.length === groups.length
      ? `every slot of this job leaves its ${size} of managed memory unused`
      : `the slots of group${idle.length > 1 ? 's' : ''} ${idle.map((g) => `'${g.id}'`).join(', ')} leave their ${size} of managed memory unused`;
  const message = `${where}: ${why}; lower taskmanager.memory.managed.fraction (or give the memory to the task heap) unless other jobs need it`;
  return [warning('managed-memory/unused', message, graph.vertices[idle[0]!.vertices[0]!]!.pointer)];
}
