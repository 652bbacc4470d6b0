/**
 * `simulate --cluster CLUSTER JOB...` as the command runs it: the simulation, and when the jobs do
 * not fit a standalone cluster, what to do in action terms (issue 16 §5): the TaskManagers to add
 * (simulate-advice.ts), or the SlotManager limit to raise on a cluster that starts them (limit-advice.ts), and, for one job, the highest parallelism of its widest vertex that runs.
 */
import type { Result } from '../errors/diagnostic.js';
import { ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import type { SimulationReport } from '../report/simulation-report.js';
import { maxParallelismFit } from './parallelism-fit.js';
import { type SimulateOptions, simulateJobsOnCluster } from './simulate.js';

export function simulateJobsWithAdvice(
  cluster: SourceText,
  jobGraphs: readonly SourceText[],
  options: SimulateOptions = {},
): Result<SimulationReport[]> {
  const reports = simulateJobsOnCluster(cluster, jobGraphs, { ...options, advice: true });
  if (!reports.ok || reports.value.length !== 1 || jobGraphs.length !== 1) return reports;
  const report = reports.value[0]!;
  // A lower parallelism is the other way out wherever workers to add or a limit to raise were found.
  if (report.verdict === 'met' || (report.resourceAllocation !== 'standalone' && report.raiseLimits === undefined)) return reports;
  const version = options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion };
  const fit = maxParallelismFit(cluster, jobGraphs[0]!, { ...version, widestOnly: true });
  if (!fit.ok || fit.value.highest === null || fit.value.vertex === undefined || fit.value.highest >= fit.value.current) return reports;
  const lowerParallelism = { vertex: fit.value.vertex, parallelism: fit.value.highest, current: fit.value.current };
  return ok([{ ...report, lowerParallelism }], reports.warnings);
}
