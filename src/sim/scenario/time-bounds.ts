/**
 * How far in time a scenario may reach, checked on the scenario values before the simulator runs
 * them. The event loop runs the idle check of an active ResourceManager once per
 * taskManagerTimeout until the scenario ends, so a small file asking for `until: 1e15`, an event
 * at 1e15 ms, or a 1 ms timeout over a day would run for hours; a time beyond 2^53 ms loses its
 * milliseconds. Every time a scenario gives is at most MAX_SIMULATED_TIME, and the checks at most
 * MAX_IDLE_CHECKS (two million take 0.5 s of CPU).
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { formatDuration } from '../../model/duration.js';
import type { ClusterModel, JobDefinition, TimedEvent } from './scenario.js';
import { groupThousands } from '../../util/plain-locale.js';

/** 365 days in milliseconds: the longest time (`until`, `at`, a delay, a timeout) a scenario gives. */
export const MAX_SIMULATED_TIME = 365 * 86_400_000;
/** Idle checks (one per taskManagerTimeout) a simulation runs at most: at the default 30 s, 694 days: more than the 365 days of MAX_SIMULATED_TIME. */
export const MAX_IDLE_CHECKS = 2_000_000;

/** Whether `ms` (a time or duration a scenario gives, already a safe integer) is longer than flinkslot simulates. */
export function timeTooLong(what: string, ms: number, pointer: string): Diagnostic | undefined {
  if (ms <= MAX_SIMULATED_TIME) return undefined;
  return error(
    'input/too-large',
    `${what} is longer than flinkslot simulates (at most 365 d, ${groupThousands(MAX_SIMULATED_TIME)} ms)`,
    pointer,
  );
}

interface Horizon {
  readonly time: number;
  readonly what: string;
  readonly pointer: string;
}

/**
 * The idle checks the run would make: up to `until`, or without it up to the latest time the
 * scenario names plus one of each delay (the time the cluster may take to settle after it).
 */
export function idleCheckBound(
  cluster: ClusterModel,
  jobs: readonly JobDefinition[],
  events: readonly TimedEvent[],
  until: number | undefined,
  at: string,
  slotRequestTimeout: number,
): Diagnostic | undefined {
  const period = cluster.config.taskManagerTimeout;
  // Only an active ResourceManager checks idle TaskManagers (a standalone one never releases them).
  if (cluster.config.resourceAllocation !== 'active' || !(period > 0)) return undefined;
  const horizon =
    until !== undefined ? { time: until, what: 'until', pointer: '/until' } : settleHorizon(cluster, jobs, events, at, slotRequestTimeout);
  const checks = Math.floor(horizon.time / period);
  if (checks <= MAX_IDLE_CHECKS) return undefined;
  const message = `the simulation runs to ${formatDuration(horizon.time)} (${horizon.what}) with the idle check every ${formatDuration(period)} (taskManagerTimeout): ${groupThousands(checks)} checks, more than flinkslot simulates (at most ${groupThousands(MAX_IDLE_CHECKS)}); give a shorter time or a longer taskManagerTimeout`;
  return error('input/too-large', message, horizon.pointer);
}

function settleHorizon(
  cluster: ClusterModel,
  jobs: readonly JobDefinition[],
  events: readonly TimedEvent[],
  at: string,
  slotRequestTimeout: number,
): Horizon {
  let latest: Horizon = { time: 0, what: 'the start', pointer: `${at}/options/taskManagerTimeout` };
  const later = (time: number | undefined, what: string, pointer: string): void => {
    if (time !== undefined && time > latest.time) latest = { time, what, pointer };
  };
  for (const job of jobs) {
    later(job.submitAt, `job '${job.id}' submitted`, `${job.pointer}/submitAt`);
    later(job.finishAt, `job '${job.id}' finished`, `${job.pointer}/finishAt`);
  }
  for (const tm of cluster.taskManagers) later(tm.registerAt, 'a TaskManager registers', `${tm.pointer}/registerAt`);
  const last = events.at(-1);
  if (last !== undefined) later(last.time, 'the last event', last.pointer);
  const c = cluster.config;
  const settle =
    c.taskManagerTimeout +
    c.requirementCheckDelay +
    c.declareNeededResourceDelay +
    cluster.workerStartupLatency +
    cluster.slotIdleTimeout +
    slotRequestTimeout;
  return {
    time: latest.time + settle,
    what: `${latest.what} at ${formatDuration(latest.time)}, and the time to settle`,
    pointer: latest.pointer,
  };
}
