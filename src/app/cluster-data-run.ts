/**
 * Jobs declaring at time 0 on cluster data built in code (a shape's N TaskManagers, a cluster with
 * workers added): one SlotManager run. Shared by `size` and `simulate`'s advice, whose clusters name
 * no job graph files (only scenarios do): the jobs come as definitions.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { FlinkVersion } from '../model/flink-version.js';
import { runScenario } from '../sim/run-scenario.js';
import { type PlannedJob, readScenario } from '../sim/scenario/read-scenario.js';
import type { JobDefinition, Scenario } from '../sim/scenario/scenario.js';
import { type SimulationOutcome, simulationOutcome } from '../sim/simulation-outcome.js';

/** `networkBuffers: false`: the outcome without the network-buffer judgement (withNetworkBuffers adds it). */
export function runOnClusterData(
  data: Record<string, unknown>,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
  options: { networkBuffers?: boolean } = {},
): Result<{ scenario: Scenario; outcome: SimulationOutcome }> {
  const planJobGraph = (path: string, pointer: string): Result<PlannedJob> =>
    fail([error('scenario/job-graph', `cannot read the job graph file '${path}': jobs on a cluster come as arguments`, pointer)]);
  const scenarios = readScenario(data, true, { ...version, planJobGraph, extraJobs: [...jobs] });
  if (!scenarios.ok) return scenarios;
  const scenario = scenarios.value[0]!;
  return ok({
    scenario,
    outcome: simulationOutcome(runScenario(scenario, { trace: false }), false, false, options.networkBuffers !== false),
  });
}
