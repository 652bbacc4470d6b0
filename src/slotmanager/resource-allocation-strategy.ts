/**
 * `DefaultResourceAllocationStrategy.tryFulfillRequirements` (fine-grained resource management,
 * the default SlotManager strategy since Flink 1.18): per job and missing requirement, place slots
 * on registered TaskManagers (first fit, or least utilization when load balancing), then on pending
 * TaskManagers (always first fit, so unused pending workers can be cancelled), then on new pending
 * workers of the default worker size T; a requirement bigger than T is unfulfillable. Finally add
 * empty pending workers until the redundancy and minimum-resource targets are met.
 * UNKNOWN requirements take the TaskManager's own default slot profile.
 */
import { compareDecimal, decimalToNumber } from '../model/decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  allFieldsNoLessThan,
  divideIntoSlots,
  getTotalMemory,
  isSpecified,
  merge,
  multiply,
  profileKey,
  profilesEqual,
  subtract,
} from '../model/resource-profile.js';
import type { Decimal } from '../model/decimal.js';

export interface ResourceRequirement {
  readonly profile: ResourceProfile;
  readonly count: number;
}

export interface JobRequirements {
  readonly job: string;
  readonly missing: readonly ResourceRequirement[];
}

export interface RegisteredTaskManagerView {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly available: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  readonly blocked: boolean;
}

export interface PendingTaskManagerView {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly numberOfSlots: number;
}

export interface AllocationStrategyConfig {
  readonly defaultWorker: SpecifiedProfile;
  readonly slotsPerWorker: number;
  readonly evenlySpread: boolean;
  readonly redundantTaskManagers: number;
  readonly minTotalCpu: Decimal;
  readonly minTotalMemory: bigint;
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
}

interface Candidate {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  available: SpecifiedProfile;
}

function effective(required: ResourceProfile, defaultSlot: SpecifiedProfile): SpecifiedProfile {
  return isSpecified(required) ? required : defaultSlot;
}

function record(target: Map<string, Map<string, ProfileCounts>>, job: string, tm: string, profile: SpecifiedProfile): void {
  let byTm = target.get(job);
  if (byTm === undefined) target.set(job, (byTm = new Map()));
  let counts = byTm.get(tm);
  if (counts === undefined) byTm.set(tm, (counts = new Map()));
  const key = profileKey(profile);
  const entry = counts.get(key);
  if (entry) entry.count++;
  else counts.set(key, { profile, count: 1 });
}

function place(c: Candidate, profile: SpecifiedProfile): void {
  c.available = subtract(c.available, profile) as SpecifiedProfile;
}

/** Places up to `n` slots first-fit over the candidates in order; returns how many are left. */
function firstFit(candidates: Candidate[], required: ResourceProfile, n: number, onPlace: (c: Candidate, p: SpecifiedProfile) => void): number {
  for (const c of candidates) {
    const p = effective(required, c.defaultSlot);
    while (n > 0 && allFieldsNoLessThan(c.available, p)) {
      place(c, p);
      onPlace(c, p);
      n--;
    }
    if (n === 0) break;
  }
  return n;
}

/** max(cpu used / cpu total, memory used / memory total) */
function utilization(c: Candidate): number {
  const cpuTotal = decimalToNumber(c.total.cpuCores);
  const cpuUsed = cpuTotal - decimalToNumber(c.available.cpuCores);
  const memTotal = Number(getTotalMemory(c.total));
  const memUsed = memTotal - Number(getTotalMemory(c.available));
  return Math.max(cpuTotal > 0 ? cpuUsed / cpuTotal : 0, memTotal > 0 ? memUsed / memTotal : 0);
}

/** Each slot goes to the least-utilized TaskManager where it fits (ties: list order). */
function leastUtilization(candidates: Candidate[], required: ResourceProfile, n: number, onPlace: (c: Candidate, p: SpecifiedProfile) => void): number {
  const open = candidates.filter((c) => !profilesEqual(c.available, ZERO));
  while (n > 0 && open.length > 0) {
    let best = 0;
    for (let i = 1; i < open.length; i++) if (utilization(open[i]!) < utilization(open[best]!)) best = i;
    const c = open[best]!;
    const p = effective(required, c.defaultSlot);
    if (!allFieldsNoLessThan(c.available, p)) {
      open.splice(best, 1);
      continue;
    }
    place(c, p);
    onPlace(c, p);
    n--;
    if (profilesEqual(c.available, ZERO)) open.splice(best, 1);
  }
  return n;
}

export function tryFulfillRequirements(
  jobs: readonly JobRequirements[],
  registered: readonly RegisteredTaskManagerView[],
  pending: readonly PendingTaskManagerView[],
  config: AllocationStrategyConfig,
): AllocationResult {
  const result: AllocationResult = { onRegistered: new Map(), onPending: new Map(), newPendingTaskManagers: [], unfulfillableJobs: [] };
  const registeredCandidates: Candidate[] = registered.filter((tm) => !tm.blocked).map((tm) => ({ ...tm }));
  const pendingCandidates: Candidate[] = pending.map((tm) => ({ id: tm.id, total: tm.total, defaultSlot: divideIntoSlots(tm.total, tm.numberOfSlots), available: tm.total }));
  const workerSlot = divideIntoSlots(config.defaultWorker, config.slotsPerWorker);
  for (const { job, missing } of jobs) {
    for (const requirement of missing) {
      const onRegistered = (c: Candidate, p: SpecifiedProfile): void => record(result.onRegistered, job, c.id, p);
      const onPending = (c: Candidate, p: SpecifiedProfile): void => record(result.onPending, job, c.id, p);
      let left = (config.evenlySpread ? leastUtilization : firstFit)(registeredCandidates, requirement.profile, requirement.count, onRegistered);
      left = firstFit(pendingCandidates, requirement.profile, left, onPending);
      if (left === 0) continue;
      const p = effective(requirement.profile, workerSlot);
      if (!allFieldsNoLessThan(config.defaultWorker, p)) {
        if (!result.unfulfillableJobs.includes(job)) result.unfulfillableJobs.push(job);
        continue;
      }
      while (left > 0) {
        const worker = newWorker(result, config, workerSlot);
        left = firstFit([worker], requirement.profile, left, onPending);
        if (!profilesEqual(worker.available, ZERO)) pendingCandidates.push(worker);
      }
    }
  }
  addWorkersForTargets(result, config, workerSlot, registeredCandidates, pendingCandidates, pending);
  return result;
}

function newWorker(result: AllocationResult, config: AllocationStrategyConfig, workerSlot: SpecifiedProfile): Candidate {
  const id = `new-${result.newPendingTaskManagers.length + 1}`;
  result.newPendingTaskManagers.push({ id, total: config.defaultWorker, numberOfSlots: config.slotsPerWorker });
  return { id, total: config.defaultWorker, defaultSlot: workerSlot, available: config.defaultWorker };
}

/** `tryFulFillRequiredResources`: redundancy (free ≥ T × n) and the minimum total CPU and memory. */
function addWorkersForTargets(
  result: AllocationResult,
  config: AllocationStrategyConfig,
  workerSlot: SpecifiedProfile,
  registeredCandidates: Candidate[],
  pendingCandidates: Candidate[],
  pending: readonly PendingTaskManagerView[],
): void {
  const redundancy = multiply(config.defaultWorker, config.redundantTaskManagers);
  let free: ResourceProfile = [...registeredCandidates, ...pendingCandidates].reduce<ResourceProfile>((sum, c) => merge(sum, c.available), ZERO);
  const newTotal = (): ResourceProfile => multiply(config.defaultWorker, result.newPendingTaskManagers.length);
  const existingTotal = [...registeredCandidates.map((c) => c.total), ...pending.map((p) => p.total)].reduce<ResourceProfile>(
    (sum, p) => merge(sum, p),
    ZERO,
  );
  const fulfilled = (): boolean => {
    const total = merge(existingTotal, newTotal()) as SpecifiedProfile;
    return allFieldsNoLessThan(free, redundancy) && compareDecimal(total.cpuCores, config.minTotalCpu) >= 0 && getTotalMemory(total) >= config.minTotalMemory;
  };
  while (!fulfilled()) {
    newWorker(result, config, workerSlot);
    free = merge(free, config.defaultWorker);
  }
}
