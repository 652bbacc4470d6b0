/**
 * A compact directed graph over dense integer ids (compressed sparse rows), built once from an
 * edge list. Parallel edges are kept. Complexity: O(V + E) to build, O(out-degree) to iterate.
 */
export interface Digraph {
  readonly size: number;
  /** Successors of v are targets[offsets[v] .. offsets[v+1]). */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

export function buildDigraph(size: number, sources: ArrayLike<number>, targets: ArrayLike<number>): Digraph {
  const offsets = new Int32Array(size + 1);
  for (let e = 0; e < sources.length; e++) offsets[sources[e]! + 1]!++;
  for (let v = 0; v < size; v++) offsets[v + 1]! += offsets[v]!;
  const cursor = offsets.slice(0, size);
  const out = new Int32Array(sources.length);
  for (let e = 0; e < sources.length; e++) out[cursor[sources[e]!]!++] = targets[e]!;
  return { size, offsets, targets: out };
}

export function successors(g: Digraph, v: number): Int32Array {
  return g.targets.subarray(g.offsets[v]!, g.offsets[v + 1]!);
}
