/**
 * `size --emit`: the answer as a file to deploy. `flinkdeployment` writes a Kubernetes operator
 * FlinkDeployment (standalone mode, so exactly `replicas` TaskManagers run, as `size` proved);
 * `flink-conf` writes the TaskManagers' configuration keys. A header of comments says what was
 * proven, and comments name the placeholders (image, jarURI, serviceAccount, …). Reading either
 * back (`memory`, `simulate --cluster`) gives the same TaskManager. With a base file the answer is
 * written into it instead (src/app/size-emit.ts).
 */
import { dump } from 'js-yaml';
import { printable } from '../util/printable.js';
import { untouchedByDefault } from './job-parallelism.js';
import type { SizeDeployment, SizeReport } from './size-report.js';

export type EmitFormat = 'flinkdeployment' | 'flink-conf';
export const EMIT_FORMATS: readonly EmitFormat[] = ['flinkdeployment', 'flink-conf'];

/** The keys the operator sets from `taskManager.resource`: written there, not in flinkConfiguration. */
const FROM_RESOURCE = new Set(['taskmanager.memory.process.size', 'kubernetes.taskmanager.cpu.amount', 'kubernetes.taskmanager.cpu']);

export function renderDeploymentYaml(report: SizeReport, deployment: SizeDeployment, format: EmitFormat): string {
  return `${header(report, deployment, format).join('\n')}\n${format === 'flink-conf' ? flinkConf(deployment) : flinkDeployment(deployment)}`;
}

function header(report: SizeReport, d: SizeDeployment, format: EmitFormat): string[] {
  const fewer = report.proof.fewer;
  return [
    `# Written by flinkslot size: ${d.replicas} TaskManager(s) of ${report.slotsPerTaskManager} slot(s), Flink ${d.flinkVersion}.`,
    `# Proven by the embedded ${report.slotManager} SlotManager: on ${d.replicas} every requirement is met${fewer === null ? '' : `, on ${fewer.taskManagers} it is ${fewer.verdict}`}.`,
    ...d.jobs.map((j) => `# job ${printable(j.id)}: largest vertex parallelism ${j.parallelism}`),
    ...(format === 'flinkdeployment' ? replicasParallelism(report, d) : []),
  ];
}

/**
 * With taskManager.replicas set the operator sets parallelism.default to replicas × slots and
 * ignores job.parallelism (flink-kubernetes-operator/.../config/FlinkConfigBuilder.java:
 * getParallelism); parallelism.default reaches only the operators that set no parallelism of their
 * own (job-parallelism.ts). Said when that differs from the parallelism written; and, when the
 * vertices run at different parallelisms, which of them it would not touch.
 */
function replicasParallelism(report: SizeReport, d: SizeDeployment): string[] {
  const single = d.jobs.length === 1 ? d.jobs[0]! : undefined;
  if (single === undefined) return [];
  const runs = d.replicas * report.slotsPerTaskManager;
  // Mixed parallelisms are said even when runs is the largest: the vertices that took the default change with it.
  const mixed = untouchedByDefault(single, single.parallelism, runs);
  return [
    ...(runs === single.parallelism
      ? []
      : [
          `# Note: with taskManager.replicas the operator sets parallelism.default to ${d.replicas} × ${report.slotsPerTaskManager} = ${runs}, not job.parallelism ${single.parallelism}; it changes only the operators that set no parallelism of their own.`,
        ]),
    ...(mixed === undefined ? [] : [`# Note: ${mixed}.`]),
  ];
}

function flinkConf(d: SizeDeployment): string {
  const memory = BigInt(d.processMemory);
  const keys = { ...d.flinkConfiguration, 'taskmanager.memory.process.size': memoryText(memory) };
  return dump(sorted(keys), { lineWidth: -1 });
}

function flinkDeployment(d: SizeDeployment): string {
  const [major, minor] = d.flinkVersion.split('.');
  const flinkConfiguration = Object.fromEntries(Object.entries(d.flinkConfiguration).filter(([k]) => !FROM_RESOURCE.has(k)));
  const single = d.jobs.length === 1 ? d.jobs[0] : undefined;
  const resource = {
    apiVersion: 'flink.apache.org/v1beta1',
    kind: 'FlinkDeployment',
    metadata: { name: kubernetesName(single?.id ?? 'flink-session') },
    spec: {
      image: `flink:${major}.${minor}`,
      flinkVersion: `v${major}_${minor}`,
      serviceAccount: 'flink',
      // Standalone: the operator runs exactly `replicas` TaskManagers, the cluster size proves.
      mode: 'standalone',
      flinkConfiguration: sorted(flinkConfiguration),
      jobManager: { resource: { memory: '1600m', cpu: 1 } },
      taskManager: { replicas: d.replicas, resource: { memory: memoryText(BigInt(d.processMemory)), cpu: d.cpuCores } },
      // One job: an application cluster; its jar is yours to name. Several: a session cluster for FlinkSessionJobs.
      ...(single === undefined
        ? {}
        : {
            job: {
              jarURI: `local:///opt/flink/usrlib/${kubernetesName(single.id)}.jar`,
              parallelism: single.parallelism,
              upgradeMode: 'stateless',
            },
          }),
    },
  };
  return withPlaceholderComments(dump(resource, { lineWidth: -1, noRefs: true }));
}

/**
 * What flinkslot cannot know, said on the line it stands on: the values a new FlinkDeployment
 * needs that are the user's to give. `--base FILE` writes the answer into the user's own instead.
 */
const PLACEHOLDERS: ReadonlyArray<[RegExp, string]> = [
  [/^ {2}name: /, 'placeholder: your deployment’s name'],
  [/^ {2}image: /, 'placeholder: an image with your job’s jar (flinkslot sized the release only)'],
  [/^ {2}serviceAccount: /, 'placeholder: the operator’s default account; yours if you use another'],
  [/^ {2}jobManager:$/, 'placeholder: not sized by flinkslot'],
  [/^ {4}jarURI: /, 'placeholder: your job’s jar'],
  [/^ {4}upgradeMode: /, 'placeholder: savepoint or last-state for a job with state (with state.savepoints.dir / checkpoints)'],
];

function withPlaceholderComments(yaml: string): string {
  return yaml
    .split('\n')
    .map((line) => {
      const found = PLACEHOLDERS.find(([pattern]) => pattern.test(line));
      return found === undefined ? line : `${line}  # ${found[1]}`;
    })
    .join('\n');
}

/** Whole mebibytes as Flink writes them (`1728m`), else exact bytes (`1811939328b`). */
function memoryText(bytes: bigint): string {
  const mib = 1024n * 1024n;
  return bytes % mib === 0n ? `${bytes / mib}m` : `${bytes}b`;
}

function sorted(keys: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(keys).sort(([a], [b]) => a.localeCompare(b)));
}

/** A DNS-1123 name from a job name: lower case, dashes, at most 45 characters (the operator appends suffixes). */
function kubernetesName(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 45)
    .replace(/-+$/, '');
  return name === '' ? 'flink-job' : name;
}
