/**
 * The job-level data needed to count network buffers per TaskManager for any placement of the job's
 * slots (docs/research/network-buffers.md §2.5): per job vertex its result partitions and input gates
 * (pattern, partition type, the other end's parallelism), the execution slot sharing group of every
 * subtask, the subtasks of each group in the order their tasks are set up, and for a batch job the
 * wave in which each subtask runs. Pure data, linear in subtasks + job edges (+ explicit subtask
 * edges): all-to-all wiring is never materialised. `buffersPerTaskManager` (network-buffer-demand.ts)
 * reads it with a placement.
 */
import type { JobGraph, ResultPartitionType } from '../model/job-graph.js';
import { mustBePipelinedConsumed } from '../plan/result-partition-type.js';
import { regionWaves } from './batch-peak.js';
import type { ExecutionSlotSharing } from './execution-slot-sharing.js';
import type { ExecutionTopology } from './execution-topology.js';
import { type NetworkBufferRules, networkBufferRules } from './network-buffer-rules.js';
import type { SchedulingRegions } from './scheduling-regions.js';

/** One input gate of a job vertex (one per consumed result, in the vertex's input order). */
export interface NetworkBufferGate {
  readonly producer: number;
  readonly pattern: 'ALL_TO_ALL' | 'POINTWISE' | 'EXPLICIT';
  readonly type: ResultPartitionType;
  /** EXPLICIT only: per consumer subtask, the producer subtasks it reads. */
  readonly consumed?: ReadonlyArray<ReadonlyArray<number>>;
}

/** One produced result partition of a job vertex (one per consuming job edge, in edge order). */
export interface NetworkBufferPartition {
  readonly consumer: number;
  readonly pattern: 'ALL_TO_ALL' | 'POINTWISE' | 'EXPLICIT';
  readonly type: ResultPartitionType;
  /** EXPLICIT only: subpartitions (consumers reading it) per producer subtask. */
  readonly subpartitions?: Int32Array;
}

export interface NetworkBufferVertex {
  readonly id: string;
  /** First subtask id of the vertex (subtasks offset … offset + parallelism − 1). */
  readonly offset: number;
  readonly parallelism: number;
  readonly partitions: readonly NetworkBufferPartition[];
  readonly gates: readonly NetworkBufferGate[];
}

export interface NetworkBufferPlan {
  readonly rules: NetworkBufferRules;
  readonly mode: JobGraph['mode'];
  readonly vertices: readonly NetworkBufferVertex[];
  /** Job vertex of every subtask. */
  readonly vertexOf: Int32Array;
  /** Execution slot sharing group (= slot request, in the order Flink requests them) of every subtask. */
  readonly groupOf: Int32Array;
  /** Number of execution slot sharing groups: the job's slots. */
  readonly slotCount: number;
  /** Subtasks by group: group g holds tasks[groupStart[g] … groupStart[g+1] − 1], in topological order. */
  readonly tasks: Int32Array;
  readonly groupStart: Int32Array;
  /**
   * Batch jobs: the wave of every subtask (regions one after another, batch-peak.ts), −1 for a subtask
   * that can never run; only the tasks of one wave hold buffers together. Undefined for streaming jobs:
   * every task runs at once (the steady state).
   */
  readonly waveOf: Int32Array | undefined;
}

/** What the plan is built from: the job's execution topology, shared slots and (batch) regions. */
export interface NetworkBufferExecution {
  readonly topology: ExecutionTopology;
  readonly sharing: ExecutionSlotSharing;
  readonly regions: SchedulingRegions;
}

/** The job's network-buffer plan under the TaskManager shuffle options the graph carries (`--tm-config`). */
export function networkBufferPlan(graph: JobGraph, execution: NetworkBufferExecution): NetworkBufferPlan {
  const { topology: t, sharing } = execution;
  const vertices = networkVertices(t);
  const vertexOf = new Int32Array(t.subtaskCount);
  t.vertices.forEach((v, i) => vertexOf.fill(i, t.offsets[i]!, t.offsets[i]! + v.parallelism));
  const { tasks, groupStart } = tasksByGroup(t, sharing);
  return {
    rules: networkBufferRules(graph.flinkVersion, graph.shuffleOptions),
    mode: graph.mode,
    vertices,
    vertexOf,
    groupOf: sharing.groupOf,
    slotCount: sharing.count,
    tasks,
    groupStart,
    waveOf: graph.mode === 'batch' ? wavesOfSubtasks(graph, execution) : undefined,
  };
}

function networkVertices(t: ExecutionTopology): NetworkBufferVertex[] {
  const partitions: NetworkBufferPartition[][] = t.vertices.map(() => []);
  const gates = t.vertices.map((vertex, v) =>
    vertex.inputs.map((input): NetworkBufferGate => {
      const producer = t.vertices[input.producer]!;
      const base = { producer: input.producer, pattern: input.pattern, type: input.resultPartitionType };
      if (input.pattern !== 'EXPLICIT') {
        partitions[input.producer]!.push({ consumer: v, pattern: input.pattern, type: input.resultPartitionType });
        return base;
      }
      const subpartitions = new Int32Array(producer.parallelism);
      for (const list of input.consumed) for (const p of list) subpartitions[p]!++;
      partitions[input.producer]!.push({ consumer: v, pattern: 'EXPLICIT', type: input.resultPartitionType, subpartitions });
      return { ...base, consumed: input.consumed };
    }),
  );
  return t.vertices.map((vertex, v) => ({
    id: vertex.id,
    offset: t.offsets[v]!,
    parallelism: vertex.parallelism,
    partitions: partitions[v]!,
    gates: gates[v]!,
  }));
}

/** Counting sort of the subtasks by execution slot sharing group, vertices in topological order. */
function tasksByGroup(t: ExecutionTopology, sharing: ExecutionSlotSharing): { tasks: Int32Array; groupStart: Int32Array } {
  const groupStart = new Int32Array(sharing.count + 1);
  for (let x = 0; x < t.subtaskCount; x++) groupStart[sharing.groupOf[x]! + 1]!++;
  for (let g = 0; g < sharing.count; g++) groupStart[g + 1]! += groupStart[g]!;
  const cursor = groupStart.slice(0, sharing.count);
  const tasks = new Int32Array(t.subtaskCount);
  for (const v of t.topologicalOrder) for (let x = t.offsets[v]!; x < t.offsets[v + 1]!; x++) tasks[cursor[sharing.groupOf[x]!]!++] = x;
  return { tasks, groupStart };
}

function wavesOfSubtasks(graph: JobGraph, { topology, regions }: NetworkBufferExecution): Int32Array {
  const waves = regionWaves(topology, regions, (type) => mustBePipelinedConsumed(type, graph.flinkVersion));
  return regions.regionOf.map((r) => waves[r]!);
}
