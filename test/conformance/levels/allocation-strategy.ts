/** Level `allocation-strategy`: one DefaultResourceAllocationStrategy.tryFulfillRequirements call. */
import { type Decimal, decimalFromNumber } from '../../../src/model/decimal.js';
import { type ResourceProfile, type SpecifiedProfile, isSpecified, profileKey } from '../../../src/model/resource-profile.js';
import { ArrayRegisteredPool } from '../../../src/sim/slotmanager/registered-pool.js';
import {
  type AllocationResult,
  type ProfileCounts,
  tryFulfillRequirements,
} from '../../../src/sim/slotmanager/resource-allocation-strategy.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { ProfileTable, memory, profileFromMap } from '../profiles.js';

type Raw = Record<string, unknown>;

function specifiedOf(table: ProfileTable, value: unknown, where: string): SpecifiedProfile {
  const p = typeof value === 'string' ? table.resolve(value) : profileFromMap(value, where);
  if (!isSpecified(p)) throw new CaseError(`${where} must be a specified profile`);
  return p;
}

interface Setup {
  table: ProfileTable;
  run: () => AllocationResult;
}

function setup(c: ConformanceCase, loadBalanceMode: string | undefined): Setup {
  checkKeys(c.input, ['profiles', 'cluster', 'jobs'], 'input');
  const table = new ProfileTable(c.input.profiles as Raw);
  const cluster = c.input.cluster as Raw;
  checkKeys(cluster, ['slotModel', 'defaultWorker', 'options', 'taskManagers', 'pendingTaskManagers'], 'input.cluster');
  const options = (cluster.options ?? {}) as Raw;
  checkKeys(
    options,
    ['loadBalanceMode', 'evenlySpreadOutSlots', 'redundantTaskManagers', 'minTotalCpu', 'minTotalMemory'],
    'input.cluster.options',
  );
  const worker = cluster.defaultWorker as Raw;
  checkKeys(worker, ['totalResources', 'numberOfTaskSlots'], 'input.cluster.defaultWorker');
  const registered = ((cluster.taskManagers ?? []) as Raw[]).map((tm, i) => {
    checkKeys(tm, ['id', 'totalResources', 'availableResources', 'defaultSlotResources', 'blocked'], `taskManagers[${i}]`);
    return {
      id: String(tm.id),
      total: specifiedOf(table, tm.totalResources, `taskManagers[${i}].totalResources`),
      available: specifiedOf(table, tm.availableResources ?? tm.totalResources, `taskManagers[${i}].availableResources`),
      defaultSlot: specifiedOf(table, tm.defaultSlotResources, `taskManagers[${i}].defaultSlotResources`),
      blocked: tm.blocked === true,
    };
  });
  const pending = ((cluster.pendingTaskManagers ?? []) as Raw[]).map((tm, i) => {
    checkKeys(tm, ['id', 'totalResources', 'numberOfTaskSlots'], `pendingTaskManagers[${i}]`);
    return {
      id: String(tm.id),
      total: specifiedOf(table, tm.totalResources, `pendingTaskManagers[${i}].totalResources`),
      numberOfSlots: Number(tm.numberOfTaskSlots),
    };
  });
  const jobs = ((c.input.jobs ?? []) as Raw[]).map((job) => ({
    job: String(job.id),
    missing: ((job.requirements ?? []) as Raw[]).map((r) => ({ profile: table.resolve(r.profile), count: Number(r.count) })),
  }));
  const config = {
    defaultWorker: specifiedOf(table, worker.totalResources, 'defaultWorker.totalResources'),
    slotsPerWorker: Number(worker.numberOfTaskSlots),
    evenlySpread: loadBalanceMode === 'SLOTS' || options.evenlySpreadOutSlots === true,
    redundantTaskManagers: Number(options.redundantTaskManagers ?? 0),
    minTotalCpu: decimalFromNumber(Number(options.minTotalCpu ?? 0)) as Decimal,
    minTotalMemory: memory(options.minTotalMemory ?? 0, 'minTotalMemory'),
  };
  return { table, run: () => tryFulfillRequirements(jobs, new ArrayRegisteredPool(registered), pending, config) };
}

function countsEqual(actual: ProfileCounts | undefined, want: Raw, table: ProfileTable): boolean {
  const expected = new Map(Object.entries(want).map(([name, n]) => [profileKey(table.resolve(name)), Number(n)]));
  const got = new Map([...(actual ?? new Map())].map(([k, v]) => [k, v.count]));
  return got.size === expected.size && [...expected].every(([k, n]) => got.get(k) === n);
}

function nestedEqual(actual: Map<string, Map<string, ProfileCounts>>, want: Raw, table: ProfileTable): boolean {
  if (Object.keys(want).length !== actual.size) return false;
  return Object.entries(want).every(([job, byTm]) => {
    const mine = actual.get(job);
    return (
      mine !== undefined &&
      Object.keys(byTm as Raw).length === mine.size &&
      Object.entries(byTm as Raw).every(([tm, counts]) => countsEqual(mine.get(tm), counts as Raw, table))
    );
  });
}

function sumOverPending(result: AllocationResult, job: string): ProfileCounts {
  const out: ProfileCounts = new Map();
  for (const counts of result.onPending.get(job)?.values() ?? []) {
    for (const [k, v] of counts) out.set(k, { profile: v.profile, count: (out.get(k)?.count ?? 0) + v.count });
  }
  return out;
}

function check(result: AllocationResult, want: Raw, table: ProfileTable): string[] {
  checkKeys(
    want,
    [
      'unfulfillableJobs',
      'pendingTaskManagersToAllocate',
      'allocationsOnRegisteredResources',
      'allocationsOnPendingResources',
      'sumOfAllocationsOnPendingTaskManagers',
      'numberOfPendingTaskManagersUsed',
      'perRegisteredTaskManager',
    ],
    'expect.allocation',
  );
  const f: string[] = [];
  if (
    want.unfulfillableJobs !== undefined &&
    JSON.stringify([...result.unfulfillableJobs].sort()) !== JSON.stringify([...(want.unfulfillableJobs as string[])].sort())
  )
    f.push(`unfulfillableJobs: got ${JSON.stringify(result.unfulfillableJobs)}`);
  if (want.pendingTaskManagersToAllocate !== undefined && result.newPendingTaskManagers.length !== want.pendingTaskManagersToAllocate)
    f.push(`pendingTaskManagersToAllocate: got ${result.newPendingTaskManagers.length}`);
  if (
    want.allocationsOnRegisteredResources !== undefined &&
    !nestedEqual(result.onRegistered, want.allocationsOnRegisteredResources as Raw, table)
  )
    f.push('allocationsOnRegisteredResources differ');
  if (want.allocationsOnPendingResources !== undefined && !nestedEqual(result.onPending, want.allocationsOnPendingResources as Raw, table))
    f.push('allocationsOnPendingResources differ');
  for (const [job, counts] of Object.entries((want.sumOfAllocationsOnPendingTaskManagers ?? {}) as Raw)) {
    if (!countsEqual(sumOverPending(result, job), counts as Raw, table)) f.push(`sumOfAllocationsOnPendingTaskManagers.${job} differs`);
  }
  if (want.numberOfPendingTaskManagersUsed !== undefined) {
    const used = new Set([...result.onPending.values()].flatMap((m) => [...m.keys()]));
    if (used.size !== want.numberOfPendingTaskManagersUsed) f.push(`numberOfPendingTaskManagersUsed: got ${used.size}`);
  }
  if (want.perRegisteredTaskManager !== undefined) f.push(...checkPerTaskManager(result, want.perRegisteredTaskManager as Raw, table));
  return f;
}

function checkPerTaskManager(result: AllocationResult, want: Raw, table: ProfileTable): string[] {
  checkKeys(want, ['everyTaskManagerGetsSlots', 'everyTaskManagerContains'], 'perRegisteredTaskManager');
  const perTm = new Map<string, ProfileCounts>();
  for (const byTm of result.onRegistered.values()) for (const [tm, counts] of byTm) perTm.set(tm, counts);
  const f: string[] = [];
  for (const [tm, counts] of perTm) {
    const slots = [...counts.values()].reduce((n, v) => n + v.count, 0);
    if (want.everyTaskManagerGetsSlots !== undefined && slots !== want.everyTaskManagerGetsSlots) f.push(`${tm} got ${slots} slots`);
    if (
      want.everyTaskManagerContains !== undefined &&
      !counts.has(profileKey(table.resolve(want.everyTaskManagerContains) as ResourceProfile))
    )
      f.push(`${tm} has no ${String(want.everyTaskManagerContains)}`);
  }
  return f;
}

export function runAllocationStrategy(c: ConformanceCase): string[] {
  checkKeys(c.expect, ['allocation'], 'expect');
  const options = ((c.input.cluster as Raw)?.options ?? {}) as Raw;
  const modes = Array.isArray(options.loadBalanceMode)
    ? (options.loadBalanceMode as string[])
    : [options.loadBalanceMode as string | undefined];
  return modes.flatMap((mode) => {
    const s = setup(c, mode);
    const failures = check(s.run(), c.expect.allocation as Raw, s.table);
    return modes.length > 1 ? failures.map((x) => `[${mode}] ${x}`) : failures;
  });
}
