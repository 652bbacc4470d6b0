/**
 * The Kubernetes operator's FlinkDeployment (flink.apache.org/v1beta1) → the Flink configuration
 * its TaskManagers start with, by the operator's own rules (`FlinkConfigBuilder`,
 * `ResourceConfigUtils`): `spec.flinkConfiguration` first, then the TaskManager spec on top —
 * `taskManager.resource.memory` → `taskmanager.memory.process.size` (a Flink MemorySize first, so
 * "2g" and "2G" are 2 GiB; a Kubernetes quantity such as "2Gi" or "1.5Gi" only when that fails),
 * `taskManager.resource.cpu` → `kubernetes.taskmanager.cpu.amount` (and `kubernetes.taskmanager.cpu`
 * for Flink before 1.17). `spec.flinkVersion` v1_15 … v2_2 names the release; the TaskManagers run
 * on Kubernetes, started by Flink (`mode: native`, the default) or `replicas` of them (standalone).
 */
import { type Diagnostic, type Result, error, fail, info, ok } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { atLeast, parseFlinkVersion } from '../model/flink-version.js';
import { parseMemorySize } from '../model/memory-size.js';
import { type FlinkConfiguration, flattenConfiguration } from './flink-configuration.js';

type Raw = Record<string, unknown>;

export interface FlinkDeployment {
  readonly name: string | undefined;
  /** The TaskManagers' configuration, as the operator writes it. */
  readonly config: FlinkConfiguration;
  /** "1.20" from v1_20; undefined when the spec names none. */
  readonly flinkVersion: string | undefined;
  readonly mode: 'native' | 'standalone';
  readonly replicas: number | undefined;
  readonly parallelism: number | undefined;
  /** How each value was read, for the output. */
  readonly notes: Diagnostic[];
}

export function isFlinkDeployment(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Raw).kind === 'FlinkDeployment';
}

const BINARY: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const DECIMAL: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** A Kubernetes quantity in bytes ("2Gi", "1.5Gi", "2000M", "1e9"), rounded down; undefined when it is none. */
export function kubernetesQuantityBytes(text: string): bigint | undefined {
  const m = /^([0-9]+(?:\.[0-9]+)?(?:[eE][0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(text.trim());
  if (m === null) return undefined;
  const unit = m[2] ?? '';
  const [whole, fraction = ''] = m[1]!.toLowerCase().includes('e') ? [String(Number(m[1])), ''] : m[1]!.split('.');
  const scaled = BigInt(whole! + fraction) * (BINARY[unit] ?? BigInt(DECIMAL[unit]!));
  return scaled / 10n ** BigInt(fraction.length);
}

/** `resource.memory` as the operator reads it: Flink's MemorySize first, then a Kubernetes quantity. */
function memoryBytes(text: string): bigint | undefined {
  try {
    return parseMemorySize(text);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    return kubernetesQuantityBytes(text);
  }
}

function versionOf(spec: Raw): string | undefined {
  const m = /^v(\d+)_(\d+)$/.exec(String(spec.flinkVersion ?? ''));
  return m === null ? undefined : `${m[1]}.${m[2]}`;
}

export function readFlinkDeployment(data: Raw): Result<FlinkDeployment> {
  const spec = (data.spec ?? {}) as Raw;
  const config = flattenConfiguration((spec.flinkConfiguration ?? {}) as Raw);
  const notes: Diagnostic[] = [
    info('deployment/read', 'read as a FlinkDeployment (Kubernetes operator): its flinkConfiguration with the TaskManager spec on top', ''),
  ];
  const tm = (spec.taskManager ?? {}) as Raw;
  const resource = (tm.resource ?? {}) as Raw;
  const flinkVersion = versionOf(spec);
  if (spec.flinkVersion !== undefined && flinkVersion === undefined) {
    return fail([
      error(
        'deployment/flink-version',
        `spec.flinkVersion '${String(spec.flinkVersion)}' is not an operator version (v1_15 … v2_2)`,
        '/spec/flinkVersion',
      ),
    ]);
  }
  if (resource.memory !== undefined) {
    const bytes = memoryBytes(String(resource.memory));
    if (bytes === undefined) {
      return fail([
        error(
          'deployment/memory',
          `taskManager.resource.memory '${String(resource.memory)}' is neither a Flink memory size nor a Kubernetes quantity`,
          '/spec/taskManager/resource/memory',
        ),
      ]);
    }
    config.set('taskmanager.memory.process.size', `${bytes}b`);
    notes.push(
      info(
        'deployment/memory',
        `taskManager.resource.memory ${String(resource.memory)} → taskmanager.memory.process.size ${bytes} bytes`,
        '/spec/taskManager/resource/memory',
      ),
    );
  }
  if (resource.cpu !== undefined) {
    config.set('kubernetes.taskmanager.cpu.amount', String(resource.cpu));
    const version = flinkVersion === undefined ? undefined : parseFlinkVersion(flinkVersion);
    if (version !== undefined && !atLeast(version, 1, 17)) config.set('kubernetes.taskmanager.cpu', String(resource.cpu));
  }
  if (tm.resources !== undefined) {
    notes.push(
      info(
        'deployment/resources',
        'taskManager.resources (Kubernetes requests and limits) is not read: taskManager.resource and flinkConfiguration are',
        '/spec/taskManager/resources',
      ),
    );
  }
  // Native: Flink's Kubernetes ResourceManager starts the TaskManagers (their CPU follows the
  // Kubernetes option); standalone: the operator runs `replicas` plain TaskManagers.
  config.set('execution.target', spec.mode === 'standalone' ? 'remote' : 'kubernetes-application');
  const metadata = (data.metadata ?? {}) as Raw;
  const job = (spec.job ?? {}) as Raw;
  return ok({
    name: metadata.name === undefined ? undefined : String(metadata.name),
    config,
    flinkVersion,
    mode: spec.mode === 'standalone' ? 'standalone' : 'native',
    replicas: tm.replicas === undefined ? undefined : Number(tm.replicas),
    parallelism: job.parallelism === undefined ? undefined : Number(job.parallelism),
    notes,
  });
}

/**
 * The cluster a FlinkDeployment runs (a flinkslot cluster file's data): Kubernetes TaskManagers of
 * the deployment's configuration; native mode: Flink's active ResourceManager starts them as jobs
 * need slots; standalone mode: `taskManager.replicas` of them, else ceil(parallelism / slots) as the
 * operator computes (`FlinkUtils.getNumTaskManagers`).
 */
export function deploymentCluster(d: FlinkDeployment): { cluster: Raw; notes: string[] } {
  const slots = Number(d.config.get('taskmanager.numberOfTaskSlots') ?? 1);
  const cluster: Raw = {
    ...(d.flinkVersion === undefined ? {} : { flinkVersion: d.flinkVersion }),
    deploymentTarget: d.mode === 'native' ? 'kubernetes' : 'standalone',
    resourceAllocation: d.mode === 'native' ? 'active' : 'standalone',
    defaultWorker: { flinkConfiguration: Object.fromEntries(d.config) },
  };
  if (d.mode === 'native') {
    return {
      cluster,
      notes: ["mode native: Flink's Kubernetes ResourceManager starts TaskManagers of this configuration as the jobs need slots"],
    };
  }
  const count = d.replicas ?? (d.parallelism === undefined ? 1 : Math.ceil(d.parallelism / slots));
  cluster.taskManagers = [{ id: 'taskmanager', count }];
  const why = d.replicas === undefined ? `ceil(job.parallelism ${d.parallelism ?? 1} / ${slots} slots)` : 'taskManager.replicas';
  return { cluster, notes: [`mode standalone: the operator runs ${count} TaskManager(s) (${why})`] };
}
