/**
 * The network (shuffle) memory Flink adds to a slot sharing group that declares resources, before
 * the JobMaster requests its slots (`SsgNetworkMemoryCalculationUtils.enrichNetworkMemory`, from
 * Flink 1.14; FLINK-15031): Σ over the group's vertices of segment size × the buffers each subtask
 * announces (`NettyShuffleUtils.computeNetworkBuffersForAnnouncing`). Skipped for an UNKNOWN profile
 * and for a profile that already has network memory. Per vertex:
 * - each input gate: channels × buffers-per-channel + floating-buffers-per-gate, channels = the
 *   producer's parallelism (ALL_TO_ALL) or ceil(producer / consumer) (POINTWISE);
 * - each result partition, with S subpartitions (the consumer's parallelism, or ceil(consumer /
 *   producer)): bounded pipelined types max(S × buffers-per-channel + floating, S + 1); blocking
 *   types S + 1, or sort-shuffle.min-buffers once S reaches sort-shuffle.min-parallelism; hybrid
 *   types are never sort-shuffle (`ResultPartitionFactory`: only BLOCKING and BLOCKING_PERSISTENT).
 * - an unbounded pipelined partition (PIPELINED from 1.14, HYBRID_FULL / HYBRID_SELECTIVE from
 *   1.16) would announce its pool's maximum, Integer.MAX_VALUE, and Flink refuses the job while it
 *   builds the execution graph (`NettyShuffleUtils.getNumBuffersToAnnounceForResultPartition`,
 *   docs/research/network-buffers.md §5): `networkMemoryRefusal`.
 * Options and defaults per release (docs/research/flink-versions.md): 2 buffers per channel, 8
 * floating; sort-shuffle min parallelism Integer.MAX_VALUE in 1.14 and 1 from 1.15, min buffers 64
 * in 1.14 and 512 from 1.15; segment size 32 KiB. 2.x removed the first three options (fixed values).
 * Complexity: O(vertices + edges) per job.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import type { JobEdge, JobGraph, ResultPartitionType, ShuffleOptions } from '../model/job-graph.js';
import { type ResourceProfile, isSpecified } from '../model/resource-profile.js';
import { isHybrid } from './result-partition-type.js';

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

/**
 * Whether Flink adds network memory to a group with this profile: a specified profile without
 * network memory (`SsgNetworkMemoryCalculationUtils.enrichNetworkMemory` skips UNKNOWN and explicit
 * network memory, flink-runtime/.../scheduler/; the same test 1.14 → 2.x).
 */
export function isEnriched(version: FlinkVersion, profile: ResourceProfile): boolean {
  return enrichesNetworkMemory(version) && isSpecified(profile) && profile.networkMemory === 0n;
}

/**
 * Partition types whose pool has no maximum and whose announcement is that maximum: PIPELINED
 * (1.14+, `isPipelined`) and, once the announcement takes the max of every type that can be
 * consumed while produced (1.16+, `canBePipelinedConsumed`), the hybrid types.
 */
export function isUnannounceable(type: ResultPartitionType, version: FlinkVersion): boolean {
  if (type === 'PIPELINED') return enrichesNetworkMemory(version);
  return isHybrid(type) && atLeast(version, 1, 16);
}

/**
 * Flink's refusal of a group it enriches whose vertices produce an unbounded pipelined partition;
 * located at the first such edge in the job's order (Flink's own order of vertices and results
 * is that of hash sets, so which type it names first among several can differ).
 */
export function networkMemoryRefusal(
  graph: JobGraph,
  group: { id: string; vertices: readonly number[]; groupProfile: ResourceProfile },
): Diagnostic | undefined {
  if (!isEnriched(graph.flinkVersion, group.groupProfile)) return undefined;
  const members = new Set(group.vertices);
  const edge = graph.edges.find((e) => members.has(e.source) && isUnannounceable(e.resultPartitionType, graph.flinkVersion));
  if (edge === undefined) return undefined;
  const producer = graph.vertices[edge.source]!.id;
  const consumer = graph.vertices[edge.target]!.id;
  const type = edge.resultPartitionType;
  const message = `Flink ${formatVersion(graph.flinkVersion)} refuses this job while building its execution graph: slot sharing group '${group.id}' declares resources, so Flink adds the network memory its tasks announce, and '${producer}' produces a ${type} result (read by '${consumer}') whose buffer pool has no upper bound: Illegal to announce network memory requirement as Integer.MAX_VALUE, partition type: ${type}. Drop the group's declared resources, or exchange ${type === 'PIPELINED' ? 'through PIPELINED_BOUNDED results' : 'through BLOCKING results (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING)'}`;
  return error('plan/network-memory-unbounded', message, edge.pointer, 'IllegalArgumentException');
}

function maxEdgesToTarget(target: number, source: number, edge: JobEdge): number {
  return edge.distribution === 'ALL_TO_ALL' ? source : Math.ceil(source / target);
}

function isPipelined(edge: JobEdge): boolean {
  return edge.resultPartitionType === 'PIPELINED_BOUNDED' || edge.resultPartitionType === 'PIPELINED_APPROXIMATE';
}

/** Sort-shuffle takes only blocking results (1.16+ `ResultPartitionType.isBlockingOrBlockingPersistentResultPartition`). */
function isBlocking(edge: JobEdge): boolean {
  return edge.resultPartitionType === 'BLOCKING' || edge.resultPartitionType === 'BLOCKING_PERSISTENT';
}

function partitionBuffers(subpartitions: number, edge: JobEdge, r: Resolved): number {
  const sort = isBlocking(edge) && subpartitions >= r.sortMinParallelism;
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
