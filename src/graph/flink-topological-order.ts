/**
 * The vertex order of Flink's `JobGraph.getVerticesSortedTopologicallyFromSources`, which the slot
 * sharing strategies follow: sources in input order, then, from each sorted vertex in turn, its
 * consumers (edges in order) as soon as none of their other producers is unsorted, depth first.
 * Written with an explicit stack; Flink's version recurses. Complexity: O(V + E).
 */
import type { Digraph } from './digraph.js';

export function flinkTopologicalOrder(g: Digraph, inDegree: Int32Array): number[] | undefined {
  const unsortedInputs = inDegree.slice();
  const sorted: number[] = [];
  for (let v = 0; v < g.size; v++) if (inDegree[v] === 0) sorted.push(v);
  const placed = new Uint8Array(g.size);
  for (const v of sorted) placed[v] = 1;
  // Every edge from a sorted vertex stops counting as an unsorted input of its target.
  const release = (v: number): void => {
    for (let k = g.offsets[v]!; k < g.offsets[v + 1]!; k++) unsortedInputs[g.targets[k]!]!--;
  };
  for (const v of sorted) release(v);
  const stackVertex: number[] = [];
  const stackNext: number[] = [];
  for (let start = 0; start < sorted.length; start++) {
    stackVertex.push(sorted[start]!);
    stackNext.push(g.offsets[sorted[start]!]!);
    while (stackVertex.length > 0) {
      const top = stackVertex.length - 1;
      const v = stackVertex[top]!;
      const k = stackNext[top]!;
      if (k >= g.offsets[v + 1]!) {
        stackVertex.pop();
        stackNext.pop();
        continue;
      }
      stackNext[top] = k + 1;
      const w = g.targets[k]!;
      if (placed[w] || unsortedInputs[w]! > 0) continue;
      placed[w] = 1;
      sorted.push(w);
      release(w);
      stackVertex.push(w);
      stackNext.push(g.offsets[w]!);
    }
  }
  return sorted.length === g.size ? sorted : undefined;
}
