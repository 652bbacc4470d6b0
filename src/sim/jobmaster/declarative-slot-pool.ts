/**
 * The JobMaster's slot pool, as `DefaultDeclarativeSlotPool` (with its `DefaultAllocatedSlotPool`)
 * in `flink-runtime/.../jobmaster/slotpool/`. It declares the job's total requirements to the
 * ResourceManager, accepts only offered slots that fulfil an outstanding requirement, remembers
 * which requirement each slot was matched to, and hands idle slots back to their TaskManagers only
 * once they are excess (fulfilled beyond the requirements) and idle for `slot.idle.timeout`.
 *
 * Pure: no clock and no RPC. Times are milliseconds passed in by the caller; "returning a slot to
 * its TaskManager" (Flink's `freeSlot` RPC) is reported in the return values. Iteration orders
 * that are HashMap orders in Flink (requirements, free slots) are insertion orders here.
 */
import { FlinkException, checkArgument } from '../../errors/flink-exception.js';
import { type ResourceProfile, ANY, isMatching, profilesEqual } from '../../model/resource-profile.js';
import { matchRequirement, subtractCounters } from '../slotmanager/requirement-matcher.js';
import { type ProfileCount, ResourceCounter } from '../slotmanager/resource-counter.js';

/** `SlotOffer` plus the offering TaskManager. */
export interface SlotOffer {
  readonly allocationId: string;
  readonly taskManager: string;
  readonly profile: ResourceProfile;
}

/** A slot held by the pool (`AllocatedSlot`); the same fields as the offer that brought it. */
export type AllocatedSlot = SlotOffer;

export interface OfferResult {
  /** Offers the TaskManager is told were accepted, including ones the pool already held. */
  readonly accepted: SlotOffer[];
  /** Slots new to the pool (`notifyNewSlotsAreAvailable`); already-held slots are not announced again. */
  readonly newSlots: SlotOffer[];
}

export interface FreeSlotInfo {
  readonly slot: AllocatedSlot;
  readonly freeSince: number;
}

export interface ReleaseResult {
  /** The requirements the released *reserved* slots were fulfilling (free slots contribute nothing). */
  readonly fulfilledRequirements: ResourceCounter;
  /** Every removed slot; each is returned to its TaskManager. */
  readonly released: AllocatedSlot[];
}

export interface DeclarativeSlotPoolOptions {
  /** `slot.idle.timeout` in ms (Flink default 50 s). */
  readonly slotIdleTimeout?: number;
}

export const DEFAULT_SLOT_IDLE_TIMEOUT_MS = 50_000;

function illegalState(message: string): FlinkException {
  return new FlinkException('IllegalStateException', message);
}

export class DeclarativeSlotPool {
  readonly slotIdleTimeout: number;
  private totalRequirements = new ResourceCounter();
  private readonly fulfilled = new ResourceCounter();
  /** allocation id → slot, in the order slots joined the pool. */
  private readonly slots = new Map<string, AllocatedSlot>();
  /** allocation id → time it became free; reserved slots are absent. Order = order of freeing. */
  private readonly freeSince = new Map<string, number>();
  /** allocation id → the requirement profile the slot is booked against. */
  private readonly matchedRequirement = new Map<string, ResourceProfile>();
  /** Every requirement list declared to the ResourceManager, oldest first. */
  readonly declarations: ProfileCount[][] = [];

  constructor(options: DeclarativeSlotPoolOptions = {}) {
    this.slotIdleTimeout = options.slotIdleTimeout ?? DEFAULT_SLOT_IDLE_TIMEOUT_MS;
    checkArgument(this.slotIdleTimeout >= 0, 'slot.idle.timeout must not be negative');
  }

  // ---- requirements -------------------------------------------------------------------------

  /** Adds to the requirements and declares the full list; an empty increment declares nothing (undefined). */
  increaseResourceRequirementsBy(increment: ResourceCounter): ProfileCount[] | undefined {
    if (increment.isEmpty()) return undefined;
    for (const { profile, count } of increment.toList()) this.totalRequirements.add(profile, count);
    return this.declare();
  }

  /** Subtracts (never below zero) and declares the full list; an empty decrement declares nothing. */
  decreaseResourceRequirementsBy(decrement: ResourceCounter): ProfileCount[] | undefined {
    if (decrement.isEmpty()) return undefined;
    for (const { profile, count } of decrement.toList()) this.totalRequirements.remove(profile, count);
    return this.declare();
  }

  /** Replaces the requirements and always declares, even when nothing changed (AdaptiveScheduler path). */
  setResourceRequirements(requirements: ResourceCounter): ProfileCount[] {
    this.totalRequirements = requirements.copy();
    return this.declare();
  }

  private declare(): ProfileCount[] {
    const list = this.getResourceRequirements();
    this.declarations.push(list);
    return list;
  }

  getResourceRequirements(): ProfileCount[] {
    return this.totalRequirements.toList();
  }

  getFulfilledResourceRequirements(): ResourceCounter {
    return this.fulfilled.copy();
  }

  /** Requirements minus fulfilled, per profile, keeping only positive differences. */
  calculateUnfulfilledResources(): ResourceCounter {
    return subtractCounters(this.totalRequirements, this.fulfilled);
  }

  // ---- offers -------------------------------------------------------------------------------

  /**
   * Accepts each offer the pool already holds (a TaskManager re-offering after a lost ack) and each
   * new offer that matches a requirement still short of slots; other offers are rejected and stay
   * with the TaskManager. Accepted new slots start free at `now`.
   */
  offerSlots(offers: readonly SlotOffer[], now: number): OfferResult {
    return this.internalOffer(offers, now, (p) => this.matchOutstanding(p));
  }

  /**
   * `registerSlots`: a restarting job takes every slot back; slots no requirement is short of are
   * booked against the ANY wildcard so idle release and later reservation still account for them.
   */
  registerSlots(offers: readonly SlotOffer[], now: number): OfferResult {
    return this.internalOffer(offers, now, (p) => this.matchOutstanding(p) ?? ANY);
  }

  private matchOutstanding(profile: ResourceProfile): ResourceProfile | undefined {
    return matchRequirement(profile, this.totalRequirements, (r) => this.fulfilled.get(r));
  }

  private internalOffer(
    offers: readonly SlotOffer[],
    now: number,
    match: (p: ResourceProfile) => ResourceProfile | undefined,
  ): OfferResult {
    const accepted: SlotOffer[] = [];
    const newSlots: SlotOffer[] = [];
    for (const offer of offers) {
      if (this.slots.has(offer.allocationId)) {
        accepted.push(offer);
        continue;
      }
      const requirement = match(offer.profile);
      if (requirement === undefined) continue;
      this.fulfilled.add(requirement);
      this.matchedRequirement.set(offer.allocationId, requirement);
      accepted.push(offer);
      newSlots.push(offer);
    }
    // Flink books all matches first and adds the slots afterwards, all free since `now`.
    for (const slot of newSlots) this.addSlot(slot, now);
    return { accepted, newSlots };
  }

  private addSlot(slot: AllocatedSlot, now: number): void {
    if (this.slots.has(slot.allocationId)) throw illegalState(`The slot pool already contains a slot with id ${slot.allocationId}`);
    this.slots.set(slot.allocationId, slot);
    this.freeSince.set(slot.allocationId, now);
  }

  // ---- reserve / free -----------------------------------------------------------------------

  /**
   * Reserves a free slot for a requirement it `isMatching`. When that requirement differs from the
   * one the slot was matched to at offer time, the booking moves to it and — unless the slot was
   * only booked against the ANY wildcard — the requirements are adjusted (one less of `required`,
   * one more of the old profile) so the ResourceManager is still asked for enough slots overall.
   */
  reserveFreeSlot(allocationId: string, required: ResourceProfile): AllocatedSlot {
    const slot = this.slots.get(allocationId);
    if (slot === undefined) throw new FlinkException('NullPointerException', `The slot with id ${allocationId} does not exist.`);
    if (!this.freeSince.has(allocationId)) throw illegalState(`The slot with id ${allocationId} was not free.`);
    if (!isMatching(slot.profile, required)) throw illegalState(`Slot ${allocationId} cannot fulfill the given requirement.`);
    this.freeSince.delete(allocationId);
    const previous = this.matchedProfile(allocationId);
    if (profilesEqual(previous, required)) return slot;
    this.matchedRequirement.set(allocationId, required);
    this.fulfilled.add(required);
    this.fulfilled.remove(previous);
    if (previous.kind !== 'ANY') this.adjustRequirements(previous, required);
    return slot;
  }

  private adjustRequirements(oldProfile: ResourceProfile, newProfile: ResourceProfile): void {
    this.decreaseResourceRequirementsBy(ResourceCounter.of([{ profile: newProfile, count: 1 }]));
    this.increaseResourceRequirementsBy(ResourceCounter.of([{ profile: oldProfile, count: 1 }]));
  }

  /**
   * Frees a reserved slot at `now`. It stays in the pool, still booked against the same requirement
   * (no re-matching), and is announced as available again. Returns the requirement it fulfilled;
   * empty when the slot is unknown or already free.
   */
  freeReservedSlot(allocationId: string, now: number): ResourceCounter {
    if (!this.slots.has(allocationId) || this.freeSince.has(allocationId)) return new ResourceCounter();
    this.freeSince.set(allocationId, now);
    return ResourceCounter.of([{ profile: this.matchedProfile(allocationId), count: 1 }]);
  }

  // ---- release ------------------------------------------------------------------------------

  /**
   * Returns to their TaskManagers the free slots that have been idle for at least
   * `slot.idle.timeout` at `now` and whose booked requirement is in excess (fulfilled − required).
   * Slots still needed are kept however long they idle.
   */
  releaseIdleSlots(now: number): AllocatedSlot[] {
    const excess = subtractCounters(this.fulfilled, this.totalRequirements);
    const toRelease: AllocatedSlot[] = [];
    for (const [allocationId, since] of this.freeSince) {
      if (excess.isEmpty()) break;
      if (now < since + this.slotIdleTimeout) continue;
      const profile = this.matchedProfile(allocationId);
      if (!excess.has(profile)) continue;
      excess.remove(profile);
      toRelease.push(this.slots.get(allocationId)!);
    }
    for (const slot of toRelease) this.removeAndReturn(slot);
    return toRelease;
  }

  /** Removes every slot of a TaskManager (it disconnected or failed). */
  releaseSlots(taskManager: string): ReleaseResult {
    return this.release([...this.slots.values()].filter((s) => s.taskManager === taskManager));
  }

  /** Removes one slot; unknown ids release nothing. */
  releaseSlot(allocationId: string): ReleaseResult {
    const slot = this.slots.get(allocationId);
    return this.release(slot === undefined ? [] : [slot]);
  }

  private release(slots: readonly AllocatedSlot[]): ReleaseResult {
    const fulfilledRequirements = new ResourceCounter();
    for (const slot of slots) {
      if (!this.freeSince.has(slot.allocationId)) fulfilledRequirements.add(this.matchedProfile(slot.allocationId));
    }
    for (const slot of slots) this.removeAndReturn(slot);
    return { fulfilledRequirements, released: [...slots] };
  }

  private removeAndReturn(slot: AllocatedSlot): void {
    this.fulfilled.remove(this.matchedProfile(slot.allocationId));
    this.matchedRequirement.delete(slot.allocationId);
    this.slots.delete(slot.allocationId);
    this.freeSince.delete(slot.allocationId);
  }

  private matchedProfile(allocationId: string): ResourceProfile {
    const profile = this.matchedRequirement.get(allocationId);
    if (profile === undefined) throw new FlinkException('NullPointerException', `No matching resource profile found for ${allocationId}`);
    return profile;
  }

  // ---- views --------------------------------------------------------------------------------

  getAllSlots(): AllocatedSlot[] {
    return [...this.slots.values()];
  }

  getFreeSlots(): FreeSlotInfo[] {
    return [...this.freeSince].map(([id, freeSince]) => ({ slot: this.slots.get(id)!, freeSince }));
  }

  /** The requirement profile a slot is booked against, or undefined for a slot not in the pool. */
  getMatchedRequirement(allocationId: string): ResourceProfile | undefined {
    return this.matchedRequirement.get(allocationId);
  }

  containsSlot(allocationId: string): boolean {
    return this.slots.has(allocationId);
  }

  containsFreeSlot(allocationId: string): boolean {
    return this.freeSince.has(allocationId);
  }

  containsSlots(taskManager: string): boolean {
    return [...this.slots.values()].some((s) => s.taskManager === taskManager);
  }
}
