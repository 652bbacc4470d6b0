/**
 * `DeclarativeSlotManager` (default up to Flink 1.17): TaskManagers register fixed slots of their
 * default profile. A check matches each missing requirement against free slots (first free slot
 * in the order slots became free, or the least-utilized TaskManager with
 * `cluster.evenly-spread-out-slots`), then against pending slots of requested workers, then asks
 * for a new worker of the default size; when that is impossible (standalone, max slots, a profile
 * the default slot does not match) the job is told once per check. Unused pending slots are dropped.
 * The slots themselves and the matching are in slot-tracker.ts (Flink's `DefaultSlotTracker`).
 */
import { describeProfile } from '../../model/describe-profile.js';
import { type ResourceProfile, divideIntoSlots, isMatching, multiply, profilesEqual } from '../../model/resource-profile.js';
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
import { type StaticSlot, type StaticTaskManager, SlotTracker } from './slot-tracker.js';
import { count } from '../../util/plural.js';

export class DeclarativeSlotManager extends SlotManagerBase implements SlotManager {
  private readonly slotTracker: SlotTracker;
  private pendingSlots = 0;
  private readonly unwanted = new Set<string>();
  private declaredPendingWorkers = 0;
  /** Cumulative increase of the declared pending-worker count. */
  workersRequestedTotal = 0;
  private readonly defaultSlot: ResourceProfile;

  constructor(config: SlotManagerConfig, ctx: SlotManagerContext, leastUtilization = config.evenlySpread) {
    super(config, ctx);
    this.slotTracker = new SlotTracker(leastUtilization);
    this.defaultSlot = divideIntoSlots(config.defaultWorker, config.slotsPerWorker, config.resourceScale);
    if (this.isActive() && config.taskManagerTimeout > 0)
      this.ctx.every(config.taskManagerTimeout, () => this.checkTaskManagerTimeoutsAndRedundancy());
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
      const slot = this.slotTracker.findMatchingSlot(required);
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
          this.workerRefused(
            'unfulfillable',
            () => `job ${job}: no new worker for ${describeProfile(profile)} (${why})`,
            job,
            () => ({
              message: `no new TaskManager can be requested for ${describeProfile(profile)}: ${why}`,
            }),
          );
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

  // ----- slots ------------------------------------------------------------------------------

  private allocate(slot: StaticSlot, job: string, requested: ResourceProfile): void {
    this.slotTracker.occupy(slot, job);
    this.resources.notifyAcquiredResource(job, slot.profile);
    this.activity.slotsAllocated++;
    this.ctx.trace(
      'allocate',
      () => `slot ${slot.tm.id}/${slot.index} (${describeProfile(slot.profile)}) for job ${job} (requested ${describeProfile(requested)})`,
      { taskManager: slot.tm.id, job },
    );
  }

  private release(slot: StaticSlot): void {
    const job = slot.job;
    if (job === undefined) return;
    this.slotTracker.markFree(slot, this.ctx.now());
    this.resources.notifyLostResource(job, slot.profile);
  }

  // ----- TaskManagers -----------------------------------------------------------------------

  registerTaskManager(reg: TaskManagerRegistration): RegistrationResult {
    if (this.slotTracker.taskManagers.has(reg.id)) return 'IGNORED';
    const allocated = reg.allocatedSlots ?? [];
    const freeReported = reg.numberOfSlots - allocated.length;
    const consumedPending =
      isMatching(reg.defaultSlot, this.defaultSlot) && profilesEqual(reg.defaultSlot, this.defaultSlot)
        ? Math.min(this.pendingSlots, freeReported)
        : 0;
    const max = this.config.maxSlots;
    if (max !== undefined && this.numberRegisteredSlots() + this.pendingSlots + reg.numberOfSlots - consumedPending > max) {
      this.ctx.trace('reject', () => `TaskManager ${reg.id} is rejected: slotmanager.number-of-slots.max (${max}) would be exceeded`);
      return 'REJECTED';
    }
    const tm = this.slotTracker.addTaskManager(reg, this.ctx.now());
    for (const slot of tm.slots) if (slot.job !== undefined) this.resources.notifyAcquiredResource(slot.job, slot.profile);
    this.ctx.trace(
      'register',
      () => `TaskManager ${reg.id} registers ${count(reg.numberOfSlots, 'slot')} of ${describeProfile(reg.defaultSlot)}`,
    );
    if (consumedPending > 0) this.setPendingSlots(this.pendingSlots - consumedPending);
    this.requirementCheck.trigger();
    return 'SUCCESS';
  }

  unregisterTaskManager(id: string): boolean {
    const tm = this.slotTracker.taskManagers.get(id);
    if (tm === undefined) return false;
    for (const slot of tm.slots) if (slot.job !== undefined) this.resources.notifyLostResource(slot.job, slot.profile);
    this.slotTracker.removeTaskManager(tm);
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
    const slot = this.slotTracker.taskManagers.get(tmId)?.slots.find((s) => s.job === job);
    if (slot === undefined) return false;
    this.release(slot);
    this.activity.slotsFreed++;
    this.ctx.trace('free', () => `slot ${tmId}/${slot.index} of job ${job} is freed`);
    this.requirementCheck.trigger();
    return true;
  }

  reportSlotStatus(tmId: string, allocated: readonly { readonly slot: number; readonly job: string }[]): boolean {
    const tm = this.slotTracker.taskManagers.get(tmId);
    if (tm === undefined) return false;
    const owners = new Map(allocated.map((a) => [a.slot, a.job]));
    let changed = false;
    for (const slot of tm.slots) {
      const owner = owners.get(slot.index);
      if (owner === slot.job) continue;
      changed = true;
      if (slot.job !== undefined) this.release(slot);
      if (owner !== undefined) {
        this.slotTracker.occupy(slot, owner);
        this.resources.notifyAcquiredResource(owner, slot.profile);
      }
    }
    this.ctx.trace(
      'slot-report',
      () => `slot report from ${tmId}: ${allocated.length === 0 ? 'all free' : allocated.map((a) => `${a.slot} → ${a.job}`).join(', ')}`,
    );
    if (changed) this.requirementCheck.trigger();
    return true;
  }

  // ----- idleness, redundancy, worker declarations ------------------------------------------

  private checkTaskManagerTimeoutsAndRedundancy(): void {
    const tms = this.slotTracker.taskManagers;
    if (tms.size === 0) return;
    const now = this.ctx.now();
    const timedOut = [...tms.values()].filter((tm) => now - tm.idleSince >= this.config.taskManagerTimeout && !this.unwanted.has(tm.id));
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
      this.ctx.trace(
        'pending',
        `${count(workers - this.declaredPendingWorkers, 'new worker')} requested (${this.config.slotsPerWorker} slots each)`,
      );
    }
    this.declaredPendingWorkers = workers;
    const tms = this.slotTracker.taskManagers;
    const needed =
      [...tms.keys()].filter((id) => !this.unwanted.has(id)).length + Math.ceil(this.pendingSlots / this.config.slotsPerWorker);
    let registered = 0;
    for (const tm of tms.values()) if (!this.unwanted.has(tm.id) && profilesEqual(tm.total, this.config.defaultWorker)) registered++;
    const declaration = {
      spec: this.config.defaultWorker,
      slotsPerWorker: this.config.slotsPerWorker,
      numNeeded: needed,
      registered,
      unwanted: [...this.unwanted],
    };
    this.ctx.trace(
      'workers',
      () =>
        `worker declaration: ${needed} × ${describeProfile(this.config.defaultWorker)}${declaration.unwanted.length > 0 ? `, release ${declaration.unwanted.join(', ')}` : ''}`,
    );
    this.ctx.declareResourceNeeded([declaration]);
  }

  // ----- views ------------------------------------------------------------------------------

  taskManagers(): TaskManagerView[] {
    return [...this.slotTracker.taskManagers.values()].map((tm) => this.view(tm));
  }

  taskManager(id: string): TaskManagerView | undefined {
    const tm = this.slotTracker.taskManagers.get(id);
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
    return Array.from({ length: workers }, (_, i) => ({
      id: `pending-${i + 1}`,
      total: this.config.defaultWorker,
      numberOfSlots: this.config.slotsPerWorker,
      allocations: new Map(),
    }));
  }

  get numberOfPendingSlots(): number {
    return this.pendingSlots;
  }

  taskManagersOf(job: string): ReadonlyMap<string, number> {
    return this.slotTracker.taskManagersOf(job);
  }

  unfulfillableJobs(): string[] {
    return [];
  }

  numberRegisteredSlots(): number {
    return this.slotTracker.numberRegisteredSlots();
  }

  numberFreeSlots(): number {
    return this.slotTracker.numberFreeSlots();
  }

  freeResource(): ResourceProfile {
    return this.slotTracker.freeResource();
  }
}
