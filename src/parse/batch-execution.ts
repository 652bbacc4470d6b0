/**
 * What BATCH runtime mode changes in a job's managed-memory declarations (Flink 1.12+):
 * - `StreamGraphGenerator.setBatchStateBackendAndTimerService` installs the application-defined
 *   `BatchExecutionStateBackend`, which takes no managed memory: the STATE_BACKEND share is dropped
 *   whatever the configured backend;
 * - `BatchExecutionUtils` sorts keyed inputs, and the keyed operator declares OPERATOR with weight
 *   1 (1.12, 1.13) or `execution.sorted-inputs.memory` in MiB, 128 by default (1.14+, FLINK-23707).
 *   An operator that already declares another OPERATOR weight fails the StreamGraph's check
 *   (`ManagedMemoryUtils.validateUseCaseWeightsNotConflict`, 1.13+).
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { JobMode, JobVertex, ManagedMemoryConfig, Operator } from '../model/job-graph.js';

export const BATCH_STATE_BACKEND = 'BatchExecutionStateBackend';

function sortedInputsWeight(version: FlinkVersion): number {
  return atLeast(version, 1, 14) ? 128 : 1;
}

function withSortedInputs(op: Operator, version: FlinkVersion, out: Diagnostic[]): Operator {
  if (!op.keyed) return op;
  const weight = sortedInputsWeight(version);
  const declared = op.operatorScopeWeights.get('OPERATOR');
  if (declared === undefined) return { ...op, operatorScopeWeights: new Map([...op.operatorScopeWeights, ['OPERATOR', weight]]) };
  if (declared !== weight && atLeast(version, 1, 13)) {
    const message = `Conflict managed memory consumer weights for 'OPERATOR' were configured: '${declared}' and '${weight}'. (a keyed operator in BATCH mode declares the sorted inputs' ${weight})`;
    out.push(error('input/managed-memory-weight', message, `${op.pointer}/managedMemory/operatorScope/OPERATOR`, 'IllegalStateException'));
  }
  return op;
}

export function applyBatchExecution(
  mode: JobMode,
  version: FlinkVersion,
  vertices: readonly JobVertex[],
  config: ManagedMemoryConfig,
  explicitUsesManagedMemory: boolean,
  out: Diagnostic[],
): { vertices: JobVertex[]; managedMemoryConfig: ManagedMemoryConfig } {
  if (mode !== 'batch' || !atLeast(version, 1, 12)) return { vertices: [...vertices], managedMemoryConfig: config };
  const managedMemoryConfig: ManagedMemoryConfig = explicitUsesManagedMemory
    ? config
    : { ...config, stateBackend: { name: BATCH_STATE_BACKEND, source: 'batch-mode' }, stateBackendUsesManagedMemory: false };
  return {
    vertices: vertices.map((v) => ({ ...v, operators: v.operators.map((op) => withSortedInputs(op, version, out)) })),
    managedMemoryConfig,
  };
}
