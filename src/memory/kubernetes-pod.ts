/**
 * The resources of a TaskManager pod Flink's Kubernetes ResourceManager creates
 * (`KubernetesUtils.getResourceRequirements`, via InitTaskManagerDecorator): requests of the
 * worker's CPU and its total process memory in whole MiB; limits of CPU × and memory ×
 * `kubernetes.taskmanager.cpu|memory.limit-factor` (from Flink 1.15; before, limits equal requests).
 * Flink's JobManager logs the pair as "Creating new TaskManager pod … with resource <MiB,cpu>".
 */
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { type FlinkConfiguration, option, readDouble } from './flink-configuration.js';

export interface KubernetesPodResources {
  readonly cpuRequest: number;
  readonly cpuLimit: number;
  readonly memoryRequestMiB: number;
  readonly memoryLimitMiB: number;
}

const CPU_LIMIT_FACTOR = option<number>('kubernetes.taskmanager.cpu.limit-factor', 1, '1.0');
const MEMORY_LIMIT_FACTOR = option<number>('kubernetes.taskmanager.memory.limit-factor', 1, '1.0');

/** `getTaskManagerCPULimitFactor` / `getTaskManagerMemoryLimitFactor`: at least 1. */
function limitFactor(config: FlinkConfiguration, o: typeof CPU_LIMIT_FACTOR, version: FlinkVersion): number {
  if (!atLeast(version, 1, 15)) return 1;
  const factor = readDouble(config, o)!;
  if (factor >= 1) return factor;
  throw new FlinkException('IllegalArgumentException', `${o.key} should be greater or equal to 1.`);
}

export function kubernetesPodResources(
  config: FlinkConfiguration,
  version: FlinkVersion,
  cpu: number,
  totalProcessMemory: bigint,
): KubernetesPodResources {
  const memoryMiB = Number(totalProcessMemory >> 20n);
  return {
    cpuRequest: cpu,
    cpuLimit: cpu * limitFactor(config, CPU_LIMIT_FACTOR, version),
    memoryRequestMiB: memoryMiB,
    // Java's (int) cast: truncation.
    memoryLimitMiB: Math.trunc(memoryMiB * limitFactor(config, MEMORY_LIMIT_FACTOR, version)),
  };
}
