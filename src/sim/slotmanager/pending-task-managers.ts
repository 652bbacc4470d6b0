/**
 * The fine-grained tracker's pending TaskManagers (Flink's `FineGrainedTaskManagerTracker`
 * `pendingTaskManagers`, a LinkedHashMap: insertion order) with the slots each check recorded on
 * them. A check either records them per worker (`replaceAll`, what Flink does) or, when every
 * pending worker is alike, as one `PackedPendingPlan` that answers per worker when asked: the same
 * counts, without a pass over every pending worker per check. The workers are also kept in an
 * array in insertion order (with holes where one went), so plan bin `i` is the `i`-th worker from
 * the plan's first position, and the first worker or the unused ones are found without a scan.
 */
import { type SpecifiedProfile, profileKey } from '../../model/resource-profile.js';
import { type PendingTaskManager, workerSpecKey } from './fine-grained-task-manager.js';
import type { PackedPendingPlan } from './packed-pending-plan.js';
import type { ResourceCounter } from './resource-counter.js';

/** Pending workers of one (total, slots, default slot). */
export interface PendingKind {
  readonly total: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  readonly numberOfSlots: number;
  readonly totalKey: string;
  readonly slotKey: string;
  count: number;
}

const kindKeys = new WeakMap<SpecifiedProfile, Map<string, string>>();

/** The key of a kind; cached per default slot object (the workers of a spec share theirs). */
function kindKeyOf(p: PendingTaskManager): string {
  const spec = workerSpecKey(p.total, p.numberOfSlots);
  let bySpec = kindKeys.get(p.defaultSlot);
  if (bySpec === undefined) kindKeys.set(p.defaultSlot, (bySpec = new Map()));
  let key = bySpec.get(spec);
  if (key === undefined) bySpec.set(spec, (key = `${spec}|${profileKey(p.defaultSlot)}`));
  return key;
}

export class PendingTaskManagers {
  readonly map = new Map<string, PendingTaskManager>();
  private order: (PendingTaskManager | undefined)[] = [];
  private head = 0;
  private holes = 0;
  /** Position in `order` of each pending worker. */
  private readonly at = new Map<PendingTaskManager, number>();
  private readonly kinds = new Map<string, PendingKind>();
  private plan: PackedPendingPlan | undefined;
  /** `order` positions of the plan's bins: [planFirst, planEnd). */
  private planFirst = 0;
  private planEnd = 0;

  /**
   * Pending workers looked at one by one so far (walks, per-worker reads): the work a check spends on
   * them, which the tests count (it must not grow with the pending workers for each check).
   */
  visits = 0;

  get size(): number {
    return this.map.size;
  }

  /** Whether the records come from a packed plan (the tests check that the plan is used). */
  get packed(): boolean {
    return this.plan !== undefined;
  }

  add(p: PendingTaskManager): void {
    const old = this.map.get(p.id);
    this.map.set(p.id, p);
    if (old !== undefined) {
      // A Map keeps a replaced key where it was.
      const at = this.at.get(old)!;
      this.at.delete(old);
      this.forget(old);
      this.order[at] = p;
      this.at.set(p, at);
    } else {
      this.at.set(p, this.order.length);
      this.order.push(p);
    }
    const key = kindKeyOf(p);
    const kind = this.kinds.get(key);
    if (kind !== undefined) kind.count++;
    else
      this.kinds.set(key, {
        total: p.total,
        defaultSlot: p.defaultSlot,
        numberOfSlots: p.numberOfSlots,
        totalKey: profileKey(p.total),
        slotKey: profileKey(p.defaultSlot),
        count: 1,
      });
  }

  remove(id: string): PendingTaskManager | undefined {
    const p = this.map.get(id);
    if (p === undefined) return undefined;
    this.map.delete(id);
    const at = this.at.get(p)!;
    this.at.delete(p);
    this.forget(p);
    this.order[at] = undefined;
    this.holes++;
    while (this.head < this.order.length && this.order[this.head] === undefined) {
      this.head++;
      this.holes--;
    }
    while (this.order.length > this.head && this.order.at(-1) === undefined) {
      this.order.pop();
      this.holes--;
    }
    return p;
  }

  /** The workers in insertion order. */
  *values(): IterableIterator<PendingTaskManager> {
    for (let i = this.head; i < this.order.length; i++) {
      const p = this.order[i];
      if (p === undefined) continue;
      this.visits++;
      yield p;
    }
  }

  /** The one kind all pending workers are, if they are alike. */
  onlyKind(): PendingKind | undefined {
    if (this.kinds.size !== 1) return undefined;
    return this.kinds.values().next().value;
  }

  /** The first pending worker (insertion order). */
  first(): PendingTaskManager | undefined {
    this.visits++;
    return this.head < this.order.length ? this.order[this.head] : undefined;
  }

  /** The slots recorded on `p`: its share of the current plan, or its own record. */
  allocationsOf(p: PendingTaskManager): Map<string, ResourceCounter> {
    this.visits++;
    const at = this.at.get(p);
    if (this.plan === undefined || at === undefined || at >= this.planEnd) return p.allocations;
    return this.plan.allocationsOf(at - this.planFirst, p.defaultSlot);
  }

  /** Flink's `replaceAllPendingAllocations`: one record per worker. */
  replaceAll(allocations: ReadonlyMap<string, Map<string, ResourceCounter>>): void {
    this.plan = undefined;
    for (const p of this.values()) p.allocations = allocations.get(p.id) ?? new Map();
  }

  /**
   * The plan of the check that just ran: its bins are the pending workers in order, the existing
   * ones followed by those the check added (`plan.existing` + the new ones that were started).
   */
  setPlan(plan: PackedPendingPlan): void {
    // Holes would shift the bins; a long consumed front is dropped now and then (amortised).
    if (this.holes > 0 || (this.head > 1024 && this.head * 2 > this.order.length)) this.compact();
    this.plan = plan;
    this.planFirst = this.head;
    this.planEnd = this.order.length;
  }

  clearJob(job: string): void {
    if (this.plan === undefined) {
      for (const p of this.values()) p.allocations.delete(job);
      return;
    }
    this.plan.clear(job);
    // Workers added after the plan keep their own records.
    for (let i = Math.max(this.head, this.planEnd); i < this.order.length; i++) this.order[i]?.allocations.delete(job);
  }

  /** Workers with nothing recorded, in order: under a plan, those a cleared job emptied and those after its used bins. */
  unused(): PendingTaskManager[] {
    const out: PendingTaskManager[] = [];
    if (this.plan === undefined) {
      for (const p of this.values()) if (p.allocations.size === 0) out.push(p);
      return out;
    }
    const usedEnd = Math.min(this.planFirst + this.plan.usedBins, this.planEnd);
    if (this.plan.cleared.size > 0)
      for (const i of this.plan.emptiedBins()) {
        const p = this.planFirst + i < usedEnd && this.planFirst + i >= this.head ? this.order[this.planFirst + i] : undefined;
        this.visits++;
        if (p !== undefined) out.push(p);
      }
    for (let i = Math.max(this.head, usedEnd); i < this.order.length; i++) {
      const p = this.order[i];
      if (p !== undefined && this.allocationsOf(p).size === 0) out.push(p);
    }
    return out;
  }

  /**
   * The pending worker a registering TaskManager stands for: equal total and default slot, one
   * with recorded slots first. Under a plan with all workers alike and no job cleared, that is the
   * first worker: the plan's used bins come first and every one holds slots.
   */
  findMatching(total: SpecifiedProfile, defaultSlot: SpecifiedProfile): PendingTaskManager | undefined {
    const totalKey = profileKey(total);
    const slotKey = profileKey(defaultSlot);
    const only = this.onlyKind();
    if (only !== undefined && this.plan !== undefined && this.plan.cleared.size === 0)
      return only.totalKey === totalKey && only.slotKey === slotKey ? this.first() : undefined;
    let first: PendingTaskManager | undefined;
    for (const p of this.values()) {
      if (profileKey(p.total) !== totalKey || profileKey(p.defaultSlot) !== slotKey) continue;
      if (this.allocationsOf(p).size > 0) return p;
      first ??= p;
    }
    return first;
  }

  private forget(p: PendingTaskManager): void {
    const key = kindKeyOf(p);
    const kind = this.kinds.get(key)!;
    if (--kind.count === 0) this.kinds.delete(key);
  }

  /** Closes the holes; only between plans (a plan addresses its bins by position). */
  private compact(): void {
    const live = [...this.values()];
    this.order = live;
    this.head = 0;
    this.holes = 0;
    live.forEach((p, at) => this.at.set(p, at));
  }
}
