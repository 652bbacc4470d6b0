/**
 * `DeclarativeSlotManager` (default up to Flink 1.17): TaskManagers register fixed slots of their
 * default profile. A check matches each missing requirement against free slots (first free slot
 * in the order slots became free, or the least-utilized TaskManager with
 * `cluster.evenly-spread-out-slots`), then against pending slots of requested workers, then asks
 * for a new worker of the default size; when that is impossible (standalone, max slots, a profile
 * the default slot does not match) the job is told once per check. Unused pending slots are dropped.
 */
import { describeProfile } from '../../model/describe-profile.js';
import { type ResourceProfile, ZERO, divideIntoSlots, isMatching, merge, multiply, profileKey, profilesEqual } from '../../model/resource-profile.js';
import { IndexSet } from '../../util/index-set.js';
import { ResourceCounter } from './resource-counter.js';
import { SlotManagerBase } from './slot-manager-base.js';
import type {
  PendingTaskManagerState,
  RegistrationResult,
  SlotManager,
  SlotManagerConfig,
  SlotManagerContext,
  TaskManagerRegistration,
  TaskManagerView,
} from './slot-manager.js';

const BUSY = Number.POSITIVE_INFINITY;

interface StaticSlot {
  readonly tm: StaticTaskManager;
  readonly index: number;
  readonly profile: ResourceProfile;
  job: string | undefined;
  /** Position in the free-slot order (Flink's LinkedHashMap of free slots); -1 while allocated. */
  freeSeq: number;
}

interface StaticTaskManager {
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

export class DeclarativeSlotManager extends SlotManagerBase implements SlotManager {
  private readonly tms = new Map<string, StaticTaskManager>();
  private readonly freeGroups = new Map<string, FreeGroup>();
  private readonly freeBySeq: (StaticSlot | undefined)[] = [];
  private pendingSlots = 0;
  private readonly unwanted = new Set<string>();
  private declaredPendingWorkers = 0;
  /** Cumulative increase of the declared pending-worker count. */
  workersRequestedTotal = 0;
  private readonly defaultSlot: ResourceProfile;
  /** job → TaskManager → slots it holds there (registration order of first slot is not kept: sorted on read). */
  private readonly holders = new Map<string, Map<StaticTaskManager, number>>();
  private nextOrder = 0;

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

  constructor(
    config: SlotManagerConfig,
    ctx: SlotManagerContext,
    private readonly leastUtilization = config.evenlySpread,
  ) {
    super(config, ctx);
    this.defaultSlot = divideIntoSlots(config.defaultWorker, config.slotsPerWorker);
    if (this.isActive() && config.taskManagerTimeout > 0) this.ctx.every(config.taskManagerTimeout, () => this.checkTaskManagerTimeoutsAndRedundancy());
  }

  // ----- requirements -----------------------------------------------------------------------

  clearResourceRequirements(job: string): void {
    this.ctx.trace('declare', () => `requirements of job ${job} cleared`);
    this.resources.notifyResourceRequirements(job, []);
  }

  setFailUnfulfillableRequest(fail: boolean): void {
    this.sendNotEnoughResourceNotifications = fail;
    if (fail) this.requirementCheck.trigger();
  }

  protected checkResourceRequirements(): void {
    const missing = this.resources.getMissingResources();
    if (missing.size === 0) {
      this.setPendingSlots(0);
      return;
    }
    this.traceCheck(missing);
    const unfulfilled = new Map<string, ResourceCounter>();
    for (const [job, list] of missing) {
      const outstanding = new ResourceCounter();
      for (const r of list) outstanding.add(r.profile, this.allocateFreeSlots(job, r.profile, r.count));
      if (!outstanding.isEmpty()) unfulfilled.set(job, outstanding);
    }
    if (unfulfilled.size === 0) return;
    let freePending = this.pendingSlots;
    for (const [job, outstanding] of unfulfilled) freePending = this.fulfilWithPendingSlots(job, outstanding, freePending);
    if (freePending > 0) this.setPendingSlots(this.pendingSlots - freePending);
  }

  /** Allocates up to `n` free slots; returns how many could not be found. */
  private allocateFreeSlots(job: string, required: ResourceProfile, n: number): number {
    for (let x = 0; x < n; x++) {
      const slot = this.findMatchingSlot(required);
      if (slot === undefined) return n - x;
      this.allocate(slot, job, required);
    }
    return 0;
  }

  private fulfilWithPendingSlots(job: string, outstanding: ResourceCounter, freePending: number): number {
    for (const { profile, count } of outstanding.toList()) {
      for (let i = 0; i < count; i++) {
        if (freePending > 0 && isMatching(this.defaultSlot, profile)) {
          freePending--;
          continue;
        }
        const why = this.allocateWorker(profile);
        if (why === undefined) {
          freePending += this.config.slotsPerWorker - 1;
          continue;
        }
        if (this.sendNotEnoughResourceNotifications) {
          this.workerRefused('unfulfillable', () => `job ${job}: no new worker for ${describeProfile(profile)} (${why})`, job);
          this.notifyNotEnough(job);
          return freePending;
        }
      }
    }
    return freePending;
  }

  /** `TaskExecutorManager.allocateWorker`: undefined on success, else the reason it failed. */
  private allocateWorker(profile: ResourceProfile): string | undefined {
    if (!this.isActive()) return 'the ResourceManager cannot start workers (standalone)';
    const max = this.config.maxSlots;
    if (max !== undefined && this.numberRegisteredSlots() + this.pendingSlots + this.config.slotsPerWorker > max) {
      return `slotmanager.number-of-slots.max (${max}) would be exceeded`;
    }
    if (!isMatching(this.defaultSlot, profile)) return `the default slot ${describeProfile(this.defaultSlot)} does not match it`;
    this.setPendingSlots(this.pendingSlots + this.config.slotsPerWorker);
    return undefined;
  }

  private setPendingSlots(n: number): void {
    if (n === this.pendingSlots) return;
    this.pendingSlots = n;
    if (this.isActive()) this.workerDeclaration.trigger();
  }

  // ----- slot matching ----------------------------------------------------------------------

  private findMatchingSlot(required: ResourceProfile): StaticSlot | undefined {
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

  private markFree(slot: StaticSlot): void {
    if (slot.job !== undefined) this.hold(slot.job, slot.tm, -1);
    slot.job = undefined;
    slot.freeSeq = this.freeBySeq.length;
    this.freeBySeq.push(slot);
    const key = profileKey(slot.profile);
    let g = this.freeGroups.get(key);
    if (g === undefined) this.freeGroups.set(key, (g = { profile: slot.profile, seqs: new IndexSet(), first: 0 }));
    g.seqs.add(slot.freeSeq);
    slot.tm.freeCount++;
    if (slot.tm.freeCount === slot.tm.slots.length) slot.tm.idleSince = this.ctx.now();
  }

  private unmarkFree(slot: StaticSlot): void {
    if (slot.freeSeq < 0) return;
    this.freeGroups.get(profileKey(slot.profile))!.seqs.delete(slot.freeSeq);
    this.freeBySeq[slot.freeSeq] = undefined;
    slot.freeSeq = -1;
    slot.tm.freeCount--;
    slot.tm.idleSince = BUSY;
  }

  private allocate(slot: StaticSlot, job: string, requested: ResourceProfile): void {
    this.unmarkFree(slot);
    slot.job = job;
    this.hold(job, slot.tm, 1);
    this.resources.notifyAcquiredResource(job, slot.profile);
    this.activity.slotsAllocated++;
    this.ctx.trace('allocate', () => `slot ${slot.tm.id}/${slot.index} (${describeProfile(slot.profile)}) for job ${job} (requested ${describeProfile(requested)})`, { taskManager: slot.tm.id, job });
  }

  private release(slot: StaticSlot): void {
    const job = slot.job;
    if (job === undefined) return;
    this.markFree(slot);
    this.resources.notifyLostResource(job, slot.profile);
  }

  // ----- TaskManagers -----------------------------------------------------------------------

  registerTaskManager(reg: TaskManagerRegistration): RegistrationResult {
    if (this.tms.has(reg.id)) return 'IGNORED';
    const allocated = reg.allocatedSlots ?? [];
    const freeReported = reg.numberOfSlots - allocated.length;
    const consumedPending = isMatching(reg.defaultSlot, this.defaultSlot) && profilesEqual(reg.defaultSlot, this.defaultSlot) ? Math.min(this.pendingSlots, freeReported) : 0;
    const max = this.config.maxSlots;
    if (max !== undefined && this.numberRegisteredSlots() + this.pendingSlots + reg.numberOfSlots - consumedPending > max) {
      this.ctx.trace('reject', () => `TaskManager ${reg.id} is rejected: slotmanager.number-of-slots.max (${max}) would be exceeded`);
      return 'REJECTED';
    }
    const tm: StaticTaskManager = { id: reg.id, total: reg.total, defaultSlot: reg.defaultSlot, blocked: reg.blocked === true, order: this.nextOrder++, slots: [], freeCount: 0, idleSince: this.ctx.now() };
    this.tms.set(reg.id, tm);
    for (let i = 0; i < reg.numberOfSlots; i++) {
      const slot: StaticSlot = { tm, index: i, profile: reg.defaultSlot, job: undefined, freeSeq: -1 };
      tm.slots.push(slot);
      const owner = allocated[i]?.job;
      if (owner === undefined) this.markFree(slot);
      else {
        slot.job = owner;
        this.hold(owner, slot.tm, 1);
        tm.idleSince = BUSY;
        this.resources.notifyAcquiredResource(owner, slot.profile);
      }
    }
    this.ctx.trace('register', () => `TaskManager ${reg.id} registers ${reg.numberOfSlots} slot(s) of ${describeProfile(reg.defaultSlot)}`);
    if (consumedPending > 0) this.setPendingSlots(this.pendingSlots - consumedPending);
    this.requirementCheck.trigger();
    return 'SUCCESS';
  }

  unregisterTaskManager(id: string): boolean {
    const tm = this.tms.get(id);
    if (tm === undefined) return false;
    for (const slot of tm.slots) {
      if (slot.job !== undefined) this.hold(slot.job, tm, -1);
      if (slot.job !== undefined) this.resources.notifyLostResource(slot.job, slot.profile);
      else this.unmarkFree(slot);
    }
    this.tms.delete(id);
    this.unwanted.delete(id);
    this.ctx.trace('unregister', () => `TaskManager ${id} unregisters`);
    this.requirementCheck.trigger();
    return true;
  }

  freeSlots(tmId: string, job: string, n: number): number {
    let freed = 0;
    while (freed < n && this.freeSlot(tmId, job)) freed++;
    return freed;
  }

  freeSlot(tmId: string, job: string): boolean {
    const slot = this.tms.get(tmId)?.slots.find((s) => s.job === job);
    if (slot === undefined) return false;
    this.release(slot);
    this.activity.slotsFreed++;
    this.ctx.trace('free', () => `slot ${tmId}/${slot.index} of job ${job} is freed`);
    this.requirementCheck.trigger();
    return true;
  }

  reportSlotStatus(tmId: string, allocated: readonly { readonly slot: number; readonly job: string }[]): boolean {
    const tm = this.tms.get(tmId);
    if (tm === undefined) return false;
    const owners = new Map(allocated.map((a) => [a.slot, a.job]));
    let changed = false;
    for (const slot of tm.slots) {
      const owner = owners.get(slot.index);
      if (owner === slot.job) continue;
      changed = true;
      if (slot.job !== undefined) this.release(slot);
      if (owner !== undefined) {
        this.unmarkFree(slot);
        slot.job = owner;
        this.hold(owner, slot.tm, 1);
        this.resources.notifyAcquiredResource(owner, slot.profile);
      }
    }
    this.ctx.trace('slot-report', () => `slot report from ${tmId}: ${allocated.length === 0 ? 'all free' : allocated.map((a) => `${a.slot} → ${a.job}`).join(', ')}`);
    if (changed) this.requirementCheck.trigger();
    return true;
  }

  // ----- idleness, redundancy, worker declarations ------------------------------------------

  private checkTaskManagerTimeoutsAndRedundancy(): void {
    if (this.tms.size === 0) return;
    const now = this.ctx.now();
    const timedOut = [...this.tms.values()].filter((tm) => now - tm.idleSince >= this.config.taskManagerTimeout && !this.unwanted.has(tm.id));
    const slotsDiff = this.config.redundantTaskManagers * this.config.slotsPerWorker - this.numberFreeSlots();
    if (slotsDiff > 0) {
      if (this.pendingSlots > 0) return;
      const workers = Math.ceil(slotsDiff / this.config.slotsPerWorker);
      for (let i = 0; i < workers; i++) if (this.allocateWorker(this.defaultSlot) !== undefined) break;
      return;
    }
    const releasable = Math.min(Math.floor(-slotsDiff / this.config.slotsPerWorker), timedOut.length);
    for (const tm of timedOut.slice(0, releasable)) {
      this.unwanted.add(tm.id);
      this.ctx.trace('release', () => `idle TaskManager ${tm.id} is released (idle timeout ${this.config.taskManagerTimeout} ms)`);
    }
    if (releasable > 0) this.workerDeclaration.trigger();
  }

  protected declareNeededResources(): void {
    const workers = Math.ceil(this.pendingSlots / this.config.slotsPerWorker);
    if (workers > this.declaredPendingWorkers) {
      this.workersRequestedTotal += workers - this.declaredPendingWorkers;
      this.ctx.trace('pending', `${workers - this.declaredPendingWorkers} new worker(s) requested (${this.config.slotsPerWorker} slots each)`);
    }
    this.declaredPendingWorkers = workers;
    const needed = [...this.tms.keys()].filter((id) => !this.unwanted.has(id)).length + Math.ceil(this.pendingSlots / this.config.slotsPerWorker);
    let registered = 0;
    for (const tm of this.tms.values()) if (!this.unwanted.has(tm.id) && profilesEqual(tm.total, this.config.defaultWorker)) registered++;
    const declaration = { spec: this.config.defaultWorker, slotsPerWorker: this.config.slotsPerWorker, numNeeded: needed, registered, unwanted: [...this.unwanted] };
    this.ctx.trace('workers', () => `worker declaration: ${needed} × ${describeProfile(this.config.defaultWorker)}${declaration.unwanted.length > 0 ? `, release ${declaration.unwanted.join(', ')}` : ''}`);
    this.ctx.declareResourceNeeded([declaration]);
  }

  // ----- views ------------------------------------------------------------------------------

  taskManagers(): TaskManagerView[] {
    return [...this.tms.values()].map((tm) => this.view(tm));
  }

  taskManager(id: string): TaskManagerView | undefined {
    const tm = this.tms.get(id);
    return tm === undefined ? undefined : this.view(tm);
  }

  private view(tm: StaticTaskManager): TaskManagerView {
    return {
      id: tm.id,
      total: tm.total,
      defaultSlot: tm.defaultSlot,
      free: multiply(tm.defaultSlot, tm.freeCount),
      registeredSlots: tm.slots.length,
      freeSlots: tm.freeCount,
      slots: tm.slots.map((s) => ({ index: s.index, job: s.job, profile: s.profile })),
      idleSince: tm.idleSince,
      blocked: tm.blocked,
      unwanted: this.unwanted.has(tm.id),
    };
  }

  /** Pending slots as pending workers of the default size (Flink tracks slots, not workers). */
  pendingTaskManagers(): PendingTaskManagerState[] {
    const workers = Math.ceil(this.pendingSlots / this.config.slotsPerWorker);
    return Array.from({ length: workers }, (_, i) => ({ id: `pending-${i + 1}`, total: this.config.defaultWorker, numberOfSlots: this.config.slotsPerWorker, allocations: new Map() }));
  }

  get numberOfPendingSlots(): number {
    return this.pendingSlots;
  }

  taskManagersOf(job: string): ReadonlyMap<string, number> {
    const h = this.holders.get(job);
    if (h === undefined) return new Map();
    return new Map([...h].sort(([a], [b]) => a.order - b.order).map(([tm, n]) => [tm.id, n]));
  }

  unfulfillableJobs(): string[] {
    return [];
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
