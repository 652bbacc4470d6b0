/**
 * A TaskManager's CPU cores, per deployment target, as Flink derives it
 * (`TaskExecutorProcessUtils.getCpuCoresWithFallback`): `taskmanager.cpu.cores` when set; else the
 * target's own option when it is above 0 — Kubernetes `kubernetes.taskmanager.cpu.amount`
 * (`kubernetes.taskmanager.cpu` before 1.17, a deprecated key of it after; FLINK-29372), YARN
 * `yarn.containers.vcores`; else `taskmanager.numberOfTaskSlots`. YARN then rounds up to whole
 * vcores, at least 1 (`YarnWorkerResourceSpecFactory`); Kubernetes keeps fractions. Flink 1.10 on
 * Kubernetes took `kubernetes.taskmanager.cpu` or the slot count and overwrote taskmanager.cpu.cores.
 * A standalone TaskManager has no target option. The active ResourceManager passes the result to
 * the TaskManager as `taskmanager.cpu.cores`, so it is the TaskManager's registered total too.
 */
import { type Diagnostic, info } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { type ConfigOption, type FlinkConfiguration, configuredKey, option, readDouble } from './flink-configuration.js';

export type DeploymentTarget = 'standalone' | 'kubernetes' | 'yarn';
export const DEPLOYMENT_TARGETS: readonly DeploymentTarget[] = ['standalone', 'kubernetes', 'yarn'];

export interface TaskManagerCpu {
  readonly cores: number;
  /** The option the value came from (a key of the configuration), or `taskmanager.numberOfTaskSlots`. */
  readonly source: string;
  /** YARN rounded a fractional value up to whole vcores. */
  readonly roundedUp?: boolean;
}

const CPU_CORES = option<number>('taskmanager.cpu.cores', undefined, undefined);

/** The Kubernetes TaskManager CPU key of `version`: `kubernetes.taskmanager.cpu.amount` from 1.17 (FLINK-29372). */
export function kubernetesCpuKey(version: FlinkVersion): string {
  return atLeast(version, 1, 17) ? 'kubernetes.taskmanager.cpu.amount' : 'kubernetes.taskmanager.cpu';
}

function targetOption(target: DeploymentTarget, version: FlinkVersion): ConfigOption<number> | undefined {
  if (target === 'kubernetes') {
    const key = kubernetesCpuKey(version);
    return option<number>(key, -1, '-1.0', key === 'kubernetes.taskmanager.cpu' ? [] : ['kubernetes.taskmanager.cpu']);
  }
  if (target === 'yarn') return option<number>('yarn.containers.vcores', -1, '-1');
  return undefined;
}

/** `execution.target` (kubernetes-session, yarn-per-job, remote …) → the deployment target it names. */
export function targetOfConfiguration(config: FlinkConfiguration): DeploymentTarget | undefined {
  const target = config.get('execution.target')?.trim();
  if (target === undefined) return undefined;
  if (target.startsWith('kubernetes')) return 'kubernetes';
  if (target.startsWith('yarn')) return 'yarn';
  return target === 'remote' || target === 'local' ? 'standalone' : undefined;
}

export function taskManagerCpu(config: FlinkConfiguration, version: FlinkVersion, target: DeploymentTarget, slots: number): TaskManagerCpu {
  const fallback = targetOption(target, version);
  const own = target === 'kubernetes' && !atLeast(version, 1, 11) ? undefined : readDouble(config, CPU_CORES);
  let chosen: TaskManagerCpu;
  if (own !== undefined) chosen = { cores: own, source: CPU_CORES.key };
  else {
    const targetCores = fallback === undefined ? undefined : readDouble(config, fallback);
    chosen =
      targetCores !== undefined && targetCores > 0
        ? { cores: targetCores, source: configuredKey(config, fallback!) ?? fallback!.key }
        : { cores: slots, source: 'taskmanager.numberOfTaskSlots' };
  }
  if (!(chosen.cores > 0)) {
    throw new FlinkException(
      'IllegalConfigurationException',
      'TaskExecutors need to be started with a positive number of CPU cores. Please configure taskmanager.cpu.cores accordingly.',
    );
  }
  if (target !== 'yarn') return chosen;
  const vcores = Math.max(Math.ceil(chosen.cores), 1);
  return vcores === chosen.cores ? chosen : { cores: vcores, source: chosen.source, roundedUp: true };
}

/** The CPU keys only one target reads; `since`: the release that renamed the key (FLINK-29372). */
const TARGET_CPU_KEYS: ReadonlyArray<{ key: string; target: 'kubernetes' | 'yarn'; renamed?: { to: string; since: [number, number] } }> = [
  { key: 'kubernetes.taskmanager.cpu.amount', target: 'kubernetes' },
  { key: 'kubernetes.taskmanager.cpu', target: 'kubernetes', renamed: { to: 'kubernetes.taskmanager.cpu.amount', since: [1, 17] } },
  { key: 'yarn.containers.vcores', target: 'yarn' },
];

/**
 * How the deployment target can be named where the configuration was given: a note offers only
 * these (a flag another command lacks, or a file the user does not have, is no advice).
 */
export interface TargetWays {
  /** The configuration's `execution.target` decides it (default); false when something else fixes the target. */
  readonly executionTarget?: boolean;
  /** `memory --target`. */
  readonly flag?: boolean;
  /** A flinkslot cluster file's `deploymentTarget` (the configuration is its defaultWorker.flinkConfiguration). */
  readonly clusterFile?: boolean;
  /**
   * A Kubernetes operator FlinkDeployment: the operator sets execution.target from spec.mode and runs
   * TaskManagers on Kubernetes only. In standalone mode its Kubernetes CPU key is the pod's request,
   * which the FlinkDeployment reader explains in the operator's terms (flink-deployment.ts).
   */
  readonly deployment?: 'native' | 'standalone';
}

const TARGET_NAMES = { kubernetes: 'Kubernetes', yarn: 'YARN' } as const;

/** The ways to run TaskManagers on `target`, of those that exist where the configuration was given. */
function howToSet(target: 'kubernetes' | 'yarn', ways: TargetWays): string | undefined {
  if (ways.deployment !== undefined) return undefined;
  const how = [
    ...(ways.executionTarget === false ? [] : [`set execution.target: ${target}-session (or ${target}-application)`]),
    ...(ways.flag === true ? [`give memory --target ${target}`] : []),
    ...(ways.clusterFile === true ? [`set the cluster file's deploymentTarget: ${target}`] : []),
  ];
  return how.length === 0 ? undefined : how.join(', or ');
}

/**
 * A CPU key of another deployment target is not read (only that target's ResourceManager reads it:
 * `KubernetesWorkerResourceSpecFactory`, `YarnWorkerResourceSpecFactory`): say so, with how to name
 * the target where the configuration was given, unless taskmanager.cpu.cores is set (it wins on
 * every target). A renamed key also names the key the release reads.
 */
export function otherTargetCpuNotes(
  config: FlinkConfiguration,
  target: DeploymentTarget,
  version: FlinkVersion,
  ways: TargetWays = {},
): Diagnostic[] {
  if (config.has(CPU_CORES.key)) return [];
  const unnamed = target === 'standalone' && ways.executionTarget !== false && config.get('execution.target') === undefined;
  const named = unnamed ? 'standalone (no execution.target)' : target;
  return TARGET_CPU_KEYS.filter(
    (k) => k.target !== target && config.has(k.key) && !(ways.deployment === 'standalone' && k.target === 'kubernetes'),
  ).map((k) => {
    const renamed =
      k.renamed !== undefined && atLeast(version, ...k.renamed.since)
        ? ` (deprecated since Flink ${k.renamed.since.join('.')}: the key is now '${k.renamed.to}')`
        : '';
    const where =
      ways.deployment !== undefined ? "the operator's TaskManagers run on Kubernetes" : `the deployment target here is ${named}`;
    const how = howToSet(k.target, ways);
    return info(
      'config/other-target',
      `'${k.key}'${renamed} is read only when TaskManagers run on ${TARGET_NAMES[k.target]}; ${where}, so it is ignored${how === undefined ? '' : `: ${how}`}`,
      `/${k.key}`,
    );
  });
}
