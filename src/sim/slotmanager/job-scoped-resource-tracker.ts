/**
 * `JobScopedResourceTracker`: what one job requires, which acquired resources fulfil which
 * requirement, and the excess. Declarations are absolute; lowering them never revokes a resource
 * (the surplus becomes excess and still counts as acquired), and raising them re-uses excess first.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import { profileKey } from '../../model/resource-profile.js';
import { internalError } from '../../errors/flinkslot-error.js';
import { type ProfileCount, ResourceCounter } from './resource-counter.js';
import { matchRequirement } from './requirement-matcher.js';

/** A job's requirements right now: none declared, all met, or some missing. */
export type JobFulfilment = 'none' | 'met' | 'missing';

/** One side of the mapping: a profile, its total, and the counts per profile on the other side. */
interface Row {
  readonly profile: ResourceProfile;
  total: number;
  /** Other side's profile key → that profile and the count, in first-mapped order. */
  readonly cells: Map<string, { readonly profile: ResourceProfile; count: number }>;
}

/**
 * Requirement profile ↔ acquired resource profile, with counts, both ways. Each row carries its
 * profile and running total, so a change costs two lookups per side (a match asks for the totals
 * on every acquired slot).
 */
class RequirementMapping {
  private readonly byRequirement = new Map<string, Row>();
  private readonly byResource = new Map<string, Row>();

  fulfilling(requirement: ResourceProfile): number {
    return this.byRequirement.get(profileKey(requirement))?.total ?? 0;
  }

  fulfilled(resource: ResourceProfile): number {
    return this.byResource.get(profileKey(resource))?.total ?? 0;
  }

  isEmpty(): boolean {
    return this.byResource.size === 0;
  }

  /**
   * Unmaps every requirement's surplus over `required`, in first-mapped order of requirements and
   * of the resources fulfilling each, and tells `released` what came free. Walks the live maps (a
   * walk may delete the entry it stands on; nothing is copied).
   */
  releaseSurplus(required: (requirement: ResourceProfile) => number, released: (resource: ResourceProfile, n: number) => void): void {
    for (const row of this.byRequirement.values()) {
      let surplus = row.total - required(row.profile);
      if (surplus <= 0) continue;
      for (const cell of row.cells.values()) {
        const moved = Math.min(surplus, cell.count);
        this.change(row.profile, cell.profile, -moved);
        released(cell.profile, moved);
        surplus -= moved;
        if (surplus <= 0) break;
      }
    }
  }

  /** Resources mapped to some requirement. */
  total(): number {
    let n = 0;
    for (const row of this.byResource.values()) n += row.total;
    return n;
  }

  /** How many of `resource` fulfil `requirement`. */
  count(requirement: ResourceProfile, resource: ResourceProfile): number {
    return this.byRequirement.get(profileKey(requirement))?.cells.get(profileKey(resource))?.count ?? 0;
  }

  /** The requirement this resource was first mapped to among those it still fulfils. */
  firstRequirementFulfilledBy(resource: ResourceProfile): ResourceProfile | undefined {
    const row = this.byResource.get(profileKey(resource));
    if (row === undefined) return undefined;
    for (const cell of row.cells.values()) return cell.profile;
    return undefined;
  }

  resourceProfiles(): ResourceProfile[] {
    return [...this.byResource.values()].map((row) => row.profile);
  }

  change(requirement: ResourceProfile, resource: ResourceProfile, delta: number): void {
    adjust(this.byRequirement, requirement, resource, delta);
    adjust(this.byResource, resource, requirement, delta);
  }
}

/** Adds `delta` to the cell (a, b) and to a's total; empty cells and rows go (so first-mapped order restarts). */
function adjust(rows: Map<string, Row>, a: ResourceProfile, b: ResourceProfile, delta: number): void {
  const keyA = profileKey(a);
  let row = rows.get(keyA);
  if (row === undefined) rows.set(keyA, (row = { profile: a, total: 0, cells: new Map() }));
  const keyB = profileKey(b);
  let cell = row.cells.get(keyB);
  if (cell === undefined) row.cells.set(keyB, (cell = { profile: b, count: 0 }));
  cell.count += delta;
  row.total += delta;
  if (cell.count <= 0) row.cells.delete(keyB);
  if (row.cells.size === 0) rows.delete(keyA);
}

export class JobScopedResourceTracker {
  private readonly requirements = new ResourceCounter();
  private readonly mapping = new RequirementMapping();
  private readonly excess = new ResourceCounter();
  /**
   * The last `getMissingResources` answer, until requirements or resources change: an active
   * ResourceManager's job waits for its workers through many checks (one per registration) with
   * nothing of its own changed. Callers only read it.
   */
  private missing: readonly ProfileCount[] | undefined;

  notifyResourceRequirements(requirements: readonly ProfileCount[]): void {
    this.missing = undefined;
    // Fulfilment never exceeds a requirement, so only a lowered one can leave a surplus.
    if (this.requirements.assign(requirements)) this.moveSurplusToExcess();
    this.assignExcess();
  }

  /**
   * `n` resources of one profile, as `n` single notifications: each goes to the requirement
   * `match` picks, and that stays the same one until it has no room left, so whole runs move at once.
   */
  notifyAcquiredResource(resource: ResourceProfile, n = 1): void {
    this.missing = undefined;
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

  /**
   * `n` lost resources of one profile, as `n` single losses: each comes out of excess if it is
   * there, else out of the first requirement it fulfils, which then takes excess in. While excess
   * is empty that take-in does nothing, so the losses leave each requirement as a run.
   */
  notifyLostResource(resource: ResourceProfile, n = 1): void {
    this.missing = undefined;
    const fromExcess = Math.min(n, this.excess.get(resource));
    this.excess.remove(resource, fromExcess);
    n -= fromExcess;
    while (n > 0) {
      const requirement = this.mapping.firstRequirementFulfilledBy(resource);
      if (requirement === undefined) throw internalError(`lost a resource the job never acquired: ${profileKey(resource)}`);
      const lost = this.excess.isEmpty() ? Math.min(n, this.mapping.count(requirement, resource)) : 1;
      this.mapping.change(requirement, resource, -lost);
      n -= lost;
      this.assignExcess();
    }
  }

  getMissingResources(): readonly ProfileCount[] {
    if (this.missing !== undefined) return this.missing;
    const missing: ProfileCount[] = [];
    for (const { profile, count } of this.requirements.values()) {
      const short = count - this.mapping.fulfilling(profile);
      if (short > 0) missing.push({ profile, count: short });
    }
    return (this.missing = missing);
  }

  getAcquiredResources(): ProfileCount[] {
    const acquired = new ResourceCounter();
    for (const p of this.mapping.resourceProfiles()) acquired.add(p, this.mapping.fulfilled(p));
    for (const { profile, count } of this.excess.toList()) acquired.add(profile, count);
    return acquired.toList();
  }

  /** Slots required, and slots acquired (fulfilling a requirement or excess); a job has few profiles, so these sums are short. */
  get requiredCount(): number {
    return this.requirements.total();
  }

  get acquiredCount(): number {
    return this.mapping.total() + this.excess.total();
  }

  /**
   * Every required slot is acquired. The mapping never holds more for a requirement than it
   * requires (a surplus becomes excess), so its total reaching the required count means nothing is missing.
   */
  fulfilment(): JobFulfilment {
    const required = this.requirements.total();
    if (required === 0) return 'none';
    return this.mapping.total() >= required ? 'met' : 'missing';
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
    this.mapping.releaseSurplus(
      (requirement) => this.requirements.get(requirement),
      (resource, n) => this.excess.add(resource, n),
    );
  }

  /** `tryAssigningExcessSlots`: every excess resource that now matches a requirement moves there (runs at once, as in notifyAcquiredResource). */
  private assignExcess(): void {
    if (this.excess.isEmpty()) return;
    // The live entries: removing one while standing on it is safe, and nothing here adds any.
    for (const entry of this.excess.values()) {
      const profile = entry.profile;
      let left = entry.count;
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
