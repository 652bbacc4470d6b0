/**
 * The TaskManager memory options of `TaskManagerOptions` with their defaults per Flink version:
 * network.max is 1g up to 1.16 and unlimited from 1.17 (FLINK-30472); metaspace is 96m in 1.10.
 */
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { MAX_BYTES } from '../model/memory-size.js';
import { type ConfigOption, option } from './flink-configuration.js';

const MB = 1024n * 1024n;

export interface MemoryOptions {
  readonly processSize: ConfigOption<bigint>;
  readonly flinkSize: ConfigOption<bigint>;
  readonly frameworkHeap: ConfigOption<bigint>;
  readonly frameworkOffHeap: ConfigOption<bigint>;
  readonly taskHeap: ConfigOption<bigint>;
  readonly taskOffHeap: ConfigOption<bigint>;
  readonly managedSize: ConfigOption<bigint>;
  readonly managedFraction: ConfigOption<number>;
  readonly networkMin: ConfigOption<bigint>;
  readonly networkMax: ConfigOption<bigint>;
  readonly networkFraction: ConfigOption<number>;
  /** Removed in 2.0 (TaskExecutorFlinkMemoryUtils no longer reads it). */
  readonly networkBuffers: ConfigOption<number> | undefined;
  readonly segmentSize: ConfigOption<bigint>;
  readonly metaspace: ConfigOption<bigint>;
  readonly overheadMin: ConfigOption<bigint>;
  readonly overheadMax: ConfigOption<bigint>;
  readonly overheadFraction: ConfigOption<number>;
  readonly numberOfTaskSlots: ConfigOption<number>;
  readonly cpuCores: ConfigOption<number>;
}

export function memoryOptions(version: FlinkVersion): MemoryOptions {
  const unlimitedNetwork = atLeast(version, 1, 17);
  return {
    processSize: option<bigint>('taskmanager.memory.process.size', undefined, undefined),
    flinkSize: option<bigint>('taskmanager.memory.flink.size', undefined, undefined),
    frameworkHeap: option('taskmanager.memory.framework.heap.size', 128n * MB, '128 mb'),
    frameworkOffHeap: option('taskmanager.memory.framework.off-heap.size', 128n * MB, '128 mb'),
    taskHeap: option<bigint>('taskmanager.memory.task.heap.size', undefined, undefined),
    taskOffHeap: option('taskmanager.memory.task.off-heap.size', 0n, '0 bytes'),
    managedSize: option<bigint>('taskmanager.memory.managed.size', undefined, undefined, ['taskmanager.memory.size']),
    managedFraction: option('taskmanager.memory.managed.fraction', 0.4, '0.4'),
    networkMin: option('taskmanager.memory.network.min', 64n * MB, '64 mb', ['taskmanager.network.memory.min']),
    networkMax: option(
      'taskmanager.memory.network.max',
      unlimitedNetwork ? MAX_BYTES : 1024n * MB,
      unlimitedNetwork ? '9223372036854775807 bytes' : '1 gb',
      ['taskmanager.network.memory.max'],
    ),
    networkFraction: option('taskmanager.memory.network.fraction', 0.1, '0.1', ['taskmanager.network.memory.fraction']),
    networkBuffers: atLeast(version, 2, 0) ? undefined : option<number>('taskmanager.network.numberOfBuffers', undefined, undefined),
    segmentSize: option('taskmanager.memory.segment-size', 32n * 1024n, '32 kb'),
    metaspace: option(
      'taskmanager.memory.jvm-metaspace.size',
      (atLeast(version, 1, 11) ? 256n : 96n) * MB,
      atLeast(version, 1, 11) ? '256 mb' : '96 mb',
    ),
    overheadMin: option('taskmanager.memory.jvm-overhead.min', 192n * MB, '192 mb'),
    overheadMax: option('taskmanager.memory.jvm-overhead.max', 1024n * MB, '1 gb'),
    overheadFraction: option('taskmanager.memory.jvm-overhead.fraction', 0.1, '0.1'),
    numberOfTaskSlots: option('taskmanager.numberOfTaskSlots', 1, '1'),
    cpuCores: option<number>('taskmanager.cpu.cores', undefined, undefined),
  };
}
