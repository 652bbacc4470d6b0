/**
 * When a TaskManager's network buffer pool refuses a request, and what Flink prints then
 * (docs/research/network-buffers.md §1, §3): rt/io/network/buffer/NetworkBufferPool.java (rt/ =
 * flink-runtime/src/main/java/org/apache/flink/runtime/) keeps the sum of every live pool's minimum
 * and every exclusive segment handed out; a new pool's minimum (internalCreateBufferPool) or a batch
 * of exclusive segments (tryRedistributeBuffers) that would take the sum above the pool's total
 * fails with an IOException naming that one request and what was left.
 */
import type { BufferRequest } from './network-buffer-demand.js';

export interface FailingRequest {
  /** The request's size: Flink's "required". */
  readonly required: number;
  /** What earlier requests left: Flink's "available". */
  readonly available: number;
}

/**
 * The first request, in order, that does not fit in `total` after `alreadyRequired`; undefined when
 * all fit (then alreadyRequired + Σ requests ≤ total).
 */
export function firstFailingRequest(
  alreadyRequired: number,
  requests: readonly BufferRequest[],
  total: number,
): FailingRequest | undefined {
  let used = alreadyRequired;
  for (const { size, count } of requests) {
    if (size <= 0 || count <= 0) continue;
    if (used + size * count <= total) {
      used += size * count;
      continue;
    }
    const served = Math.max(0, Math.floor((total - used) / size));
    used += served * size;
    return { required: size, available: total - used };
  }
  return undefined;
}

/**
 * Flink's text, identical 1.10 – 2.x: NetworkBufferPool's "required %d, but only %d available. %s."
 * with getConfigDescription() naming TaskManagerOptions.NETWORK_MEMORY_FRACTION / MIN / MAX.
 */
export function insufficientNetworkBuffersMessage(
  required: number,
  available: number,
  total: number,
  segmentSize: number | bigint,
): string {
  return (
    `Insufficient number of network buffers: required ${required}, but only ${available} available. ` +
    `The total number of network buffers is currently set to ${total} of ${segmentSize} bytes each. ` +
    `You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', ` +
    `'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.`
  );
}

/**
 * N: rt/taskmanager/NettyShuffleEnvironmentConfiguration.calculateNumberOfNetworkBuffers (1.10 – 2.x),
 * network memory / segment size rounded down. (Flink refuses more than Integer.MAX_VALUE pages at start-up.)
 */
export function networkBufferCount(networkMemory: bigint, segmentSize: bigint): number {
  return Number(networkMemory / segmentSize);
}
