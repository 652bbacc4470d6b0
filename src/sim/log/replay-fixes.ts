/**
 * Fixes proven by a replay: the same log's cluster and jobs re-run through the embedded SlotManager
 * with one thing changed — more TaskManagers like one the log shows, a lower parallelism, a higher
 * maximum, a bigger TaskManager. Bounded: at most MAX_EXTRA_TASK_MANAGERS tried, by doubling then
 * bisecting (≤ 13 replays).
 */
import { compareDecimal } from '../../model/decimal.js';
import { type SpecifiedProfile, isSpecified, specified } from '../../model/resource-profile.js';
import type { ReplayModel, ReplayTaskManager } from './replay-model.js';
import { runReplay } from './replay-run.js';

export const MAX_EXTRA_TASK_MANAGERS = 64;

function metIn(model: ReplayModel, job: string): boolean {
  const j = runReplay(model).jobs.find((r) => r.job === job);
  return j !== undefined && j.verdict === 'met';
}

function withExtra(model: ReplayModel, template: ReplayTaskManager, k: number, total?: SpecifiedProfile): ReplayModel {
  const extra = Array.from({ length: k }, (_, i): ReplayTaskManager => ({
    ...template,
    id: `${template.id}+${i + 1}`,
    ...(total === undefined ? {} : { total, defaultSlot: total }),
    registerAt: 0,
    lostAt: undefined,
  }));
  return { ...model, taskManagers: [...model.taskManagers, ...extra] };
}

/** The fewest TaskManagers like `template` that, added, meet `job`'s requirement; undefined beyond the bound. */
export function fewestMoreTaskManagers(model: ReplayModel, job: string, template: ReplayTaskManager): number | undefined {
  let hi = 1;
  while (hi <= MAX_EXTRA_TASK_MANAGERS && !metIn(withExtra(model, template, hi), job)) hi *= 2;
  if (hi > MAX_EXTRA_TASK_MANAGERS) {
    if (!metIn(withExtra(model, template, MAX_EXTRA_TASK_MANAGERS), job)) return undefined;
    hi = MAX_EXTRA_TASK_MANAGERS;
  }
  let lo = Math.floor(hi / 2) + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (metIn(withExtra(model, template, mid), job)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

/** `job` with every declaration of one profile set to `parallelism` slots; undefined when it declares several profiles. */
export function withParallelism(model: ReplayModel, job: string, parallelism: number): ReplayModel | undefined {
  const target = model.jobs.find((j) => j.id === job);
  if (target === undefined || target.declarations.some((d) => d.requirements.length > 1)) return undefined;
  const declarations = target.declarations.map((d) => ({
    at: d.at,
    requirements: d.requirements.map((r) => ({ profile: r.profile, count: parallelism })),
  }));
  return { ...model, jobs: model.jobs.map((j) => (j.id === job ? { ...j, declarations } : j)) };
}

/** Whether `job` at `parallelism` slots is met with the cluster the log shows. */
export function metAtParallelism(model: ReplayModel, job: string, parallelism: number): boolean {
  const changed = withParallelism(model, job, parallelism);
  return changed !== undefined && metIn(changed, job);
}

/** Whether `job` is met when the maximum the ResourceManager reached is raised by `slots`. */
export function metWithHigherMaximum(model: ReplayModel, job: string, slots: number): boolean {
  if (model.maxSlots === undefined) return false;
  return metIn({ ...model, maxSlots: model.maxSlots + slots }, job);
}

/** Field-wise maximum of two profiles: a TaskManager at least as big as both. */
export function atLeastBoth(a: SpecifiedProfile, b: SpecifiedProfile): SpecifiedProfile {
  const extended = new Map(a.extendedResources);
  for (const [name, amount] of b.extendedResources) {
    const have = extended.get(name);
    if (have === undefined || compareDecimal(have, amount) < 0) extended.set(name, amount);
  }
  const big = (x: bigint, y: bigint): bigint => (x > y ? x : y);
  return specified({
    cpuCores: compareDecimal(a.cpuCores, b.cpuCores) >= 0 ? a.cpuCores : b.cpuCores,
    taskHeapMemory: big(a.taskHeapMemory, b.taskHeapMemory),
    taskOffHeapMemory: big(a.taskOffHeapMemory, b.taskOffHeapMemory),
    managedMemory: big(a.managedMemory, b.managedMemory),
    networkMemory: big(a.networkMemory, b.networkMemory),
    extendedResources: extended,
  });
}

/** Whether one more TaskManager of `total` (a single slot of that size) meets `job`. */
export function metWithBiggerTaskManager(model: ReplayModel, job: string, template: ReplayTaskManager, total: SpecifiedProfile): boolean {
  if (!isSpecified(total)) return false;
  return metIn(withExtra(model, { ...template, slots: 1 }, 1, total), job);
}
