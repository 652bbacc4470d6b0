/**
 * Managed-memory fractions before the use-case model (Flink 1.10 and 1.11, FLIP-53): one
 * fraction per operator, per slot sharing group.
 * - Group spec (sum of member specs) specified: opManaged / groupManaged bytes (0.0 if 0).
 * - Group spec UNKNOWN: 1.10 gives every operator 1 / number of operators in the group;
 *   1.11 splits by transformation weight (default 1): w / Σw (0.0 if Σw = 0).
 * All divisions are BigDecimal scale 16 rounded down (FLINK-14974).
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { atLeast } from '../model/flink-version.js';
import type { JobGraph, Operator } from '../model/job-graph.js';
import { ZERO, isSpecified, merge } from '../model/resource-profile.js';
import { getFractionRoundedDown } from './fraction.js';
import { forEachGroupOperator } from './managed-memory.js';
import type { SlotSharingGroup } from './slot-sharing.js';

export interface OperatorLegacyFraction {
  readonly vertex: number;
  readonly operator: Operator;
  readonly group: number;
  readonly legacyFraction: number;
}

export function computeLegacyManagedMemoryFractions(graph: JobGraph, groups: readonly SlotSharingGroup[]): OperatorLegacyFraction[] {
  const weightBased = atLeast(graph.flinkVersion, 1, 11);
  const out: OperatorLegacyFraction[] = [];
  for (const group of groups) {
    const members: Array<{ vertex: number; operator: Operator }> = [];
    forEachGroupOperator(graph, group, (vertex, operator) => members.push({ vertex, operator }));
    const groupSpec = members.reduce((sum, m) => merge(sum, m.operator.resources), ZERO);
    const totalWeight = members.reduce((sum, m) => sum + m.operator.legacyWeight, 0);
    for (const { vertex, operator } of members) {
      let legacyFraction: number;
      if (isSpecified(groupSpec) && isSpecified(operator.resources)) {
        const total = groupSpec.managedMemory;
        legacyFraction = total > 0n ? getFractionRoundedDown(operator.resources.managedMemory, total) : 0.0;
      } else if (weightBased) {
        legacyFraction = totalWeight > 0 ? getFractionRoundedDown(operator.legacyWeight, totalWeight) : 0.0;
      } else {
        legacyFraction = getFractionRoundedDown(1, members.length);
      }
      out.push({ vertex, operator, group: group.index, legacyFraction });
    }
  }
  return out;
}

/** Flink 1.11 refuses a transformation with both resources and a managed-memory weight. */
export function checkLegacyWeightAndResources(graph: JobGraph): Diagnostic[] {
  if (!(graph.flinkVersion.major === 1 && graph.flinkVersion.minor === 11)) return [];
  const out: Diagnostic[] = [];
  for (const vertex of graph.vertices) {
    for (const op of vertex.operators) {
      if (op.legacyWeightSet && isSpecified(op.resources)) {
        const message = `The resources and managed memory weight should not be specified at the same time. operator '${op.id}': resources and legacyWeight ${op.legacyWeight}`;
        out.push(error('managed-memory/weight-and-resources', message, op.pointer, 'IllegalArgumentException'));
      }
    }
  }
  return out;
}
