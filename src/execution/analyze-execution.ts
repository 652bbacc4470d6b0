/**
 * The subtask-level analysis of a job (composition only): scheduling regions as Flink's
 * production path builds them, the co-location check per subtask, execution slot sharing with
 * the requested slot profiles, and for batch jobs the peak when regions run one after another.
 */
import type { JobAnalysis } from '../plan/analyze-job.js';
import { logicalRegionCycleWarnings } from '../plan/logical-region-cycles.js';
import { mustBePipelinedConsumed } from '../plan/result-partition-type.js';
import { type Diagnostic, type Result, fail, ok, warning } from '../errors/diagnostic.js';
import { atLeast, formatVersion } from '../model/flink-version.js';
import type { ResultPartitionType } from '../model/job-graph.js';
import type { ResourceProfile } from '../model/resource-profile.js';
import type { ResourceRequirement } from '../plan/resource-requirements.js';
import { type BatchPeak, computeBatchPeak } from './batch-peak.js';
import { checkCoLocatedSubtasks } from './co-location.js';
import type { ExecutionSlotSharing, SlotSharingStrategy } from './execution-slot-sharing.js';
import type { ExecutionTopology } from './execution-topology.js';
import { toExecutionTopology } from './from-job-graph.js';
import { computeLocalInputPreferred } from './local-input-preferred.js';
import { computeRequestedSlotProfiles, requirementsOf } from './slot-profiles.js';
import { type SchedulingRegions, computeSchedulingRegions } from './scheduling-regions.js';
import { computeTaskBalanced } from './task-balanced.js';

export interface ExecutionAnalysis {
  readonly topology: ExecutionTopology;
  readonly strategy: SlotSharingStrategy;
  readonly regions: SchedulingRegions;
  readonly sharing: ExecutionSlotSharing;
  readonly slotProfiles: readonly ResourceProfile[];
  /** FLIP-138 requirements with every execution slot sharing group deployed at once. */
  readonly requirements: readonly ResourceRequirement[];
  readonly batchPeak: BatchPeak | undefined;
  readonly warnings: readonly Diagnostic[];
}

export function computeExecutionSlotSharing(t: ExecutionTopology, strategy: SlotSharingStrategy): ExecutionSlotSharing {
  return strategy === 'TASK_BALANCED' ? computeTaskBalanced(t) : computeLocalInputPreferred(t);
}

/** taskmanager.load-balance.mode TASKS selects the task-balanced strategy; anything else the default. */
export function strategyOf(a: JobAnalysis): SlotSharingStrategy {
  return a.graph.loadBalanceMode === 'TASKS' ? 'TASK_BALANCED' : 'LOCAL_INPUT_PREFERRED';
}

/** Scheduling regions per logical region since Flink 1.14 (FLINK-22773); over the whole graph before. */
function perLogicalRegion(a: JobAnalysis): boolean {
  return atLeast(a.graph.flinkVersion, 1, 14);
}

function schedulingRegions(
  a: JobAnalysis,
  t: ExecutionTopology,
  mustBePipelined: (type: ResultPartitionType) => boolean,
): SchedulingRegions {
  // Flink <= 1.12 made a job with co-location constraints one region.
  if (a.regions.mergedForCoLocation) return { count: 1, regionOf: new Int32Array(t.subtaskCount), sizes: Int32Array.of(t.subtaskCount) };
  return computeSchedulingRegions(t, { perLogicalRegion: perLogicalRegion(a), mustBePipelined });
}

/** Pipelined-region scheduling and per-subtask slot sharing as modelled here arrived with Flink 1.12. */
function versionWarnings(a: JobAnalysis): Diagnostic[] {
  if (atLeast(a.graph.flinkVersion, 1, 12)) return [];
  const release = formatVersion(a.graph.flinkVersion);
  const message = `the subtask level follows Flink 1.12 rules (pipelined-region scheduling, execution slot sharing groups); Flink ${release} scheduled differently (the slot profiles are ${release}'s: every slot of a group requests the sum over all its vertices)`;
  return [warning('execution/older-flink', message, '/flinkVersion')];
}

/**
 * 1.10–1.11: every slot of a group requests the group's one running ResourceSpec, the sum over all
 * its vertices (`jobmanager/scheduler/SlotSharingGroup.addVertexToGroup`, read by
 * `scheduler/ExecutionVertexSchedulingRequirementsMapper.getPhysicalSlotResourceProfile`, both
 * flink-runtime/.../runtime/), whatever the slot holds: the logical plan's profile. From 1.12 the
 * pipelined-region scheduler's `SlotSharingExecutionSlotAllocator` sums the subtasks each shared
 * slot holds (slot-profiles.ts); 1.12's legacy scheduling strategy, not modelled, kept the old rule.
 */
function requestedSlotProfiles(a: JobAnalysis, t: ExecutionTopology, sharing: ExecutionSlotSharing): ResourceProfile[] {
  if (!atLeast(a.graph.flinkVersion, 1, 12)) return sharing.slotSharingGroupOf.map((ssg) => a.slotSharingGroups[ssg]!.resourceProfile);
  return computeRequestedSlotProfiles(t, sharing);
}

export function analyzeExecution(a: JobAnalysis, strategy: SlotSharingStrategy = strategyOf(a)): Result<ExecutionAnalysis> {
  const topology = toExecutionTopology(a);
  if (!topology.ok) return topology;
  const t = topology.value;
  const mustBePipelined = (type: ResultPartitionType): boolean => mustBePipelinedConsumed(type, a.graph.flinkVersion);
  const regions = schedulingRegions(a, t, mustBePipelined);
  const coLocationError = checkCoLocatedSubtasks(t, regions);
  if (coLocationError) return fail([coLocationError]);
  const sharing = computeExecutionSlotSharing(t, strategy);
  const slotProfiles = requestedSlotProfiles(a, t, sharing);
  return ok({
    topology: t,
    strategy,
    regions,
    sharing,
    slotProfiles,
    requirements: requirementsOf(slotProfiles),
    batchPeak: a.graph.mode === 'batch' ? computeBatchPeak(t, regions, sharing, mustBePipelined) : undefined,
    warnings: [...versionWarnings(a), ...(perLogicalRegion(a) ? logicalRegionCycleWarnings(a.graph, a.regions) : [])],
  });
}
