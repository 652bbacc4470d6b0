/** Levels `reconcile` (tryReconcileClusterResources) and `resource-tracker` (JobScopedResourceTracker). */
import { type ResourceProfile, type SpecifiedProfile, merge, subtract, ZERO, profileKey } from '../../../src/model/resource-profile.js';
import { JobScopedResourceTracker } from '../../../src/sim/slotmanager/job-scoped-resource-tracker.js';
import { type ReconcileResult, tryReconcileClusterResources } from '../../../src/sim/slotmanager/resource-reconcile.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { type Raw, ProfileTable, profileOf, smConfig, specifiedOf, subCases } from './slotmanager-setup.js';

const NOW = 1_000_000;

interface ReconcileTm {
  id: string;
  total: SpecifiedProfile;
  available: SpecifiedProfile;
  idleSince: number;
}

function idleSinceOf(value: unknown, where: string): number {
  if (value === undefined || value === 'never') return Number.POSITIVE_INFINITY;
  if (value === 'now-10ms') return NOW - 10;
  throw new CaseError(`${where}: idleSince '${String(value)}'`);
}

function reconcileOnce(table: ProfileTable, cluster: Raw, tms: ReconcileTm[]): ReconcileResult {
  const config = smConfig(table, cluster, (cluster.options ?? {}) as Raw);
  const timedOut = tms.filter((tm) => tm.idleSince !== Number.POSITIVE_INFINITY && NOW - tm.idleSince >= config.taskManagerTimeout);
  const active = tms.filter((tm) => !timedOut.includes(tm));
  const pending = ((cluster.pendingTaskManagers ?? []) as Raw[]).map((p, i) => {
    checkKeys(p, ['id', 'totalResources', 'numberOfTaskSlots', 'pendingAllocations'], `pendingTaskManagers[${i}]`);
    const total = specifiedOf(table, p.totalResources, `pendingTaskManagers[${i}].totalResources`);
    let unused: ResourceProfile = total;
    let inUse = false;
    for (const counts of Object.values((p.pendingAllocations ?? {}) as Raw)) {
      for (const [name, n] of Object.entries(counts as Raw))
        for (let k = 0; k < Number(n); k++) [unused, inUse] = [subtract(unused, table.resolve(name)), true];
    }
    return { id: String(p.id), total, unused: unused as SpecifiedProfile, inUse };
  });
  return tryReconcileClusterResources(
    {
      activeCount: active.length,
      activeAvailable: active.reduce<ResourceProfile>((s, tm) => merge(s, tm.available), ZERO),
      timedOut,
      pending,
    },
    config,
  );
}

function checkReconcile(result: ReconcileResult | undefined, last: ReconcileResult | undefined, want: Raw, where: string): string[] {
  const f: string[] = [];
  for (const [key, value] of Object.entries(want)) {
    const r = key === 'finalTaskManagersToRelease' ? last : result;
    if (r === undefined) throw new CaseError(`${where}${key}: no reconcile has run`);
    const got =
      key === 'taskManagersToRelease' || key === 'finalTaskManagersToRelease'
        ? [...r.taskManagersToRelease].sort()
        : key === 'pendingTaskManagersToRelease'
          ? [...r.pendingTaskManagersToRelease].sort()
          : key === 'pendingTaskManagersToAllocate'
            ? r.pendingTaskManagersToAllocate
            : undefined;
    if (got === undefined) throw new CaseError(`unknown result key '${key}'`);
    const expected = Array.isArray(value) ? [...(value as string[])].sort() : value;
    if (JSON.stringify(got) !== JSON.stringify(expected))
      f.push(`${where}${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got)}`);
  }
  return f;
}

export function runReconcile(c: ConformanceCase): string[] {
  checkKeys(c.expect, ['allocation'], 'expect');
  return subCases(c, ['taskManagers', 'pendingTaskManagers'], ['events']).flatMap((sub) => {
    checkKeys(sub.input, ['profiles', 'cluster', 'events', 'variants'], 'input');
    checkKeys(sub.cluster, ['slotModel', 'defaultWorker', 'options', 'taskManagers', 'pendingTaskManagers'], 'input.cluster');
    const table = new ProfileTable(sub.input.profiles as Raw);
    const tms: ReconcileTm[] = ((sub.cluster.taskManagers ?? []) as Raw[]).map((tm, i) => {
      checkKeys(tm, ['id', 'totalResources', 'availableResources', 'defaultSlotResources', 'idleSince'], `taskManagers[${i}]`);
      const total = specifiedOf(table, tm.totalResources, `taskManagers[${i}].totalResources`);
      return {
        id: String(tm.id),
        total,
        available: specifiedOf(table, tm.availableResources ?? tm.totalResources, `taskManagers[${i}].availableResources`),
        idleSince: idleSinceOf(tm.idleSince, `taskManagers[${i}]`),
      };
    });
    const failures: string[] = [];
    let last: ReconcileResult | undefined;
    const events = (sub.input.events ?? [{ reconcile: true }]) as Raw[];
    events.forEach((event, i) => {
      checkKeys(event, ['reconcile', 'setIdleSince', 'expect'], `events[${i}]`);
      if (event.setIdleSince !== undefined) {
        for (const [id, value] of Object.entries(event.setIdleSince as Raw)) {
          const tm = tms.find((t) => t.id === id);
          if (tm === undefined) throw new CaseError(`events[${i}]: unknown TaskManager '${id}'`);
          tm.idleSince = idleSinceOf(value, `events[${i}]`);
        }
      }
      if (event.reconcile === true) last = reconcileOnce(table, sub.cluster, tms);
      if (event.expect !== undefined) failures.push(...checkReconcile(last, last, event.expect as Raw, `events[${i}].`));
    });
    for (const want of sub.wants) failures.push(...checkReconcile(last, last, want, ''));
    return failures.map((x) => sub.label + x);
  });
}

function sameList(actual: readonly { profile: ResourceProfile; count: number }[], want: unknown, table: ProfileTable): boolean {
  const w = (want as Raw[]).map((x) => [profileKey(profileOf(table, x.profile, 'profile')), Number(x.count)] as const);
  const a = new Map(actual.map((x) => [profileKey(x.profile), x.count]));
  return a.size === w.length && w.every(([k, n]) => a.get(k) === n);
}

function checkTracker(t: JobScopedResourceTracker, want: Raw, table: ProfileTable, where: string): string[] {
  checkKeys(want, ['acquired', 'missing'], `${where}expect`);
  const f: string[] = [];
  if (want.acquired !== undefined && !sameList(t.getAcquiredResources(), want.acquired, table))
    f.push(`${where}acquired differs: ${JSON.stringify(t.getAcquiredResources().map((x) => [profileKey(x.profile), x.count]))}`);
  if (want.missing !== undefined && !sameList(t.getMissingResources(), want.missing, table))
    f.push(`${where}missing differs: ${JSON.stringify(t.getMissingResources().map((x) => [profileKey(x.profile), x.count]))}`);
  return f;
}

export function runResourceTracker(c: ConformanceCase): string[] {
  checkKeys(c.expect, ['allocation'], 'expect');
  return subCases(c, [], ['events']).flatMap((sub) => {
    checkKeys(sub.input, ['profiles', 'events', 'variants'], 'input');
    const table = new ProfileTable(sub.input.profiles as Raw);
    const tracker = new JobScopedResourceTracker();
    const failures: string[] = [];
    ((sub.input.events ?? []) as Raw[]).forEach((event, i) => {
      checkKeys(event, ['declare', 'acquire', 'lose', 'check'], `events[${i}]`);
      if (event.declare !== undefined)
        tracker.notifyResourceRequirements(
          (event.declare as Raw[]).map((r) => ({ profile: profileOf(table, r.profile, 'profile'), count: Number(r.count) })),
        );
      if (event.acquire !== undefined) tracker.notifyAcquiredResource(profileOf(table, event.acquire, 'acquire'));
      if (event.lose !== undefined) tracker.notifyLostResource(profileOf(table, event.lose, 'lose'));
      if (event.check !== undefined) failures.push(...checkTracker(tracker, event.check as Raw, table, `events[${i}].`));
    });
    for (const want of sub.wants) failures.push(...checkTracker(tracker, want, table, ''));
    return failures.map((x) => sub.label + x);
  });
}
