/**
 * What one task asks of its TaskManager's network buffer pool, per release (docs/research/network-buffers.md
 * §2): the minimum of each result partition's pool, the minimum of each input gate's (floating) pool, and
 * the exclusive buffers of each remote input channel. Only these are *required*: a pool's maximum and
 * the floating buffers above a gate's minimum are optional and never fail a task.
 * Abbreviations in the comments: `rt/` = flink-runtime/src/main/java/org/apache/flink/runtime/.
 */
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { ResultPartitionType, ShuffleOptions } from '../model/job-graph.js';

const INT_MAX = 2 ** 31 - 1;

export interface NetworkBufferRules {
  readonly flinkVersion: FlinkVersion;
  readonly buffersPerChannel: number;
  readonly floatingBuffersPerGate: number;
  readonly sortShuffleMinParallelism: number;
  readonly sortShuffleMinBuffers: number;
  /** `taskmanager.network.memory.read-buffer.required-per-gate.max` (1.17+); undefined = not set. */
  readonly requiredPerGateMax: number | undefined;
  /** Bytes per buffer (`taskmanager.memory.segment-size`). */
  readonly segmentSize: number;
  /**
   * The TaskManager builds tiered-storage partitions (1.18+, hybrid batch shuffle in its new mode):
   * every non-sort partition's minimum is capped at this many guaranteed buffers; undefined otherwise.
   */
  readonly tieredGuaranteedBuffers: number | undefined;
}

/**
 * Option defaults per release (rt/../configuration/NettyShuffleEnvironmentOptions.java): buffers per
 * channel 2 and floating 8 always; sort-shuffle min-parallelism Integer.MAX_VALUE in 1.12–1.14 and 1
 * from 1.15, min-buffers 64 then 512. 2.0 removed buffers-per-channel, floating-buffers-per-gate and
 * sort-shuffle.min-parallelism: NettyShuffleEnvironmentConfiguration.fromConfiguration hard-codes 2/8/1.
 */
export function networkBufferRules(version: FlinkVersion, o: ShuffleOptions = {}): NetworkBufferRules {
  const fixed = atLeast(version, 2, 0);
  const since115 = atLeast(version, 1, 15);
  return {
    flinkVersion: version,
    buffersPerChannel: fixed ? 2 : (o.buffersPerChannel ?? 2),
    floatingBuffersPerGate: fixed ? 8 : (o.floatingBuffersPerGate ?? 8),
    // Sort-shuffle arrived in 1.12 (FLINK-19582); before, no partition is sort-shuffle.
    sortShuffleMinParallelism: !atLeast(version, 1, 12) ? INT_MAX : fixed ? 1 : (o.sortShuffleMinParallelism ?? (since115 ? 1 : INT_MAX)),
    sortShuffleMinBuffers: o.sortShuffleMinBuffers ?? (since115 ? 512 : 64),
    requiredPerGateMax: atLeast(version, 1, 17) ? o.readBufferRequiredPerGateMax : undefined,
    segmentSize: Number(o.segmentSize ?? 32768n),
    tieredGuaranteedBuffers: tieredGuaranteedBuffers(version, o),
  };
}

/**
 * 1.18+: a TaskManager whose `execution.batch-shuffle-mode` is hybrid (and, 1.18–1.20,
 * `taskmanager.network.hybrid-shuffle.enable-new-mode` not false) creates TieredResultPartitionFactory
 * (rt/io/network/partition/ResultPartitionFactory.java). Guaranteed buffers: 1.18–1.19
 * TieredStorageConfiguration.getTotalExclusiveBufferNum = 512 + 100 + 1 (+1 remote tier);
 * 1.20+ getNumTotalGuaranteedBuffers = 100 + 1 (+1 remote tier).
 */
function tieredGuaranteedBuffers(version: FlinkVersion, o: ShuffleOptions): number | undefined {
  if (!atLeast(version, 1, 18) || !o.hybridBatchShuffle) return undefined;
  if (!atLeast(version, 2, 0) && o.hybridNewMode === false) return undefined;
  const remote = o.tieredRemoteStorage ? 1 : 0;
  return (atLeast(version, 1, 20) ? 101 : 613) + remote;
}

function isBlocking(type: ResultPartitionType): boolean {
  return type === 'BLOCKING' || type === 'BLOCKING_PERSISTENT';
}

function isHybridType(type: ResultPartitionType): boolean {
  return type === 'HYBRID_FULL' || type === 'HYBRID_SELECTIVE';
}

/** A partition written by sort-merge shuffle: blocking with at least sort-shuffle.min-parallelism subpartitions. */
export function isSortShuffle(rules: NetworkBufferRules, type: ResultPartitionType, subpartitions: number): boolean {
  // 1.12–1.15 test `!isPipelined()` (1.14 `isBlocking()`), 1.16+ BLOCKING/BLOCKING_PERSISTENT: for the
  // types a job graph carries these agree; hybrid (1.16+) is never sort-shuffle.
  return isBlocking(type) && subpartitions >= rules.sortShuffleMinParallelism;
}

/**
 * The required minimum of one result partition's pool: subpartitions + 1 in every release
 * (rt/io/network/partition/ResultPartitionFactory.java createBufferPoolFactory; 1.14+
 * rt/shuffle/NettyShuffleUtils.getMinMaxNetworkBuffersPerResultPartition), sort-shuffle.min-buffers
 * for a sort-shuffle partition (1.12+), and with tiered storage (1.18+) min(guaranteed, subpartitions + 1).
 */
export function partitionMinimum(rules: NetworkBufferRules, type: ResultPartitionType, subpartitions: number): number {
  if (isSortShuffle(rules, type, subpartitions)) return rules.sortShuffleMinBuffers;
  const plain = subpartitions + 1;
  return rules.tieredGuaranteedBuffers === undefined ? plain : Math.min(rules.tieredGuaranteedBuffers, plain);
}

/** An input gate's required buffers: its floating pool's minimum, and exclusive buffers per remote channel. */
export interface GateBuffers {
  readonly minimum: number;
  readonly exclusivePerChannel: number;
}

/**
 * rt/io/network/partition/consumer/SingleInputGateFactory.java: 1.10 gate pool (0, fpg); 1.11–1.16
 * (1, fpg) (1.14+ NettyShuffleUtils.getMinMaxFloatingBuffersPerInputGate) and buffers-per-channel
 * exclusive per remote channel; 1.17+ consumer/InputGateSpecUtils.createGateBuffersSpec (FLINK-30473).
 */
export function gateBuffers(rules: NetworkBufferRules, type: ResultPartitionType, channels: number): GateBuffers {
  const bpc = rules.buffersPerChannel;
  if (!atLeast(rules.flinkVersion, 1, 11)) return { minimum: 0, exclusivePerChannel: bpc };
  if (!atLeast(rules.flinkVersion, 1, 17) || channels <= 0) return { minimum: 1, exclusivePerChannel: bpc };
  // A threshold below 1 is refused at start-up (§4 of the research); never count below one buffer.
  const required = Math.max(1, Math.min(gateThreshold(rules, type), channels * bpc + 1));
  const exclusivePerChannel = Math.min(bpc, Math.floor((required - 1) / channels));
  return { minimum: required - exclusivePerChannel * channels, exclusivePerChannel };
}

/**
 * InputGateSpecUtils.getEffectiveMaxRequiredBuffersPerGate: the configured
 * read-buffer.required-per-gate.max, else Integer.MAX_VALUE for PIPELINED, PIPELINED_BOUNDED and
 * hybrid gates and 1000 for the others (blocking, approximate). 1.18+: a hybrid gate on a TaskManager
 * with tiered storage gets 1000 too.
 */
function gateThreshold(rules: NetworkBufferRules, type: ResultPartitionType): number {
  if (rules.requiredPerGateMax !== undefined) return rules.requiredPerGateMax;
  if (type === 'PIPELINED' || type === 'PIPELINED_BOUNDED') return INT_MAX;
  if (isHybridType(type) && rules.tieredGuaranteedBuffers === undefined) return INT_MAX;
  return 1000;
}

/**
 * The order a task's requests reach the pool (rt/taskmanager/Task.setupPartitionsAndGates; §3 of the
 * research): 1.10–1.11 the gate's `setup()` assigns the remote channels' exclusive buffers before the
 * gate pool is created (SingleInputGate.assignExclusiveSegments); 1.12+ channels start as recovered
 * channels and take their exclusive buffers when converted, after every pool of the TaskManager's
 * freshly deployed tasks exists ('two-phase').
 */
export function requestOrder(version: FlinkVersion): 'per-task' | 'two-phase' {
  return atLeast(version, 1, 12) ? 'two-phase' : 'per-task';
}
