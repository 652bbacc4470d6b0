/**
 * A TaskManager's total resources and its default slot ResourceProfile
 * (`TaskExecutorResourceUtils.generateTotalAvailableResourceProfile / generateDefaultSlotResourceProfile`):
 * CPU from taskmanager.cpu.cores, else the number of slots (the standalone fallback); task heap,
 * task off-heap, managed and network memory. Framework memory, metaspace and overhead are not
 * part of it. A slot gets each field divided by the number of slots: bytes by integer division,
 * CPU at BigDecimal scale 16 rounded down.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { decimalFromNumber } from '../model/decimal.js';
import type { FlinkVersion } from '../model/flink-version.js';
import { type SpecifiedProfile, divideIntoSlots, specified } from '../model/resource-profile.js';
import { type FlinkConfiguration, readDouble, readInteger } from './flink-configuration.js';
import { memoryOptions } from './memory-options.js';
import type { TaskExecutorMemory } from './task-executor-memory.js';

export interface TaskManagerResources {
  readonly numberOfTaskSlots: number;
  readonly totalResourceProfile: SpecifiedProfile;
  readonly defaultSlotResourceProfile: SpecifiedProfile;
}

export function computeTaskManagerResources(
  config: FlinkConfiguration,
  version: FlinkVersion,
  memory: TaskExecutorMemory,
): TaskManagerResources {
  const o = memoryOptions(version);
  const slots = readInteger(config, o.numberOfTaskSlots)!;
  if (slots < 1) throw new FlinkException('IllegalConfigurationException', `Number of task slots must be at least one, was: ${slots}`);
  const cpu = readDouble(config, o.cpuCores) ?? slots;
  if (!(cpu > 0)) {
    throw new FlinkException(
      'IllegalConfigurationException',
      'TaskExecutors need to be started with a positive number of CPU cores. Please configure taskmanager.cpu.cores accordingly.',
    );
  }
  const total = specified({
    cpuCores: decimalFromNumber(cpu),
    taskHeapMemory: memory.taskHeap,
    taskOffHeapMemory: memory.taskOffHeap,
    managedMemory: memory.managed,
    networkMemory: memory.network,
  });
  return { numberOfTaskSlots: slots, totalResourceProfile: total, defaultSlotResourceProfile: divideIntoSlots(total, slots) };
}
