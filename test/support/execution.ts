/**
 * Helpers for the subtask-level tests: job data → ExecutionTopology / ExecutionAnalysis, and
 * results written as subtask names ("A#0") so expectations read like Flink's tests.
 */
import { type ExecutionAnalysis, analyzeExecution } from '../../src/execution/analyze-execution.js';
import type { SlotSharingStrategy } from '../../src/execution/execution-slot-sharing.js';
import { type ExecutionTopology, subtaskName } from '../../src/execution/execution-topology.js';
import { toExecutionTopology } from '../../src/execution/from-job-graph.js';
import { type SubtaskGraph, fromSubtaskGraph } from '../../src/execution/from-subtask-graph.js';
import { type SchedulingRegions, computeSchedulingRegions } from '../../src/execution/scheduling-regions.js';
import { mustBePipelinedConsumed } from '../../src/plan/result-partition-type.js';
import type { Diagnostic } from '../../src/errors/diagnostic.js';
import { DEFAULT_FLINK_VERSION, type FlinkVersion } from '../../src/model/flink-version.js';
import type { ResultPartitionType } from '../../src/model/job-graph.js';
import { analysisOf } from './jobs.js';

export type Data = Record<string, unknown>;

/** The ExecutionTopology of a job given as plain data (the job must be valid). */
export function topologyOf(data: Data): ExecutionTopology {
  const t = toExecutionTopology(analysisOf(data));
  if (!t.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(t.diagnostics)}`);
  return t.value;
}

/** An explicit subtask graph (each listed edge its own result partition). */
export function explicitTopology(g: SubtaskGraph): ExecutionTopology {
  const t = fromSubtaskGraph(g);
  if (!t.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(t.diagnostics)}`);
  return t.value;
}

export function executionOf(data: Data, strategy?: SlotSharingStrategy): ExecutionAnalysis {
  const e = analyzeExecution(analysisOf(data), strategy);
  if (!e.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(e.diagnostics)}`);
  return e.value;
}

/** The diagnostics of a job whose logical analysis succeeds but whose subtask-level analysis fails. */
export function executionErrors(data: Data): Diagnostic[] {
  const e = analyzeExecution(analysisOf(data));
  if (e.ok) throw new Error('expected the subtask-level analysis to fail');
  return e.diagnostics;
}

export function mustBePipelinedIn(version: FlinkVersion = DEFAULT_FLINK_VERSION): (type: ResultPartitionType) => boolean {
  return (type) => mustBePipelinedConsumed(type, version);
}

export function regionsOf(t: ExecutionTopology, perLogicalRegion: boolean, version?: FlinkVersion): SchedulingRegions {
  return computeSchedulingRegions(t, { perLogicalRegion, mustBePipelined: mustBePipelinedIn(version) });
}

/** Members of every group (region or shared slot) as subtask names, groups in index order. */
export function membersOf(t: ExecutionTopology, groupOf: ArrayLike<number>, count: number): string[][] {
  const out: string[][] = Array.from({ length: count }, () => []);
  for (let x = 0; x < groupOf.length; x++) out[groupOf[x]!]!.push(subtaskName(t, x));
  return out;
}

export function regionNames(t: ExecutionTopology, r: SchedulingRegions): string[][] {
  return membersOf(t, r.regionOf, r.count);
}

/** Groups as sorted lists of sorted names, for comparisons that ignore group numbering. */
export function asSets(groups: readonly (readonly string[])[]): string[][] {
  return groups.map((g) => [...g].sort()).sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));
}

/** `n` vertices `prefix0..`, all with parallelism `p`. */
export function subtasks(vertex: string, parallelism: number): string[] {
  return Array.from({ length: parallelism }, (_, i) => `${vertex}#${i}`);
}

/** The Surprise of graph-semantics.md §1.4 (shape of testCyclicDependentRegionsAreMerged). */
export function surpriseJob(parallelism: number, distribution: 'POINTWISE' | 'ALL_TO_ALL', flinkVersion?: string): Data {
  return {
    mode: 'batch',
    ...(flinkVersion === undefined ? {} : { flinkVersion }),
    vertices: ['v1', 'v2', 'v3', 'v4'].map((id) => ({ id, parallelism })),
    edges: [
      { source: 'v1', target: 'v2', distribution, resultPartitionType: 'BLOCKING' },
      { source: 'v1', target: 'v3', distribution, resultPartitionType: 'PIPELINED' },
      { source: 'v2', target: 'v4', distribution, resultPartitionType: 'BLOCKING' },
      { source: 'v3', target: 'v4', distribution, resultPartitionType: 'PIPELINED' },
    ],
  };
}
