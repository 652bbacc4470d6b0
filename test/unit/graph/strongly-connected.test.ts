import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../../../src/graph/digraph.js';
import {
  type StronglyConnectedComponents,
  componentMembers,
  computeStronglyConnectedComponents,
} from '../../../src/graph/strongly-connected.js';

/** SCCs of a graph given as out-edge lists. */
function scc(outEdges: number[][]): StronglyConnectedComponents {
  const sources = outEdges.flatMap((targets, v) => targets.map(() => v));
  return computeStronglyConnectedComponents(buildDigraph(outEdges.length, sources, outEdges.flat()));
}

const members = (outEdges: number[][]): number[][] => componentMembers(scc(outEdges));

/** Reference: u and v are in one SCC iff each reaches the other (Floyd–Warshall closure). */
function bruteForce(n: number, edges: ReadonlyArray<readonly [number, number]>): number[][] {
  const reach = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => i === j));
  for (const [a, b] of edges) reach[a]![b] = true;
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++) if (reach[i]![k]) for (let j = 0; j < n; j++) if (reach[k]![j]) reach[i]![j] = true;
  const seen = new Set<number>();
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (seen.has(i)) continue;
    const component = [];
    for (let j = i; j < n; j++) {
      if (!reach[i]![j] || !reach[j]![i]) continue;
      component.push(j);
      seen.add(j);
    }
    out.push(component);
  }
  return out;
}

describe('computeStronglyConnectedComponents (iterative Tarjan)', () => {
  it('an empty graph has no components', () => {
    expect(scc([])).toEqual({ count: 0, componentOf: new Int32Array(0) });
  });

  it('vertices without edges are singleton components', () => {
    expect(members([[], [], []])).toEqual([[0], [1], [2]]);
  });

  it('a self-loop is still one vertex', () => {
    expect(members([[0], []])).toEqual([[0], [1]]);
  });

  it('a two-cycle and a tail (0 <-> 1 -> 2)', () => {
    expect(members([[1], [0, 2], []])).toEqual([[0, 1], [2]]);
  });

  // StronglyConnectedComponentsComputeUtilsTest#testWithCycles / #testWithConnectedCycles shapes.
  it('two separate cycles: 0->1->2->0 and 3->4->3', () => {
    expect(members([[1], [2], [0], [4], [3]])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('two cycles joined by an edge stay two components (0->1->0, 1->2, 2->3->2)', () => {
    expect(members([[1], [0, 2], [3], [2]])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('two cycles joined both ways become one component', () => {
    expect(members([[1], [0, 2], [3], [2, 0]])).toEqual([[0, 1, 2, 3]]);
  });

  it('the classic eight-vertex example', () => {
    // 0->1, 1->2, 1->4, 1->5, 2->3, 2->6, 3->2, 3->7, 4->0, 4->5, 5->6, 6->5, 7->3, 7->6
    const g = [[1], [2, 4, 5], [3, 6], [2, 7], [0, 5], [6], [5], [3, 6]];
    expect(members(g)).toEqual([
      [0, 1, 4],
      [2, 3, 7],
      [5, 6],
    ]);
  });

  it('parallel edges change nothing', () => {
    expect(
      members([
        [1, 1, 1],
        [0, 0],
        [2, 2],
      ]),
    ).toEqual([[0, 1], [2]]);
  });

  it('numbers components in the order Tarjan completes them: a sink component first', () => {
    // DFS from 0 reaches 1 then 2; 2 completes first, then 1, then 0.
    const chain = scc([[1], [2], []]);
    expect(chain.count).toBe(3);
    expect([...chain.componentOf]).toEqual([2, 1, 0]);
    // Roots are tried in id order 0, 1, 2 (edges 1->0, 2->1): root 0 completes alone first.
    expect([...scc([[], [0], [1]]).componentOf]).toEqual([0, 1, 2]);
    // Two roots: the first root's DFS completes before the second root is tried.
    expect([...scc([[], [], [0]]).componentOf]).toEqual([0, 1, 2]);
  });

  it('componentMembers orders components by their smallest vertex, members ascending', () => {
    const result = scc([[1], [2], [], [1]]);
    expect(result.count).toBe(4);
    expect(componentMembers(result)).toEqual([[0], [1], [2], [3]]);
    expect(componentMembers(scc([[3], [], [1], [0]]))).toEqual([[0, 3], [1], [2]]);
  });

  it('handles a 1,000,000-vertex ring without overflowing the stack: one component', () => {
    const n = 1_000_000;
    const sources = new Int32Array(n).map((_, i) => i);
    const targets = new Int32Array(n).map((_, i) => (i + 1) % n);
    const result = computeStronglyConnectedComponents(buildDigraph(n, sources, targets));
    expect(result.count).toBe(1);
    expect(result.componentOf.every((c) => c === 0)).toBe(true);
  });

  it('handles a 1,000,000-vertex path (depth 10^6, no cycle): one component per vertex, sink first', () => {
    const n = 1_000_000;
    const sources = new Int32Array(n - 1).map((_, i) => i);
    const targets = new Int32Array(n - 1).map((_, i) => i + 1);
    const result = computeStronglyConnectedComponents(buildDigraph(n, sources, targets));
    expect(result.count).toBe(n);
    expect(result.componentOf[n - 1]).toBe(0);
    expect(result.componentOf[0]).toBe(n - 1);
    expect(result.componentOf.every((c, v) => c === n - 1 - v)).toBe(true);
  });

  it('matches a brute-force reachability computation on random graphs', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 3 * n }))),
        ([n, edges]) => {
          const result = computeStronglyConnectedComponents(
            buildDigraph(
              n,
              edges.map((e) => e[0]),
              edges.map((e) => e[1]),
            ),
          );
          expect(componentMembers(result)).toEqual(bruteForce(n, edges));
          // Completion order is a reverse topological order of the condensation.
          for (const [a, b] of edges) expect(result.componentOf[a]!).toBeGreaterThanOrEqual(result.componentOf[b]!);
          expect(new Set(result.componentOf).size).toBe(result.count);
        },
      ),
      { numRuns: 300 },
    );
  });
});
