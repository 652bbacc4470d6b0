/**
 * Cycles between logical pipelined regions: region A feeds region B through one blocking edge and
 * B feeds A through another. `SchedulingPipelinedRegionComputeUtil` would merge them (FLINK-17330),
 * but Flink's production path computes scheduling regions per logical region and never does,
 * so each region waits for the other. flinkslot reports Flink's production result, with this
 * warning naming the cycle. Complexity: O(V + E).
 */
import { type Diagnostic, warning } from '../errors/diagnostic.js';
import { buildDigraph } from '../graph/digraph.js';
import { componentMembers, computeStronglyConnectedComponents } from '../graph/strongly-connected.js';
import type { JobGraph } from '../model/job-graph.js';
import type { PipelinedRegions } from './pipelined-regions.js';
import { mustBePipelinedConsumed } from './result-partition-type.js';

export function logicalRegionCycleWarnings(graph: JobGraph, regions: PipelinedRegions): Diagnostic[] {
  const sources: number[] = [];
  const targets: number[] = [];
  for (const e of graph.edges) {
    const [from, to] = [regions.regionOf[e.source]!, regions.regionOf[e.target]!];
    if (from !== to && !mustBePipelinedConsumed(e.resultPartitionType, graph.flinkVersion)) {
      sources.push(from);
      targets.push(to);
    }
  }
  if (sources.length === 0) return [];
  const scc = computeStronglyConnectedComponents(buildDigraph(regions.regions.length, sources, targets));
  return componentMembers(scc)
    .filter((members) => members.length > 1)
    .map((members) => {
      const names = members.map((r) => `{${regions.regions[r]!.map((v) => graph.vertices[v]!.id).join(', ')}}`);
      const message = `pipelined regions ${names.join(' and ')} depend on each other through blocking edges; Flink schedules regions per logical region and does not merge them (SchedulingPipelinedRegionComputeUtil would), so they may wait for each other forever`;
      return warning('execution/region-cycle', message, graph.vertices[regions.regions[members[0]!]![0]!]!.pointer);
    });
}
