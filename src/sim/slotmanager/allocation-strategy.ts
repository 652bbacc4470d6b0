/**
 * `ResourceAllocationStrategy`: the "decide" half of the fine-grained SlotManager. Given the missing
 * resources and a read-only view of the cluster (`TaskManagerResourceInfoProvider`), it says where
 * slots go, which workers to request and which to release; the SlotManager then applies that
 * ("apply"). Kept apart from `FineGrainedSlotManager` as in Flink, so a stub can replace it (Flink's
 * tests do the same) and the default one can be read without the SlotManager's bookkeeping.
 * The default adapter feeds the tracker's view to the pure strategy functions in
 * resource-allocation-strategy.ts and resource-reconcile.ts.
 */
import { divideIntoSlots } from '../../model/resource-profile.js';
import { packOnPending } from './packed-allocation.js';
import { type AllocationResult, emptyAllocationResult, fulfilOnPending, fulfilOnRegistered } from './resource-allocation-strategy.js';
import {
  type ReconcileResult,
  NOTHING_TO_DO,
  nothingToRelease,
  reconcileInput,
  releaseAllUnused,
  tryReconcileClusterResources,
} from './resource-reconcile.js';
import type { ProfileCount } from './resource-counter.js';
import { hasNoTargets } from './required-resources.js';
import type { SlotManagerConfig } from './slot-manager.js';
import type { TaskManagerResourceInfoProvider } from './task-manager-resource-info-provider.js';

/** Replaces the allocation strategy (Flink's tests use a stub strategy the same way). */
export interface AllocationStrategy {
  tryFulfillRequirements(
    missing: Map<string, readonly ProfileCount[]>,
    tracker: TaskManagerResourceInfoProvider,
    newId: () => string,
  ): AllocationResult;
  tryReconcileClusterResources(tracker: TaskManagerResourceInfoProvider, now: number): ReconcileResult;
}

/** `DefaultResourceAllocationStrategy` over the tracker's view. */
export function defaultAllocationStrategy(config: SlotManagerConfig): AllocationStrategy {
  const strategyConfig = {
    ...config,
    canStartWorkers: config.resourceAllocation === 'active',
    workerSlot: divideIntoSlots(config.defaultWorker, config.slotsPerWorker, config.resourceScale),
  };
  return {
    tryFulfillRequirements: (missing, tracker, newId) => {
      const result = emptyAllocationResult();
      const jobs = [...missing].map(([job, list]) => ({ job, missing: list }));
      // One pool for both halves: the targets' sums read what the registered half placed.
      const registered = tracker.pool();
      const left = fulfilOnRegistered(jobs, registered, strategyConfig, result);
      if (packOnPending(left, tracker.pending.size, tracker.onlyPendingKind(), strategyConfig, newId, result)) return result;
      const pending = [...tracker.pendingInOrder()].map((p) => ({
        id: p.id,
        total: p.total,
        numberOfSlots: p.numberOfSlots,
        defaultSlot: p.defaultSlot,
      }));
      fulfilOnPending(left, registered, pending, strategyConfig, newId, result);
      return result;
    },
    tryReconcileClusterResources: (tracker, now) => {
      if (hasNoTargets(config)) return releaseAllUnused(tracker, now, config.taskManagerTimeout);
      const input = reconcileInput(tracker, now, config.taskManagerTimeout);
      if (config.reconcileOnlyToRelease === true && nothingToRelease(input)) return NOTHING_TO_DO;
      return tryReconcileClusterResources(input, config);
    },
  };
}
