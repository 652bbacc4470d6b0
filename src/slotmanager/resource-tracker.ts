/**
 * `DefaultResourceTracker`: the per-job trackers of the ResourceManager. Flink keys them in a
 * HashMap, so the order in which a check serves jobs is unspecified there; flinkslot serves jobs
 * first-come-first-served in the order they first declared (FIFO, FLIP-138's stated policy).
 * A job's tracker disappears once it has neither requirements nor resources.
 */
import type { ResourceProfile } from '../model/resource-profile.js';
import { JobScopedResourceTracker } from './job-scoped-resource-tracker.js';
import type { ProfileCount } from './resource-counter.js';

export class ResourceTracker {
  private readonly trackers = new Map<string, JobScopedResourceTracker>();
  /** Jobs whose missing list may be non-empty; kept small so a check does not visit every job. */
  private readonly maybeMissing = new Set<string>();
  private readonly order = new Map<string, number>();
  private nextOrder = 0;

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

  notifyLostResource(job: string, resource: ResourceProfile): void {
    const tracker = this.trackers.get(job);
    if (tracker === undefined) return;
    tracker.notifyLostResource(resource);
    this.touched(job, tracker);
  }

  /** Jobs with missing resources, in first-declaration order. */
  getMissingResources(): Map<string, ProfileCount[]> {
    const out = new Map<string, ProfileCount[]>();
    for (const job of this.sortedMaybeMissing()) {
      const missing = this.trackers.get(job)?.getMissingResources() ?? [];
      if (missing.length > 0) out.set(job, missing);
      else this.maybeMissing.delete(job);
    }
    return out;
  }

  getAcquiredResources(job: string): ProfileCount[] {
    return this.trackers.get(job)?.getAcquiredResources() ?? [];
  }

  getRequirements(job: string): ProfileCount[] {
    return this.trackers.get(job)?.getRequirements() ?? [];
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

  missingOf(job: string): ProfileCount[] {
    return this.trackers.get(job)?.getMissingResources() ?? [];
  }

  private trackerOf(job: string): JobScopedResourceTracker {
    let tracker = this.trackers.get(job);
    if (tracker === undefined) {
      this.trackers.set(job, (tracker = new JobScopedResourceTracker()));
      if (!this.order.has(job)) this.order.set(job, this.nextOrder++);
    }
    return tracker;
  }

  private touched(job: string, tracker: JobScopedResourceTracker): void {
    if (tracker.isEmpty()) {
      this.trackers.delete(job);
      this.maybeMissing.delete(job);
    } else {
      this.maybeMissing.add(job);
    }
  }

  private sortedMaybeMissing(): string[] {
    return [...this.maybeMissing].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }
}
