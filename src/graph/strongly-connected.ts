/**
 * Strongly connected components, Tarjan's algorithm written iteratively with an explicit stack of
 * (vertex, next successor position), like Flink's `StronglyConnectedComponentsComputeUtils`: roots
 * are tried in id order 0..n-1, and a 100,000-vertex ring needs no recursion.
 * Returns the component index of every vertex; components are numbered in the order Tarjan
 * completes them (reverse topological order of the condensation).
 * Complexity: O(V + E).
 */
import type { Digraph } from './digraph.js';

export interface StronglyConnectedComponents {
  readonly count: number;
  readonly componentOf: Int32Array;
}

export function computeStronglyConnectedComponents(g: Digraph): StronglyConnectedComponents {
  const n = g.size;
  const index = new Int32Array(n).fill(-1);
  const lowlink = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const componentOf = new Int32Array(n).fill(-1);
  const sccStack = new Int32Array(n);
  let sccTop = 0;
  const dfsVertex = new Int32Array(n);
  const dfsNext = new Int32Array(n);
  let dfsTop = 0;
  let nextIndex = 0;
  let count = 0;
  const visit = (v: number): void => {
    index[v] = lowlink[v] = nextIndex++;
    sccStack[sccTop++] = v;
    onStack[v] = 1;
    dfsVertex[dfsTop] = v;
    dfsNext[dfsTop++] = g.offsets[v]!;
  };
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    visit(root);
    while (dfsTop > 0) {
      const v = dfsVertex[dfsTop - 1]!;
      const next = dfsNext[dfsTop - 1]!;
      if (next < g.offsets[v + 1]!) {
        dfsNext[dfsTop - 1] = next + 1;
        const w = g.targets[next]!;
        if (index[w] === -1) visit(w);
        else if (onStack[w]) lowlink[v] = Math.min(lowlink[v]!, index[w]!);
        continue;
      }
      dfsTop--;
      if (dfsTop > 0) {
        const parent = dfsVertex[dfsTop - 1]!;
        lowlink[parent] = Math.min(lowlink[parent]!, lowlink[v]!);
      }
      if (lowlink[v] === index[v]) {
        let w: number;
        do {
          w = sccStack[--sccTop]!;
          onStack[w] = 0;
          componentOf[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return { count, componentOf };
}

/** Vertices grouped by component, each ascending, components ordered by their smallest vertex. */
export function componentMembers(scc: StronglyConnectedComponents): number[][] {
  const slot = new Int32Array(scc.count).fill(-1);
  const out: number[][] = [];
  for (let v = 0; v < scc.componentOf.length; v++) {
    const c = scc.componentOf[v]!;
    if (slot[c] === -1) {
      slot[c] = out.length;
      out.push([]);
    }
    out[slot[c]!]!.push(v);
  }
  return out;
}
