/**
 * The subtask-level view of a job (Flink's ExecutionGraph topology) kept compact: job vertices
 * with their parallelism and inputs, subtasks numbered densely (vertex offset + subtask index),
 * and each input described by its wiring pattern rather than by subtask pairs, so an all-to-all
 * edge of 10,000 × 10,000 subtasks costs one object, not 10^8 edges.
 */
import type { ResultPartitionType } from '../model/job-graph.js';
import type { ResourceProfile } from '../model/resource-profile.js';

export type ExecutionInput =
  | {
      readonly pattern: 'ALL_TO_ALL' | 'POINTWISE';
      readonly producer: number;
      readonly resultPartitionType: ResultPartitionType;
    }
  | {
      /** Subtask edges listed one by one; each is its own result partition. */
      readonly pattern: 'EXPLICIT';
      readonly producer: number;
      readonly resultPartitionType: ResultPartitionType;
      /** Per consumer subtask, the producer subtasks it reads, in order. */
      readonly consumed: ReadonlyArray<ReadonlyArray<number>>;
    };

export interface ExecutionJobVertex {
  readonly id: string;
  readonly parallelism: number;
  readonly slotSharingGroup: number;
  readonly coLocationGroup: number | undefined;
  /** The vertex's ResourceSpec (UNKNOWN when unspecified). */
  readonly resources: ResourceProfile;
  readonly inputs: readonly ExecutionInput[];
  /** Logical pipelined region (JobGraph level); undefined for explicit subtask graphs. */
  readonly logicalRegion: number | undefined;
}

export interface ExecutionSlotSharingGroupSpec {
  readonly id: string;
  /** FLIP-156 group profile, UNKNOWN when none. */
  readonly profile: ResourceProfile;
}

export interface ExecutionTopology {
  readonly vertices: readonly ExecutionJobVertex[];
  /** Job vertices in topological order (the order Flink's slot sharing strategies visit them). */
  readonly topologicalOrder: readonly number[];
  readonly slotSharingGroups: readonly ExecutionSlotSharingGroupSpec[];
  readonly coLocationGroups: readonly string[];
  /** Subtask ids of vertex v are offsets[v] .. offsets[v+1]-1. */
  readonly offsets: Float64Array;
  readonly subtaskCount: number;
}

/** Subtask offsets per vertex; a Float64Array so that counting cannot overflow before the bound check. */
export function subtaskOffsets(vertices: readonly { parallelism: number }[]): Float64Array {
  const offsets = new Float64Array(vertices.length + 1);
  vertices.forEach((v, i) => (offsets[i + 1] = offsets[i]! + v.parallelism));
  return offsets;
}

/** "A#3" for reports and cases. */
export function subtaskName(topology: ExecutionTopology, subtask: number): string {
  let lo = 0;
  let hi = topology.vertices.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (topology.offsets[mid]! <= subtask) lo = mid;
    else hi = mid - 1;
  }
  return `${topology.vertices[lo]!.id}#${subtask - topology.offsets[lo]!}`;
}
