/**
 * `DefaultResourceAllocationStrategy.tryReconcileClusterResources`: which idle TaskManagers and
 * unused pending TaskManagers can go, and how many new workers the redundancy and minimum targets
 * still need. Resources of TaskManagers that stay count with the default worker total T (not each
 * TaskManager's own), as Flink counts them; idle ones that are kept count with their own total.
 * The decision works on a plain `ReconcileInput`; the helpers at the end read that input (or, with
 * no targets, the whole answer) off the tracker's read-only view.
 */
import { type ResourceProfile, type SpecifiedProfile, isSpecified, merge, multiply, subtract } from '../../model/resource-profile.js';
import type { PendingTaskManager } from './fine-grained-task-manager.js';
import { type TargetConfig, requiredResourcesFulfilled } from './required-resources.js';
import type { TaskManagerResourceInfoProvider } from './task-manager-resource-info-provider.js';

export interface ReconcileTaskManager {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly available: SpecifiedProfile;
}

export interface ReconcilePendingTaskManager {
  readonly id: string;
  readonly total: SpecifiedProfile;
  /** Total minus the slots recorded on it. */
  readonly unused: SpecifiedProfile;
  readonly inUse: boolean;
}

export interface ReconcileInput {
  /** Registered TaskManagers that are busy or idle for less than the timeout: count and free sum. */
  readonly activeCount: number;
  readonly activeAvailable: ResourceProfile;
  /** Idle for at least `resourcemanager.taskmanager-timeout`, in registration order. */
  readonly timedOut: readonly ReconcileTaskManager[];
  readonly pending: readonly ReconcilePendingTaskManager[];
}

export interface ReconcileResult {
  readonly taskManagersToRelease: string[];
  readonly pendingTaskManagersToRelease: string[];
  readonly pendingTaskManagersToAllocate: number;
}

export const NOTHING_TO_DO: ReconcileResult = {
  taskManagersToRelease: [],
  pendingTaskManagersToRelease: [],
  pendingTaskManagersToAllocate: 0,
};

/** No TaskManager idled out and every pending one holds slots (1.18's short-cut condition). */
export function nothingToRelease(input: ReconcileInput): boolean {
  return input.timedOut.length === 0 && input.pending.every((p) => p.inUse);
}

export function needsAction(r: ReconcileResult): boolean {
  return r.taskManagersToRelease.length > 0 || r.pendingTaskManagersToRelease.length > 0 || r.pendingTaskManagersToAllocate > 0;
}

export function tryReconcileClusterResources(input: ReconcileInput, config: TargetConfig): ReconcileResult {
  const result: ReconcileResult = { taskManagersToRelease: [], pendingTaskManagersToRelease: [], pendingTaskManagersToAllocate: 0 };
  let keep: ResourceProfile = input.activeAvailable;
  let total: ResourceProfile = multiply(config.defaultWorker, input.activeCount);
  let fulfilled = requiredResourcesFulfilled(keep, total, config);
  if (!fulfilled) {
    const inUse = input.pending.filter((p) => p.inUse);
    keep = inUse.reduce<ResourceProfile>((sum, p) => merge(sum, p.unused), keep);
    total = merge(total, multiply(config.defaultWorker, inUse.length));
  }
  for (const tm of input.timedOut) {
    if (fulfilled || requiredResourcesFulfilled(keep, total, config)) {
      fulfilled = true;
      result.taskManagersToRelease.push(tm.id);
    } else {
      keep = merge(keep, tm.available);
      total = merge(total, tm.total);
    }
  }
  for (const p of input.pending.filter((x) => !x.inUse)) {
    if (fulfilled || requiredResourcesFulfilled(keep, total, config)) {
      fulfilled = true;
      result.pendingTaskManagersToRelease.push(p.id);
    } else {
      keep = merge(keep, p.unused);
      total = merge(total, p.total);
    }
  }
  if (!fulfilled) {
    let added = 0;
    while (!requiredResourcesFulfilled(keep, total, config)) {
      added++;
      keep = merge(keep, config.defaultWorker);
      total = merge(total, config.defaultWorker);
    }
    return { ...result, pendingTaskManagersToAllocate: added };
  }
  return result;
}

function subtractProfile(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
  return isSpecified(a) && isSpecified(b) ? subtract(a, b) : a;
}

function unusedOf(p: PendingTaskManager, tracker: TaskManagerResourceInfoProvider): SpecifiedProfile {
  let unused: ResourceProfile = p.total;
  for (const counter of tracker.allocationsOf(p).values()) {
    for (const { profile, count } of counter.toList()) unused = subtractProfile(unused, multiply(profile, count));
  }
  return unused as SpecifiedProfile;
}

/** Without redundancy or minimum targets every timed-out TaskManager and every unused pending one goes (no sums needed). */
export function releaseAllUnused(tracker: TaskManagerResourceInfoProvider, now: number, timeout: number): ReconcileResult {
  const timedOut = tracker.timedOut(now, timeout);
  return {
    taskManagersToRelease: timedOut.map((tm) => tm.id),
    pendingTaskManagersToRelease: tracker.unusedPending().map((p) => p.id),
    pendingTaskManagersToAllocate: 0,
  };
}

/** Idle TaskManagers come in the order they became idle, so a reconcile visits only those that timed out. */
export function reconcileInput(tracker: TaskManagerResourceInfoProvider, now: number, timeout: number): ReconcileInput {
  const timedOut = tracker.timedOut(now, timeout);
  let activeAvailable = tracker.freeResource();
  for (const tm of timedOut) activeAvailable = subtractProfile(activeAvailable, tm.available);
  return {
    activeCount: tracker.registeredCount - timedOut.length,
    activeAvailable,
    timedOut: timedOut.map((tm) => ({ id: tm.id, total: tm.total, available: tm.available })),
    pending: [...tracker.pendingInOrder()].map((p) => ({
      id: p.id,
      total: p.total,
      unused: unusedOf(p, tracker),
      inUse: tracker.allocationsOf(p).size > 0,
    })),
  };
}
