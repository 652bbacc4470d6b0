/**
 * What to do when jobs do not fit a standalone cluster (issue 16 §5): the fewest TaskManagers of
 * the cluster's default worker to add so that every requirement is met, found and proven as
 * `size` finds its count (the SlotManager met with them, not with one fewer).
 */
import type { FlinkVersion } from '../model/flink-version.js';
import { profileToJson } from '../model/profile-json.js';
import type { SimulationAdvice } from '../report/simulation-report.js';
import { minimalCount } from '../sim/minimal-count.js';
import { MAX_TASK_MANAGERS } from '../sim/scenario/scenario-bounds.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { runOnClusterData } from './cluster-data-run.js';

type Raw = Record<string, unknown>;

/** undefined when no number of added default workers helps (or the cluster has none to copy). */
export function addTaskManagersAdvice(
  data: Raw,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
  missingSlots: number,
): SimulationAdvice | undefined {
  const existing = ((data.taskManagers ?? []) as Raw[]).map((tm) => String(tm.id ?? ''));
  let id = 'added';
  for (let k = 2; existing.some((e) => e === id || e.startsWith(`${id}-`)); k++) id = `added${k}`;
  const withAdded = (k: number): Record<string, unknown> => ({
    ...data,
    taskManagers: [...((data.taskManagers ?? []) as Raw[]), ...(k === 0 ? [] : [{ id, count: k }])],
  });
  const probe = runOnClusterData(withAdded(1), jobs, version);
  const added = probe.ok ? probe.value.scenario.cluster.taskManagers.find((tm) => tm.registration.id.startsWith(`${id}-`)) : undefined;
  if (!probe.ok || added === undefined) return undefined;
  const slotsEach = Math.max(1, probe.value.scenario.cluster.config.slotsPerWorker);
  const met = (k: number): boolean => {
    const run = runOnClusterData(withAdded(k), jobs, version);
    return run.ok && run.value.outcome.verdict === 'met';
  };
  const search = minimalCount(met, (m) => m, Math.ceil(missingSlots / slotsEach), Math.min(MAX_TASK_MANAGERS, Math.max(1, missingSlots)));
  if (search.count === undefined || search.count === 0) return undefined;
  return { addTaskManagers: search.count, slotsPerTaskManager: slotsEach, taskManager: profileToJson(added.registration.total) };
}
