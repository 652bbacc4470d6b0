/**
 * What network memory ends the "Insufficient number of network buffers" failure. The message
 * (NetworkBufferPool, flink-runtime/.../io/network/buffer/NetworkBufferPool.java) says the pool has
 * T buffers, A of them free, and a task's pool needed R: the TaskManager needs at least T − A + R
 * buffers of the segment size (32 KiB unless the message prints another, taskmanager.memory.segment-size).
 * Flink sizes the pool as FLIP-49 does (TaskExecutorFlinkMemoryUtils): network memory =
 * fraction × total Flink memory, within [network.min, network.max]; buffers = network memory ÷
 * segment size. Where the TaskManager log printed its memory options, the current network memory
 * is derived from them (src/memory/) and said.
 */
import { type FlinkVersion, atLeast } from '../../model/flink-version.js';
import { formatBytes } from '../../model/memory-size.js';
import { computeTaskExecutorMemory } from '../../memory/task-executor-memory.js';
import type { RebuiltCluster } from './rebuild-cluster.js';

export const DEFAULT_SEGMENT_SIZE = 32 * 1024;

export interface NetworkFix {
  readonly buffers: number;
  readonly bytes: bigint;
  readonly text: string;
}

/** The TaskManager's network memory as its printed configuration derives it, when it printed enough. */
function configuredNetwork(cluster: RebuiltCluster, version: FlinkVersion): bigint | undefined {
  const config = new Map([...cluster.configuration].map(([k, v]) => [k, v.value]));
  if (!config.has('taskmanager.memory.process.size') && !config.has('taskmanager.memory.flink.size')) return undefined;
  try {
    return computeTaskExecutorMemory(config, version).network;
  } catch {
    return undefined;
  }
}

const MIB = 1024n * 1024n;

/** The network memory FLIP-49 derives from `config` (undefined when it does not derive). */
function networkOf(config: ReadonlyMap<string, string>, version: FlinkVersion): bigint | undefined {
  try {
    return computeTaskExecutorMemory(config, version).network;
  } catch {
    return undefined;
  }
}

/**
 * The smallest taskmanager.memory.process.size (whole MiB) whose derived network memory is at least
 * `bytes`, the other options as printed; undefined when the configuration fixes the process size
 * another way or network.max caps it below `bytes`. Bisection: at most ~40 derivations.
 */
function processSizeFor(cluster: RebuiltCluster, version: FlinkVersion, bytes: bigint): bigint | undefined {
  const config = new Map([...cluster.configuration].map(([k, v]) => [k, v.value]));
  const key = 'taskmanager.memory.process.size';
  if (!config.has(key) || config.has('taskmanager.memory.flink.size') || config.has('taskmanager.memory.task.heap.size')) return undefined;
  const at = (mib: bigint): bigint | undefined => networkOf(new Map(config).set(key, `${mib}m`), version);
  let hi = 1n << 20n; // 1 TiB
  if ((at(hi) ?? 0n) < bytes) return undefined;
  let lo = 1n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if ((at(mid) ?? 0n) >= bytes) hi = mid;
    else lo = mid + 1n;
  }
  return lo * MIB;
}

export function networkFix(cluster: RebuiltCluster, version: FlinkVersion | undefined): NetworkFix | undefined {
  const n = cluster.network;
  if (n === undefined) return undefined;
  const segment = n.segmentSize ?? DEFAULT_SEGMENT_SIZE;
  // Without the total, the pool needs at least R − A more buffers than it has: say only that.
  const buffers = n.total === undefined ? n.required - n.available : n.total - n.available + n.required;
  const bytes = BigInt(buffers) * BigInt(segment);
  const v = version ?? { major: 1, minor: 17 };
  const max = atLeast(v, 1, 17) ? 'unlimited from 1.17' : '1 GiB before 1.17';
  const current = configuredNetwork(cluster, v);
  const process = current === undefined || n.total === undefined ? undefined : processSizeFor(cluster, v, bytes);
  const bigger =
    process === undefined ? '' : `; with the fraction and limits as they are, taskmanager.memory.process.size: ${process / MIB}m gives it`;
  const now = current === undefined ? '' : ` (the TaskManager's configuration gives ${formatBytes(current)} now${bigger})`;
  const what =
    n.total === undefined ? `${buffers} more buffer(s), ${formatBytes(bytes)} more` : `at least ${formatBytes(bytes)} (${bytes} bytes)`;
  const text =
    `raise taskmanager.memory.network.max and taskmanager.memory.network.min (or taskmanager.memory.network.fraction) so each TaskManager's network memory is ${what}${now}: ` +
    `${buffers} buffers of ${segment} bytes; Flink sizes it as fraction (0.1) × total Flink memory, within [min (64 MiB), max (${max})], and cuts it into buffers of taskmanager.memory.segment-size`;
  return { buffers, bytes, text };
}
