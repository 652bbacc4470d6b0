import { Graph, alg } from '@dagrejs/graphlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDigraph, successors } from '../../../src/graph/digraph.js';
import { topologicalSort } from '../../../src/graph/topological-sort.js';

function graph(n: number, edges: ReadonlyArray<readonly [number, number]>) {
  return buildDigraph(
    n,
    edges.map((e) => e[0]),
    edges.map((e) => e[1]),
  );
}

function expectValidOrder(n: number, edges: ReadonlyArray<readonly [number, number]>, order: Int32Array): void {
  expect(order.length).toBe(n);
  const position = new Int32Array(n).fill(-1);
  order.forEach((v, i) => {
    expect(position[v]).toBe(-1);
    position[v] = i;
  });
  for (const [a, b] of edges) expect(position[a]! < position[b]!).toBe(true);
}

function expectCycle(n: number, edges: ReadonlyArray<readonly [number, number]>, cycle: readonly number[]): void {
  const has = new Set(edges.map(([a, b]) => `${a}>${b}`));
  expect(cycle.length).toBeGreaterThan(0);
  expect(new Set(cycle).size).toBe(cycle.length);
  for (const v of cycle) expect(v >= 0 && v < n).toBe(true);
  for (let i = 0; i < cycle.length; i++) {
    expect(has.has(`${cycle[i]}>${cycle[(i + 1) % cycle.length]}`)).toBe(true);
  }
}

describe('buildDigraph', () => {
  it('keeps parallel edges and lists successors per vertex', () => {
    const g = graph(4, [
      [0, 1],
      [2, 3],
      [0, 2],
      [0, 1],
    ]);
    expect([...successors(g, 0)].sort()).toEqual([1, 1, 2]);
    expect([...successors(g, 1)]).toEqual([]);
    expect([...successors(g, 2)]).toEqual([3]);
    expect(g.size).toBe(4);
  });
});

describe('topologicalSort', () => {
  it('orders independent vertices by id (FIFO)', () => {
    const r = topologicalSort(graph(4, []));
    expect(r.ok && [...r.order]).toEqual([0, 1, 2, 3]);
  });

  it('puts every vertex after its predecessors', () => {
    const edges = [
      [3, 1],
      [1, 0],
      [3, 2],
      [2, 0],
      [4, 3],
    ] as const;
    const r = topologicalSort(graph(5, edges));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect([...r.order]).toEqual([4, 3, 1, 2, 0]);
      expectValidOrder(5, edges, r.order);
    }
  });

  it('accepts parallel edges', () => {
    const r = topologicalSort(
      graph(2, [
        [1, 0],
        [1, 0],
      ]),
    );
    expect(r.ok && [...r.order]).toEqual([1, 0]);
  });

  it('reports a self-loop as a one-vertex cycle', () => {
    const r = topologicalSort(
      graph(3, [
        [0, 1],
        [1, 1],
      ]),
    );
    expect(r).toEqual({ ok: false, cycle: [1] });
  });

  it('reports a cycle in edge order', () => {
    const edges = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 1],
      [3, 4],
    ] as const;
    const r = topologicalSort(graph(5, edges));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([...r.cycle].sort()).toEqual([1, 2, 3]);
      expectCycle(5, edges, r.cycle);
    }
  });

  it('finds the cycle when acyclic parts hang off it', () => {
    const edges = [
      [0, 1],
      [1, 0],
      [1, 2],
      [3, 0],
      [2, 4],
    ] as const;
    const r = topologicalSort(graph(5, edges));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([...r.cycle].sort()).toEqual([0, 1]);
      expectCycle(5, edges, r.cycle);
    }
  });

  it('sorts a 1,000,000-vertex chain without overflowing the stack', () => {
    const n = 1_000_000;
    // edges i+1 -> i, so the order is the reverse of the ids
    const sources = new Int32Array(n - 1);
    const targets = new Int32Array(n - 1);
    for (let i = 0; i < n - 1; i++) {
      sources[i] = i + 1;
      targets[i] = i;
    }
    const r = topologicalSort(buildDigraph(n, sources, targets));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.order.length).toBe(n);
      expect(r.order[0]).toBe(n - 1);
      expect(r.order[n - 1]).toBe(0);
      for (let i = 0; i < n; i++) if (r.order[i] !== n - 1 - i) throw new Error(`wrong order at ${i}`);
    }
  });

  it('reports a 1,000,000-vertex cycle without overflowing the stack', () => {
    const n = 1_000_000;
    const sources = new Int32Array(n);
    const targets = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      sources[i] = i;
      targets[i] = (i + 1) % n;
    }
    const r = topologicalSort(buildDigraph(n, sources, targets));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.cycle.length).toBe(n);
      const start = r.cycle[0]!;
      for (let i = 0; i < n; i++) if (r.cycle[i] !== (start + i) % n) throw new Error(`not a cycle at ${i}`);
    }
  });

  const randomGraph = fc
    .integer({ min: 1, max: 30 })
    .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 60 })));

  it('agrees with graphlib on acyclicity and returns a valid order or a real cycle', () => {
    fc.assert(
      fc.property(randomGraph, ([n, edges]) => {
        const g = new Graph({ multigraph: false });
        for (let v = 0; v < n; v++) g.setNode(String(v));
        for (const [a, b] of edges) g.setEdge(String(a), String(b));
        const r = topologicalSort(graph(n, edges));
        expect(r.ok).toBe(alg.isAcyclic(g));
        if (r.ok) expectValidOrder(n, edges, r.order);
        else expectCycle(n, edges, r.cycle);
      }),
      { numRuns: 300 },
    );
  });

  it('always sorts a DAG whose edges go from lower to higher id', () => {
    const dag = fc.integer({ min: 1, max: 60 }).chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc
          .array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 120 })
          .map((pairs) => pairs.filter(([a, b]) => a !== b).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)),
      ),
    );
    fc.assert(
      fc.property(dag, ([n, edges]) => {
        const r = topologicalSort(graph(n, edges));
        expect(r.ok).toBe(true);
        if (r.ok) expectValidOrder(n, edges, r.order);
      }),
      { numRuns: 200 },
    );
  });
});
