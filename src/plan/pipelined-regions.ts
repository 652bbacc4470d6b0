/**
 * Logical pipelined regions of a JobGraph. Mirrors
 * `LogicalPipelinedRegionComputeUtil.computePipelinedRegions`: vertices joined by a result that
 * must be consumed pipelined share a region (union-find, so all-to-all edges cost nothing extra).
 * Flink <= 1.12 made the whole job one region as soon as any co-location constraint existed, but
 * only once the constraints were set: the slot sharing groups, built before them, saw the plain
 * regions (`considerCoLocation: false`).
 * Complexity: O(V + E), iterative.
 */
import { DisjointSet } from '../graph/disjoint-set.js';
import { atLeast } from '../model/flink-version.js';
import type { JobGraph } from '../model/job-graph.js';
import { mustBePipelinedConsumed } from './result-partition-type.js';

export interface PipelinedRegions {
  /** Vertex indices per region, each ascending; regions ordered by their first vertex. */
  readonly regions: readonly (readonly number[])[];
  /** Region index of every vertex. */
  readonly regionOf: Int32Array;
  /** True when Flink <= 1.12 merged everything because of co-location. */
  readonly mergedForCoLocation: boolean;
}

export function computeLogicalPipelinedRegions(graph: JobGraph, considerCoLocation = true): PipelinedRegions {
  const sets = new DisjointSet(graph.vertices.length);
  const mergedForCoLocation =
    considerCoLocation && !atLeast(graph.flinkVersion, 1, 13) && graph.vertices.some((v) => v.coLocationGroup !== undefined);
  for (const edge of graph.edges) {
    if (mergedForCoLocation || mustBePipelinedConsumed(edge.resultPartitionType, graph.flinkVersion)) {
      sets.union(edge.source, edge.target);
    }
  }
  if (mergedForCoLocation) for (let v = 1; v < graph.vertices.length; v++) sets.union(0, v);
  return indexSets(sets.sets(), graph.vertices.length, mergedForCoLocation);
}

function indexSets(regions: number[][], size: number, mergedForCoLocation: boolean): PipelinedRegions {
  const regionOf = new Int32Array(size);
  regions.forEach((members, r) => {
    for (const v of members) regionOf[v] = r;
  });
  return { regions, regionOf, mergedForCoLocation };
}
