/**
 * A TaskManager's total resources and its default slot ResourceProfile
 * (`TaskExecutorResourceUtils.generateTotalAvailableResourceProfile / generateDefaultSlotResourceProfile`):
 * CPU per deployment target (task-manager-cpu.ts); task heap,
 * task off-heap, managed and network memory; external resources from Flink 1.13
 * (external-resources.ts). Framework memory, metaspace and overhead are not part of it. A slot gets each field divided by the number of slots: bytes by integer division,
 * CPU and extended resources at BigDecimal scale 16 rounded down, from Flink 1.14 at 8 decimals.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { decimalFromNumber, roundDownDecimal } from '../model/decimal.js';
import { type FlinkVersion, resourceScale } from '../model/flink-version.js';
import { type SpecifiedProfile, divideIntoSlots, specified } from '../model/resource-profile.js';
import { type FlinkConfiguration, readInteger } from './flink-configuration.js';
import { type ExternalResources, extendedResourcesOf, externalResourcesFromConfig } from './external-resources.js';
import { type DeploymentTarget, type TaskManagerCpu, taskManagerCpu } from './task-manager-cpu.js';
import { type KubernetesPodResources, kubernetesPodResources } from './kubernetes-pod.js';
import { memoryOptions } from './memory-options.js';
import { type TaskExecutorMemory, withFailurePrefix } from './task-executor-memory.js';

export interface TaskManagerResources {
  readonly deploymentTarget: DeploymentTarget;
  /** The CPU cores and the option they came from. */
  readonly cpu: TaskManagerCpu;
  readonly numberOfTaskSlots: number;
  readonly totalResourceProfile: SpecifiedProfile;
  readonly defaultSlotResourceProfile: SpecifiedProfile;
  /** `external-resources` and their amounts, in the profiles above from Flink 1.13. */
  readonly externalResources: ExternalResources;
  /** On Kubernetes: the pod's requests and limits. */
  readonly kubernetesPod?: KubernetesPodResources;
}

export function computeTaskManagerResources(
  config: FlinkConfiguration,
  version: FlinkVersion,
  memory: TaskExecutorMemory,
  target: DeploymentTarget = 'standalone',
): TaskManagerResources {
  const o = memoryOptions(version);
  const configuredSlots = readInteger(config, o.numberOfTaskSlots)!;
  const cpu = cpuInsideProcessSpec(() => taskManagerCpu(config, version, target, configuredSlots), version);
  // TaskExecutorProcessUtils reads the external resources after the CPU, before the slots are checked.
  const externalResources = externalResourcesFromConfig(config, version);
  const slots = slotsOf(configuredSlots);
  const total = specified({
    cpuCores: roundDownDecimal(decimalFromNumber(cpu.cores), resourceScale(version)),
    taskHeapMemory: memory.taskHeap,
    taskOffHeapMemory: memory.taskOffHeap,
    managedMemory: memory.managed,
    networkMemory: memory.network,
    extendedResources: extendedResourcesOf(externalResources),
  });
  return {
    deploymentTarget: target,
    cpu,
    numberOfTaskSlots: slots,
    totalResourceProfile: total,
    defaultSlotResourceProfile: divideIntoSlots(total, slots, resourceScale(version)),
    externalResources,
    ...(target === 'kubernetes' ? { kubernetesPod: kubernetesPodResources(config, version, cpu.cores, memory.totalProcess) } : {}),
  };
}

/**
 * Flink reads the CPU inside `TaskExecutorProcessUtils.processSpecFromConfig`, after the memory,
 * so its failure carries the same "TaskManager memory configuration failed: " prefix (from 1.12).
 */
function cpuInsideProcessSpec(read: () => TaskManagerCpu, version: FlinkVersion): TaskManagerCpu {
  try {
    return read();
  } catch (e) {
    if (e instanceof FlinkException) throw withFailurePrefix(e, version);
    throw e;
  }
}

/**
 * `ConfigurationParserUtils.getSlot`: -1 (written by many old configurations) means 1; below 1
 * fails when the TaskExecutor starts. The CPU fallback above still sees the configured value, as
 * Flink's does, so 0 or -1 slots without `taskmanager.cpu.cores` fail on the CPU first.
 */
function slotsOf(configured: number): number {
  const slots = configured === -1 ? 1 : configured;
  if (slots >= 1) return slots;
  throw new FlinkException(
    'IllegalConfigurationException',
    `Invalid configuration value for taskmanager.numberOfTaskSlots : ${configured} - Number of task slots must be at least one.`,
  );
}
