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

export function toResourceRequirements(groups: readonly SlotSharingGroupPlan[]): ResourceRequirement[] {
  const byProfile = new Map<string, { resourceProfile: ResourceProfile; numberOfRequiredSlots: number }>();
  for (const group of groups) {
    const key = profileKey(group.resourceProfile);
    const same = byProfile.get(key);
    if (same) same.numberOfRequiredSlots += group.slots;
    else byProfile.set(key, { resourceProfile: group.resourceProfile, numberOfRequiredSlots: group.slots });
  }
  return [...byProfile.values()];
}

export function totalSlots(requirements: readonly ResourceRequirement[]): number {
  return requirements.reduce((sum, r) => sum + r.numberOfRequiredSlots, 0);
}
