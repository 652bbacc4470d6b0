/**
 * Managed memory a TaskManager reserves that the job never uses: a slot of a group in which no
 * operator has a managed-memory share (heap state backend, no batch operators, no Python) keeps
 * its whole managed memory idle. Flink says nothing; a user sizing TaskManagers wants to know.
 * Only for default slots (UNKNOWN group profiles): a group with its own resources sets its memory.
 * For a batch job only when no region uses any (its regions share slots over time).
 */
import { type Diagnostic, warning } from '../errors/diagnostic.js';
import { formatBytes } from '../model/memory-size.js';
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
  const size = formatBytes(slotBytes);
  const backend = graph.managedMemoryConfig.stateBackend.name;
  const why = `no operator there uses managed memory (state backend ${backend}${graph.managedMemoryConfig.stateBackendUsesManagedMemory ? '' : ', which keeps state on the heap'}; no batch or Python operators)`;
  const where =
    idle.length === groups.length
      ? `every slot of this job leaves its ${size} of managed memory unused`
      : `the slots of group${idle.length > 1 ? 's' : ''} ${idle.map((g) => `'${g.id}'`).join(', ')} leave their ${size} of managed memory unused`;
  const message = `${where}: ${why}; lower taskmanager.memory.managed.fraction (or give the memory to the task heap) unless other jobs need it`;
  return [warning('managed-memory/unused', message, graph.vertices[idle[0]!.vertices[0]!]!.pointer)];
}

/**
 * RocksDB / ForSt told to take memory outside managed memory (`fixed-per-slot`, `fixed-per-tm`, or
 * `managed: false`) still get their STATE_BACKEND share reserved by Flink: that share sits idle.
 */
export function idleStateBackendShare(graph: JobGraph, operators: readonly OperatorManagedMemory[]): Diagnostic[] {
  const config = graph.managedMemoryConfig;
  const memory = config.stateBackendMemory;
  if (memory === undefined || !config.stateBackendUsesManagedMemory) return [];
  const holder = operators.reduce<OperatorManagedMemory | undefined>(
    (best, o) => ((o.fractionsOfSlot.get('STATE_BACKEND') ?? 0) > (best?.fractionsOfSlot.get('STATE_BACKEND') ?? 0) ? o : best),
    undefined,
  );
  const fraction = holder?.fractionsOfSlot.get('STATE_BACKEND') ?? 0;
  if (holder === undefined || fraction === 0) return [];
  const bytes = config.slotManagedMemory === undefined ? undefined : floorShare(config.slotManagedMemory, fraction);
  const share =
    bytes === undefined
      ? `${formatShare(fraction)} of each slot's managed memory`
      : `${formatBytes(bytes)} per slot (${formatShare(fraction)} of its managed memory)`;
  const where = {
    'fixed-per-slot': `${memory.key}: ${memory.value} gives each slot a cache outside managed memory`,
    'fixed-per-tm': `${memory.key}: ${memory.value} gives the TaskManager one cache outside managed memory`,
    unbounded: `${memory.key}: ${memory.value} with no fixed size leaves its memory unbounded, outside managed memory`,
  }[memory.kind];
  const message = `${config.stateBackend.name} state backend: ${where}, yet Flink still reserves its STATE_BACKEND share, ${share}, which stays unused; drop STATE_BACKEND from taskmanager.memory.managed.consumer-weights or lower taskmanager.memory.managed.fraction`;
  return [warning('managed-memory/state-backend-unmanaged', message, holder.operator.pointer)];
}

/** MemoryManager.computeMemorySize: floor(size × fraction). */
function floorShare(size: bigint, fraction: number): bigint {
  return BigInt(Math.floor(Number(size) * fraction));
}

function formatShare(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10} %`;
}
