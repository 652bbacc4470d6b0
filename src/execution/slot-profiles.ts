/**
 * The physical slot each execution slot sharing group requests
 * (`SlotSharingExecutionSlotAllocator.getPhysicalSlotResourceProfile`): the FLIP-156 profile of
 * its slot sharing group when there is one, else the sum of the ResourceSpecs of the subtasks it
 * holds (UNKNOWN if any is unknown), network memory 0. Aggregated by profile, these are the
 * job's exact FLIP-138 requirements when everything is deployed at once.
 */
import { type ResourceProfile, UNKNOWN, ZERO, isSpecified, merge } from '../model/resource-profile.js';
import { type ResourceRequirement, aggregateRequirements } from '../plan/resource-requirements.js';
import type { ExecutionSlotSharing } from './execution-slot-sharing.js';
import type { ExecutionTopology } from './execution-topology.js';

export function computeRequestedSlotProfiles(t: ExecutionTopology, sharing: ExecutionSlotSharing): ResourceProfile[] {
  const profiles: ResourceProfile[] = sharing.slotSharingGroupOf.map((ssg) => {
    const groupProfile = t.slotSharingGroups[ssg]!.profile;
    return isSpecified(groupProfile) ? groupProfile : ZERO;
  });
  const fixed = sharing.slotSharingGroupOf.map((ssg) => isSpecified(t.slotSharingGroups[ssg]!.profile));
  t.vertices.forEach((vertex, v) => {
    for (let x = t.offsets[v]!; x < t.offsets[v + 1]!; x++) {
      const group = sharing.groupOf[x]!;
      if (fixed[group]) continue;
      profiles[group] = isSpecified(vertex.resources) ? merge(profiles[group]!, vertex.resources) : UNKNOWN;
    }
  });
  return profiles;
}

/** One requirement per distinct profile, in the order the groups were created. */
export function requirementsOf(profiles: readonly ResourceProfile[]): ResourceRequirement[] {
  return aggregateRequirements(profiles.map((p) => [p, 1] as const));
}
