/**
 * `FineGrainedTaskManagerTracker`: registered TaskManagers with their total, default slot, free
 * resources and dynamic slots; pending TaskManagers with the slots recorded on them; the unwanted
 * (released) ones. Keeps running sums and an index of TaskManagers that still have free resources,
 * so one requirement check costs what it places, not the cluster size. The records it keeps are in
 * fine-grained-task-manager.ts; the strategy sees it through `TaskManagerResourceInfoProvider` and
 * places on a `TrackerPool` (tracker-pool.ts).
 */
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  isSpecified,
  merge,
  profilesEqual,
  subtract,
} from '../../model/resource-profile.js';
import { ProfileArithmetic } from '../../model/profile-arithmetic.js';
import { IndexSet } from '../../util/index-set.js';
import {
  type DynamicSlot,
  type FineGrainedTaskManager,
  type FreedRun,
  type PendingTaskManager,
  BUSY,
  calculateDefaultNumSlots,
  workerSpecKey,
} from './fine-grained-task-manager.js';
import type { RegisteredPool } from './registered-pool.js';
import type { ResourceCounter } from './resource-counter.js';
import type { WorkerDeclaration } from './slot-manager.js';
import type { TaskManagerResourceInfoProvider } from './task-manager-resource-info-provider.js';
import { TrackerPool } from './tracker-pool.js';
import { IdleTaskManagers } from './idle-task-managers.js';
import type { PackedPendingPlan } from './packed-pending-plan.js';
import { type PendingKind, PendingTaskManagers } from './pending-task-managers.js';

export class FineGrainedTaskManagerTracker implements TaskManagerResourceInfoProvider {
  private readonly byId = new Map<string, FineGrainedTaskManager>();
  private readonly byIndex: (FineGrainedTaskManager | undefined)[] = [];
  /** Non-blocked TaskManagers with free resources, by registration index. */
  private readonly open = new IndexSet();
  readonly idle = new Set<string>();
  /** The same TaskManagers in the order they became idle. */
  private readonly idleOrder = new IdleTaskManagers();
  /** The pending TaskManagers and the slots recorded on them (pending-task-managers.ts). */
  readonly pendingWorkers = new PendingTaskManagers();
  readonly unwanted = new Set<string>();
  /** Registered TaskManagers per (slots, total). */
  private readonly specs = new Map<string, { spec: SpecifiedProfile; slots: number; count: number }>();
  private registeredTotal: ResourceProfile = ZERO;
  /** Sum of free resources; recomputed on demand after changes (a check rarely needs it). */
  private availableTotalCache: ResourceProfile | undefined = ZERO;
  /** job → TaskManager → number of slots, so a job's slots are found without a scan. */
  private readonly slotsByJob = new Map<string, Map<string, number>>();
  private blockedAvailable: ResourceProfile = ZERO;
  private blockedTotal: ResourceProfile = ZERO;
  private pendingTotal: ResourceProfile = ZERO;
  private slotCount = 0;
  private allocatedCount = 0;
  /** Free resources move between a few values per TaskManager: share those profiles instead of rebuilding them. */
  private readonly arithmetic = new ProfileArithmetic();

  get pending(): ReadonlyMap<string, PendingTaskManager> {
    return this.pendingWorkers.map;
  }

  get(id: string): FineGrainedTaskManager | undefined {
    return this.byId.get(id);
  }

  registered(): FineGrainedTaskManager[] {
    return this.byIndex.filter((tm): tm is FineGrainedTaskManager => tm !== undefined);
  }

  get registeredCount(): number {
    return this.byId.size;
  }

  add(id: string, total: SpecifiedProfile, defaultSlot: SpecifiedProfile, blocked: boolean, now: number): FineGrainedTaskManager {
    const tm: FineGrainedTaskManager = {
      index: this.byIndex.length,
      id,
      total,
      defaultSlot,
      defaultNumSlots: calculateDefaultNumSlots(total, defaultSlot),
      blocked,
      available: total,
      runs: [],
      slotCount: 0,
      idleSince: now,
    };
    this.byIndex.push(tm);
    this.byId.set(id, tm);
    this.idle.add(id);
    this.idleOrder.idle(tm, now);
    this.registeredTotal = merge(this.registeredTotal, total);
    this.availableTotalCache = undefined;
    if (blocked) {
      this.blockedAvailable = merge(this.blockedAvailable, total);
      this.blockedTotal = merge(this.blockedTotal, total);
    }
    this.slotCount += tm.defaultNumSlots;
    const key = workerSpecKey(total, tm.defaultNumSlots);
    const s = this.specs.get(key);
    if (s === undefined) this.specs.set(key, { spec: total, slots: tm.defaultNumSlots, count: 1 });
    else s.count++;
    this.refreshOpen(tm);
    return tm;
  }

  remove(id: string): void {
    const tm = this.byId.get(id);
    if (tm === undefined) return;
    for (const slot of this.slotsOf(tm)) this.removeSlot(tm, slot.allocationId, 0);
    this.byId.delete(id);
    this.byIndex[tm.index] = undefined;
    this.open.delete(tm.index);
    this.idle.delete(id);
    this.idleOrder.busy(tm);
    this.unwanted.delete(id);
    this.registeredTotal = subtract(this.registeredTotal, tm.total);
    this.availableTotalCache = undefined;
    if (tm.blocked) {
      this.blockedAvailable = subtract(this.blockedAvailable, tm.available);
      this.blockedTotal = subtract(this.blockedTotal, tm.total);
    }
    this.slotCount -= tm.defaultNumSlots;
    const key = workerSpecKey(tm.total, tm.defaultNumSlots);
    const s = this.specs.get(key)!;
    if (--s.count === 0) this.specs.delete(key);
  }

  /** `n` slots of one profile for one job, with allocation ids `firstId`, `firstId + 1`, …: one subtraction for all. */
  addSlots(tm: FineGrainedTaskManager, job: string, profile: SpecifiedProfile, n: number, firstId: number): void {
    const last = tm.runs.at(-1);
    if (last !== undefined && last.job === job && last.profile === profile && last.firstId + last.count === firstId) last.count += n;
    else tm.runs.push({ job, profile, firstId, count: n });
    tm.slotCount += n;
    this.countSlot(job, tm.id, n);
    this.changeAvailable(tm, this.arithmetic.subtract(tm.available, this.arithmetic.multiply(profile, n)) as SpecifiedProfile);
    this.allocatedCount += n;
    if (tm.idleSince !== BUSY) {
      this.idle.delete(tm.id);
      this.idleOrder.busy(tm);
    }
    tm.idleSince = BUSY;
  }

  /**
   * Removes the first `n` slots of `job` (in allocation order, as `n` single removals would) and
   * returns them as runs per profile; the freed resources go back in one sum.
   */
  removeSlotsOf(tm: FineGrainedTaskManager, job: string, n: number, now: number): FreedRun[] {
    const freed: FreedRun[] = [];
    const runs = tm.runs;
    let left = n;
    let kept = 0;
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i]!;
      if (left > 0 && run.job === job) {
        const k = Math.min(left, run.count);
        left -= k;
        run.firstId += k;
        run.count -= k;
        const previous = freed.at(-1);
        if (previous !== undefined && previous.profile === run.profile)
          freed[freed.length - 1] = { profile: run.profile, count: previous.count + k };
        else freed.push({ profile: run.profile, count: k });
        if (run.count === 0) continue;
      }
      runs[kept++] = run;
    }
    runs.length = kept;
    const removed = n - left;
    if (removed === 0) return freed;
    this.countSlot(job, tm.id, -removed);
    this.changeAvailable(tm, this.arithmetic.merge(tm.available, this.sumOf(freed)) as SpecifiedProfile);
    this.allocatedCount -= removed;
    tm.slotCount -= removed;
    if (tm.slotCount === 0) {
      tm.idleSince = now;
      this.idle.add(tm.id);
      this.idleOrder.idle(tm, now);
    }
    return freed;
  }

  /** Removes a slot; the TaskManager becomes idle (since `now`) when it was the last one. */
  removeSlot(tm: FineGrainedTaskManager, allocationId: number, now: number): DynamicSlot | undefined {
    const at = tm.runs.findIndex((r) => allocationId >= r.firstId && allocationId < r.firstId + r.count);
    if (at < 0) return undefined;
    const run = tm.runs[at]!;
    // The run splits around the slot: the ids before it stay in `run`, those after go to a new run.
    const after = run.firstId + run.count - allocationId - 1;
    run.count = allocationId - run.firstId;
    const rest = after > 0 ? [{ job: run.job, profile: run.profile, firstId: allocationId + 1, count: after }] : [];
    tm.runs.splice(run.count === 0 ? at : at + 1, run.count === 0 ? 1 : 0, ...rest);
    tm.slotCount--;
    this.countSlot(run.job, tm.id, -1);
    this.changeAvailable(tm, this.arithmetic.merge(tm.available, run.profile) as SpecifiedProfile);
    this.allocatedCount--;
    if (tm.slotCount === 0) {
      tm.idleSince = now;
      this.idle.add(tm.id);
      this.idleOrder.idle(tm, now);
    }
    return { allocationId, job: run.job, profile: run.profile };
  }

  /** The allocated slots one by one, in allocation order (views and the rare slot-by-slot paths). */
  slotsOf(tm: FineGrainedTaskManager): DynamicSlot[] {
    const out: DynamicSlot[] = [];
    for (const run of tm.runs)
      for (let i = 0; i < run.count; i++) out.push({ allocationId: run.firstId + i, job: run.job, profile: run.profile });
    return out;
  }

  addPending(p: PendingTaskManager): void {
    this.pendingWorkers.add(p);
    this.pendingTotal = merge(this.pendingTotal, p.total);
  }

  removePending(id: string): void {
    const p = this.pendingWorkers.remove(id);
    if (p === undefined) return;
    this.pendingTotal = subtract(this.pendingTotal, p.total);
  }

  replaceAllPendingAllocations(allocations: Map<string, Map<string, ResourceCounter>>): void {
    this.pendingWorkers.replaceAll(allocations);
  }

  /** The check's slots on pending workers as one packed plan (all pending workers alike). */
  setPendingPlan(plan: PackedPendingPlan): void {
    this.pendingWorkers.setPlan(plan);
  }

  /** The slots recorded on a pending TaskManager. */
  allocationsOf(p: PendingTaskManager): ReadonlyMap<string, ResourceCounter> {
    return this.pendingWorkers.allocationsOf(p);
  }

  /** Idle TaskManagers with `now - idleSince >= timeout`, in registration order. */
  timedOut(now: number, timeout: number): FineGrainedTaskManager[] {
    return this.idleOrder.timedOut(now, timeout, () => [...this.idle].map((id) => this.byId.get(id)!));
  }

  /** The pending TaskManagers in order (each one counted as a visit). */
  pendingInOrder(): Iterable<PendingTaskManager> {
    return this.pendingWorkers.values();
  }

  /** The one kind every pending TaskManager is, when they are alike. */
  onlyPendingKind(): PendingKind | undefined {
    return this.pendingWorkers.onlyKind();
  }

  /** Pending TaskManagers with no slot recorded, in order. */
  unusedPending(): PendingTaskManager[] {
    return this.pendingWorkers.unused();
  }

  clearPendingAllocationsOfJob(job: string): void {
    this.pendingWorkers.clearJob(job);
  }

  /**
   * The pending TaskManager a registering one stands for: equal total and default slot, one with
   * recorded slots first (Flink's `getPendingTaskManagersByTotalAndDefaultSlotResourceProfile`
   * and the SlotManager's choice among them).
   */
  findMatchingPendingTaskManager(total: SpecifiedProfile, defaultSlot: SpecifiedProfile): PendingTaskManager | undefined {
    return this.pendingWorkers.findMatching(total, defaultSlot);
  }

  /**
   * One declaration per worker spec (the `ResourceDeclaration`s of Flink's `declareNeededResources`):
   * registered (not unwanted) plus pending, and the unwanted. Here because `specs` keeps the
   * registered counts per spec for it, so no registered TaskManager is visited.
   */
  resourceDeclarations(): WorkerDeclaration[] {
    const specs = new Map<string, { spec: SpecifiedProfile; slots: number; needed: number; unwanted: string[] }>();
    const entry = (total: SpecifiedProfile, slots: number) => {
      const key = workerSpecKey(total, slots);
      let e = specs.get(key);
      if (e === undefined) specs.set(key, (e = { spec: total, slots, needed: 0, unwanted: [] }));
      return e;
    };
    for (const s of this.specs.values()) entry(s.spec, s.slots).needed += s.count;
    const unwanted = [...this.unwanted].map((id) => this.get(id)!).sort((a, b) => a.index - b.index);
    for (const tm of unwanted) {
      const e = entry(tm.total, tm.defaultNumSlots);
      e.needed--;
      e.unwanted.push(tm.id);
    }
    const registered = new Map([...specs].map(([k, e]) => [k, e.needed]));
    // Alike pending workers are counted at once (the entry is the first one's, as the walk would make it).
    const first = this.pendingWorkers.first();
    if (first !== undefined && this.pendingWorkers.onlyKind() !== undefined)
      entry(first.total, first.numberOfSlots).needed += this.pendingWorkers.size;
    else for (const p of this.pendingWorkers.values()) entry(p.total, p.numberOfSlots).needed++;
    return [...specs].map(([k, e]) => ({
      spec: e.spec,
      slotsPerWorker: e.slots,
      numNeeded: e.needed,
      registered: registered.get(k) ?? 0,
      unwanted: e.unwanted,
    }));
  }

  /** Registered plus pending totals (for `slotmanager.max-total-resource.*`). */
  totalWithPending(): ResourceProfile {
    return merge(this.registeredTotal, this.pendingTotal);
  }

  freeResource(): ResourceProfile {
    if (this.availableTotalCache === undefined) {
      let sum: ResourceProfile = ZERO;
      for (const tm of this.byId.values()) sum = merge(sum, tm.available);
      this.availableTotalCache = sum;
    }
    return this.availableTotalCache;
  }

  /** TaskManagers holding slots of `job`, with how many. */
  taskManagersOf(job: string): ReadonlyMap<string, number> {
    return this.slotsByJob.get(job) ?? new Map();
  }

  private countSlot(job: string, tm: string, delta: number): void {
    let perTm = this.slotsByJob.get(job);
    if (perTm === undefined) this.slotsByJob.set(job, (perTm = new Map()));
    const n = (perTm.get(tm) ?? 0) + delta;
    if (n > 0) perTm.set(tm, n);
    else perTm.delete(tm);
    if (perTm.size === 0) this.slotsByJob.delete(job);
  }

  get numberRegisteredSlots(): number {
    return this.slotCount;
  }

  numberFreeSlotsOf(tm: FineGrainedTaskManager): number {
    return Math.max(tm.defaultNumSlots - tm.slotCount, 0);
  }

  numberFreeSlots(): number {
    let n = 0;
    for (const tm of this.byId.values()) n += this.numberFreeSlotsOf(tm);
    return n;
  }

  /** A strategy view over the non-blocked TaskManagers; placements stay in the view. */
  pool(): RegisteredPool {
    return new TrackerPool(
      this.byIndex,
      this.open,
      () => subtractOrZero(this.freeResource(), this.blockedAvailable),
      subtractOrZero(this.registeredTotal, this.blockedTotal),
      this.arithmetic,
    );
  }

  /** The summed profile of freed runs; one multiplication for one run (the usual case). */
  private sumOf(freed: readonly FreedRun[]): ResourceProfile {
    if (freed.length === 1) return this.arithmetic.multiply(freed[0]!.profile, freed[0]!.count);
    return freed.reduce<ResourceProfile>((sum, r) => merge(sum, this.arithmetic.multiply(r.profile, r.count)), ZERO);
  }

  private changeAvailable(tm: FineGrainedTaskManager, next: SpecifiedProfile): void {
    this.availableTotalCache = undefined;
    if (tm.blocked) this.blockedAvailable = merge(subtract(this.blockedAvailable, tm.available), next);
    tm.available = next;
    this.refreshOpen(tm);
  }

  private refreshOpen(tm: FineGrainedTaskManager): void {
    if (!tm.blocked && !profilesEqual(tm.available, ZERO)) this.open.add(tm.index);
    else this.open.delete(tm.index);
  }
}

function subtractOrZero(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
  return isSpecified(a) && isSpecified(b) ? subtract(a, b) : a;
}
