/**
 * The job's declared ResourceRequirements in FLIP-138 shape: one entry per distinct slot
 * ResourceProfile with the number of slots required of it (equal profiles add up, in the order
 * the groups appear). The all-at-once minimum number of slots is their sum.
 */
import { type ResourceProfile, profileKey } from '../model/resource-profile.js';
import type { SlotSharingGroupPlan } from './slot-plan.js';

export interface ResourceRequirement {
  readonly resourceProfile: ResourceProfile;
  readonly numberOfRequiredSlots: number;
}

/** Slots per distinct profile, equal profiles added up, in order of first appearance. */
export function aggregateRequirements(slots: Iterable<readonly [ResourceProfile, number]>): ResourceRequirement[] {
  const byProfile = new Map<string, { resourceProfile: ResourceProfile; numberOfRequiredSlots: number }>();
  for (const [resourceProfile, count] of slots) {
    const key = profileKey(resourceProfile);
    const same = byProfile.get(key);
    if (same) same.numberOfRequiredSlots += count;
    else byProfile.set(key, { resourceProfile, numberOfRequiredSlots: count });
  }
  return [...byProfile.values()];
}

export function toResourceRequirements(groups: readonly SlotSharingGroupPlan[]): ResourceRequirement[] {
  return aggregateRequirements(groups.map((g) => [g.resourceProfile, g.slots] as const));
}

export function totalSlots(requirements: readonly ResourceRequirement[]): number {
  return requirements.reduce((sum, r) => sum + r.numberOfRequiredSlots, 0);
}
