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
import { type Diagnostic, error, warning } from '../errors/diagnostic.js';
import { type ManagedMemoryUseCase, type JobGraph, type Operator, USE_CASES } from '../model/job-graph.js';
import { getFractionRoundedDown } from './fraction.js';
import type { SlotSharingGroup } from './slot-sharing.js';

/** Shared between operators with the same declarations in a group: never mutate. */
export type UseCaseFractions = ReadonlyMap<ManagedMemoryUseCase, number>;

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

/** Calls `visit` for every operator of the group's vertices, in vertex then chain order. */
export function forEachGroupOperator(graph: JobGraph, group: SlotSharingGroup, visit: (vertex: number, operator: Operator) => void): void {
  for (const v of group.vertices) for (const operator of graph.vertices[v]!.operators) visit(v, operator);
}

function collectUseCases(graph: JobGraph, group: SlotSharingGroup): GroupUseCases {
  const operatorWeights = new Map<ManagedMemoryUseCase, number>();
  const slotUseCases = new Set<ManagedMemoryUseCase>();
  forEachGroupOperator(graph, group, (_, operator) => {
    // Flink sums Java ints (Integer::sum): overflow wraps, as `| 0` does.
    for (const [uc, w] of operator.operatorScopeWeights) operatorWeights.set(uc, ((operatorWeights.get(uc) ?? 0) + w) | 0);
    for (const uc of operator.slotScopeUseCases) slotUseCases.add(uc);
  });
  return { operatorWeights, slotUseCases };
}

/** The operator's StreamConfig fractions: every use case of its group is listed, even at 0.0. */
function fractionsOfUseCaseFor(operator: Operator, group: GroupUseCases): UseCaseFractions {
  const fractions = new Map<ManagedMemoryUseCase, number>();
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
  // An int sum in Flink: it can wrap negative, and then no use case gets a share.
  for (const uc of fractionsOfUseCase.keys()) if (counts(uc)) totalWeight = (totalWeight + (weights.get(uc) ?? 0)) | 0;
  const out = new Map<ManagedMemoryUseCase, number>();
  for (const uc of USE_CASES) {
    const share = counts(uc) && totalWeight > 0 ? getFractionRoundedDown(weights.get(uc) ?? 0, totalWeight) : 0.0;
    out.set(uc, counts(uc) ? (fractionsOfUseCase.get(uc) ?? 0) * share : 0.0);
  }
  return out;
}

interface Variant {
  readonly fractionsOfUseCase: UseCaseFractions;
  readonly fractionsOfSlot: UseCaseFractions;
  /** Use cases the operator will request although its slot fraction is 0. */
  readonly zeroRequests: readonly ManagedMemoryUseCase[];
}

export interface ManagedMemoryFractions {
  readonly operators: OperatorManagedMemory[];
  readonly diagnostics: Diagnostic[];
}

export function computeManagedMemoryFractions(
  graph: JobGraph,
  groups: readonly SlotSharingGroup[],
  weights: ReadonlyMap<ManagedMemoryUseCase, number>,
): ManagedMemoryFractions {
  const operators: OperatorManagedMemory[] = [];
  const diagnostics: Diagnostic[] = [];
  const sbUses = graph.managedMemoryConfig.stateBackendUsesManagedMemory;
  for (const group of groups) {
    const useCases = collectUseCases(graph, group);
    // Operators with the same declarations get the same fractions: compute each variant once
    // (a group of 100k operators has a handful of variants), and share the maps.
    const variants = new Map<number, Variant>();
    for (const [uc, total] of useCases.operatorWeights) {
      if (total < 0) diagnostics.push(weightOverflowError(graph, group, uc, total));
    }
    forEachGroupOperator(graph, group, (vertex, operator) => {
      const key = declarationKey(operator);
      let variant = variants.get(key);
      if (variant === undefined) {
        const fractionsOfUseCase = fractionsOfUseCaseFor(operator, useCases);
        const fractionsOfSlot = convertToFractionsOfSlot(fractionsOfUseCase, weights, sbUses);
        // A backend sized outside managed memory never asks for its share, so a 0 share does not fail.
        const sbRequests = sbUses && graph.managedMemoryConfig.stateBackendMemory === undefined;
        variant = { fractionsOfUseCase, fractionsOfSlot, zeroRequests: zeroRequests(operator, fractionsOfSlot, sbRequests) };
        variants.set(key, variant);
      }
      operators.push({
        vertex,
        operator,
        group: group.index,
        fractionsOfUseCase: variant.fractionsOfUseCase,
        fractionsOfSlot: variant.fractionsOfSlot,
      });
      for (const uc of variant.zeroRequests) diagnostics.push(zeroFractionWarning(operator, uc));
    });
  }
  return { operators, diagnostics };
}

/**
 * Flink adds a group's operator weights as Java ints; past 2^31-1 the sum wraps negative, every
 * fraction comes out negative, and StreamConfig rejects it (fraction must be in [0.0, 1.0]).
 */
function weightOverflowError(graph: JobGraph, group: SlotSharingGroup, uc: ManagedMemoryUseCase, total: number): Diagnostic {
  const message = `the ${uc} managed-memory weights of slot sharing group '${group.id}' add up past 2^31-1 (Java int overflow to ${total}); Flink rejects the negative fractions: the fraction should be in range [0.0, 1.0]`;
  return error('managed-memory/weight-overflow', message, graph.vertices[group.vertices[0]!]!.pointer, 'IllegalArgumentException');
}

/** A number equal for operators with equal managed-memory declarations (weights are integers). */
function declarationKey(operator: Operator): number {
  let mask = 0;
  USE_CASES.forEach((uc, i) => {
    if (operator.slotScopeUseCases.has(uc)) mask |= 1 << i;
  });
  return ((operator.operatorScopeWeights.get('OPERATOR') ?? -1) + 1) * 8 + mask;
}

/**
 * An operator that will ask its slot's MemoryManager for a use case whose slot fraction is 0
 * fails at runtime ("The fraction of memory to allocate should not be 0 ..."): warn before that.
 */
function zeroRequests(operator: Operator, fractionsOfSlot: UseCaseFractions, sbUses: boolean): ManagedMemoryUseCase[] {
  return USE_CASES.filter((uc) => {
    const requests =
      (operator.operatorScopeWeights.get(uc) ?? 0) > 0 || (operator.slotScopeUseCases.has(uc) && (uc !== 'STATE_BACKEND' || sbUses));
    return requests && fractionsOfSlot.get(uc) === 0;
  });
}

function zeroFractionWarning(operator: Operator, uc: ManagedMemoryUseCase): Diagnostic {
  const message = `operator '${operator.id}' uses ${uc} managed memory but its fraction of the slot is 0 (consumer weight 0 or missing); Flink fails at runtime with "The fraction of memory to allocate should not be 0"`;
  return warning('managed-memory/zero-fraction', message, operator.pointer);
}
