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

  fulfilling(requirement: ResourceProfile): number {
    let n = 0;
    for (const count of this.byRequirement.get(profileKey(requirement))?.values() ?? []) n += count;
    return n;
  }

  fulfilled(resource: ResourceProfile): number {
    let n = 0;
    for (const count of this.byResource.get(profileKey(resource))?.values() ?? []) n += count;
    return n;
  }

  /** Acquired resources that fulfil `requirement`, in the order they were first mapped. */
  resourcesFulfilling(requirement: ResourceProfile): ProfileCount[] {
    return [...(this.byRequirement.get(profileKey(requirement)) ?? [])].map(([k, count]) => ({ profile: this.profiles.get(k)!, count }));
  }

  requirementsFulfilledBy(resource: ResourceProfile): ResourceProfile[] {
    return [...(this.byResource.get(profileKey(resource))?.keys() ?? [])].map((k) => this.profiles.get(k)!);
  }

  requirementProfiles(): ResourceProfile[] {
    return [...this.byRequirement.keys()].map((k) => this.profiles.get(k)!);
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
  }
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
  private requirements = new ResourceCounter();
  private readonly mapping = new RequirementMapping();
  private readonly excess = new ResourceCounter();

  notifyResourceRequirements(requirements: readonly ProfileCount[]): void {
    this.requirements = ResourceCounter.of(requirements);
    this.moveSurplusToExcess();
    this.assignExcess();
  }

  notifyAcquiredResource(resource: ResourceProfile): void {
    const requirement = this.match(resource);
    if (requirement === undefined) this.excess.add(resource);
    else this.mapping.change(requirement, resource, 1);
  }

  notifyLostResource(resource: ResourceProfile): void {
    if (this.excess.get(resource) > 0) {
      this.excess.remove(resource);
      return;
    }
    const requirement = this.mapping.requirementsFulfilledBy(resource)[0];
    if (requirement === undefined) throw new UnknownResourceError(`lost a resource the job never acquired: ${profileKey(resource)}`);
    this.mapping.change(requirement, resource, -1);
    this.assignExcess();
  }

  getMissingResources(): ProfileCount[] {
    return this.requirements
      .toList()
      .map(({ profile, count }) => ({ profile, count: count - this.mapping.fulfilling(profile) }))
      .filter((r) => r.count > 0);
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
    return this.requirements.isEmpty() && this.excess.isEmpty() && this.mapping.resourceProfiles().length === 0;
  }

  private match(resource: ResourceProfile): ResourceProfile | undefined {
    return matchRequirement(resource, this.requirements, (p) => this.mapping.fulfilling(p));
  }

  /** `findExcessSlots`: a requirement fulfilled beyond its new count gives the surplus to excess. */
  private moveSurplusToExcess(): void {
    for (const requirement of this.mapping.requirementProfiles()) {
      let surplus = this.mapping.fulfilling(requirement) - this.requirements.get(requirement);
      for (const { profile, count } of this.mapping.resourcesFulfilling(requirement)) {
        if (surplus <= 0) break;
        const moved = Math.min(surplus, count);
        this.mapping.change(requirement, profile, -moved);
        this.excess.add(profile, moved);
        surplus -= moved;
      }
    }
  }

  /** `tryAssigningExcessSlots`: every excess resource that now matches a requirement moves there. */
  private assignExcess(): void {
    for (const { profile, count } of this.excess.toList()) {
      for (let i = 0; i < count; i++) {
        const requirement = this.match(profile);
        if (requirement === undefined) break;
        this.mapping.change(requirement, profile, 1);
        this.excess.remove(profile);
      }
    }
  }
}
