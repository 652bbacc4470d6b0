/**
 * A job graph too large to read vertex by vertex is drawn in groups: first each chain of vertices
 * (one output feeding one input, in the same slot sharing group and pipelined region) becomes one
 * node; if that is still above the limit, the vertices of one region and slot sharing group at the
 * same depth (longest path from a source: the graph keeps its left-to-right shape); then each pair
 * of region and slot sharing group; last, each slot sharing group, unless there are more groups
 * than the limit: then the graph is not drawn. Every step is linear in vertices and edges; the picture says which step ran.
 */
import type { JobGraph } from '../model/job-graph.js';
import { DisjointSet } from '../graph/disjoint-set.js';
import { buildDigraph, successors } from '../graph/digraph.js';
import { topologicalSort } from '../graph/topological-sort.js';

export type CollapseLevel = 'none' | 'chains' | 'stages' | 'regions-and-groups' | 'groups' | 'not-drawn';

export interface VertexFacts {
  /** Slot sharing group index per vertex (the plan report's order). */
  readonly groupOf: readonly number[];
  /** Pipelined region index per vertex (0-based). */
  readonly regionOf: readonly number[];
}

export interface Collapsed {
  readonly level: CollapseLevel;
  /** Node index per vertex. */
  readonly nodeOf: readonly number[];
  /** Vertex indices per node, in vertex order. */
  readonly members: readonly (readonly number[])[];
  readonly lines: readonly Line[];
}

function byKey(graph: JobGraph, key: (v: number) => string | number, level: CollapseLevel): Collapsed {
  const index = new Map<string | number, number>();
  const nodeOf: number[] = [];
  const members: number[][] = [];
  for (const v of graph.vertices) {
    const k = key(v.index);
    let n = index.get(k);
    if (n === undefined) {
      n = members.length;
      index.set(k, n);
      members.push([]);
    }
    nodeOf.push(n);
    members[n]!.push(v.index);
  }
  return { level, nodeOf, members, lines: linesBetween(graph, nodeOf) };
}

function chains(graph: JobGraph, facts: VertexFacts): Collapsed {
  const outs = new Array<number>(graph.vertices.length).fill(0);
  const ins = new Array<number>(graph.vertices.length).fill(0);
  for (const e of graph.edges) {
    outs[e.source]!++;
    ins[e.target]!++;
  }
  const sets = new DisjointSet(graph.vertices.length);
  for (const e of graph.edges) {
    const same = facts.groupOf[e.source] === facts.groupOf[e.target] && facts.regionOf[e.source] === facts.regionOf[e.target];
    if (same && outs[e.source] === 1 && ins[e.target] === 1 && e.source !== e.target) sets.union(e.source, e.target);
  }
  return byKey(graph, (v) => sets.find(v), 'chains');
}

/** Longest path from a source per vertex, in one pass over a topological order (0 everywhere for a cycle). */
function depths(graph: JobGraph): number[] {
  const n = graph.vertices.length;
  const g = buildDigraph(
    n,
    graph.edges.map((e) => e.source),
    graph.edges.map((e) => e.target),
  );
  const depth = new Array<number>(n).fill(0);
  const sorted = topologicalSort(g);
  if (!sorted.ok) return depth;
  for (const v of sorted.order) for (const w of successors(g, v)) depth[w] = Math.max(depth[w]!, depth[v]! + 1);
  return depth;
}

/** One line between two nodes: the job edges it stands for (parallel edges are drawn once). */
export interface Line {
  readonly source: number;
  readonly target: number;
  readonly edges: readonly number[];
}

/** The lines a grouping draws: edges within a node are not drawn, edges between two nodes once. */
function linesBetween(graph: JobGraph, nodeOf: readonly number[]): Line[] {
  const lines = new Map<number, { source: number; target: number; edges: number[] }>();
  const nodes = nodeOf.length + 1;
  for (const e of graph.edges) {
    const source = nodeOf[e.source]!;
    const target = nodeOf[e.target]!;
    if (source === target) continue;
    const key = source * nodes + target;
    let line = lines.get(key);
    if (line === undefined) lines.set(key, (line = { source, target, edges: [] }));
    line.edges.push(e.index);
  }
  return [...lines.values()];
}

/**
 * Lines allowed per node allowed: the layout's cost grows with the lines and the ranks they span,
 * so a dense graph (every vertex feeding every later one) is grouped further even when its nodes fit.
 */
export const LINES_PER_NODE = 3;

/**
 * The first grouping with at most `limit` nodes and `LINES_PER_NODE × limit` lines; more slot
 * sharing groups than that: not drawn (no picture would read, and laying it out takes minutes).
 */
export function collapseGraph(graph: JobGraph, facts: VertexFacts, limit: number): Collapsed {
  const fits = (c: Collapsed): boolean => c.members.length <= limit && c.lines.length <= LINES_PER_NODE * limit;
  const candidates: (() => Collapsed)[] = [
    () => byKey(graph, (v) => v, 'none'),
    () => chains(graph, facts),
    () => {
      const depth = depths(graph);
      return byKey(graph, (v) => `${facts.regionOf[v]}\u0000${facts.groupOf[v]}\u0000${depth[v]}`, 'stages');
    },
    () => byKey(graph, (v) => `${facts.regionOf[v]}\u0000${facts.groupOf[v]}`, 'regions-and-groups'),
  ];
  for (const candidate of candidates) {
    const c = candidate();
    if (fits(c)) return c;
  }
  const groups = byKey(graph, (v) => facts.groupOf[v]!, 'groups');
  return fits(groups) ? groups : { ...groups, level: 'not-drawn' };
}
