/**
 * Managed-memory fractions per operator (Flink >= 1.12), as
 * `StreamingJobGraphGenerator.setManagedMemoryFraction` and `ManagedMemoryUtils.convertToFractionOfSlot`:
 * - per slot sharing group, an OPERATOR-scope use case is split by the operators' weights over
 *   the WHOLE group (fraction = w / Σw rounded down at scale 16, 0.0 when w = 0);
 * - a SLOT-scope use case (STATE_BACKEND, PYTHON) gives 1.0 to each operator declaring it and
 *   0.0 to the group's other operators;
 * - the fraction of the slot multiplies that by weight[uc] / Σ weights of the use cases present
 *   in the group (STATE_BACKEND dropped when the state backend does not use managed memory).
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import { warning } from '../errors/diagnostic.js';
import { type ManagedMemoryUseCase, type JobGraph, type Operator, USE_CASES } from '../model/job-graph.js';
import { getFractionRoundedDown } from './fraction.js';
import type { SlotSharingGroup } from './slot-sharing.js';

export type UseCaseFractions = Map<ManagedMemoryUseCase, number>;

export interface OperatorManagedMemory {
  readonly vertex: number;
  readonly operator: Operator;
  readonly group: number;
  /** What StreamConfig stores: the operator's share of each use case present in its group. */
  readonly fractionsOfUseCase: UseCaseFractions;
  /** The share of the whole slot's managed memory, per use case (all three listed). */
  readonly fractionsOfSlot: UseCaseFractions;
}

interface GroupUseCases {
  readonly operatorWeights: Map<ManagedMemoryUseCase, number>;
  readonly slotUseCases: Set<ManagedMemoryUseCase>;
}

export function groupOperators(graph: JobGraph, group: SlotSharingGroup): Array<{ vertex: number; operator: Operator }> {
  return group.vertices.flatMap((v) => graph.vertices[v]!.operators.map((operator) => ({ vertex: v, operator })));
}

function collectUseCases(operators: ReadonlyArray<{ operator: Operator }>): GroupUseCases {
  const operatorWeights = new Map<ManagedMemoryUseCase, number>();
  const slotUseCases = new Set<ManagedMemoryUseCase>();
  for (const { operator } of operators) {
    for (const [uc, w] of operator.operatorScopeWeights) operatorWeights.set(uc, (operatorWeights.get(uc) ?? 0) + w);
    for (const uc of operator.slotScopeUseCases) slotUseCases.add(uc);
  }
  return { operatorWeights, slotUseCases };
}

/** The operator's StreamConfig fractions: every use case of its group is listed, even at 0.0. */
function fractionsOfUseCaseFor(operator: Operator, group: GroupUseCases): UseCaseFractions {
  const fractions: UseCaseFractions = new Map();
  for (const uc of USE_CASES) {
    const total = group.operatorWeights.get(uc);
    if (total !== undefined) {
      const w = operator.operatorScopeWeights.get(uc) ?? 0;
      fractions.set(uc, w > 0 ? getFractionRoundedDown(w, total) : 0.0);
    } else if (group.slotUseCases.has(uc)) {
      fractions.set(uc, operator.slotScopeUseCases.has(uc) ? 1.0 : 0.0);
    }
  }
  return fractions;
}

/** `ManagedMemoryUtils.convertToFractionOfSlot` for every use case. */
export function convertToFractionsOfSlot(
  fractionsOfUseCase: ReadonlyMap<ManagedMemoryUseCase, number>,
  weights: ReadonlyMap<ManagedMemoryUseCase, number>,
  stateBackendUsesManagedMemory: boolean,
): UseCaseFractions {
  const counts = (uc: ManagedMemoryUseCase): boolean => uc !== 'STATE_BACKEND' || stateBackendUsesManagedMemory;
  let totalWeight = 0;
  for (const uc of fractionsOfUseCase.keys()) if (counts(uc)) totalWeight += weights.get(uc) ?? 0;
  const out: UseCaseFractions = new Map();
  for (const uc of USE_CASES) {
    const share = counts(uc) && totalWeight > 0 ? getFractionRoundedDown(weights.get(uc) ?? 0, totalWeight) : 0.0;
    out.set(uc, counts(uc) ? (fractionsOfUseCase.get(uc) ?? 0) * share : 0.0);
  }
  return out;
}

export function computeManagedMemoryFractions(
  graph: JobGraph,
  groups: readonly SlotSharingGroup[],
  weights: ReadonlyMap<ManagedMemoryUseCase, number>,
): OperatorManagedMemory[] {
  const out: OperatorManagedMemory[] = [];
  const sbUses = graph.managedMemoryConfig.stateBackendUsesManagedMemory;
  for (const group of groups) {
    const members = groupOperators(graph, group);
    const useCases = collectUseCases(members);
    for (const { vertex, operator } of members) {
      const fractionsOfUseCase = fractionsOfUseCaseFor(operator, useCases);
      const fractionsOfSlot = convertToFractionsOfSlot(fractionsOfUseCase, weights, sbUses);
      out.push({ vertex, operator, group: group.index, fractionsOfUseCase, fractionsOfSlot });
    }
  }
  return out;
}

/**
 * An operator that will ask its slot's MemoryManager for a use case whose slot fraction is 0
 * fails at runtime ("The fraction of memory to allocate should not be 0 ..."): warn before that.
 */
export function zeroFractionWarnings(graph: JobGraph, operators: readonly OperatorManagedMemory[]): Diagnostic[] {
  const sbUses = graph.managedMemoryConfig.stateBackendUsesManagedMemory;
  const out: Diagnostic[] = [];
  for (const op of operators) {
    for (const uc of USE_CASES) {
      const requests = (op.operator.operatorScopeWeights.get(uc) ?? 0) > 0 || (op.operator.slotScopeUseCases.has(uc) && (uc !== 'STATE_BACKEND' || sbUses));
      if (requests && op.fractionsOfSlot.get(uc) === 0) {
        const message = `operator '${op.operator.id}' uses ${uc} managed memory but its fraction of the slot is 0 (consumer weight 0 or missing); Flink fails at runtime with "The fraction of memory to allocate should not be 0"`;
        out.push(warning('managed-memory/zero-fraction', message, op.operator.pointer));
      }
    }
  }
  return out;
}
