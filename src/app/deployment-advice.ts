/**
 * What to do when jobs do not fit, in the terms of what the user gave (issue 25 §4): Flink's
 * options and the Kubernetes operator's fields for a running cluster or a Flink file, flinkslot's
 * cluster-file keys only for a flinkslot cluster file. Who starts TaskManagers decides the advice
 * (memory/deployment.ts): on native Kubernetes and YARN Flink's ResourceManager starts them itself,
 * up to `slotmanager.number-of-slots.max` / `slotmanager.max-total-resource.*` and what the
 * platform has room for; on a standalone cluster someone starts them (`bin/taskmanager.sh`, a
 * Deployment's replicas, the operator's `spec.taskManager.replicas`).
 */
import { type Deployment, describeDeployment, startsTaskManagers } from '../memory/deployment.js';
import type { FlinkConfiguration } from '../memory/flink-configuration.js';
import { kubernetesCpuKey } from '../memory/task-manager-cpu.js';
import type { TargetWays } from '../memory/task-manager-cpu.js';
import type { FlinkVersion } from '../model/flink-version.js';
import { formatBytes, parseMemorySize } from '../model/memory-size.js';
import type { LiveFitAnswer } from '../report/live-fit-report.js';
import type { LimitAdvice, SimulationReport, TaskManagerReport } from '../report/simulation-report.js';
import { printable } from '../util/printable.js';
import { pushAll } from '../util/push-all.js';

/** What the user gave as the cluster, as far as the advice's terms go. */
export type ClusterOrigin =
  | { readonly kind: 'cluster-file' }
  | { readonly kind: 'rest-taskmanagers' }
  | { readonly kind: 'flink-deployment'; readonly mode: 'native' | 'standalone' }
  | { readonly kind: 'kubernetes-manifest'; readonly workload: string }
  /** A flink-conf.yaml / config.yaml as the cluster, its deployment read from it (memory/deployment.ts). */
  | { readonly kind: 'flink-configuration'; readonly deployment: Deployment }
  | { readonly kind: 'live'; readonly deployment: Deployment };

/**
 * How the user can name the deployment target in what they gave, for a note on another target's
 * CPU key: a cluster file's deploymentTarget, a configuration's execution.target, a FlinkDeployment's
 * spec.mode; a standalone manifest's TaskManagers are its own pods, whatever the configuration says.
 */
export function targetWaysOf(origin: ClusterOrigin): TargetWays | undefined {
  switch (origin.kind) {
    case 'cluster-file':
      return undefined;
    case 'flink-deployment':
      return { deployment: origin.mode };
    case 'kubernetes-manifest':
      return { executionTarget: false };
    default:
      return {};
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Why no new TaskManager comes, for the explanation of a missing slot (undefined: the cluster file's own words). */
export function standaloneReason(origin: ClusterOrigin): string | undefined {
  switch (origin.kind) {
    case 'cluster-file':
      return undefined;
    case 'rest-taskmanagers':
      return 'these are the TaskManagers GET /taskmanagers listed, as a fixed set; on native Kubernetes or YARN Flink would start more (`flinkslot simulate --cluster http://JOBMANAGER:8081 JOB` reads how the cluster is deployed)';
    case 'flink-deployment':
      return 'mode standalone: the operator runs spec.taskManager.replicas TaskManagers and Flink starts no others (raise spec.taskManager.replicas, or set spec.mode: native to let Flink start TaskManagers as jobs need them)';
    case 'kubernetes-manifest':
      return `standalone on Kubernetes: Flink starts no TaskManager; the replicas of ${printable(origin.workload)} are all there are`;
    case 'flink-configuration':
      return startsTaskManagers(origin.deployment)
        ? undefined
        : 'Flink starts no TaskManager on a standalone cluster (the configuration names no Kubernetes or YARN execution.target): only the TaskManagers started with it can hold the slot';
    case 'live':
      return liveStandaloneReason(origin.deployment);
  }
}

function liveStandaloneReason(d: Deployment): string {
  if (startsTaskManagers(d))
    return `the simulation holds the TaskManagers running now as a fixed set; on this ${describeDeployment(d)} Flink's ResourceManager starts more as jobs need slots (see what to do above)`;
  if (d.operator === 'standalone')
    return 'the Kubernetes operator runs spec.taskManager.replicas TaskManagers (standalone mode) and Flink starts no others';
  if (d.kind === 'local') return 'a local cluster (MiniCluster) runs local.number-taskmanager TaskManagers and starts no others';
  return 'Flink starts no TaskManager on a standalone cluster: only the running ones can hold it';
}

/** "add N TaskManagers like the default worker" in the file's own terms (undefined: the cluster file's words). */
export function addTaskManagersInstruction(origin: ClusterOrigin, add: number, running: number, slotsEach: number): string | undefined {
  const total = running + add;
  switch (origin.kind) {
    case 'flink-deployment':
      return `raise spec.taskManager.replicas from ${running} to ${total} (${plural(slotsEach, 'slot')} each, taskmanager.numberOfTaskSlots)`;
    case 'kubernetes-manifest':
      return `scale ${printable(origin.workload)} from ${running} to ${plural(total, 'replica')} (\`kubectl scale ${printable(origin.workload)} --replicas=${total}\`; ${plural(slotsEach, 'slot')} each)`;
    case 'rest-taskmanagers':
      return `start ${plural(add, 'more TaskManager')} like the listed ones (${plural(slotsEach, 'slot')} each)`;
    case 'flink-configuration':
      return `start ${plural(add, 'more TaskManager')} with this configuration (taskmanager.numberOfTaskSlots ${slotsEach})`;
    default:
      return undefined;
  }
}

/** "raise the limit to N" in the terms of what set it: the configuration's key, the FlinkDeployment's field, the cluster file's option. */
export function raiseLimitInstruction(origin: ClusterOrigin, limit: LimitAdvice): string {
  const change = `from ${printable(limit.from)} to ${limit.to}`;
  if (limit.setIn === 'options') return `raise options.${limit.option} (${limit.key}) ${change}`;
  switch (origin.kind) {
    case 'cluster-file':
      return `raise ${limit.key} in defaultWorker.flinkConfiguration ${change}`;
    case 'flink-deployment':
      return `raise ${limit.key} in spec.flinkConfiguration ${change}`;
    case 'flink-configuration':
      return `raise ${limit.key} in the configuration ${change}`;
    default:
      return `raise ${limit.key} ${change}`;
  }
}

/** The report with the reasons and the advice said in the origin's terms. */
export function inUserTerms(report: SimulationReport, origin: ClusterOrigin): SimulationReport {
  const reason = standaloneReason(origin);
  const jobs =
    reason === undefined
      ? report.jobs
      : report.jobs.map((j) => ({
          ...j,
          explanations: j.explanations.map((e) => ({
            ...e,
            reasons: e.reasons.map((r) => (r.kind === 'standalone' ? { ...r, message: reason } : r)),
          })),
        }));
  const a = report.advice;
  const running = report.taskManagers.filter((tm) => !tm.released).length;
  const instruction = a === undefined ? undefined : addTaskManagersInstruction(origin, a.addTaskManagers, running, a.slotsPerTaskManager);
  const fixed = origin.kind === 'live' ? { taskManagersFrom: 'the TaskManagers running now, as a fixed set' } : {};
  const raiseLimits = report.raiseLimits?.map((l) => ({ ...l, instruction: raiseLimitInstruction(origin, l) }));
  return {
    ...report,
    ...fixed,
    jobs,
    ...(a === undefined || instruction === undefined ? {} : { advice: { ...a, instruction } }),
    ...(raiseLimits === undefined ? {} : { raiseLimits }),
  };
}

export interface LiveAdviceInput {
  readonly deployment: Deployment;
  readonly config: FlinkConfiguration | undefined;
  readonly flinkVersion: FlinkVersion;
  readonly answers: readonly LiveFitAnswer[];
  /** The TaskManagers running now, as the simulation holds them. */
  readonly taskManagers: readonly TaskManagerReport[];
  readonly slotsTotal: number;
}

/** What to do on the running cluster, in Flink's options and the operator's fields; empty when the jobs fit now. */
export function liveAdvice(input: LiveAdviceInput): string[] {
  const more = input.answers.find((a) => a.kind === 'needs-task-managers');
  const tooBig = input.answers.find((a) => a.kind === 'does-not-fit');
  if (more !== undefined) return moreTaskManagers(input, more);
  if (tooBig !== undefined) return largerTaskManagers(input);
  return [];
}

type More = Extract<LiveFitAnswer, { kind: 'needs-task-managers' }>;

function moreTaskManagers(input: LiveAdviceInput, more: More): string[] {
  const d = input.deployment;
  const n = plural(more.count, 'more TaskManager');
  const each = `${plural(more.slotsEach, 'slot')} each`;
  const lines: string[] = [];
  if (startsTaskManagers(d)) {
    const platform = d.kind === 'yarn' ? 'YARN for' : 'Kubernetes for';
    const asks = `${plural(more.count, 'more TaskManager')} (${d.kind === 'yarn' ? 'containers' : 'pods'}, ${each})`;
    lines.push(
      `Flink's ResourceManager starts TaskManagers itself here: the new jobs make it ask ${platform} ${asks}, unless a limit stops it:`,
    );
    pushAll(lines, limits(input, more));
    lines.push(sizeOfEach(input));
  } else if (d.operator === 'standalone') {
    const running = d.replicas ?? input.taskManagers.length;
    lines.push(
      `raise spec.taskManager.replicas of the FlinkDeployment from ${running} to ${running + more.count} (${each}; Flink starts no TaskManager in the operator's standalone mode)`,
    );
  } else if (d.kind === 'local') {
    lines.push(`a local cluster (MiniCluster): raise local.number-taskmanager by ${more.count}, or taskmanager.numberOfTaskSlots`);
  } else {
    lines.push(
      `Flink starts no TaskManager on a standalone cluster: start ${n} with taskmanager.numberOfTaskSlots ${more.slotsEach} (\`bin/taskmanager.sh start\` on another host, or more replicas of the TaskManager Deployment on Kubernetes)`,
    );
    lines.push(
      `or give the TaskManagers more slots (taskmanager.numberOfTaskSlots, with taskmanager.memory.process.size to keep each slot's memory)`,
    );
  }
  lines.push(lowerParallelism(d));
  return lines;
}

/** The limits Flink's SlotManager puts on the TaskManagers it starts, checked against what the answer needs. */
function limits(input: LiveAdviceInput, more: More): string[] {
  const config = input.config;
  const lines: string[] = [];
  const maxSlots = Number(config?.get('slotmanager.number-of-slots.max'));
  const slotsNeeded = input.slotsTotal + more.count * more.slotsEach;
  if (Number.isFinite(maxSlots) && config?.get('slotmanager.number-of-slots.max') !== undefined)
    lines.push(
      maxSlots < slotsNeeded
        ? `  slotmanager.number-of-slots.max is ${maxSlots}: raise it to at least ${slotsNeeded} (${input.slotsTotal} running + ${more.count} × ${more.slotsEach})`
        : `  slotmanager.number-of-slots.max ${maxSlots} leaves room for them (${slotsNeeded} slots)`,
    );
  const like = input.taskManagers.find((tm) => tm.id === more.like) ?? input.taskManagers[0];
  const cpus = input.taskManagers.map((tm) => (typeof tm.total === 'string' ? 0 : tm.total.cpuCores));
  const likeCpu = like === undefined || typeof like.total === 'string' ? 0 : like.total.cpuCores;
  const cpuNeeded = cpus.reduce((a, b) => a + b, 0) + more.count * likeCpu;
  const maxCpu = Number(config?.get('slotmanager.max-total-resource.cpu'));
  if (config?.get('slotmanager.max-total-resource.cpu') !== undefined && Number.isFinite(maxCpu) && maxCpu < cpuNeeded)
    lines.push(`  slotmanager.max-total-resource.cpu is ${maxCpu}: raise it to at least ${cpuNeeded}`);
  const maxMemoryText = config?.get('slotmanager.max-total-resource.memory');
  if (maxMemoryText !== undefined) {
    const memory = (tm: TaskManagerReport | undefined): bigint =>
      tm === undefined || typeof tm.total === 'string'
        ? 0n
        : BigInt(tm.total.taskHeapMemory) +
          BigInt(tm.total.taskOffHeapMemory) +
          BigInt(tm.total.managedMemory) +
          BigInt(tm.total.networkMemory);
    const needed = input.taskManagers.reduce((s, tm) => s + memory(tm), 0n) + BigInt(more.count) * memory(like);
    const max = safeMemory(maxMemoryText);
    if (max !== undefined && max < needed)
      lines.push(
        `  slotmanager.max-total-resource.memory is ${maxMemoryText}: raise it to at least ${formatBytes(needed)} (task heap, off-heap, managed and network memory of every TaskManager)`,
      );
  }
  if (lines.length === 0)
    lines.push('  no slotmanager.number-of-slots.max or slotmanager.max-total-resource.* is set: Flink sets no limit of its own');
  return lines;
}

function safeMemory(text: string): bigint | undefined {
  try {
    return parseMemorySize(text);
  } catch {
    return undefined;
  }
}

/** What one more TaskManager asks the platform for, and where it is set. */
function sizeOfEach(input: LiveAdviceInput): string {
  const d = input.deployment;
  const config = input.config;
  const process = config?.get('taskmanager.memory.process.size');
  const memory = process === undefined ? 'its memory (taskmanager.memory.process.size)' : `taskmanager.memory.process.size ${process}`;
  if (d.kind === 'yarn') {
    const vcores = config?.get('yarn.containers.vcores');
    const cpu = vcores === undefined ? 'yarn.containers.vcores (default: the slot count)' : `yarn.containers.vcores ${vcores}`;
    return `  each container asks YARN for ${memory} and ${cpu}: the queue must have room for them`;
  }
  const key = kubernetesCpuKey(input.flinkVersion);
  const set = config?.get(key) ?? config?.get('taskmanager.cpu.cores');
  const running = input.taskManagers.find((tm) => typeof tm.total !== 'string')?.total;
  const cores = running === undefined || typeof running === 'string' ? undefined : running.cpuCores;
  const cpu =
    set !== undefined
      ? `cpu ${set} (${key})`
      : cores === undefined
        ? `${key} (unset: the slot count)`
        : `cpu ${cores} (${key} unset: the slot count)`;
  const operator = d.operator === 'native' ? '; under the operator both are spec.taskManager.resource (memory, cpu)' : '';
  return `  each pod asks Kubernetes for ${memory} and ${cpu}${operator}: the namespace's quota and the nodes must have room for them`;
}

function lowerParallelism(d: Deployment): string {
  if (d.operator !== undefined)
    return "or lower the new jobs' parallelism: spec.job.parallelism of their FlinkDeployment or FlinkSessionJob (`flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs)";
  return "or lower the new jobs' parallelism: parallelism.default, or `flink run -p N` (`flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs)";
}

/** A slot larger than any TaskManager: bigger TaskManagers, or fewer slots on each. */
function largerTaskManagers(input: LiveAdviceInput): string[] {
  const d = input.deployment;
  const size =
    d.operator !== undefined
      ? 'spec.taskManager.resource (memory, cpu)'
      : d.kind === 'yarn'
        ? 'taskmanager.memory.process.size and yarn.containers.vcores'
        : d.kind === 'native-kubernetes'
          ? `taskmanager.memory.process.size and ${kubernetesCpuKey(input.flinkVersion)}`
          : 'taskmanager.memory.process.size and taskmanager.cpu.cores';
  return [
    `a slot the new jobs ask for is larger than a TaskManager: give TaskManagers more resources (${size}) or fewer slots each (taskmanager.numberOfTaskSlots)`,
  ];
}
