/**
 * Scheduling pipelined regions: which subtasks are scheduled, and fail over, together.
 * - `whole graph` mode mirrors `SchedulingPipelinedRegionComputeUtil`: union the subtasks joined
 *   by must-be-pipelined partitions (raw regions), then merge raw regions that lie on a cycle of
 *   the other partitions (iterative Tarjan), since a cycle of blocking dependencies between
 *   regions could never be scheduled (FLINK-17330).
 * - `per logical region` mode mirrors Flink's production path
 *   (`DefaultExecutionTopology.generateNewPipelinedRegions`, FLINK-22773): a logical region with an
 *   all-to-all edge inside becomes one region; otherwise the rule above runs on that logical
 *   region alone, so regions never span logical regions and cycles between them are not merged.
 * All-to-all inputs are never expanded into subtask pairs: pipelined ones union producer and
 * consumer subtasks in O(s + t), blocking ones go through one virtual node in the region graph.
 * Complexity: O(subtasks + job edges + pointwise subtask edges).
 */
import { DisjointSet } from '../graph/disjoint-set.js';
import { buildDigraph } from '../graph/digraph.js';
import { computeStronglyConnectedComponents } from '../graph/strongly-connected.js';
import type { ResultPartitionType } from '../model/job-graph.js';
import type { ExecutionInput, ExecutionTopology } from './execution-topology.js';
import { forEachPair } from './subtask-pairs.js';

export interface SchedulingRegions {
  readonly count: number;
  /** Region of every subtask; regions are numbered by their smallest subtask. */
  readonly regionOf: Int32Array;
  readonly sizes: Int32Array;
}

export interface RegionOptions {
  readonly perLogicalRegion: boolean;
  readonly mustBePipelined: (type: ResultPartitionType) => boolean;
}

function unionRange(sets: DisjointSet, anchor: number, from: number, to: number): void {
  for (let x = from; x < to; x++) sets.union(anchor, x);
}

export function computeSchedulingRegions(t: ExecutionTopology, options: RegionOptions): SchedulingRegions {
  const sets = new DisjointSet(t.subtaskCount);
  const inScope = (v: number, input: ExecutionInput): boolean =>
    !options.perLogicalRegion || t.vertices[v]!.logicalRegion === t.vertices[input.producer]!.logicalRegion;
  const wholeLogicalRegion = options.perLogicalRegion ? logicalRegionsWithAllToAll(t) : new Map<number, number>();
  t.vertices.forEach((vertex, v) => {
    const anchor = vertex.logicalRegion === undefined ? undefined : wholeLogicalRegion.get(vertex.logicalRegion);
    if (anchor !== undefined) unionRange(sets, anchor, t.offsets[v]!, t.offsets[v + 1]!);
    for (const input of vertex.inputs) {
      if (!inScope(v, input) || !options.mustBePipelined(input.resultPartitionType)) continue;
      if (input.pattern === 'ALL_TO_ALL') {
        const anchor = t.offsets[input.producer]!;
        unionRange(sets, anchor, anchor, t.offsets[input.producer + 1]!);
        unionRange(sets, anchor, t.offsets[v]!, t.offsets[v + 1]!);
      } else {
        forEachPair(t, v, input, (p, c) => sets.union(p, c));
      }
    }
  });
  return mergeRegionsOnCycles(t, sets, (v, input) => inScope(v, input) && !options.mustBePipelined(input.resultPartitionType));
}

/** Logical regions with an all-to-all edge inside, each mapped to one of its subtasks (the anchor). */
function logicalRegionsWithAllToAll(t: ExecutionTopology): Map<number, number> {
  const out = new Map<number, number>();
  t.vertices.forEach((vertex, v) => {
    for (const input of vertex.inputs) {
      if (input.pattern === 'ALL_TO_ALL' && t.vertices[input.producer]!.logicalRegion === vertex.logicalRegion)
        out.set(vertex.logicalRegion!, t.offsets[v]!);
    }
  });
  return out;
}

/** Raw regions → region graph over the non-pipelined inputs → SCCs → final regions. */
function mergeRegionsOnCycles(
  t: ExecutionTopology,
  sets: DisjointSet,
  dependsOn: (v: number, input: ExecutionInput) => boolean,
): SchedulingRegions {
  const n = t.subtaskCount;
  const rawOf = new Int32Array(n).fill(-1);
  const rootToRaw = new Int32Array(n).fill(-1);
  let rawCount = 0;
  for (let x = 0; x < n; x++) {
    const root = sets.find(x);
    if (rootToRaw[root] === -1) rootToRaw[root] = rawCount++;
    rawOf[x] = rootToRaw[root]!;
  }
  const sources: number[] = [];
  const targets: number[] = [];
  let nodes = rawCount;
  t.vertices.forEach((vertex, v) => {
    for (const input of vertex.inputs) {
      if (!dependsOn(v, input)) continue;
      if (input.pattern === 'ALL_TO_ALL') {
        const hub = nodes++;
        for (let p = t.offsets[input.producer]!; p < t.offsets[input.producer + 1]!; p++) {
          sources.push(rawOf[p]!);
          targets.push(hub);
        }
        for (let c = t.offsets[v]!; c < t.offsets[v + 1]!; c++) {
          sources.push(hub);
          targets.push(rawOf[c]!);
        }
      } else {
        forEachPair(t, v, input, (p, c) => {
          if (rawOf[p] === rawOf[c]) return;
          sources.push(rawOf[p]!);
          targets.push(rawOf[c]!);
        });
      }
    }
  });
  const scc = computeStronglyConnectedComponents(buildDigraph(nodes, sources, targets));
  const finalOf = new Int32Array(scc.count).fill(-1);
  const regionOf = new Int32Array(n);
  let count = 0;
  for (let x = 0; x < n; x++) {
    const component = scc.componentOf[rawOf[x]!]!;
    if (finalOf[component] === -1) finalOf[component] = count++;
    regionOf[x] = finalOf[component]!;
  }
  const sizes = new Int32Array(count);
  for (let x = 0; x < n; x++) sizes[regionOf[x]!]!++;
  return { count, regionOf, sizes };
}
