/**
 * Connected components of a JobGraph: vertices linked by any edge, whatever its partition type
 * (weakly connected). Independent pipelines of one job show up as separate components.
 * Complexity: O(V + E), iterative.
 */
import { DisjointSet } from '../graph/disjoint-set.js';
import type { JobGraph } from '../model/job-graph.js';

export function computeConnectedComponents(graph: JobGraph): number[][] {
  const sets = new DisjointSet(graph.vertices.length);
  for (const edge of graph.edges) sets.union(edge.source, edge.target);
  return sets.sets();
}
