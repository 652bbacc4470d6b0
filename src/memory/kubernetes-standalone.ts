/**
 * A standalone Flink cluster on Kubernetes without the operator, as Flink's documentation sets it
 * up: a ConfigMap holding `flink-conf.yaml` (or `config.yaml`) mounted into a JobManager and a
 * TaskManager Deployment. The ConfigMap's file is what the TaskManagers read (a `flink-conf.yaml`
 * with Flink's line reader, a `config.yaml` as YAML); the TaskManager Deployment says how many run
 * (`replicas`), which image (the Flink release) and the container's requests and limits.
 */
import { type Diagnostic, type Result, error, fail, info, ok, warning } from '../errors/diagnostic.js';
import type { SourceLocation } from '../errors/diagnostic.js';
import { parseDocument } from '../parse/document.js';
import { printable } from '../util/printable.js';
import { type FlinkConfiguration, flattenConfiguration } from './flink-configuration.js';
import { cpuQuantity, kubernetesQuantityBytes, officialImageVersion } from './flink-deployment.js';
import { readLegacyFlinkConf } from './legacy-flink-conf.js';
import { numberOf, textOf } from '../util/text-of.js';

type Raw = Record<string, unknown>;

const FILES = ['config.yaml', 'flink-conf.yaml'] as const;

export interface TaskManagerWorkload {
  readonly name: string;
  /** `Deployment` or `StatefulSet`: what `kubectl scale` names. */
  readonly kind: string;
  readonly replicas: number;
  readonly image: string | undefined;
  readonly requests: Raw;
  readonly limits: Raw;
}

export interface StandaloneManifest {
  readonly config: FlinkConfiguration;
  /** "1.18" from the TaskManager image tag, when it is an official Flink image. */
  readonly flinkVersion: string | undefined;
  readonly taskManagers: TaskManagerWorkload | undefined;
  readonly notes: Diagnostic[];
  /** Where a key of the embedded file stands in the manifest. */
  readonly locate: (key: string) => SourceLocation;
}

const asMap = (v: unknown): Raw => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : {});

export function isFlinkConfigMap(data: unknown): boolean {
  const d = asMap(data);
  return d.kind === 'ConfigMap' && FILES.some((f) => typeof asMap(d.data)[f] === 'string');
}

/** The Deployment or StatefulSet whose container runs `taskmanager` (Flink's docker entrypoint argument). */
function taskManagerWorkload(companions: readonly unknown[]): TaskManagerWorkload | undefined {
  for (const doc of companions.map(asMap)) {
    if (doc.kind !== 'Deployment' && doc.kind !== 'StatefulSet') continue;
    const spec = asMap(doc.spec);
    const containers = (asMap(asMap(spec.template).spec).containers ?? []) as unknown[];
    const container = containers.map(asMap).find((c) => ((c.args ?? []) as unknown[]).includes('taskmanager') || c.name === 'taskmanager');
    if (container === undefined) continue;
    const resources = asMap(container.resources);
    return {
      name: textOf(asMap(doc.metadata).name ?? doc.kind),
      kind: String(doc.kind),
      replicas: spec.replicas === undefined ? 1 : numberOf(spec.replicas),
      image: container.image === undefined ? undefined : textOf(container.image),
      requests: asMap(resources.requests),
      limits: asMap(resources.limits),
    };
  }
  return undefined;
}

/** 1-based line of `key:` inside the embedded file, which starts after the line naming it. */
function locator(text: string, file: string): (key: string) => SourceLocation {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\s+["']?${file.replace('.', '\\.')}["']?\\s*:`).test(l));
  return (key) => {
    const pattern = new RegExp(`^(\\s*)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`);
    for (let i = start + 1; start >= 0 && i < lines.length; i++) {
      const m = pattern.exec(lines[i]!);
      if (m) return { pointer: `/data/${file}`, line: i + 1, column: m[1]!.length + 1 };
    }
    return { pointer: `/data/${file}` };
  };
}

export function readFlinkConfigMap(data: unknown, text: string, companions: readonly unknown[]): Result<StandaloneManifest> {
  const files = asMap(asMap(data).data);
  const file = FILES.find((f) => typeof files[f] === 'string')!;
  const embedded = String(files[file]);
  const notes: Diagnostic[] = [
    info('manifest/config-map', `read the ConfigMap's ${file} as the TaskManagers' configuration`, `/data/${file}`),
  ];
  let config: FlinkConfiguration;
  if (file === 'flink-conf.yaml') {
    config = readLegacyFlinkConf(embedded).config;
  } else {
    // The embedded file gets the bounds of any document (depth, aliases, size).
    const parsed = parseDocument(embedded);
    if (!parsed.ok) {
      const first = parsed.diagnostics[0]!;
      const message =
        first.code === 'input/syntax'
          ? `the ConfigMap's config.yaml is not YAML: ${first.message.replace(/^YAML syntax error: /, '')}`
          : `the ConfigMap's config.yaml: ${first.message}`;
      return fail([error('manifest/config-yaml', message, `/data/${file}`)]);
    }
    config = flattenConfiguration(asMap(parsed.value.data));
  }
  const taskManagers = taskManagerWorkload(companions);
  const flinkVersion = taskManagers?.image === undefined ? undefined : officialImageVersion(taskManagers.image);
  if (taskManagers !== undefined) {
    const image = taskManagers.image === undefined ? '' : `, image ${printable(taskManagers.image)}`;
    notes.push(info('manifest/task-managers', `${printable(taskManagers.name)}: ${taskManagers.replicas} TaskManager(s)${image}`, ''));
  }
  return ok({ config, flinkVersion, taskManagers, notes, locate: locator(text, file) });
}

/**
 * What the container allows against what Flink was told: a process larger than the memory limit is
 * killed by Kubernetes; in standalone mode Flink's CPU (cpu.cores, else one per slot) is bookkeeping
 * the container limit does not follow.
 */
export function containerNotes(w: TaskManagerWorkload, totalProcess: bigint, cpu: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const limit = w.limits.memory === undefined ? undefined : kubernetesQuantityBytes(textOf(w.limits.memory));
  const request = w.requests.memory === undefined ? undefined : kubernetesQuantityBytes(textOf(w.requests.memory));
  const mib = (b: bigint): string => `${b >> 20n} MiB`;
  if (limit !== undefined && totalProcess > limit)
    out.push(
      warning(
        'manifest/memory-limit',
        `taskmanager.memory.process.size (${mib(totalProcess)}) exceeds the container's memory limit (${mib(limit)}): Kubernetes kills a TaskManager that uses it all`,
        '',
      ),
    );
  else if (limit !== undefined && limit > totalProcess)
    out.push(
      info(
        'manifest/memory-limit',
        `the container may use ${mib(limit)}; Flink sizes itself to ${mib(totalProcess)} (taskmanager.memory.process.size)`,
        '',
      ),
    );
  if (request !== undefined && request < totalProcess && (limit === undefined || totalProcess <= limit))
    out.push(
      info('manifest/memory-request', `the container requests ${mib(request)}, less than the ${mib(totalProcess)} Flink will use`, ''),
    );
  const cpuLimit = w.limits.cpu === undefined ? undefined : cpuQuantity(textOf(w.limits.cpu));
  if (cpuLimit !== undefined && cpuLimit < cpu)
    out.push(
      info(
        'manifest/cpu-limit',
        `Flink declares ${cpu} CPU per TaskManager but the container is limited to ${cpuLimit}: in standalone mode slot CPU is bookkeeping, the limit throttles the tasks`,
        '',
      ),
    );
  return out;
}

/** The cluster the manifest runs (a flinkslot cluster file's data): `replicas` standalone TaskManagers of the ConfigMap's configuration. */
export function standaloneManifestCluster(m: StandaloneManifest): Result<{ cluster: Raw; notes: string[] }> {
  const tms = m.taskManagers;
  if (tms === undefined) {
    return fail([
      error(
        'manifest/no-task-managers',
        "the manifest has Flink's configuration but no TaskManager Deployment or StatefulSet (a container running `taskmanager`): flinkslot cannot tell how many TaskManagers run",
        '',
      ),
    ]);
  }
  const cluster: Raw = {
    ...(m.flinkVersion === undefined ? {} : { flinkVersion: m.flinkVersion }),
    deploymentTarget: 'standalone',
    resourceAllocation: 'standalone',
    defaultWorker: { flinkConfiguration: Object.fromEntries(m.config) },
    taskManagers: [{ id: 'taskmanager', count: tms.replicas }],
  };
  return ok({
    cluster,
    notes: [`standalone on Kubernetes: ${tms.replicas} TaskManager(s) of ${printable(tms.name)}; Flink starts no others`],
  });
}
