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
import { type Diagnostic, type Result, error, fail, info, ok, warning } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast, parseFlinkVersion } from '../model/flink-version.js';
import { parseMemorySize } from '../model/memory-size.js';
import { printable } from '../util/printable.js';
import { type FlinkConfiguration, flattenConfiguration } from './flink-configuration.js';
import { numberOf, textOf } from '../util/text-of.js';

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
  /** Where a configuration key's value stands in the file (JSON pointer), for located errors. */
  readonly pointerOf: (key: string) => string;
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
  const m = /^v(\d+)_(\d+)$/.exec(textOf(spec.flinkVersion ?? ''));
  return m === null ? undefined : `${m[1]}.${m[2]}`;
}

/** The release of an official image (`flink:2.2.0-scala_2.12-java17`, `apache/flink:1.20`): what the TaskManagers run. */
export function officialImageVersion(image: string): string | undefined {
  // An optional registry host (it has a dot), then flink, library/flink or apache/flink: not a user's own image.
  const m = /^(?:(?:[\w-]+\.)+[\w-]+(?::\d+)?\/)?(?:library\/|apache\/)?flink:(\d+)\.(\d+)/.exec(image.trim());
  const version = m === null ? undefined : `${m[1]}.${m[2]}`;
  // A tag whose numbers no release has (flink:1. and a million digits) names no release: the image is read as a user's own.
  return version === undefined || parseFlinkVersion(version) === undefined ? undefined : version;
}

/** CPU → `kubernetes.taskmanager.cpu.amount`, and the pre-1.17 key for a release before 1.17 (`configureCpu`). */
function setCpu(config: Map<string, string>, cpu: number, version: FlinkVersion | undefined): void {
  config.set('kubernetes.taskmanager.cpu.amount', String(cpu));
  if (version !== undefined && !atLeast(version, 1, 17)) config.set('kubernetes.taskmanager.cpu', String(cpu));
}

/** Keys the TaskManager spec sets, and where (the spec wins over spec.flinkConfiguration). */
function specPointers(tm: Raw): Map<string, string> {
  const out = new Map<string, string>();
  const resources = tm.resources as Raw | undefined;
  const at = resources !== undefined ? '/spec/taskManager/resources/requests' : '/spec/taskManager/resource';
  const given = ((resources !== undefined ? resources.requests : tm.resource) ?? {}) as Raw;
  if (given.memory !== undefined) out.set('taskmanager.memory.process.size', `${at}/memory`);
  if (given.cpu !== undefined)
    for (const key of ['kubernetes.taskmanager.cpu.amount', 'kubernetes.taskmanager.cpu']) out.set(key, `${at}/cpu`);
  return out;
}

function setProcessMemory(config: Map<string, string>, text: string, pointer: string, notes: Diagnostic[]): Result<bigint> {
  const bytes = memoryBytes(text);
  if (bytes === undefined) {
    return fail([
      error(
        'deployment/memory',
        `${pointer.slice(6).replaceAll('/', '.')} '${text}' is neither a Flink memory size nor a Kubernetes quantity`,
        pointer,
      ),
    ]);
  }
  config.set('taskmanager.memory.process.size', `${bytes}b`);
  notes.push(
    info('deployment/memory', `${pointer.slice(6).replaceAll('/', '.')} ${text} → taskmanager.memory.process.size ${bytes} bytes`, pointer),
  );
  return ok(bytes);
}

/** `taskManager.resource` (`setResource`): memory and CPU. */
function applyResource(resource: Raw, config: Map<string, string>, version: FlinkVersion | undefined, notes: Diagnostic[]): Result<void> {
  if (resource.memory !== undefined) {
    const set = setProcessMemory(config, textOf(resource.memory), '/spec/taskManager/resource/memory', notes);
    if (!set.ok) return set;
  }
  if (resource.cpu === undefined) return ok(undefined);
  const cpu = typeof resource.cpu === 'number' ? resource.cpu : Number.NaN;
  if (!Number.isFinite(cpu))
    return fail([
      error(
        'deployment/cpu',
        `taskManager.resource.cpu '${printable(textOf(resource.cpu))}' is not a number (the FlinkDeployment CRD declares a number: Kubernetes refuses the resource)`,
        '/spec/taskManager/resource/cpu',
      ),
    ]);
  setCpu(config, cpu, version);
  return ok(undefined);
}

/** A Kubernetes CPU quantity as the operator parses a request: "500m" → 0.5, else a number. */
export function cpuQuantity(text: string): number | undefined {
  const t = text.trim();
  const value = t.endsWith('m') ? Number(t.slice(0, -1)) / 1000 : Number(t);
  return t === '' || !Number.isFinite(value) ? undefined : value;
}

/** A memory quantity's numerical amount (Kubernetes units: "2G" is 10^9 here, unlike Flink's "2g"). */
function memoryQuantity(text: string): number | undefined {
  const bytes = kubernetesQuantityBytes(text);
  return bytes === undefined ? undefined : Number(bytes);
}

/**
 * `taskManager.resources` (Kubernetes ResourceRequirements, FLINK-33548), which replaces
 * `taskManager.resource` when present (`setResourceRequirements`): requests set the process
 * memory and CPU; limits ÷ requests set `kubernetes.taskmanager.cpu|memory.limit-factor`.
 */
function applyResourceRequirements(
  resources: Raw,
  config: Map<string, string>,
  version: FlinkVersion | undefined,
  notes: Diagnostic[],
): Result<void> {
  const requests = (resources.requests ?? {}) as Raw;
  const limits = (resources.limits ?? {}) as Raw;
  const at = '/spec/taskManager/resources';
  if (requests.memory !== undefined) {
    const set = setProcessMemory(config, textOf(requests.memory), `${at}/requests/memory`, notes);
    if (!set.ok) return set;
  }
  const cpu = requests.cpu === undefined ? undefined : cpuQuantity(textOf(requests.cpu));
  if (requests.cpu !== undefined && cpu === undefined) {
    notes.push(
      warning(
        'deployment/cpu',
        `taskManager.resources.requests.cpu '${printable(textOf(requests.cpu))}' is not a CPU amount: the operator skips it`,
        `${at}/requests/cpu`,
      ),
    );
  }
  if (cpu !== undefined) setCpu(config, cpu, version);
  const factor = (kind: 'cpu' | 'memory', read: (t: string) => number | undefined): void => {
    if (limits[kind] === undefined || requests[kind] === undefined) return;
    const [limit, request] = [read(textOf(limits[kind])), read(textOf(requests[kind]))];
    if (limit === undefined || request === undefined || !(request > 0)) return;
    const key = `kubernetes.taskmanager.${kind}.limit-factor`;
    config.set(key, String(limit / request));
    notes.push(
      info(
        'deployment/limit-factor',
        `taskManager.resources limits.${kind} / requests.${kind} → ${key} ${limit / request}`,
        `${at}/limits/${kind}`,
      ),
    );
  };
  factor('cpu', cpuQuantity);
  factor('memory', memoryQuantity);
  return ok(undefined);
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
  // A null field is what `kubectl apply` drops: no version given.
  if (spec.flinkVersion !== undefined && spec.flinkVersion !== null && flinkVersion === undefined) {
    return fail([
      error(
        'deployment/flink-version',
        `spec.flinkVersion '${printable(textOf(spec.flinkVersion))}' is not an operator version (v1_15 … v2_2)`,
        '/spec/flinkVersion',
      ),
    ]);
  }
  const operatorVersion = flinkVersion === undefined ? undefined : parseFlinkVersion(flinkVersion);
  const applied =
    tm.resources !== undefined
      ? applyResourceRequirements(tm.resources as Raw, config, operatorVersion, notes)
      : applyResource(resource, config, operatorVersion, notes);
  if (!applied.ok) return applied;
  const image = spec.image === undefined ? undefined : officialImageVersion(textOf(spec.image));
  if (image !== undefined && image !== flinkVersion) {
    const message = `the image ${printable(textOf(spec.image))} runs Flink ${image}${flinkVersion === undefined ? '' : ` (spec.flinkVersion says ${flinkVersion})`}: ${image}'s rules apply`;
    notes.push(
      flinkVersion === undefined
        ? info('deployment/image-version', message, '/spec/image')
        : warning('deployment/image-version', message, '/spec/image'),
    );
  }
  // Native: Flink's Kubernetes ResourceManager starts the TaskManagers (their CPU follows the
  // Kubernetes option); standalone: the operator runs `replicas` plain TaskManagers.
  config.set('execution.target', spec.mode === 'standalone' ? 'remote' : 'kubernetes-application');
  const metadata = (data.metadata ?? {}) as Raw;
  const job = (spec.job ?? {}) as Raw;
  const fromSpec = specPointers(tm);
  const pointerOf = (key: string): string =>
    fromSpec.get(key) ?? `/spec/flinkConfiguration/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const podCpu = spec.mode === 'standalone' ? standalonePodCpuNote(config, pointerOf) : undefined;
  if (podCpu !== undefined) notes.push(podCpu);
  return ok({
    name: metadata.name === undefined ? undefined : textOf(metadata.name),
    config,
    flinkVersion: image ?? flinkVersion,
    mode: spec.mode === 'standalone' ? 'standalone' : 'native',
    replicas: tm.replicas === undefined ? undefined : numberOf(tm.replicas),
    parallelism: job.parallelism === undefined ? undefined : numberOf(job.parallelism),
    notes,
    pointerOf,
  });
}

const POD_CPU_KEYS = ['kubernetes.taskmanager.cpu.amount', 'kubernetes.taskmanager.cpu'];

/**
 * In standalone mode the operator's Kubernetes CPU key is only the pod's CPU request
 * (flink-kubernetes-standalone/.../StandaloneKubernetesTaskManagerParameters.getCpu, used by
 * InitStandaloneTaskManagerDecorator): the operator sets no taskmanager.cpu.cores, and a standalone
 * TaskManager reads no Kubernetes key, so it registers one core per slot
 * (TaskExecutorProcessUtils.getCpuCoresWithFallback). Said in the operator's fields, at the field.
 */
function standalonePodCpuNote(config: FlinkConfiguration, pointerOf: (key: string) => string): Diagnostic | undefined {
  const key = POD_CPU_KEYS.find((k) => config.has(k));
  if (key === undefined || config.has('taskmanager.cpu.cores')) return undefined;
  const pointer = pointerOf(key);
  const field = pointer.startsWith('/spec/flinkConfiguration/') ? `flinkConfiguration ${key}` : pointer.slice(6).replaceAll('/', '.');
  const slots = Number(config.get('taskmanager.numberOfTaskSlots') ?? 1);
  // A slot count Flink refuses is reported where the TaskManager is sized.
  if (!Number.isInteger(slots) || slots < 1) return undefined;
  const cpu = Number(config.get(key));
  const counted = `${slots} ${slots === 1 ? 'slot' : 'slots'} as ${slots} ${slots === 1 ? 'core' : 'cores'}`;
  const advice =
    cpu === slots
      ? ', as the pod requests'
      : ` (set taskmanager.cpu.cores${Number.isFinite(cpu) ? `: ${cpu}` : ''} in flinkConfiguration to match)`;
  return info(
    'deployment/cpu',
    `${field} ${printable(config.get(key)!)} is the pod's CPU request; in standalone mode the TaskManager counts its ${counted}${advice}`,
    pointer,
  );
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
    // Standalone TaskManagers read no Kubernetes CPU key (the pod's request, said by the reader's note).
    defaultWorker: {
      flinkConfiguration: Object.fromEntries([...d.config].filter(([k]) => d.mode === 'native' || !POD_CPU_KEYS.includes(k))),
    },
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
