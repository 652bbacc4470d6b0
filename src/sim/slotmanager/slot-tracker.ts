/**
 * The declarative SlotManager's slot state: registered TaskManagers with their fixed slots, which
 * slot a job holds, and the free slots in the order they became free. Mirrors Flink's
 * `DefaultSlotTracker` (slot states, `DeclarativeTaskManagerSlot`) together with the
 * `SlotMatchingStrategy`s that pick a free slot (`AnyMatchingSlotMatchingStrategy`: the first free
 * slot in free order; `LeastUtilizationSlotMatchingStrategy` with `cluster.evenly-spread-out-slots`).
 * Matching lives here because it walks the tracker's own free-slot index. Apart from
 * `DeclarativeSlotManager` so the manager keeps only the decisions: which requirement gets a slot,
 * pending slots, workers and their release; it tells the resource tracker what changed.
 */
import { type ResourceProfile, ZERO, isMatching, merge, multiply, profileKey } from '../../model/resource-profile.js';
import { IndexSet } from '../../util/index-set.js';
import type { TaskManagerRegistration } from './slot-manager.js';

/** `idleSince` of a TaskManager with an allocated slot. */
const BUSY = Number.POSITIVE_INFINITY;

export interface StaticSlot {
  readonly tm: StaticTaskManager;
  readonly index: number;
  readonly profile: ResourceProfile;
  job: string | undefined;
  /** Position in the free-slot order (Flink's LinkedHashMap of free slots); -1 while allocated. */
  freeSeq: number;
}

export interface StaticTaskManager {
  readonly id: string;
  readonly total: ResourceProfile;
  readonly defaultSlot: ResourceProfile;
  readonly blocked: boolean;
  readonly order: number;
  readonly slots: StaticSlot[];
  freeCount: number;
  idleSince: number;
}

interface FreeGroup {
  readonly profile: ResourceProfile;
  readonly seqs: IndexSet;
  /** No member below this (seqs only grow). */
  first: number;
}

export class SlotTracker {
  private readonly tms = new Map<string, StaticTaskManager>();
  private readonly freeGroups = new Map<string, FreeGroup>();
  private readonly freeBySeq: (StaticSlot | undefined)[] = [];
  /** job → TaskManager → slots it holds there (registration order of first slot is not kept: sorted on read). */
  private readonly holders = new Map<string, Map<StaticTaskManager, number>>();
  private nextOrder = 0;

  constructor(private readonly leastUtilization: boolean) {}

  /** The registered TaskManagers, in registration order. */
  get taskManagers(): ReadonlyMap<string, StaticTaskManager> {
    return this.tms;
  }

  /** Adds a TaskManager with its slots: reported ones go to their job, the others become free. */
  addTaskManager(reg: TaskManagerRegistration, now: number): StaticTaskManager {
    const allocated = reg.allocatedSlots ?? [];
    const tm: StaticTaskManager = {
      id: reg.id,
      total: reg.total,
      defaultSlot: reg.defaultSlot,
      blocked: reg.blocked === true,
      order: this.nextOrder++,
      slots: [],
      freeCount: 0,
      idleSince: now,
    };
    this.tms.set(reg.id, tm);
    for (let i = 0; i < reg.numberOfSlots; i++) {
      const slot: StaticSlot = { tm, index: i, profile: reg.defaultSlot, job: undefined, freeSeq: -1 };
      tm.slots.push(slot);
      const owner = allocated[i]?.job;
      if (owner === undefined) this.markFree(slot, now);
      else {
        slot.job = owner;
        this.hold(owner, slot.tm, 1);
        tm.idleSince = BUSY;
      }
    }
    return tm;
  }

  /** Drops a TaskManager and its slots (the caller tells the jobs that held them). */
  removeTaskManager(tm: StaticTaskManager): void {
    for (const slot of tm.slots) {
      if (slot.job !== undefined) this.hold(slot.job, tm, -1);
      else this.unmarkFree(slot);
    }
    this.tms.delete(tm.id);
  }

  // ----- slot matching ----------------------------------------------------------------------

  findMatchingSlot(required: ResourceProfile): StaticSlot | undefined {
    return this.leastUtilization ? this.leastUtilizedSlot(required) : this.firstFreeSlot(required);
  }

  private matchingGroups(required: ResourceProfile): FreeGroup[] {
    return [...this.freeGroups.values()].filter((g) => isMatching(g.profile, required));
  }

  private firstFreeSlot(required: ResourceProfile): StaticSlot | undefined {
    let best: StaticSlot | undefined;
    for (const g of this.matchingGroups(required)) {
      const start = g.seqs.next(g.first);
      if (start !== -1) g.first = start;
      for (let seq = start; seq !== -1; seq = g.seqs.next(seq + 1)) {
        const slot = this.freeBySeq[seq]!;
        if (slot.tm.blocked) continue;
        if (best === undefined || seq < best.freeSeq) best = slot;
        break;
      }
    }
    return best;
  }

  /** Utilization = (registered − free) / registered slots of the slot's TaskManager. */
  private leastUtilizedSlot(required: ResourceProfile): StaticSlot | undefined {
    let best: StaticSlot | undefined;
    let bestUtil = Number.POSITIVE_INFINITY;
    for (const g of this.matchingGroups(required)) {
      for (const seq of g.seqs) {
        const slot = this.freeBySeq[seq]!;
        if (slot.tm.blocked) continue;
        const util = (slot.tm.slots.length - slot.tm.freeCount) / slot.tm.slots.length;
        if (util < bestUtil || (util === bestUtil && best !== undefined && seq < best.freeSeq)) [best, bestUtil] = [slot, util];
      }
    }
    return best;
  }

  // ----- slot states ------------------------------------------------------------------------

  /** The slot goes to `job` (it leaves the free-slot order if it was free). */
  occupy(slot: StaticSlot, job: string): void {
    this.unmarkFree(slot);
    slot.job = job;
    this.hold(job, slot.tm, 1);
  }

  /** The slot becomes free, behind every slot freed before it; its TaskManager is idle (since `now`) once all are free. */
  markFree(slot: StaticSlot, now: number): void {
    if (slot.job !== undefined) this.hold(slot.job, slot.tm, -1);
    slot.job = undefined;
    slot.freeSeq = this.freeBySeq.length;
    this.freeBySeq.push(slot);
    const key = profileKey(slot.profile);
    let g = this.freeGroups.get(key);
    if (g === undefined) this.freeGroups.set(key, (g = { profile: slot.profile, seqs: new IndexSet(), first: 0 }));
    g.seqs.add(slot.freeSeq);
    slot.tm.freeCount++;
    if (slot.tm.freeCount === slot.tm.slots.length) slot.tm.idleSince = now;
  }

  private unmarkFree(slot: StaticSlot): void {
    if (slot.freeSeq < 0) return;
    this.freeGroups.get(profileKey(slot.profile))!.seqs.delete(slot.freeSeq);
    this.freeBySeq[slot.freeSeq] = undefined;
    slot.freeSeq = -1;
    slot.tm.freeCount--;
    slot.tm.idleSince = BUSY;
  }

  private hold(job: string, tm: StaticTaskManager, d: number): void {
    let h = this.holders.get(job);
    if (h === undefined) this.holders.set(job, (h = new Map()));
    const n = (h.get(tm) ?? 0) + d;
    if (n > 0) h.set(tm, n);
    else {
      h.delete(tm);
      if (h.size === 0) this.holders.delete(job);
    }
  }

  // ----- counts -----------------------------------------------------------------------------

  /** TaskManagers holding slots of `job`, with how many, in registration order. */
  taskManagersOf(job: string): ReadonlyMap<string, number> {
    const h = this.holders.get(job);
    if (h === undefined) return new Map();
    return new Map([...h].sort(([a], [b]) => a.order - b.order).map(([tm, n]) => [tm.id, n]));
  }

  numberRegisteredSlots(): number {
    let n = 0;
    for (const tm of this.tms.values()) n += tm.slots.length;
    return n;
  }

  numberFreeSlots(): number {
    let n = 0;
    for (const tm of this.tms.values()) n += tm.freeCount;
    return n;
  }

  freeResource(): ResourceProfile {
    let sum: ResourceProfile = ZERO;
    for (const tm of this.tms.values()) sum = merge(sum, multiply(tm.defaultSlot, tm.freeCount));
    return sum;
  }
}
