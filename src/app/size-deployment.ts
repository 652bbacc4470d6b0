/**
 * What `size --emit` writes: the shape's Flink configuration (its TaskManager keys, with the
 * slots `size` ran with), its Total Process Memory and CPU as Kubernetes resources, and N replicas.
 * Built from the configuration the shape came from, so reading the emitted file back gives the
 * same TaskManager (test/e2e/size-emit.test.ts runs `memory` and `simulate --cluster` on it).
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { decimalToNumber } from '../model/decimal.js';
import { parseFlinkVersion } from '../model/flink-version.js';
import type { SpecifiedProfile } from '../model/resource-profile.js';
import { taskManagerSetup } from '../memory/memory-from-configuration.js';
import type { SizeDeployment } from '../report/size-report.js';
import { bytesToJson } from '../model/profile-json.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { maxOf } from '../util/push-all.js';
import { textOf } from '../util/text-of.js';

type Raw = Record<string, unknown>;

/**
 * TaskManager keys a deployment carries: memory, slots, CPU and the state backend's. Addresses,
 * hosts and ports are left out: on Kubernetes the operator sets them.
 */
const CARRIED = /^(taskmanager\.|state\.backend|external-resources?(\.|$))/;
const SET_BY_THE_PLATFORM = /^taskmanager\.(host|bind-host|rpc\.|data\.port|resource-id)/;

export function sizeDeployment(
  workerData: Raw,
  total: SpecifiedProfile,
  replicas: number,
  slots: number,
  flinkVersion: string,
  jobs: readonly JobDefinition[],
): Result<SizeDeployment> {
  const worker = (workerData.defaultWorker ?? {}) as Raw;
  const given = worker.flinkConfiguration as Raw | undefined;
  if (given === undefined)
    return fail([
      error(
        'size/emit',
        'this shape is given as resources (defaultWorker.totalResources), not as a Flink configuration: give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment to emit one',
        '',
      ),
    ]);
  const config = new Map(Object.entries(given).map(([k, v]) => [k, textOf(v)]));
  config.set('taskmanager.numberOfTaskSlots', String(slots));
  // The CPU the proof ran with, whatever the deployment: a standalone TaskManager would otherwise
  // count one core per slot, a native one its pod's request.
  const cpuCores = decimalToNumber(total.cpuCores);
  config.set('taskmanager.cpu.cores', String(cpuCores));
  const version = parseFlinkVersion(flinkVersion)!;
  const setup = taskManagerSetup(config, version);
  if (!setup.ok) return setup;
  const flinkConfiguration = Object.fromEntries(
    [...config].filter(([k]) => CARRIED.test(k) && !SET_BY_THE_PLATFORM.test(k)).sort(([a], [b]) => a.localeCompare(b)),
  );
  return ok({
    flinkVersion,
    flinkConfiguration,
    processMemory: bytesToJson(setup.value.memory.totalProcess),
    cpuCores,
    replicas,
    jobs: jobs.map((j) => ({
      id: j.id,
      parallelism: maxParallelism(j),
      ...(j.vertices === undefined ? {} : { vertices: j.vertices.map((v) => ({ name: v.name ?? v.id, parallelism: v.parallelism })) }),
    })),
  });
}

function maxParallelism(job: JobDefinition): number {
  return maxOf(
    (job.vertices ?? []).map((v) => v.parallelism),
    1,
  );
}
