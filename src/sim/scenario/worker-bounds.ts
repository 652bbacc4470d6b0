/**
 * How many workers an active ResourceManager may start in a scenario, estimated on the scenario
 * values before the simulator runs: one requirement of a million slots on one-slot workers, or
 * `minTotalCpu: 100000` over workers of 0.01 CPU, would start a million workers from a small file
 * and run out of memory. The estimate is an upper bound: each requirement as if no slot were
 * shared (UNKNOWN slots fill the default worker; a profile of its own may take a worker alone),
 * plus the workers the minimum total resources and redundancy keep, within the maximum slots.
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { decimalToNumber } from '../../model/decimal.js';
import { getTotalMemory } from '../../model/resource-profile.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { ClusterModel, JobDefinition, TimedEvent } from './scenario.js';
import { groupThousands } from '../../util/plain-locale.js';

/**
 * Workers an active ResourceManager starts in one run at most: 20,000 for jobs' slots take 1.2 s of
 * CPU (the simulator is benchmarked at 20,000 TaskManagers; 100,000 take 10 s, a million run out of memory).
 */
export const MAX_STARTED_WORKERS = 20_000;
/**
 * Workers the minimum total resources and redundancy keep, at most: each registering one is
 * matched against the pending ones, so their cost grows with their square (4,000 take 0.8 s of
 * CPU, 10,000 about 5 s).
 */
export const MAX_KEPT_WORKERS = 5_000;

export function startedWorkersBound(
  cluster: ClusterModel,
  jobs: readonly JobDefinition[],
  events: readonly TimedEvent[],
  at: string,
): Diagnostic | undefined {
  const c = cluster.config;
  if (c.resourceAllocation !== 'active') return undefined;
  const perWorker = Math.max(1, c.slotsPerWorker);
  const lists = [
    ...jobs.map((j) => ({ list: j.requirements, pointer: j.pointer })),
    ...events.flatMap((e) => (e.event.kind === 'declare' ? [{ list: e.event.requirements, pointer: e.pointer }] : [])),
  ];
  let forJobs = 0;
  let largest = { workers: 0, pointer: at === '' ? '' : '/jobs' };
  for (const { list, pointer } of lists) {
    const workers = workersFor(list, perWorker);
    forJobs += workers;
    if (workers > largest.workers) largest = { workers, pointer };
  }
  if (c.maxSlots !== undefined) forJobs = Math.min(forJobs, Math.ceil(c.maxSlots / perWorker));
  const kept = minimumWorkers(cluster) + c.redundantTaskManagers;
  if (kept > MAX_KEPT_WORKERS)
    return error(
      'input/too-large',
      `the minimum total resources and redundant TaskManagers keep up to ${groupThousands(kept)} workers: flinkslot simulates at most ${groupThousands(MAX_KEPT_WORKERS)} kept workers`,
      `${at}/options`,
    );
  const workers = forJobs + kept;
  if (workers <= MAX_STARTED_WORKERS) return undefined;
  return error(
    'input/too-large',
    `the active ResourceManager would start up to ${groupThousands(workers)} workers (the jobs' requirements, counted without sharing, may need them): flinkslot simulates at most ${groupThousands(MAX_STARTED_WORKERS)} started workers`,
    largest.pointer,
  );
}

function workersFor(list: readonly ProfileCount[], perWorker: number): number {
  let unknown = 0;
  let own = 0;
  for (const { profile, count: n } of list) {
    if (!Number.isFinite(n) || n <= 0) continue;
    if (profile.kind === 'SPECIFIED') own += n;
    else unknown += n;
  }
  return Math.ceil(unknown / perWorker) + own;
}

/** Workers `slotmanager.min-total-resource.*` (or number-of-slots.min, turned into them) keep. */
function minimumWorkers(cluster: ClusterModel): number {
  const c = cluster.config;
  const workerCpu = decimalToNumber(c.defaultWorker.cpuCores);
  const workerMemory = getTotalMemory(c.defaultWorker);
  const minCpu = decimalToNumber(c.minTotalCpu);
  const byCpu = minCpu > 0 ? (workerCpu > 0 ? Math.ceil(minCpu / workerCpu) : Number.POSITIVE_INFINITY) : 0;
  const byMemory =
    c.minTotalMemory > 0n
      ? workerMemory > 0n
        ? Number((c.minTotalMemory + workerMemory - 1n) / workerMemory)
        : Number.POSITIVE_INFINITY
      : 0;
  return Math.max(byCpu, byMemory);
}
