/**
 * `JobScopedResourceTracker`: what one job requires, which acquired resources fulfil which
 * requirement, and the excess. Declarations are absolute; lowering them never revokes a resource
 * (the surplus becomes excess and still counts as acquired), and raising them re-uses excess first.
 */
import type { ResourceProfile } from '../model/resource-profile.js';
import { profileKey } from '../model/resource-profile.js';
import { type ProfileCount, ResourceCounter } from './resource-counter.js';
import { matchRequirement } from './requirement-matcher.js';

/** Requirement profile ↔ acquired resource profile, with counts, both ways. */
class RequirementMapping {
  private readonly byRequirement = new Map<string, Map<string, number>>();
  private readonly byResource = new Map<string, Map<string, number>>();
  private readonly profiles = new Map<string, ResourceProfile>();
  /** Running sums of the two maps' rows: a match asks for them on every acquired slot. */
  private readonly requirementTotals = new Map<string, number>();
  private readonly resourceTotals = new Map<string, number>();

  fulfilling(requirement: ResourceProfile): number {
    return this.requirementTotals.get(profileKey(requirement)) ?? 0;
  }

  fulfilled(resource: ResourceProfile): number {
    return this.resourceTotals.get(profileKey(resource)) ?? 0;
  }

  isEmpty(): boolean {
    return this.byResource.size === 0;
  }

  /** Requirement profiles fulfilled more than `required` says, with the surplus, in first-mapped order. */
  surpluses(required: (requirement: ResourceProfile) => number): { requirement: ResourceProfile; surplus: number }[] {
    const out: { requirement: ResourceProfile; surplus: number }[] = [];
    for (const [key, total] of this.requirementTotals) {
      const requirement = this.profiles.get(key)!;
      const surplus = total - required(requirement);
      if (surplus > 0) out.push({ requirement, surplus });
    }
    return out;
  }

  /** Acquired resources that fulfil `requirement`, in the order they were first mapped. */
  resourcesFulfilling(requirement: ResourceProfile): ProfileCount[] {
    return [...(this.byRequirement.get(profileKey(requirement)) ?? [])].map(([k, count]) => ({ profile: this.profiles.get(k)!, count }));
  }

  /** The requirement this resource was first mapped to among those it still fulfils. */
  firstRequirementFulfilledBy(resource: ResourceProfile): ResourceProfile | undefined {
    const row = this.byResource.get(profileKey(resource));
    if (row === undefined) return undefined;
    for (const key of row.keys()) return this.profiles.get(key);
    return undefined;
  }

  resourceProfiles(): ResourceProfile[] {
    return [...this.byResource.keys()].map((k) => this.profiles.get(k)!);
  }

  change(requirement: ResourceProfile, resource: ResourceProfile, delta: number): void {
    const rq = profileKey(requirement);
    const rs = profileKey(resource);
    this.profiles.set(rq, requirement);
    this.profiles.set(rs, resource);
    bump(this.byRequirement, rq, rs, delta);
    bump(this.byResource, rs, rq, delta);
    addTo(this.requirementTotals, rq, delta);
    addTo(this.resourceTotals, rs, delta);
  }
}

function addTo(totals: Map<string, number>, key: string, delta: number): void {
  const next = (totals.get(key) ?? 0) + delta;
  if (next > 0) totals.set(key, next);
  else totals.delete(key);
}

function bump(outer: Map<string, Map<string, number>>, a: string, b: string, delta: number): void {
  let inner = outer.get(a);
  if (inner === undefined) outer.set(a, (inner = new Map()));
  const next = (inner.get(b) ?? 0) + delta;
  if (next > 0) inner.set(b, next);
  else inner.delete(b);
  if (inner.size === 0) outer.delete(a);
}

export class UnknownResourceError extends Error {}

export class JobScopedResourceTracker {
  private readonly requirements = new ResourceCounter();
  private readonly mapping = new RequirementMapping();
  private readonly excess = new ResourceCounter();

  notifyResourceRequirements(requirements: readonly ProfileCount[]): void {
    // Fulfilment never exceeds a requirement, so only a lowered one can leave a surplus.
    if (this.requirements.assign(requirements)) this.moveSurplusToExcess();
    this.assignExcess();
  }

  /**
   * `n` resources of one profile, as `n` single notifications: each goes to the requirement
   * `match` picks, and that stays the same one until it has no room left, so whole runs move at once.
   */
  notifyAcquiredResource(resource: ResourceProfile, n = 1): void {
    while (n > 0) {
      const requirement = this.match(resource);
      if (requirement === undefined) {
        this.excess.add(resource, n);
        return;
      }
      const moved = Math.min(n, this.roomOf(requirement));
      this.mapping.change(requirement, resource, moved);
      n -= moved;
    }
  }

  notifyLostResource(resource: ResourceProfile): void {
    if (this.excess.get(resource) > 0) {
      this.excess.remove(resource);
      return;
    }
    const requirement = this.mapping.firstRequirementFulfilledBy(resource);
    if (requirement === undefined) throw new UnknownResourceError(`lost a resource the job never acquired: ${profileKey(resource)}`);
    this.mapping.change(requirement, resource, -1);
    this.assignExcess();
  }

  getMissingResources(): ProfileCount[] {
    const missing: ProfileCount[] = [];
    for (const { profile, count } of this.requirements.values()) {
      const short = count - this.mapping.fulfilling(profile);
      if (short > 0) missing.push({ profile, count: short });
    }
    return missing;
  }

  getAcquiredResources(): ProfileCount[] {
    const acquired = new ResourceCounter();
    for (const p of this.mapping.resourceProfiles()) acquired.add(p, this.mapping.fulfilled(p));
    for (const { profile, count } of this.excess.toList()) acquired.add(profile, count);
    return acquired.toList();
  }

  getRequirements(): ProfileCount[] {
    return this.requirements.toList();
  }

  isRequirementEmpty(): boolean {
    return this.requirements.isEmpty();
  }

  isEmpty(): boolean {
    return this.requirements.isEmpty() && this.excess.isEmpty() && this.mapping.isEmpty();
  }

  /** How many more resources `requirement` takes (positive for whatever `match` returns). */
  private roomOf(requirement: ResourceProfile): number {
    return this.requirements.get(requirement) - this.mapping.fulfilling(requirement);
  }

  private match(resource: ResourceProfile): ResourceProfile | undefined {
    return matchRequirement(resource, this.requirements, (p) => this.mapping.fulfilling(p));
  }

  /** `findExcessSlots`: a requirement fulfilled beyond its new count gives the surplus to excess. */
  private moveSurplusToExcess(): void {
    for (let { requirement, surplus } of this.mapping.surpluses((r) => this.requirements.get(r))) {
      for (const { profile, count } of this.mapping.resourcesFulfilling(requirement)) {
        if (surplus <= 0) break;
        const moved = Math.min(surplus, count);
        this.mapping.change(requirement, profile, -moved);
        this.excess.add(profile, moved);
        surplus -= moved;
      }
    }
  }

  /** `tryAssigningExcessSlots`: every excess resource that now matches a requirement moves there (runs at once, as in notifyAcquiredResource). */
  private assignExcess(): void {
    if (this.excess.isEmpty()) return;
    for (const { profile, count } of this.excess.toList()) {
      let left = count;
      while (left > 0) {
        const requirement = this.match(profile);
        if (requirement === undefined) break;
        const moved = Math.min(left, this.roomOf(requirement));
        this.mapping.change(requirement, profile, moved);
        this.excess.remove(profile, moved);
        left -= moved;
      }
    }
  }
}
