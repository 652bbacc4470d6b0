/**
 * `DefaultResourceAllocationStrategy.tryFulfillRequirements` (fine-grained resource management,
 * the default SlotManager strategy since Flink 1.18): per job and missing requirement, place slots
 * on registered TaskManagers (first fit, or least utilization when load balancing), then on pending
 * TaskManagers (always first fit, so unused pending workers can be cancelled), then on new pending
 * workers of the default worker size T; a requirement bigger than T is unfulfillable. Finally add
 * empty pending workers until the redundancy and minimum-resource targets are met.
 * UNKNOWN requirements take the TaskManager's own default slot profile.
 */
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  allFieldsNoLessThan,
  divideIntoSlots,
  merge,
  profileKey,
  isSpecified,
  profilesEqual,
} from '../../model/resource-profile.js';
import { type Candidate, type MatchingOrder, type PlaceSlot, type RegisteredPool, effectiveProfile, firstFit } from './registered-pool.js';
import { type TargetConfig, hasNoTargets, requiredResourcesFulfilled } from './required-resources.js';
import type { PackedPendingPlan } from './packed-pending-plan.js';
import { type ProfileCount, ResourceCounter } from './resource-counter.js';

export type { RegisteredTaskManagerView } from './registered-pool.js';

export interface JobRequirements {
  readonly job: string;
  readonly missing: readonly ProfileCount[];
}

export interface PendingTaskManagerView {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly numberOfSlots: number;
  readonly defaultSlot?: SpecifiedProfile;
}

export interface AllocationStrategyConfig extends TargetConfig {
  readonly slotsPerWorker: number;
  readonly evenlySpread: boolean;
  /** `taskmanager.load-balance.mode` MIN_RESOURCES (2.1+): most utilized TaskManagers first. */
  readonly mostUtilization?: boolean;
  /**
   * False for a standalone ResourceManager. Flink's strategy still plans new workers there and the
   * SlotManager then fails to allocate every one of them; the outcome (the job is unfulfillable)
   * is the same, so the strategy only names the job instead of packing workers nobody will start.
   */
  readonly canStartWorkers?: boolean;
  /** The default worker's slot, when the caller has it at hand (else derived per call). */
  readonly workerSlot?: SpecifiedProfile;
  /** Decimals of divided CPU values (SlotManagerConfig.resourceScale). */
  readonly resourceScale?: number;
}

/** Profile key → placed profile and count. */
export type ProfileCounts = Map<string, { profile: ResourceProfile; count: number }>;

export interface AllocationResult {
  /** job → registered TaskManager → profiles */
  readonly onRegistered: Map<string, Map<string, ProfileCounts>>;
  /** job → pending TaskManager (existing or new) → profiles */
  readonly onPending: Map<string, Map<string, ProfileCounts>>;
  readonly newPendingTaskManagers: PendingTaskManagerView[];
  readonly unfulfillableJobs: string[];
  /** Jobs left with slots for new workers when `canStartWorkers` is false, in job order. */
  readonly needNewWorkers?: string[];
  /**
   * The slots on pending workers as one packed plan instead of `onPending` (which is then empty),
   * when every pending worker is alike (packed-allocation.ts).
   */
  packedOnPending?: PackedPendingPlan;
}

export function emptyAllocationResult(): AllocationResult {
  return { onRegistered: new Map(), onPending: new Map(), newPendingTaskManagers: [], unfulfillableJobs: [], needNewWorkers: [] };
}

/**
 * `ResourceAllocationResult.getAllocationsOnPendingResources`: Flink's result keys pending slots by
 * pending TaskManager first, the shape the tracker records them in; the strategy here builds them
 * per job, so the SlotManager turns job → TaskManager → counts into TaskManager → job → counter.
 */
export function allocationsOnPendingResources(byTm: Map<string, Map<string, ProfileCounts>>): Map<string, Map<string, ResourceCounter>> {
  const out = new Map<string, Map<string, ResourceCounter>>();
  for (const [job, perTm] of byTm) {
    for (const [tm, counts] of perTm) {
      let perJob = out.get(tm);
      if (perJob === undefined) out.set(tm, (perJob = new Map()));
      perJob.set(job, ResourceCounter.of(counts.values()));
    }
  }
  return out;
}

export function recordPlacement(
  target: Map<string, Map<string, ProfileCounts>>,
  job: string,
  tm: string,
  profile: ResourceProfile,
  n = 1,
): void {
  let byTm = target.get(job);
  if (byTm === undefined) target.set(job, (byTm = new Map()));
  let counts = byTm.get(tm);
  if (counts === undefined) byTm.set(tm, (counts = new Map()));
  const key = profileKey(profile);
  const entry = counts.get(key);
  if (entry) entry.count += n;
  else counts.set(key, { profile, count: n });
}

/** Names for new pending workers; the SlotManager passes one that never repeats an id. */
export type NewWorkerId = () => string;

export function tryFulfillRequirements(
  jobs: readonly JobRequirements[],
  registered: RegisteredPool,
  pending: readonly PendingTaskManagerView[],
  config: AllocationStrategyConfig,
  newWorkerId: NewWorkerId = counterIds(),
): AllocationResult {
  const result = emptyAllocationResult();
  const left = fulfilOnRegistered(jobs, registered, config, result);
  fulfilOnPending(left, registered, pending, config, newWorkerId, result);
  return result;
}

/**
 * The registered half of Flink's loop, for every job first: what a requirement takes from the
 * registered TaskManagers never depends on pending ones, nor the reverse, so placing all jobs on
 * registered ones and then the rest on pending ones decides exactly what Flink's interleaved loop
 * (per requirement: registered, then pending) decides. Returns what is left, in job order.
 */
export function fulfilOnRegistered(
  jobs: readonly JobRequirements[],
  registered: RegisteredPool,
  config: AllocationStrategyConfig,
  result: AllocationResult,
): JobRequirements[] {
  const order = matchingOrder(config);
  const out: JobRequirements[] = [];
  for (const entry of jobs) {
    const { job, missing } = entry;
    const place: PlaceSlot = (tm, p, k) => recordPlacement(result.onRegistered, job, tm, p, k);
    // Built only once a requirement took something: a job nothing was placed for is passed on as it came.
    let left: ProfileCount[] | undefined;
    for (let r = 0; r < missing.length; r++) {
      const requirement = missing[r]!;
      const n = registered.fulfil(requirement.profile, requirement.count, order, place);
      if (n === requirement.count && left === undefined) continue;
      left ??= missing.slice(0, r);
      if (n > 0) left.push(n === requirement.count ? requirement : { profile: requirement.profile, count: n });
    }
    if (left === undefined) {
      if (missing.length > 0) out.push(entry);
    } else if (left.length > 0) out.push({ job, missing: left });
  }
  return out;
}

/** The pending half: first fit on pending workers (fresh each check), then new workers; then the targets. */
export function fulfilOnPending(
  jobs: readonly JobRequirements[],
  registered: RegisteredPool,
  pending: readonly PendingTaskManagerView[],
  config: AllocationStrategyConfig,
  newWorkerId: NewWorkerId,
  result: AllocationResult,
): void {
  const pendingCandidates: Candidate[] = pending.map((tm) => ({
    id: tm.id,
    total: tm.total,
    defaultSlot: tm.defaultSlot ?? divideIntoSlots(tm.total, tm.numberOfSlots, config.resourceScale),
    available: tm.total,
  }));
  const workerSlot = config.workerSlot ?? divideIntoSlots(config.defaultWorker, config.slotsPerWorker, config.resourceScale);
  const cursor = { start: 0 };
  for (const { job, missing } of jobs) {
    for (const requirement of missing) {
      let left = requirement.count;
      const onPending = (tm: string, p: SpecifiedProfile, k: number): void => recordPlacement(result.onPending, job, tm, p, k);
      left =
        isSpecified(requirement.profile) && profilesEqual(requirement.profile, ZERO)
          ? firstFit(pendingCandidates, requirement.profile, left, onPending)
          : firstFit(pendingCandidates, requirement.profile, left, onPending, cursor);
      if (left === 0) continue;
      if (!allFieldsNoLessThan(config.defaultWorker, effectiveProfile(requirement.profile, workerSlot))) {
        if (!result.unfulfillableJobs.includes(job)) result.unfulfillableJobs.push(job);
        continue;
      }
      if (config.canStartWorkers === false) {
        if (result.needNewWorkers!.at(-1) !== job) result.needNewWorkers!.push(job);
        continue;
      }
      while (left > 0) {
        const worker = newWorker(result, config, workerSlot, newWorkerId());
        left = firstFit([worker], requirement.profile, left, onPending);
        if (!profilesEqual(worker.available, ZERO)) pendingCandidates.push(worker);
      }
    }
  }
  // Without targets every cluster already meets them; skip the sums (they cost a pass over the cluster).
  if (!hasNoTargets(config)) addWorkersForTargets(result, config, workerSlot, registered, pendingCandidates, pending, newWorkerId);
}

function counterIds(): NewWorkerId {
  let n = 0;
  return () => `new-${++n}`;
}

export function newWorker(result: AllocationResult, config: AllocationStrategyConfig, workerSlot: SpecifiedProfile, id: string): Candidate {
  result.newPendingTaskManagers.push({ id, total: config.defaultWorker, numberOfSlots: config.slotsPerWorker });
  return { id, total: config.defaultWorker, defaultSlot: workerSlot, available: config.defaultWorker };
}

/** `tryFulFillRequiredResources`: redundancy (free ≥ T × n) and the minimum total CPU and memory. */
function addWorkersForTargets(
  result: AllocationResult,
  config: AllocationStrategyConfig,
  workerSlot: SpecifiedProfile,
  registered: RegisteredPool,
  pendingCandidates: readonly Candidate[],
  pending: readonly PendingTaskManagerView[],
  newWorkerId: NewWorkerId,
): void {
  let free = pendingCandidates.reduce<ResourceProfile>((sum, c) => merge(sum, c.available), registered.availableSum());
  let total = pending.reduce<ResourceProfile>((sum, p) => merge(sum, p.total), registered.totalSum());
  for (const worker of result.newPendingTaskManagers) total = merge(total, worker.total);
  while (!requiredResourcesFulfilled(free, total, config)) {
    newWorker(result, config, workerSlot, newWorkerId());
    free = merge(free, config.defaultWorker);
    total = merge(total, config.defaultWorker);
  }
}

function matchingOrder(config: AllocationStrategyConfig): MatchingOrder {
  if (config.mostUtilization === true) return 'most-utilization';
  return config.evenlySpread ? 'least-utilization' : 'first-fit';
}
