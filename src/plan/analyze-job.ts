/**
 * The complete logical analysis of one JobGraph (composition only): pipelined regions, connected
 * components, slot sharing and co-location groups, managed-memory fractions for the job's Flink
 * version, the slot plan per group and the job's ResourceRequirements.
 */
import { type Diagnostic, type Result, error, fail, hasErrors, ok, warning } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { atLeast } from '../model/flink-version.js';
import type { JobGraph, ManagedMemoryUseCase } from '../model/job-graph.js';
import { type ResourceRequirement, toResourceRequirements, totalSlots } from './resource-requirements.js';
import { type SlotSharingGroupPlan, hasUnevenSlots, planSlotSharingGroup } from './slot-plan.js';
import { computeConnectedComponents } from './connected-components.js';
import { networkMemoryRefusal } from './network-memory.js';
import { knownConsumerKeys, resolveConsumerWeights, unknownConsumerKeys } from './consumer-weights.js';
import {
  type OperatorLegacyFraction,
  checkLegacyWeightAndResources,
  computeLegacyManagedMemoryFractions,
} from './legacy-managed-memory.js';
import { type OperatorManagedMemory, computeManagedMemoryFractions } from './managed-memory.js';
import { idleStateBackendShare, unusedManagedMemory } from './managed-memory-advice.js';
import { type PipelinedRegions, computeLogicalPipelinedRegions } from './pipelined-regions.js';
import { type SlotSharing, computeSlotSharing } from './slot-sharing.js';
import { pushAll } from '../util/push-all.js';
import { type AdaptiveBatchPlan, atBound, planAdaptiveBatch } from './adaptive-batch.js';

export type ManagedMemoryAnalysis =
  | {
      readonly model: 'use-cases';
      readonly weights: ReadonlyMap<ManagedMemoryUseCase, number>;
      readonly operators: readonly OperatorManagedMemory[];
    }
  | { readonly model: 'legacy'; readonly operators: readonly OperatorLegacyFraction[] };

export interface JobAnalysis {
  readonly graph: JobGraph;
  readonly regions: PipelinedRegions;
  readonly components: readonly (readonly number[])[];
  readonly slotSharing: SlotSharing;
  readonly managedMemory: ManagedMemoryAnalysis;
  readonly slotSharingGroups: readonly SlotSharingGroupPlan[];
  readonly requirements: readonly ResourceRequirement[];
  readonly minimumSlots: number;
  readonly warnings: readonly Diagnostic[];
  /**
   * Present when the AdaptiveBatchScheduler decides parallelisms at run time: the rest of the
   * analysis is the job at the maximum of every range (`minimumSlots` is then the most slots it
   * can need), `slots.min` the job at the minimum.
   */
  readonly adaptiveBatch?: AdaptiveBatchPlan & { readonly slots: { readonly min: number; readonly max: number } };
}

/**
 * A job whose parallelisms the AdaptiveBatchScheduler decides is analysed at both ends of the
 * ranges: the other stages read the maximum (the most slots and buffers the job can take), the plan
 * reports both. Any other job is analysed as it is.
 */
export function analyzeJob(graph: JobGraph): Result<JobAnalysis> {
  const adaptive = planAdaptiveBatch(graph);
  if (!adaptive.ok) return adaptive;
  if (adaptive.value === undefined) return withWarnings(analyzeFixedJob(graph), adaptive.warnings);
  const atMin = analyzeFixedJob(atBound(graph, adaptive.value, 'min'));
  if (!atMin.ok) return atMin;
  const atMax = analyzeFixedJob(atBound(graph, adaptive.value, 'max'));
  if (!atMax.ok) return atMax;
  const slots = { min: atMin.value.minimumSlots, max: atMax.value.minimumSlots };
  const names = adaptive.value.vertices.map((v) => `'${v.name}'`);
  const listed = names.length <= 5 ? names.join(', ') : `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`;
  const note = warning(
    'plan/adaptive-batch-parallelism',
    `the AdaptiveBatchScheduler decides the parallelism of ${listed} at run time: the job needs ${slots.min === slots.max ? `${slots.min}` : `${slots.min} to ${slots.max}`} slots; figures that need one parallelism use the maximum of each range`,
    graph.vertices[adaptive.value.vertices[0]!.index]!.pointer,
  );
  const warnings = [...atMax.value.warnings, note];
  return ok({ ...atMax.value, warnings, adaptiveBatch: { ...adaptive.value, slots } }, warnings);
}

/** Warnings of the scheduler's check join the analysis's own. */
function withWarnings(analysis: Result<JobAnalysis>, extra: readonly Diagnostic[]): Result<JobAnalysis> {
  if (!analysis.ok || extra.length === 0) return analysis;
  const warnings = [...analysis.value.warnings, ...extra];
  return ok({ ...analysis.value, warnings }, warnings);
}

function analyzeFixedJob(graph: JobGraph): Result<JobAnalysis> {
  const regions = computeLogicalPipelinedRegions(graph);
  const regionsBeforeCoLocation = regions.mergedForCoLocation ? computeLogicalPipelinedRegions(graph, false) : regions;
  const slotSharing = computeSlotSharing(graph, regionsBeforeCoLocation);
  if (!slotSharing.ok) return slotSharing;
  const warnings: Diagnostic[] = [];
  const managedMemory = analyzeManagedMemory(graph, slotSharing.value, warnings);
  if (hasErrors(warnings)) return fail(warnings.filter((d) => d.severity === 'error'));
  if (managedMemory.model === 'use-cases') {
    pushAll(warnings, unusedManagedMemory(graph, slotSharing.value.groups, managedMemory.operators));
    pushAll(warnings, idleStateBackendShare(graph, managedMemory.operators));
  }
  if (regions.mergedForCoLocation) {
    warnings.push(
      warning(
        'regions/colocation-single-region',
        'Flink <= 1.12 makes the whole job one pipelined region because it uses co-location constraints',
        '/vertices',
      ),
    );
  }
  const planned = planGroups(graph, slotSharing.value);
  if (!planned.ok) return planned;
  const slotSharingGroups = planned.value;
  for (const plan of slotSharingGroups.filter((p) => hasUnevenSlots(graph, p))) {
    const message = `slot sharing group '${plan.group.id}' has vertices with specified resources and lower parallelism than ${plan.slots}: Flink's slots without their subtasks request less than the profile shown (the sum over all its vertices, the largest slot); plan --execution gives every slot's profile`;
    warnings.push(warning('plan/uneven-slot-profiles', message, graph.vertices[plan.widestVertex]!.pointer));
  }
  const requirements = toResourceRequirements(slotSharingGroups);
  return ok(
    {
      graph,
      regions,
      components: computeConnectedComponents(graph),
      slotSharing: slotSharing.value,
      managedMemory,
      slotSharingGroups,
      requirements,
      minimumSlots: totalSlots(requirements),
      warnings,
    },
    warnings,
  );
}

/**
 * Summing resources can overflow a 64-bit byte count, where Flink throws ArithmeticException; a group
 * whose network memory cannot be announced is refused as Flink refuses it (network-memory.ts).
 */
function planGroups(graph: JobGraph, slotSharing: SlotSharing): Result<SlotSharingGroupPlan[]> {
  const plans: SlotSharingGroupPlan[] = [];
  for (const group of slotSharing.groups) {
    const refusal = networkMemoryRefusal(graph, group);
    if (refusal !== undefined) return fail([refusal]);
    try {
      plans.push(planSlotSharingGroup(graph, group));
    } catch (e) {
      if (!(e instanceof FlinkException)) throw e;
      const where = graph.vertices[group.vertices[0]!]!.pointer;
      const message = `the resources of slot sharing group '${group.id}' cannot be added up: ${e.message} (more than 2^63-1 bytes)`;
      return fail([error('resources/overflow', message, where, e.errorType)]);
    }
  }
  return ok(plans);
}

function analyzeManagedMemory(graph: JobGraph, slotSharing: SlotSharing, out: Diagnostic[]): ManagedMemoryAnalysis {
  if (!atLeast(graph.flinkVersion, 1, 12)) {
    pushAll(out, checkLegacyWeightAndResources(graph));
    try {
      return { model: 'legacy', operators: computeLegacyManagedMemoryFractions(graph, slotSharing.groups) };
    } catch (e) {
      if (!(e instanceof FlinkException)) throw e;
      out.push(
        error('resources/overflow', `managed memory of a slot sharing group cannot be added up: ${e.message}`, '/vertices', e.errorType),
      );
      return { model: 'legacy', operators: [] };
    }
  }
  const weights = resolveWeights(graph, out);
  const fractions = computeManagedMemoryFractions(graph, slotSharing.groups, weights);
  pushAll(out, fractions.diagnostics);
  return { model: 'use-cases', weights, operators: fractions.operators };
}

function resolveWeights(graph: JobGraph, out: Diagnostic[]): Map<ManagedMemoryUseCase, number> {
  const pointer = '/managedMemoryConfig/consumerWeights';
  const configured = graph.managedMemoryConfig.consumerWeights;
  try {
    const weights = resolveConsumerWeights(configured, graph.flinkVersion);
    for (const key of configured ? unknownConsumerKeys(configured, graph.flinkVersion) : []) {
      const dropped = key === 'DATAPROC' ? ' (Flink 2.0 dropped this legacy name: give OPERATOR and STATE_BACKEND)' : '';
      out.push(
        warning(
          'managed-memory/unknown-consumer',
          `Flink ignores the unknown managed-memory consumer '${key}'${dropped} (known: ${knownConsumerKeys(graph.flinkVersion).join(', ')})`,
          pointer,
        ),
      );
    }
    return weights;
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    out.push(error('managed-memory/consumer-weights', e.message, pointer, e.errorType));
    return new Map();
  }
}
