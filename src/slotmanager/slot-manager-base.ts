/**
 * What the declarative and the fine-grained SlotManager share: the resource tracker and its
 * declarations, the coalesced requirement check and worker declaration, the "not enough
 * resources" notification, and the per-job views. Each subclass supplies the check itself.
 */
import { describeCount } from '../model/describe-profile.js';
import { CoalescedTask } from './coalesced-task.js';
import type { ProfileCount } from './resource-counter.js';
import { ResourceTracker } from './resource-tracker.js';
import type { JobResourceView, SlotManagerConfig, SlotManagerContext } from './slot-manager.js';

export abstract class SlotManagerBase {
  readonly resources = new ResourceTracker();
  protected sendNotEnoughResourceNotifications = true;
  protected readonly requirementCheck: CoalescedTask;
  protected readonly workerDeclaration: CoalescedTask;

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
    if (this.ctx.tracing) this.ctx.trace('declare', () => `job ${job} declares ${requirements.length === 0 ? 'no requirements' : requirements.map(describeCount).join(', ')}`);
    if (requirements.length === 0) this.onEmptyDeclaration(job);
    this.resources.notifyResourceRequirements(job, requirements);
    this.requirementCheck.trigger();
  }

  triggerResourceRequirementsCheck(): void {
    this.requirementCheck.trigger();
  }

  protected traceCheck(missing: ReadonlyMap<string, readonly ProfileCount[]>): void {
    this.ctx.trace('check', () => `requirement check: ${[...missing].map(([job, list]) => `${job} misses ${list.map(describeCount).join(', ')}`).join('; ')}`);
  }

  protected notifyNotEnough(job: string): void {
    const acquired = this.resources.getAcquiredResources(job);
    this.ctx.trace('not-enough-resources', () => `job ${job} is told that not enough resources are available (acquired: ${acquired.length === 0 ? 'none' : acquired.map(describeCount).join(', ')})`);
    this.ctx.notEnoughResources(job, acquired);
  }

  jobs(): JobResourceView[] {
    return this.resources.jobs().map((job) => this.viewOf(job));
  }

  job(id: string): JobResourceView | undefined {
    return this.resources.has(id) ? this.viewOf(id) : undefined;
  }

  private viewOf(job: string): JobResourceView {
    return { job, requirements: this.resources.getRequirements(job), acquired: this.resources.getAcquiredResources(job), missing: this.resources.missingOf(job) };
  }

  requirementsOf(job: string): readonly ProfileCount[] {
    return this.resources.getRequirements(job);
  }

  missingResources(): Map<string, ProfileCount[]> {
    return this.resources.getMissingResources();
  }
}
