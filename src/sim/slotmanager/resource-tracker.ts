/**
 * `DefaultResourceTracker`: the per-job trackers of the ResourceManager. Flink keys them in a
 * HashMap, so the order in which a check serves jobs is unspecified there; flinkslot serves jobs
 * first-come-first-served in the order they first declared (FIFO, FLIP-138's stated policy).
 * A job's tracker disappears once it has neither requirements nor resources.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import { IndexSet } from '../../util/index-set.js';
import { type JobFulfilment, JobScopedResourceTracker } from './job-scoped-resource-tracker.js';
import type { ProfileCount } from './resource-counter.js';

/** What a job's history needs after each change of its resources: fully met or not, and how many slots it holds. */
export type JobResourceListener = (job: string, fulfilment: JobFulfilment, acquired: number) => void;

export class ResourceTracker {
  private readonly trackers = new Map<string, JobScopedResourceTracker>();
  /** Told after every change of a job's requirements or resources (the simulation's job timelines). */
  listener: JobResourceListener | undefined;
  /**
   * Jobs (by first-declaration number) whose missing list may be non-empty: a check visits only
   * these, and a bitset walks them in first-declaration order without sorting.
   */
  private readonly maybeMissing = new IndexSet();
  private readonly order = new Map<string, number>();
  private readonly jobByOrder: string[] = [];

  notifyResourceRequirements(job: string, requirements: readonly ProfileCount[]): void {
    if (requirements.length === 0 && !this.trackers.has(job)) return;
    const tracker = this.trackerOf(job);
    tracker.notifyResourceRequirements(requirements);
    this.touched(job, tracker);
  }

  notifyAcquiredResource(job: string, resource: ResourceProfile, n = 1): void {
    const tracker = this.trackerOf(job);
    tracker.notifyAcquiredResource(resource, n);
    this.touched(job, tracker);
  }

  notifyLostResource(job: string, resource: ResourceProfile, n = 1): void {
    const tracker = this.trackers.get(job);
    if (tracker === undefined) return;
    tracker.notifyLostResource(resource, n);
    this.touched(job, tracker);
  }

  /** Jobs with missing resources, in first-declaration order. */
  getMissingResources(): Map<string, readonly ProfileCount[]> {
    const out = new Map<string, readonly ProfileCount[]>();
    for (let i = this.maybeMissing.next(0); i !== -1; i = this.maybeMissing.next(i + 1)) {
      const job = this.jobByOrder[i]!;
      const missing = this.trackers.get(job)?.getMissingResources() ?? [];
      if (missing.length > 0) out.set(job, missing);
      else this.maybeMissing.delete(i);
    }
    return out;
  }

  getAcquiredResources(job: string): ProfileCount[] {
    return this.trackers.get(job)?.getAcquiredResources() ?? [];
  }

  getRequirements(job: string): ProfileCount[] {
    return this.trackers.get(job)?.getRequirements() ?? [];
  }

  /** Acquired minus required slots, at least 0. */
  excessSlotsOf(job: string): number {
    const tracker = this.trackers.get(job);
    return tracker === undefined ? 0 : Math.max(0, tracker.acquiredCount - tracker.requiredCount);
  }

  isRequirementEmpty(job: string): boolean {
    return this.trackers.get(job)?.isRequirementEmpty() ?? true;
  }

  has(job: string): boolean {
    return this.trackers.has(job);
  }

  jobs(): string[] {
    return [...this.trackers.keys()].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }

  missingOf(job: string): readonly ProfileCount[] {
    return this.trackers.get(job)?.getMissingResources() ?? [];
  }

  private trackerOf(job: string): JobScopedResourceTracker {
    let tracker = this.trackers.get(job);
    if (tracker === undefined) {
      this.trackers.set(job, (tracker = new JobScopedResourceTracker()));
      if (!this.order.has(job)) {
        this.order.set(job, this.jobByOrder.length);
        this.jobByOrder.push(job);
      }
    }
    return tracker;
  }

  private touched(job: string, tracker: JobScopedResourceTracker): void {
    const i = this.order.get(job)!;
    if (tracker.isEmpty()) {
      this.trackers.delete(job);
      this.maybeMissing.delete(i);
    } else {
      this.maybeMissing.add(i);
    }
    this.listener?.(job, tracker.fulfilment(), tracker.acquiredCount);
  }
}
