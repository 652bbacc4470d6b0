/**
 * The pending half of `DefaultResourceAllocationStrategy.tryFulfillRequirements` for the usual
 * active cluster: every pending worker is the default worker (same total and default slot) and
 * every slot still missing takes the default slot (UNKNOWN requirements). Flink's first fit over
 * fresh identical workers (`tryFulfillRequirementsWithPendingResources`, pending resources always
 * "any matching") then packs the missing slots in job order, `k` per worker, where `k` is how often
 * the slot fits into the worker: a worker that cannot take that one profile once never can, so no
 * later slot goes back to an earlier worker. New workers follow for the rest, `k` each. That is
 * decided from the jobs' counts alone, so a check costs its jobs, not its pending workers; the
 * plan (packed-pending-plan.ts) answers per worker when asked. Any other case takes the general
 * loop (resource-allocation-strategy.ts).
 */
import { ZERO, allFieldsNoLessThan, fitCount, isSpecified, profileKey, profilesEqual } from '../../model/resource-profile.js';
import { PackedPendingPlan } from './packed-pending-plan.js';
import type { PendingKind } from './pending-task-managers.js';
import { hasNoTargets } from './required-resources.js';
import {
  type AllocationResult,
  type AllocationStrategyConfig,
  type JobRequirements,
  type NewWorkerId,
  newWorker,
} from './resource-allocation-strategy.js';

/** More slots than any worker holds: the cap when counting how often the default slot fits. */
const MAX_SLOTS_PER_WORKER = 1_000_001;

/**
 * Places the jobs' remaining slots as a packed plan when the case allows it (see above); returns
 * false, having changed nothing, when it does not.
 * @param pendingCount the pending workers, all of `kind` (undefined when there are none)
 */
export function packOnPending(
  jobs: readonly JobRequirements[],
  pendingCount: number,
  kind: PendingKind | undefined,
  config: AllocationStrategyConfig,
  newWorkerId: NewWorkerId,
  result: AllocationResult,
): boolean {
  const workerSlot = config.workerSlot;
  if (workerSlot === undefined || config.canStartWorkers !== true || !hasNoTargets(config)) return false;
  if (profilesEqual(workerSlot, ZERO) || !allFieldsNoLessThan(config.defaultWorker, workerSlot)) return false;
  if (pendingCount > 0 && (kind === undefined || !alike(kind, config))) return false;
  const counts: { job: string; count: number }[] = [];
  for (const { job, missing } of jobs) {
    if (missing.length !== 1 || isSpecified(missing[0]!.profile)) return false;
    counts.push({ job, count: missing[0]!.count });
  }
  const perBin = fitCount(config.defaultWorker, workerSlot, MAX_SLOTS_PER_WORKER);
  if (perBin < 1 || perBin >= MAX_SLOTS_PER_WORKER) return false;
  const plan = new PackedPendingPlan(counts, perBin, pendingCount, workerSlot);
  for (let i = 0; i < plan.newBins; i++) newWorker(result, config, workerSlot, newWorkerId());
  result.packedOnPending = plan;
  return true;
}

function alike(kind: PendingKind, config: AllocationStrategyConfig): boolean {
  return kind.totalKey === profileKey(config.defaultWorker) && kind.slotKey === profileKey(config.workerSlot!);
}
