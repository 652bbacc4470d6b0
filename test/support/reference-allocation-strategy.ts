/**
 * A plain reference of Flink's `DefaultResourceAllocationStrategy`, written from
 * flink-runtime/.../resourcemanager/slotmanager/DefaultResourceAllocationStrategy.java and kept
 * deliberately naive (quadratic): every check copies every registered and pending TaskManager into
 * an `InternalResourceInfo`, places one slot at a time, records every placement per worker, and
 * reconciles by walking every TaskManager. The property test runs the same scenarios through it and
 * through the optimised strategy (packed plans, indexes) and expects identical traces and states.
 *
 * flinkslot's documented choices, which this follows too: jobs are served in the order the check
 * lists them; the prioritised (SLOTS / MIN_RESOURCES) matching takes the earliest of equally
 * utilised TaskManagers (Java's PriorityQueue leaves that open); UNKNOWN takes the TaskManager's
 * own default slot; a standalone ResourceManager names the jobs that would need new workers.
 */
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  allFieldsNoLessThan,
  divideIntoSlots,
  isSpecified,
  merge,
  profilesEqual,
  subtract,
} from '../../src/model/resource-profile.js';
import type { AllocationStrategy } from '../../src/sim/slotmanager/allocation-strategy.js';
import type { FineGrainedTaskManagerTracker } from '../../src/sim/slotmanager/fine-grained-task-manager-tracker.js';
import { utilization } from '../../src/sim/slotmanager/registered-pool.js';
import { hasNoTargets, requiredResourcesFulfilled } from '../../src/sim/slotmanager/required-resources.js';
import { type AllocationResult, emptyAllocationResult, recordPlacement } from '../../src/sim/slotmanager/resource-allocation-strategy.js';
import { type ReconcileInput, tryReconcileClusterResources } from '../../src/sim/slotmanager/resource-reconcile.js';
import type { ProfileCount } from '../../src/sim/slotmanager/resource-counter.js';
import type { SlotManagerConfig } from '../../src/sim/slotmanager/slot-manager.js';

/** Flink's `InternalResourceInfo`. */
interface Info {
  readonly id: string;
  readonly defaultSlot: SpecifiedProfile;
  readonly total: SpecifiedProfile;
  available: SpecifiedProfile;
  readonly record: (job: string, profile: SpecifiedProfile) => void;
}

const effective = (required: ResourceProfile, defaultSlot: SpecifiedProfile): SpecifiedProfile =>
  isSpecified(required) ? required : defaultSlot;

function tryAllocate(info: Info, job: string, required: ResourceProfile): boolean {
  const p = effective(required, info.defaultSlot);
  if (!allFieldsNoLessThan(info.available, p)) return false;
  info.available = subtract(info.available, p) as SpecifiedProfile;
  info.record(job, p);
  return true;
}

/** `AnyMatchingResourceMatchingStrategy`: in order, as many as fit, dropping exhausted ones from the list. */
function anyMatching(infos: Info[], n: number, required: ResourceProfile, job: string): number {
  for (let i = 0; i < infos.length && n > 0;) {
    const info = infos[i]!;
    while (n > 0 && tryAllocate(info, job, required)) n--;
    if (profilesEqual(info.available, ZERO)) infos.splice(i, 1);
    else i++;
  }
  return n;
}

/** `PrioritizedResourceMatchingStrategy`: the least (or most) utilised first, one slot at a time. */
function prioritized(infos: readonly Info[], n: number, required: ResourceProfile, job: string, most: boolean): number {
  const queue = infos.filter((i) => !profilesEqual(i.available, ZERO));
  while (n > 0 && queue.length > 0) {
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      const key = (x: Info): number => (most ? -1 : 1) * utilization(x.total, x.available);
      if (key(queue[i]!) < key(queue[best]!)) best = i;
    }
    const info = queue[best]!;
    if (!tryAllocate(info, job, required)) {
      queue.splice(best, 1);
      continue;
    }
    n--;
    if (profilesEqual(info.available, ZERO)) queue.splice(best, 1);
  }
  return n;
}

export function referenceStrategy(config: SlotManagerConfig): AllocationStrategy {
  const workerSlot = divideIntoSlots(config.defaultWorker, config.slotsPerWorker, config.resourceScale);
  return {
    tryFulfillRequirements: (missing, provider, newId) => {
      const tracker = provider as FineGrainedTaskManagerTracker;
      const result = emptyAllocationResult();
      const registered: Info[] = tracker
        .registered()
        .filter((tm) => !tm.blocked)
        .map((tm) => ({
          id: tm.id,
          defaultSlot: tm.defaultSlot,
          total: tm.total,
          available: tm.available,
          record: (job, p) => recordPlacement(result.onRegistered, job, tm.id, p),
        }));
      const pending: Info[] = [...tracker.pendingInOrder()].map((p) => ({
        id: p.id,
        defaultSlot: p.defaultSlot,
        total: p.total,
        available: p.total,
        record: (job, profile) => recordPlacement(result.onPending, job, p.id, profile),
      }));
      const registeredTotal = registered.reduce<ResourceProfile>((s, i) => merge(s, i.total), ZERO);
      let totalCurrent = pending.reduce<ResourceProfile>((s, i) => merge(s, i.total), registeredTotal);
      for (const [job, requirements] of missing) {
        const outstanding: ProfileCount[] = [];
        for (const r of requirements) {
          const n =
            config.mostUtilization === true
              ? prioritized(registered, r.count, r.profile, job, true)
              : config.evenlySpread
                ? prioritized(registered, r.count, r.profile, job, false)
                : anyMatching(
                    registered.filter((i) => !profilesEqual(i.available, ZERO)),
                    r.count,
                    r.profile,
                    job,
                  );
          if (n > 0) outstanding.push({ profile: r.profile, count: n });
        }
        for (const r of outstanding) {
          let n = anyMatching(pending, r.count, r.profile, job);
          const p = effective(r.profile, workerSlot);
          if (n === 0) continue;
          if (!allFieldsNoLessThan(config.defaultWorker, p)) {
            if (!result.unfulfillableJobs.includes(job)) result.unfulfillableJobs.push(job);
            continue;
          }
          if (config.resourceAllocation !== 'active') {
            if (result.needNewWorkers!.at(-1) !== job) result.needNewWorkers!.push(job);
            continue;
          }
          while (n > 0) {
            const id = newId();
            result.newPendingTaskManagers.push({ id, total: config.defaultWorker, numberOfSlots: config.slotsPerWorker });
            totalCurrent = merge(totalCurrent, config.defaultWorker);
            let remain: SpecifiedProfile = config.defaultWorker;
            while (n > 0 && allFieldsNoLessThan(remain, p)) {
              n--;
              recordPlacement(result.onPending, job, id, p);
              remain = subtract(remain, p) as SpecifiedProfile;
            }
            if (!profilesEqual(remain, ZERO))
              pending.push({
                id,
                defaultSlot: workerSlot,
                total: config.defaultWorker,
                available: remain,
                record: (j, q) => recordPlacement(result.onPending, j, id, q),
              });
          }
        }
      }
      if (!hasNoTargets(config)) addForTargets(result, config, registered, pending, totalCurrent, tracker, newId);
      return result;
    },
    tryReconcileClusterResources: (provider, now) => {
      const tracker = provider as FineGrainedTaskManagerTracker;
      const timedOut = tracker.registered().filter((tm) => tm.slotCount === 0 && now - tm.idleSince >= config.taskManagerTimeout);
      const pending = [...tracker.pendingInOrder()].map((p) => {
        let unused: ResourceProfile = p.total;
        for (const counter of tracker.allocationsOf(p).values())
          for (const { profile, count } of counter.toList()) for (let i = 0; i < count; i++) unused = subtract(unused, profile);
        return { id: p.id, total: p.total, unused: unused as SpecifiedProfile, inUse: tracker.allocationsOf(p).size > 0 };
      });
      if (hasNoTargets(config))
        return {
          taskManagersToRelease: timedOut.map((tm) => tm.id),
          pendingTaskManagersToRelease: pending.filter((p) => !p.inUse).map((p) => p.id),
          pendingTaskManagersToAllocate: 0,
        };
      const active = tracker.registered().filter((tm) => !timedOut.includes(tm));
      const input: ReconcileInput = {
        activeCount: active.length,
        activeAvailable: active.reduce<ResourceProfile>((s, tm) => merge(s, tm.available), ZERO),
        timedOut: timedOut.map((tm) => ({ id: tm.id, total: tm.total, available: tm.available })),
        pending,
      };
      // Flink 1.18's short cut: nothing idled out and every pending worker holds slots.
      if (config.reconcileOnlyToRelease === true && timedOut.length === 0 && pending.every((p) => p.inUse))
        return { taskManagersToRelease: [], pendingTaskManagersToRelease: [], pendingTaskManagersToAllocate: 0 };
      return tryReconcileClusterResources(input, config);
    },
  };
}

/** `tryFulFillRequiredResources`: new workers until the redundancy and minimum totals hold. */
function addForTargets(
  result: AllocationResult,
  config: SlotManagerConfig,
  registered: readonly Info[],
  pending: readonly Info[],
  totalCurrent: ResourceProfile,
  tracker: FineGrainedTaskManagerTracker,
  newId: () => string,
): void {
  // Every non-blocked registered TaskManager counts, also those the matching dropped as exhausted.
  const all = tracker.registered().filter((tm) => !tm.blocked);
  const byId = new Map(registered.map((i) => [i.id, i]));
  let available = all.reduce<ResourceProfile>((s, tm) => merge(s, byId.get(tm.id)?.available ?? tm.available), ZERO);
  available = pending.reduce<ResourceProfile>((s, i) => merge(s, i.available), available);
  let total = totalCurrent;
  while (!requiredResourcesFulfilled(available, total, config)) {
    result.newPendingTaskManagers.push({ id: newId(), total: config.defaultWorker, numberOfSlots: config.slotsPerWorker });
    available = merge(available, config.defaultWorker);
    total = merge(total, config.defaultWorker);
  }
}
