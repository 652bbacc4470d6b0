/**
 * Which result partitions join producer and consumer into one pipelined region.
 * >= 1.16: `ResultPartitionType.mustBePipelinedConsumed()` (PIPELINED, PIPELINED_BOUNDED);
 * 1.13–1.15: not reconnectable (the same two); <= 1.12: `isPipelined()`, which also counted
 * PIPELINED_APPROXIMATE. Hybrid types never merge (CAN_BE_PIPELINED).
 */
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { ResultPartitionType } from '../model/job-graph.js';

export function mustBePipelinedConsumed(type: ResultPartitionType, version: FlinkVersion): boolean {
  if (type === 'PIPELINED' || type === 'PIPELINED_BOUNDED') return true;
  return type === 'PIPELINED_APPROXIMATE' && !atLeast(version, 1, 13);
}

export function isHybrid(type: ResultPartitionType): boolean {
  return type === 'HYBRID_FULL' || type === 'HYBRID_SELECTIVE';
}
