/**
 * The network (shuffle) memory Flink adds to a slot sharing group that declares resources, before
 * the JobMaster requests its slots (`SsgNetworkMemoryCalculationUtils.enrichNetworkMemory`, from
 * Flink 1.14; FLINK-15031): Σ over the group's vertices of segment size × the buffers each subtask
 * announces (`NettyShuffleUtils.computeNetworkBuffersForAnnouncing`). Skipped for an UNKNOWN profile
 * and for a profile that already has network memory. Per vertex:
 * - each input gate: channels × buffers-per-channel + floating-buffers-per-gate, channels = the
 *   producer's parallelism (ALL_TO_ALL) or ceil(producer / consumer) (POINTWISE);
 * - each result partition, with S subpartitions (the consumer's parallelism, or ceil(consumer /
 *   producer)): pipelined types max(S × buffers-per-channel + floating, S + 1); blocking types S + 1,
 *   or sort-shuffle.min-buffers once S reaches sort-shuffle.min-parallelism.
 * Options and defaults per release (docs/research/flink-versions.md): 2 buffers per channel, 8
 * floating; sort-shuffle min parallelism Integer.MAX_VALUE in 1.14 and 1 from 1.15, min buffers 64
 * in 1.14 and 512 from 1.15; segment size 32 KiB. 2.x removed the first three options (fixed values).
 * Complexity: O(vertices + edges) per job.
 */
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { JobEdge, JobGraph, ShuffleOptions } from '../model/job-graph.js';

interface Resolved {
  readonly bpc: number;
  readonly floating: number;
  readonly sortMinParallelism: number;
  readonly sortMinBuffers: number;
  readonly segmentSize: bigint;
}

function resolve(version: FlinkVersion, o: ShuffleOptions): Resolved {
  const fixed = atLeast(version, 2, 0);
  const since115 = atLeast(version, 1, 15);
  return {
    bpc: fixed ? 2 : (o.buffersPerChannel ?? 2),
    floating: fixed ? 8 : (o.floatingBuffersPerGate ?? 8),
    sortMinParallelism: fixed ? 1 : (o.sortShuffleMinParallelism ?? (since115 ? 1 : 2 ** 31 - 1)),
    sortMinBuffers: o.sortShuffleMinBuffers ?? (since115 ? 512 : 64),
    segmentSize: o.segmentSize ?? 32n * 1024n,
  };
}

/** Flink adds network memory to groups with resources from this release. */
export function enrichesNetworkMemory(version: FlinkVersion): boolean {
  return atLeast(version, 1, 14);
}

function maxEdgesToTarget(target: number, source: number, edge: JobEdge): number {
  return edge.distribution === 'ALL_TO_ALL' ? source : Math.ceil(source / target);
}

function isPipelined(edge: JobEdge): boolean {
  return edge.resultPartitionType === 'PIPELINED_BOUNDED' || edge.resultPartitionType === 'PIPELINED_APPROXIMATE';
}

function partitionBuffers(subpartitions: number, edge: JobEdge, r: Resolved): number {
  const sort = !isPipelined(edge) && subpartitions >= r.sortMinParallelism;
  const expected = sort ? r.sortMinBuffers : subpartitions + 1;
  if (!isPipelined(edge)) return expected;
  return Math.max(subpartitions * r.bpc + r.floating, expected);
}

/** Bytes of network memory per slot of the group made of `vertices` (indices into the graph). */
export function groupNetworkMemory(graph: JobGraph, vertices: readonly number[]): bigint {
  const r = resolve(graph.flinkVersion, graph.shuffleOptions ?? {});
  const members = new Set(vertices);
  let buffers = 0;
  for (const edge of graph.edges) {
    const producer = graph.vertices[edge.source]!;
    const consumer = graph.vertices[edge.target]!;
    if (members.has(edge.target)) {
      const channels = maxEdgesToTarget(consumer.parallelism, producer.parallelism, edge);
      buffers += channels * r.bpc + r.floating;
    }
    if (members.has(edge.source)) {
      // A consumer the AdaptiveBatchScheduler has yet to decide: its max parallelism sizes the
      // producer's subpartitions (IntermediateResultPartition.computeNumberOfMaxPossiblePartitionConsumers).
      const consumers = consumer.decidedAtRuntime === true ? consumer.maxParallelism : consumer.parallelism;
      const subpartitions = maxEdgesToTarget(producer.parallelism, consumers, edge);
      buffers += partitionBuffers(subpartitions, edge, r);
    }
  }
  return BigInt(buffers) * r.segmentSize;
}
