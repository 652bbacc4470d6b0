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

function targetOption(target: DeploymentTarget, version: FlinkVersion): ConfigOption<number> | undefined {
  if (target === 'kubernetes') {
    return atLeast(version, 1, 17)
      ? option<number>('kubernetes.taskmanager.cpu.amount', -1, '-1.0', ['kubernetes.taskmanager.cpu'])
      : option<number>('kubernetes.taskmanager.cpu', -1, '-1.0');
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

/** The CPU keys only one target reads, and how a configuration names that target. */
const TARGET_CPU_KEYS: ReadonlyArray<{ key: string; target: DeploymentTarget; set: string }> = [
  {
    key: 'kubernetes.taskmanager.cpu.amount',
    target: 'kubernetes',
    set: 'set execution.target: kubernetes-session (or kubernetes-application), or give memory --target kubernetes',
  },
  {
    key: 'kubernetes.taskmanager.cpu',
    target: 'kubernetes',
    set: 'set execution.target: kubernetes-session (or kubernetes-application), or give memory --target kubernetes',
  },
  {
    key: 'yarn.containers.vcores',
    target: 'yarn',
    set: 'set execution.target: yarn-session (or yarn-application), or give memory --target yarn',
  },
];

/**
 * A CPU key of another deployment target is not read (only that target's ResourceManager reads it:
 * `KubernetesWorkerResourceSpecFactory`, `YarnWorkerResourceSpecFactory`): say so, with how to name
 * the target, unless taskmanager.cpu.cores is set (it wins on every target).
 */
export function otherTargetCpuNotes(config: FlinkConfiguration, target: DeploymentTarget): Diagnostic[] {
  if (config.has(CPU_CORES.key)) return [];
  const named = target === 'standalone' && config.get('execution.target') === undefined ? 'standalone (no execution.target)' : target;
  return TARGET_CPU_KEYS.filter((k) => k.target !== target && config.has(k.key)).map((k) =>
    info(
      'config/other-target',
      `'${k.key}' is read only when TaskManagers run on ${k.target === 'kubernetes' ? 'Kubernetes' : 'YARN'}; the deployment target here is ${named}, so it is ignored: ${k.set}`,
      `/${k.key}`,
    ),
  );
}
