/**
 * The edges of a written JobGraph: each names two vertices of the job, its result partition type
 * exists in the release and mode given, and the graph they make is acyclic.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { buildDigraph } from '../graph/digraph.js';
import { topologicalSort } from '../graph/topological-sort.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import type { JobEdge, JobGraph, ResultPartitionType } from '../model/job-graph.js';
import type { EdgeInput } from './job-graph-input.js';

/** The edges, their vertices found by id in `byId` (the index of the first vertex of each id). */
export function readEdges(
  inputs: readonly EdgeInput[],
  byId: ReadonlyMap<string, number>,
  mode: JobGraph['mode'],
  version: FlinkVersion,
  out: Diagnostic[],
): JobEdge[] {
  const edges: JobEdge[] = [];
  for (let index = 0; index < inputs.length; index++) {
    const e = inputs[index]!;
    const pointer = `/edges/${index}`;
    const source = byId.get(e.source);
    const target = byId.get(e.target);
    if (source === undefined)
      out.push(error('input/unknown-vertex', `edge source '${e.source}' is not a vertex of the job`, `${pointer}/source`));
    if (target === undefined)
      out.push(error('input/unknown-vertex', `edge target '${e.target}' is not a vertex of the job`, `${pointer}/target`));
    const resultPartitionType = (e.resultPartitionType ?? (mode === 'batch' ? 'BLOCKING' : 'PIPELINED_BOUNDED')) as ResultPartitionType;
    checkPartitionType(resultPartitionType, mode, version, pointer, out);
    if (source === undefined || target === undefined) continue;
    edges.push({ index, source, target, distribution: e.distribution ?? 'ALL_TO_ALL', resultPartitionType, pointer });
  }
  return edges;
}

function checkPartitionType(
  type: ResultPartitionType,
  mode: JobGraph['mode'],
  version: FlinkVersion,
  edgePointer: string,
  out: Diagnostic[],
): void {
  if (type === 'PIPELINED_BOUNDED' || type === 'BLOCKING') return;
  // Made only when needed: 200,000 edges of a large job would each build it for nothing.
  const pointer = `${edgePointer}/resultPartitionType`;
  if (type === 'PIPELINED_APPROXIMATE' && !atLeast(version, 1, 12)) {
    out.push(
      error(
        'input/result-partition-type',
        `PIPELINED_APPROXIMATE exists from Flink 1.12 on; flinkVersion is ${formatVersion(version)}`,
        pointer,
      ),
    );
  }
  if (!type.startsWith('HYBRID_')) return;
  if (!atLeast(version, 1, 16)) {
    out.push(
      error(
        'input/result-partition-type',
        `${type} (hybrid shuffle) exists from Flink 1.16 on; flinkVersion is ${formatVersion(version)}`,
        pointer,
      ),
    );
  } else if (mode !== 'batch') {
    out.push(
      error(
        'input/result-partition-type',
        'hybrid shuffle mode only supports batch job, please set execution.runtime-mode to BATCH',
        pointer,
        'IllegalStateException',
      ),
    );
  }
}

export function checkAcyclic(graph: JobGraph, out: Diagnostic[]): void {
  const digraph = buildDigraph(
    graph.vertices.length,
    graph.edges.map((e) => e.source),
    graph.edges.map((e) => e.target),
  );
  const sorted = topologicalSort(digraph);
  if (sorted.ok) return;
  // Start the cycle at its first vertex in input order, so the message is stable.
  let first = 0;
  for (let i = 1; i < sorted.cycle.length; i++) if (sorted.cycle[i]! < sorted.cycle[first]!) first = i;
  const cycle = [...sorted.cycle.slice(first), ...sorted.cycle.slice(0, first)];
  const closing = graph.edges.find((e) => e.source === cycle[cycle.length - 1] && e.target === cycle[0]);
  out.push(
    error(
      'input/cycle',
      `The job graph is cyclic: ${describeCycle(cycle.map((v) => graph.vertices[v]!.id))}`,
      closing?.pointer ?? '/edges',
      'InvalidProgramException',
    ),
  );
}

/** "a -> b -> a"; a long cycle shows its first and last vertices only. */
function describeCycle(ids: readonly string[]): string {
  const shown = ids.length <= 12 ? ids : [...ids.slice(0, 6), `… ${ids.length - 9} more …`, ...ids.slice(-3)];
  return [...shown, ids[0]].join(' -> ') + (ids.length > 12 ? ` (${ids.length} vertices)` : '');
}
