/**
 * How a slot's managed memory is reserved, read from the plan report's operator rows, for every
 * renderer (text table, HTML slot bar): an OPERATOR-scope use case is one reservation per operator
 * (they add up); a SLOT-scope use case (STATE_BACKEND, PYTHON) is ONE reservation of the slot,
 * which every operator declaring it shares. Each slot has its own MemoryManager, and the first
 * operator asking for a type allocates it, the next ones lease the same resource
 * (flink-runtime/.../memory/MemoryManager.java getSharedMemoryResourceForManagedMemory,
 * SharedResources.getOrAllocateSharedResource).
 */
import type { ManagedMemoryUseCase } from '../model/job-graph.js';
import type { PlanReport } from './plan-report.js';
import type { BytesJson } from '../model/profile-json.js';

type OperatorRow = PlanReport['operators'][number];

/** STATE_BACKEND and PYTHON are declared at slot scope; OPERATOR at operator scope. */
export function isSlotScope(useCase: string): boolean {
  return useCase !== 'OPERATOR';
}

/** One SLOT-scope use case's reservation in a slot of one slot sharing group. */
export interface SharedReservation {
  readonly useCase: ManagedMemoryUseCase;
  /** Its fraction of the slot (every declaring operator of the group carries the same one). */
  readonly fraction: number;
  /** Its bytes, as the operator rows carry them (when the slot's managed memory is known). */
  readonly bytes?: BytesJson;
  /** The operators that declare it, and so share it. */
  readonly operators: number;
}

/**
 * The shared reservations of one slot, from the rows of ONE slot sharing group: one per SLOT-scope
 * use case with a share, in the order the use cases first appear.
 */
export function sharedReservations(rows: readonly OperatorRow[]): SharedReservation[] {
  const byUseCase = new Map<ManagedMemoryUseCase, { fraction: number; bytes: BytesJson | undefined; operators: number }>();
  for (const o of rows) {
    const fractions = o.fractionsOfSlot;
    if (o.legacyFraction !== undefined || fractions === undefined) continue;
    // Keys in place (no entry arrays): 200,000 rows for a large job.
    for (const key in fractions) {
      const useCase = key as ManagedMemoryUseCase;
      const f = fractions[useCase];
      if ((f ?? 0) <= 0 || !isSlotScope(useCase)) continue;
      const bytes = typeof o.bytes === 'object' ? o.bytes[useCase] : undefined;
      const s = byUseCase.get(useCase);
      if (s === undefined) byUseCase.set(useCase, { fraction: f!, bytes, operators: 1 });
      else {
        s.operators++;
        // Equal in practice; should they differ, the first lease sets the size (SharedResources).
        if (s.bytes === undefined) s.bytes = bytes;
      }
    }
  }
  return [...byUseCase].map(([useCase, s]) => ({
    useCase,
    fraction: s.fraction,
    ...(s.bytes === undefined ? {} : { bytes: s.bytes }),
    operators: s.operators,
  }));
}

/** The rows of each slot sharing group, by group id, in row order. */
export function rowsBySlotSharingGroup(rows: readonly OperatorRow[]): Map<string, OperatorRow[]> {
  const byGroup = new Map<string, OperatorRow[]>();
  for (const o of rows) {
    const list = byGroup.get(o.slotSharingGroup);
    if (list === undefined) byGroup.set(o.slotSharingGroup, [o]);
    else list.push(o);
  }
  return byGroup;
}
