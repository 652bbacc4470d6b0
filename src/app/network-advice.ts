/**
 * What to change when jobs hold their slots but a TaskManager's network buffer pool refuses their
 * tasks (verdict 'failing', issue 26 §1): network memory for the most any TaskManager's tasks require
 * (the keys proven by running the jobs again on the cluster with them), or fewer slots per
 * TaskManager, the most at which each failing job's own fully used TaskManagers fit.
 */
import { fewerSlotsThatFit, slotsInRequestOrder } from '../execution/network-buffer-check.js';
import { buffersPerTaskManager } from '../execution/network-buffer-demand.js';
import { networkBufferRules } from '../execution/network-buffer-rules.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { ShuffleOptions } from '../model/job-graph.js';
import type { NetworkBufferAdvice, SimulationReport } from '../report/simulation-report.js';
import type { JobDefinition, JobNetwork } from '../sim/scenario/scenario.js';
import { runOnClusterData } from './cluster-data-run.js';

type Raw = Record<string, unknown>;

const MIB = 1024n * 1024n;

export function networkBufferAdvice(
  report: SimulationReport,
  data: Raw,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
  shuffleOptions: ShuffleOptions | undefined,
): NetworkBufferAdvice | undefined {
  const failures = report.jobs.flatMap((j) => (j.networkBuffers === undefined ? [] : [{ id: j.id, failure: j.networkBuffers }]));
  if (failures.length === 0) return undefined;
  const segmentSize = BigInt(failures[0]!.failure.segmentSize);
  const buffers = report.taskManagers.reduce((most, tm) => Math.max(most, tm.networkBuffers?.required ?? 0), 0);
  const mib = (BigInt(buffers) * segmentSize + MIB - 1n) / MIB;
  const networkMemory = `${mib}m`;
  // The minimum alone where the maximum allows it (as plan --tm-config advises), else both.
  const options: Record<string, string>[] = [
    { 'taskmanager.memory.network.min': networkMemory },
    { 'taskmanager.memory.network.min': networkMemory, 'taskmanager.memory.network.max': networkMemory },
  ];
  const keys = options.find((k) => provenWith(data, k, jobs, version));
  const slots = fewerSlots(report, failures, jobs, shuffleOptions);
  return {
    buffers,
    networkMemory: (mib * MIB).toString(),
    ...(keys === undefined ? {} : { keys }),
    ...(slots === undefined ? {} : { slotsPerTaskManager: slots }),
  };
}

/** The jobs all met on the cluster whose default worker's configuration sets `keys` (only a worker given as a Flink configuration). */
function provenWith(
  data: Raw,
  keys: Record<string, string>,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
): boolean {
  const worker = data.defaultWorker as Raw | undefined;
  const config = worker?.flinkConfiguration as Raw | undefined;
  if (config === undefined) return false;
  const changed = { ...data, defaultWorker: { ...worker, flinkConfiguration: { ...config, ...keys } } };
  const run = runOnClusterData(changed, jobs, version);
  return run.ok && run.value.outcome.verdict === 'met';
}

/**
 * The most slots per TaskManager, below the failing TaskManager's, with which every failing job's
 * TaskManagers (filled in request order) require no more than N; undefined when none.
 */
function fewerSlots(
  report: SimulationReport,
  failures: readonly { id: string; failure: NonNullable<SimulationReport['jobs'][number]['networkBuffers']> }[],
  jobs: readonly JobDefinition[],
  shuffleOptions: ShuffleOptions | undefined,
): number | undefined {
  let best: number | undefined;
  for (const { id, failure } of failures) {
    const network = jobs.find((j) => j.id === id)?.network;
    const slots = report.taskManagers.find((tm) => tm.id === failure.taskManager)?.registeredSlots ?? 0;
    if (network === undefined) return undefined;
    const s = mostSlotsThatFit(network, shuffleOptions, slots, failure.total);
    if (s === undefined) return undefined;
    best = Math.min(best ?? s, s);
  }
  return best;
}

function mostSlotsThatFit(network: JobNetwork, options: ShuffleOptions | undefined, slots: number, total: number): number | undefined {
  const plan =
    options === undefined ? network.plan : { ...network.plan, rules: networkBufferRules(network.plan.rules.flinkVersion, options) };
  const requiredWith = (s: number): number =>
    buffersPerTaskManager(plan, slotsInRequestOrder(plan.slotCount, s)).reduce((most, tm) => Math.max(most, tm.required), 0);
  // The job's slots in request order: more slots per TaskManager than the job has place it alike.
  return fewerSlotsThatFit(slots, plan.slotCount, total, requiredWith)?.slots;
}
