/** Helpers for the network-buffer tests: a job as plain data → its network-buffer plan, and placements. */
import { analyzeExecution } from '../../src/execution/analyze-execution.js';
import { type NetworkBufferPlan, networkBufferPlan } from '../../src/execution/network-buffer-plan.js';
import type { ShuffleOptions } from '../../src/model/job-graph.js';
import { analysisOf } from './jobs.js';

export type Data = Record<string, unknown>;

export function bufferPlanOf(data: Data, shuffleOptions?: ShuffleOptions): NetworkBufferPlan {
  const analysis = analysisOf(data);
  const execution = analyzeExecution(analysis);
  if (!execution.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(execution.diagnostics)}`);
  const graph = shuffleOptions === undefined ? analysis.graph : { ...analysis.graph, shuffleOptions };
  return networkBufferPlan(graph, execution.value);
}

/** Fully used TaskManagers in request order: TaskManager k holds slots k·s … k·s + s − 1. */
export function inOrder(slots: number, slotsPerTaskManager: number): Int32Array {
  return Int32Array.from({ length: slots }, (_, g) => Math.floor(g / slotsPerTaskManager));
}

type Edge = [string, string, 'ALL_TO_ALL' | 'POINTWISE', string];

/** A job of vertices (id, parallelism) and edges (source, target, distribution, partition type). */
export function jobData(flinkVersion: string, vertices: Array<[string, number]>, edges: Edge[], mode = 'streaming'): Data {
  return {
    flinkVersion,
    mode,
    vertices: vertices.map(([id, parallelism]) => ({ id, parallelism })),
    edges: edges.map(([source, target, distribution, resultPartitionType]) => ({ source, target, distribution, resultPartitionType })),
  };
}

/** source(p) -rebalance-> map(p) -hash-> sink(p), all PIPELINED_BOUNDED (research §6.1, §6.2). */
export function threeVertexJob(flinkVersion: string, p: number): Data {
  return jobData(
    flinkVersion,
    [
      ['source', p],
      ['map', p],
      ['sink', p],
    ],
    [
      ['source', 'map', 'ALL_TO_ALL', 'PIPELINED_BOUNDED'],
      ['map', 'sink', 'ALL_TO_ALL', 'PIPELINED_BOUNDED'],
    ],
  );
}
