/**
 * A TaskManager's total resources and its default slot ResourceProfile
 * (`TaskExecutorResourceUtils.generateTotalAvailableResourceProfile / generateDefaultSlotResourceProfile`):
 * CPU per deployment target (task-manager-cpu.ts); task heap,
 * task off-heap, managed and network memory. Framework memory, metaspace and overhead are not
 * part of it. A slot gets each field divided by the number of slots: bytes by integer division,
 * CPU at BigDecimal scale 16 rounded down, and from Flink 1.14 every CPU value at 8 decimals.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { decimalFromNumber, roundDownDecimal } from '../model/decimal.js';
import { type FlinkVersion, resourceScale } from '../model/flink-version.js';
import { type SpecifiedProfile, divideIntoSlots, specified } from '../model/resource-profile.js';
import { type FlinkConfiguration, readInteger } from './flink-configuration.js';
import { type DeploymentTarget, type TaskManagerCpu, taskManagerCpu } from './task-manager-cpu.js';
import { memoryOptions } from './memory-options.js';
import type { TaskExecutorMemory } from './task-executor-memory.js';

export interface TaskManagerResources {
  readonly deploymentTarget: DeploymentTarget;
  /** The CPU cores and the option they came from. */
  readonly cpu: TaskManagerCpu;
  readonly numberOfTaskSlots: number;
  readonly totalResourceProfile: SpecifiedProfile;
  readonly defaultSlotResourceProfile: SpecifiedProfile;
}

export function computeTaskManagerResources(
  config: FlinkConfiguration,
  version: FlinkVersion,
  memory: TaskExecutorMemory,
  target: DeploymentTarget = 'standalone',
): TaskManagerResources {
  const o = memoryOptions(version);
  const slots = readInteger(config, o.numberOfTaskSlots)!;
  if (slots < 1) throw new FlinkException('IllegalConfigurationException', `Number of task slots must be at least one, was: ${slots}`);
  const cpu = taskManagerCpu(config, version, target, slots);
  const total = specified({
    cpuCores: roundDownDecimal(decimalFromNumber(cpu.cores), resourceScale(version)),
    taskHeapMemory: memory.taskHeap,
    taskOffHeapMemory: memory.taskOffHeap,
    managedMemory: memory.managed,
    networkMemory: memory.network,
  });
  return {
    deploymentTarget: target,
    cpu,
    numberOfTaskSlots: slots,
    totalResourceProfile: total,
    defaultSlotResourceProfile: divideIntoSlots(total, slots, resourceScale(version)),
  };
}
