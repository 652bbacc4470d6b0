/**
 * Which managed-memory use cases the operators of each slot sharing group draw on
 * (`StreamingJobGraphGenerator.setManagedMemoryFraction`, flink-streaming-java): OPERATOR for an
 * operator with an OPERATOR-scope weight (batch sorts, hash joins and aggregations), PYTHON for a
 * Python operator, STATE_BACKEND for keyed state when the state backend takes managed memory
 * (RocksDB, ForSt; `state-backend.ts`). A use case whose consumer weight is 0 gets none
 * (`ManagedMemoryUtils.convertToFractionOfSlot`). `size` gives such groups a floor of managed memory.
 */
import { type JobGraph, type ManagedMemoryUseCase, USE_CASES } from '../model/job-graph.js';

/** Per StreamGraph group name, the use cases of its operators that take managed memory (groups without any left out). */
export function managedMemoryUseByGroup(
  graph: JobGraph,
  weights: ReadonlyMap<ManagedMemoryUseCase, number> | undefined,
  stateBackendUsesManagedMemory: boolean,
): Map<string, ManagedMemoryUseCase[]> {
  const weighted = (uc: ManagedMemoryUseCase): boolean => weights === undefined || (weights.get(uc) ?? 0) > 0;
  const used = new Map<string, Set<ManagedMemoryUseCase>>();
  for (const vertex of graph.vertices)
    for (const operator of vertex.operators) {
      const cases = new Set<ManagedMemoryUseCase>();
      if ((operator.operatorScopeWeights.get('OPERATOR') ?? 0) > 0) cases.add('OPERATOR');
      if (operator.slotScopeUseCases.has('PYTHON')) cases.add('PYTHON');
      if (operator.slotScopeUseCases.has('STATE_BACKEND') && stateBackendUsesManagedMemory) cases.add('STATE_BACKEND');
      for (const uc of cases)
        if (weighted(uc)) {
          const group = used.get(vertex.slotSharingGroup) ?? new Set();
          used.set(vertex.slotSharingGroup, group.add(uc));
        }
    }
  return new Map([...used].map(([group, cases]) => [group, USE_CASES.filter((uc) => cases.has(uc))]));
}
