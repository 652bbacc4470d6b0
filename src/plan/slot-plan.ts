/**
 * Slots per slot sharing group and the ResourceProfile each slot requests.
 * - Slots of a group = the highest parallelism among its vertices: each shared slot holds at most
 *   one subtask of every vertex of the group (Flink's execution slot sharing).
 * - Per-slot profile (FLIP-156, `SlotSharingExecutionSlotAllocator`): the group's own profile when
 *   the job declares one, else the sum of its vertices' operator specs (UNKNOWN if any operator's
 *   is), with network memory 0 as in every task requirement.
 */
import type { SlotSharingGroup } from './slot-sharing.js';
import { atLeast } from '../model/flink-version.js';
import type { JobGraph, JobVertex } from '../model/job-graph.js';
import { type ResourceProfile, ZERO, fromResourceSpec, isSpecified, merge, profilesEqual, specified } from '../model/resource-profile.js';
import { groupNetworkMemory, isEnriched } from './network-memory.js';

export type ProfileSource = 'slot-sharing-group' | 'operators' | 'unknown';

export interface SlotSharingGroupPlan {
  readonly group: SlotSharingGroup;
  readonly slots: number;
  /** The vertex that sets the slot count (first vertex with the highest parallelism). */
  readonly widestVertex: number;
  readonly resourceProfile: ResourceProfile;
  readonly profileSource: ProfileSource;
}

/** `JobVertex` minimum resources: the merge of its chained operators' specs. */
export function vertexResourceSpec(vertex: JobVertex): ResourceProfile {
  return vertex.operators.reduce((sum, op) => merge(sum, op.resources), ZERO);
}

/**
 * Without a group profile, Flink requests per shared slot the sum of the subtasks that slot holds
 * (`SlotSharingExecutionSlotAllocator`); when the group's vertices have different parallelism and
 * specified resources, some slots hold fewer subtasks and are smaller than the full sum shown here.
 * Which slots hold what depends on the subtask wiring, so the logical plan can only say so.
 */
export function hasUnevenSlots(graph: JobGraph, plan: SlotSharingGroupPlan): boolean {
  // 1.10–1.11 request the group's full sum for every slot (execution/analyze-execution.ts says where).
  if (plan.profileSource !== 'operators' || !atLeast(graph.flinkVersion, 1, 12)) return false;
  return plan.group.vertices.some((v) => {
    const vertex = graph.vertices[v]!;
    return vertex.parallelism < plan.slots && isSpecified(vertexResourceSpec(vertex)) && !profilesEqual(vertexResourceSpec(vertex), ZERO);
  });
}

export function planSlotSharingGroup(graph: JobGraph, group: SlotSharingGroup): SlotSharingGroupPlan {
  let widestVertex = group.vertices[0]!;
  for (const v of group.vertices) if (graph.vertices[v]!.parallelism > graph.vertices[widestVertex]!.parallelism) widestVertex = v;
  const slots = graph.vertices[widestVertex]!.parallelism;
  if (isSpecified(group.groupProfile)) {
    return { group, slots, widestVertex, resourceProfile: withNetworkMemory(graph, group), profileSource: 'slot-sharing-group' };
  }
  const sum = group.vertices.reduce((acc, v) => merge(acc, vertexResourceSpec(graph.vertices[v]!)), ZERO);
  const resourceProfile = fromResourceSpec(sum, 0n);
  return { group, slots, widestVertex, resourceProfile, profileSource: isSpecified(resourceProfile) ? 'operators' : 'unknown' };
}

/**
 * A group profile as the JobMaster requests it: from 1.14 with the network memory its tasks need
 * added (network-memory.ts), unless the user already gave one.
 */
function withNetworkMemory(graph: JobGraph, group: SlotSharingGroup): ResourceProfile {
  const profile = group.groupProfile;
  if (!isEnriched(graph.flinkVersion, profile)) return profile;
  return specified({ ...profile, networkMemory: groupNetworkMemory(graph, group.vertices) });
}
