/**
 * What the declarative and the fine-grained SlotManager share: the resource tracker and its
 * declarations, the coalesced requirement check and worker declaration, the "not enough
 * resources" notification, and the per-job views. Each subclass supplies the check itself.
 */
import { describeCount } from '../../model/describe-profile.js';
import { CoalescedTask } from './coalesced-task.js';
import type { ProfileCount } from './resource-counter.js';
import { type JobResourceListener, ResourceTracker } from './resource-tracker.js';
import type { JobResourceView, SlotActivity, SlotManagerConfig, SlotManagerContext, TraceKind, WorkerLimit } from './slot-manager.js';

export abstract class SlotManagerBase {
  readonly resources = new ResourceTracker();
  protected sendNotEnoughResourceNotifications = true;
  protected readonly requirementCheck: CoalescedTask;
  protected readonly workerDeclaration: CoalescedTask;
  readonly activity: SlotActivity = { slotsAllocated: 0, slotsFreed: 0 };
  /** The last refusal of a new worker per job, and (key undefined) for every job; `seq` orders them. */
  private readonly workerRefusals = new Map<string | undefined, { seq: number; refusal: () => WorkerLimit }>();
  private refusalSeq = 0;

  constructor(
    protected readonly config: SlotManagerConfig,
    protected readonly ctx: SlotManagerContext,
  ) {
    this.requirementCheck = new CoalescedTask(ctx, config.requirementCheckDelay, () => this.checkResourceRequirements());
    this.workerDeclaration = new CoalescedTask(ctx, config.declareNeededResourceDelay, () => this.declareNeededResources());
  }

  protected abstract checkResourceRequirements(): void;
  protected abstract declareNeededResources(): void;

  /** Called before an empty declaration replaces a job's requirements. */
  protected onEmptyDeclaration(_job: string): void {}

  protected isActive(): boolean {
    return this.config.resourceAllocation === 'active';
  }

  /** Absolute declarations; a repeated empty one is ignored (Flink skips duplicate empty requirements). */
  processResourceRequirements(job: string, requirements: readonly ProfileCount[]): void {
    if (requirements.length === 0 && this.resources.isRequirementEmpty(job)) return;
    if (this.ctx.tracing)
      this.ctx.trace(
        'declare',
        () => `job ${job} declares ${requirements.length === 0 ? 'no requirements' : requirements.map(describeCount).join(', ')}`,
      );
    if (requirements.length === 0) this.onEmptyDeclaration(job);
    this.resources.notifyResourceRequirements(job, requirements);
    this.requirementCheck.trigger();
  }

  setJobResourceListener(listener: JobResourceListener): void {
    this.resources.listener = listener;
  }

  triggerResourceRequirementsCheck(): void {
    this.requirementCheck.trigger();
  }

  protected traceCheck(missing: ReadonlyMap<string, readonly ProfileCount[]>): void {
    this.ctx.trace(
      'check',
      () => `requirement check: ${[...missing].map(([job, list]) => `${job} misses ${list.map(describeCount).join(', ')}`).join('; ')}`,
    );
  }

  protected notifyNotEnough(job: string): void {
    // What the job acquired is part of the notification; only a recorded one needs it spelled out.
    const acquired = this.ctx.tracing ? this.resources.getAcquiredResources(job) : [];
    if (this.ctx.tracing)
      this.ctx.trace(
        'not-enough-resources',
        () =>
          `job ${job} is told that not enough resources are available (acquired: ${acquired.length === 0 ? 'none' : acquired.map(describeCount).join(', ')})`,
      );
    this.ctx.notEnoughResources(job, acquired);
  }

  /**
   * A new worker was refused (a limit, or no worker fits); `job` undefined when the refusal holds for
   * every job. The trace names the decision with its ids; the explanation a person reads says it in
   * words (`refusal`), the pending worker's id kept beside it.
   */
  protected workerRefused(kind: TraceKind, message: () => string, job: string | undefined, refusal: () => WorkerLimit): void {
    this.workerRefusals.set(job, { seq: this.refusalSeq++, refusal });
    this.ctx.trace(kind, message);
  }

  lastWorkerLimit(job: string): WorkerLimit | undefined {
    const forJob = this.workerRefusals.get(job);
    const forAll = this.workerRefusals.get(undefined);
    const last = forJob === undefined ? forAll : forAll === undefined || forJob.seq > forAll.seq ? forJob : forAll;
    return last?.refusal();
  }

  jobs(): JobResourceView[] {
    return this.resources.jobs().map((job) => this.viewOf(job));
  }

  job(id: string): JobResourceView | undefined {
    return this.resources.has(id) ? this.viewOf(id) : undefined;
  }

  excessSlotsOf(job: string): number {
    return this.resources.excessSlotsOf(job);
  }

  private viewOf(job: string): JobResourceView {
    return {
      job,
      requirements: this.resources.getRequirements(job),
      acquired: this.resources.getAcquiredResources(job),
      missing: this.resources.missingOf(job),
    };
  }

  requirementsOf(job: string): readonly ProfileCount[] {
    return this.resources.getRequirements(job);
  }

  missingResources(): Map<string, readonly ProfileCount[]> {
    return this.resources.getMissingResources();
  }
}
