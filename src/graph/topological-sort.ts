/**
 * Kahn's topological sort with stable tie-breaking (lowest id first among ready vertices is not
 * needed for correctness; FIFO in id order keeps the output deterministic). When the graph has a
 * cycle, it returns one cycle as a vertex path instead of an order.
 * Complexity: O(V + E); iterative.
 */
import { type Digraph, successors } from './digraph.js';

export type TopologicalSortResult = { ok: true; order: Int32Array } | { ok: false; cycle: number[] };

export function topologicalSort(g: Digraph): TopologicalSortResult {
  const inDegree = new Int32Array(g.size);
  for (let i = 0; i < g.targets.length; i++) inDegree[g.targets[i]!]!++;
  const order = new Int32Array(g.size);
  let head = 0;
  let tail = 0;
  for (let v = 0; v < g.size; v++) if (inDegree[v] === 0) order[tail++] = v;
  while (head < tail) {
    const v = order[head++]!;
    // Indices, not successors(): a view per vertex cost more than the sort on small graphs.
    for (let e = g.offsets[v]!; e < g.offsets[v + 1]!; e++) if (--inDegree[g.targets[e]!]! === 0) order[tail++] = g.targets[e]!;
  }
  if (tail === g.size) return { ok: true, order };
  return { ok: false, cycle: findCycle(g, inDegree) };
}

/**
 * Every vertex left with in-degree > 0 has a leftover predecessor, so walking backwards from any
 * of them must revisit a vertex: the walk from that repeat is a cycle (reversed to edge order).
 */
function findCycle(g: Digraph, inDegree: Int32Array): number[] {
  const leftoverPredecessor = new Int32Array(g.size).fill(-1);
  for (let v = 0; v < g.size; v++) {
    if (inDegree[v] === 0) continue;
    for (const w of successors(g, v)) if (inDegree[w]! > 0) leftoverPredecessor[w] = v;
  }
  let start = 0;
  while (inDegree[start] === 0) start++;
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let v = start;
  while (!seenAt.has(v)) {
    seenAt.set(v, path.length);
    path.push(v);
    v = leftoverPredecessor[v]!;
  }
  return path.slice(seenAt.get(v)).reverse();
}
