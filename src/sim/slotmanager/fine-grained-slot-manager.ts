/**
 * `FineGrainedSlotManager` (the only SlotManager since Flink 1.18; before, with
 * `cluster.fine-grained-resource-management.enabled`): TaskManagers register a total that is carved
 * into dynamic slots per request. A requirement check asks the allocation strategy where missing
 * slots go, requests them on registered TaskManagers, records the rest on pending workers, asks the
 * ResourceManager for new workers (within `slotmanager.max-total-resource.*`), tells jobs it cannot
 * serve, and then reconciles: idle TaskManagers and unused pending workers are released, redundant
 * ones added. As in Flink, the strategy decides (allocation-strategy.ts, over a read-only view of
 * the tracker) and this class applies the decision to the tracker.
 */
import { type ResourceProfile, type SpecifiedProfile, isSpecified, merge } from '../../model/resource-profile.js';
import { describeProfile } from '../../model/describe-profile.js';
import * as maxTotal from './max-total-resource.js';
import { type AllocationStrategy, defaultAllocationStrategy } from './allocation-strategy.js';
import { type ProfileCounts, allocationsOnPendingResources } from './resource-allocation-strategy.js';
import { type FineGrainedTaskManager, type PendingTaskManager, newPendingTaskManager } from './fine-grained-task-manager.js';
import { FineGrainedTaskManagerTracker } from './fine-grained-task-manager-tracker.js';
import { pendingTaskManagerStates, taskManagerView } from './fine-grained-views.js';
import { needsAction } from './resource-reconcile.js';
import { SlotManagerBase } from './slot-manager-base.js';
import type {
  PendingTaskManagerState,
  RegistrationResult,
  SlotManager,
  SlotManagerConfig,
  SlotManagerContext,
  TaskManagerRegistration,
  TaskManagerView,
  WorkerDeclaration,
} from './slot-manager.js';

export class FineGrainedSlotManager extends SlotManagerBase implements SlotManager {
  readonly tracker = new FineGrainedTaskManagerTracker();
  private unfulfillable = new Set<string>();
  private nextAllocationId = 1;
  private nextPendingId = 1;
  private readonly strategy: AllocationStrategy;

  constructor(
    config: SlotManagerConfig,
    ctx: SlotManagerContext,
    strategy?: AllocationStrategy,
    initialPending: readonly PendingTaskManager[] = [],
  ) {
    super(config, ctx);
    this.strategy = strategy ?? defaultAllocationStrategy(config);
    for (const p of initialPending) this.tracker.addPending(p);
    if (this.isActive() && config.taskManagerTimeout > 0)
      this.ctx.every(config.taskManagerTimeout, () => this.checkClusterReconciliation());
  }

  // ----- requirements -----------------------------------------------------------------------

  /** An empty declaration also drops the job's slots recorded on pending workers. */
  protected override onEmptyDeclaration(job: string): void {
    if (this.isActive()) this.tracker.clearPendingAllocationsOfJob(job);
  }

  clearResourceRequirements(job: string): void {
    this.ctx.trace('declare', () => `requirements of job ${job} cleared`);
    this.resources.notifyResourceRequirements(job, []);
    if (this.isActive()) {
      this.tracker.clearPendingAllocationsOfJob(job);
      this.checkResourcesNeedReconcile();
      this.workerDeclaration.trigger();
    }
  }

  setFailUnfulfillableRequest(fail: boolean): void {
    this.sendNotEnoughResourceNotifications = fail;
    if (fail) for (const job of this.unfulfillable) this.notifyNotEnough(job);
  }

  protected checkResourceRequirements(): void {
    const missing = this.resources.getMissingResources();
    if (missing.size === 0) {
      if (this.isActive() && this.tracker.pending.size > 0) {
        this.tracker.replaceAllPendingAllocations(new Map());
        this.checkResourcesNeedReconcile();
        this.workerDeclaration.trigger();
      }
      return;
    }
    this.traceCheck(missing);
    const result = this.strategy.tryFulfillRequirements(missing, this.tracker, () => `pending-${this.nextPendingId++}`);
    this.allocateSlotsAccordingTo(result.onRegistered);
    const failed = new Set<string>();
    if (this.isActive()) {
      for (const p of result.newPendingTaskManagers) {
        const pending = newPendingTaskManager(p.id, p.total, p.numberOfSlots, this.config.resourceScale);
        if (!this.allocateResource(pending)) failed.add(p.id);
      }
      if (result.packedOnPending !== undefined) this.tracker.setPendingPlan(result.packedOnPending);
      else {
        const recorded = allocationsOnPendingResources(result.onPending);
        for (const id of failed) recorded.delete(id);
        this.tracker.replaceAllPendingAllocations(recorded);
      }
    } else {
      for (const p of result.newPendingTaskManagers) failed.add(p.id);
    }
    this.unfulfillable = new Set(result.unfulfillableJobs);
    for (const job of result.unfulfillableJobs)
      this.ctx.trace(
        'unfulfillable',
        () => `job ${job}: a requirement does not fit into one default worker (${describeProfile(this.config.defaultWorker)})`,
      );
    for (const [job, perTm] of result.onPending) {
      if ([...perTm.keys()].some((id) => failed.has(id))) this.unfulfillable.add(job);
    }
    const packed = result.packedOnPending;
    // A refused worker refuses every later one (the same total against the same limit): the failed bins are the last.
    if (packed !== undefined && failed.size > 0)
      for (const job of packed.jobsFromBin(packed.existing + result.newPendingTaskManagers.length - failed.size))
        this.unfulfillable.add(job);
    for (const job of result.needNewWorkers ?? []) this.unfulfillable.add(job);
    if (this.sendNotEnoughResourceNotifications) for (const job of this.unfulfillable) this.notifyNotEnough(job);
    if (this.isActive()) {
      this.checkResourcesNeedReconcile();
      this.workerDeclaration.trigger();
    }
  }

  private allocateSlotsAccordingTo(onRegistered: Map<string, Map<string, ProfileCounts>>): void {
    for (const [job, perTm] of onRegistered) {
      for (const [tmId, counts] of perTm) {
        const tm = this.tracker.get(tmId)!;
        for (const { profile, count } of counts.values()) this.allocateSlots(tm, job, profile as SpecifiedProfile, count);
      }
    }
  }

  private allocateSlot(tm: FineGrainedTaskManager, job: string, profile: SpecifiedProfile): void {
    this.allocateSlots(tm, job, profile, 1);
  }

  /** `n` slots of one profile on one TaskManager for one job: the same as `n` single allocations, in bulk. */
  private allocateSlots(tm: FineGrainedTaskManager, job: string, profile: SpecifiedProfile, n: number): void {
    this.tracker.addSlots(tm, job, profile, n, this.nextAllocationId);
    this.nextAllocationId += n;
    this.activity.slotsAllocated += n;
    this.resources.notifyAcquiredResource(job, profile, n);
    if (!this.ctx.tracing) return;
    for (let i = 0; i < n; i++)
      this.ctx.trace('allocate', () => `slot ${describeProfile(profile)} on ${tm.id} for job ${job}`, { taskManager: tm.id, job });
  }

  // ----- workers ----------------------------------------------------------------------------

  private exceedsMaxTotal(extra: SpecifiedProfile): boolean {
    return maxTotal.exceedsMaxTotal(this.config, merge(this.tracker.totalWithPending(), extra));
  }

  private allocateResource(pending: PendingTaskManager): boolean {
    if (this.exceedsMaxTotal(pending.total)) {
      const limit = (): string => `the max total resource limit (${maxTotal.describeMaxTotal(this.config)}) would be exceeded`;
      this.workerRefused(
        'pending-failed',
        () => `no new worker ${pending.id}: ${limit()}`,
        undefined,
        () => ({ message: `no new TaskManager can be requested: ${limit()}`, worker: pending.id }),
      );
      return false;
    }
    this.tracker.addPending(pending);
    this.ctx.trace('pending', () => `new pending worker ${pending.id} (${describeProfile(pending.total)})`, { taskManager: pending.id });
    return true;
  }

  private checkClusterReconciliation(): void {
    if (this.checkResourcesNeedReconcile()) this.workerDeclaration.trigger();
  }

  private checkResourcesNeedReconcile(): boolean {
    const result = this.strategy.tryReconcileClusterResources(this.tracker, this.ctx.now());
    for (const id of result.pendingTaskManagersToRelease) {
      this.tracker.removePending(id);
      this.ctx.trace('pending-released', () => `pending worker ${id} is no longer needed`);
    }
    for (const id of result.taskManagersToRelease) this.releaseIdleTaskExecutor(id);
    for (let i = 0; i < result.pendingTaskManagersToAllocate; i++) {
      this.allocateResource(
        newPendingTaskManager(
          `pending-${this.nextPendingId++}`,
          this.config.defaultWorker,
          this.config.slotsPerWorker,
          this.config.resourceScale,
        ),
      );
    }
    return needsAction(result);
  }

  /** The TaskManager has no unconsumed results in a simulation, so it can always be released. */
  private releaseIdleTaskExecutor(id: string): void {
    if (this.tracker.unwanted.has(id)) return;
    this.tracker.unwanted.add(id);
    this.ctx.trace('release', () => `idle TaskManager ${id} is released (idle timeout ${this.config.taskManagerTimeout} ms)`);
    this.workerDeclaration.trigger();
  }

  /** One declaration per worker spec (`ResourceDeclaration` per `WorkerResourceSpec`), from the tracker's counts. */
  declaration(): WorkerDeclaration[] {
    return this.tracker.resourceDeclarations();
  }

  protected declareNeededResources(): void {
    const declarations = this.declaration();
    this.ctx.trace(
      'workers',
      () =>
        `worker declaration: ${declarations.length === 0 ? 'none' : declarations.map((d) => `${d.numNeeded} × ${describeProfile(d.spec)}${d.unwanted.length > 0 ? `, release ${d.unwanted.join(', ')}` : ''}`).join('; ')}`,
    );
    this.ctx.declareResourceNeeded(declarations);
  }

  // ----- TaskManagers -----------------------------------------------------------------------

  registerTaskManager(reg: TaskManagerRegistration): RegistrationResult {
    if (this.tracker.get(reg.id) !== undefined) return 'IGNORED';
    const total = reg.total as SpecifiedProfile;
    const defaultSlot = reg.defaultSlot as SpecifiedProfile;
    const allocated = reg.allocatedSlots ?? [];
    const matched = allocated.length > 0 ? undefined : this.tracker.findMatchingPendingTaskManager(total, defaultSlot);
    if (matched === undefined && this.exceedsMaxTotal(total)) {
      this.ctx.trace(
        'reject',
        () =>
          `TaskManager ${reg.id} is rejected: the max total resource limit (${maxTotal.describeMaxTotal(this.config)}) would be exceeded`,
      );
      return 'REJECTED';
    }
    const tm = this.tracker.add(reg.id, total, defaultSlot, reg.blocked === true, this.ctx.now());
    this.ctx.trace(
      'register',
      () =>
        `TaskManager ${reg.id} registers (${describeProfile(total)}, default slot ${describeProfile(defaultSlot)})${matched ? ` as pending worker ${matched.id}` : ''}`,
    );
    for (const slot of allocated)
      this.allocateSlot(tm, slot.job, (isSpecified(slot.profile) ? slot.profile : defaultSlot) as SpecifiedProfile);
    if (matched !== undefined) {
      for (const [job, counter] of this.tracker.allocationsOf(matched)) {
        for (const { profile, count } of counter.toList()) this.allocateSlots(tm, job, profile as SpecifiedProfile, count);
      }
      this.tracker.removePending(matched.id);
      return 'SUCCESS';
    }
    this.requirementCheck.trigger();
    return 'SUCCESS';
  }

  unregisterTaskManager(id: string): boolean {
    const tm = this.tracker.get(id);
    if (tm === undefined) return false;
    const hadSlots = tm.slotCount > 0;
    for (const slot of this.tracker.slotsOf(tm)) {
      this.tracker.removeSlot(tm, slot.allocationId, this.ctx.now());
      this.resources.notifyLostResource(slot.job, slot.profile);
    }
    this.tracker.remove(id);
    this.ctx.trace('unregister', () => `TaskManager ${id} unregisters${hadSlots ? ' and its slots are lost' : ''}`);
    if (hadSlots) this.requirementCheck.trigger();
    return true;
  }

  freeSlot(tmId: string, job: string): boolean {
    return this.freeBatch(tmId, job, 1) === 1;
  }

  freeSlots(tmId: string, job: string, n: number): number {
    if (this.config.requirementCheckDelay > 0) return this.freeBatch(tmId, job, n);
    // An immediate requirement check runs after every single free; a batch would merge those checks.
    let freed = 0;
    while (freed < n && this.freeBatch(tmId, job, 1) === 1) freed++;
    return freed;
  }

  private freeBatch(tmId: string, job: string, n: number): number {
    const tm = this.tracker.get(tmId);
    if (tm === undefined || n <= 0) return 0;
    let count = 0;
    // Each run of one profile is lost at once (the same as one slot at a time).
    for (const { profile, count: k } of this.tracker.removeSlotsOf(tm, job, n, this.ctx.now())) {
      count += k;
      this.resources.notifyLostResource(job, profile, k);
      if (this.ctx.tracing)
        for (let i = 0; i < k; i++) this.ctx.trace('free', () => `slot ${describeProfile(profile)} of job ${job} on ${tmId} is freed`);
    }
    this.activity.slotsFreed += count;
    if (count > 0) this.requirementCheck.trigger();
    return count;
  }

  /** Dynamic slots have no index; a report lists the jobs whose slots the TaskManager still holds. */
  reportSlotStatus(tmId: string, allocated: readonly { readonly slot: number; readonly job: string }[]): boolean {
    const tm = this.tracker.get(tmId);
    if (tm === undefined) return false;
    let consistent = true;
    const remaining = new Map<string, number>();
    for (const a of allocated) remaining.set(a.job, (remaining.get(a.job) ?? 0) + 1);
    for (const slot of this.tracker.slotsOf(tm)) {
      const left = remaining.get(slot.job) ?? 0;
      if (left > 0) remaining.set(slot.job, left - 1);
      else {
        consistent = false;
        this.tracker.removeSlot(tm, slot.allocationId, this.ctx.now());
        this.resources.notifyLostResource(slot.job, slot.profile);
      }
    }
    for (const [job, n] of remaining) {
      for (let i = 0; i < n; i++) {
        consistent = false;
        this.allocateSlot(tm, job, tm.defaultSlot);
      }
    }
    if (!consistent) this.requirementCheck.trigger();
    return true;
  }

  // ----- views ------------------------------------------------------------------------------

  taskManagers(): TaskManagerView[] {
    return this.tracker.registered().map((tm) => taskManagerView(this.tracker, tm));
  }

  taskManager(id: string): TaskManagerView | undefined {
    const tm = this.tracker.get(id);
    return tm === undefined ? undefined : taskManagerView(this.tracker, tm);
  }

  pendingTaskManagers(): PendingTaskManagerState[] {
    return pendingTaskManagerStates(this.tracker);
  }

  taskManagersOf(job: string): ReadonlyMap<string, number> {
    return this.tracker.taskManagersOf(job);
  }

  unfulfillableJobs(): string[] {
    return [...this.unfulfillable];
  }

  numberRegisteredSlots(): number {
    return this.tracker.numberRegisteredSlots;
  }

  numberFreeSlots(): number {
    return this.tracker.numberFreeSlots();
  }

  freeResource(): ResourceProfile {
    return this.tracker.freeResource();
  }
}
