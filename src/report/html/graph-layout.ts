/**
 * The job graph laid out left to right by dagre (the layout companion of graphlib): nodes are
 * vertices, or groups of them when the graph is above the limit (graph-collapse.ts); parallel edges
 * between two nodes are drawn once and counted. The result is plain coordinates, no markup.
 */
import dagre from '@dagrejs/dagre';
import type { JobGraph } from '../../model/job-graph.js';
import { mustBePipelinedConsumed } from '../../plan/result-partition-type.js';
import { type CollapseLevel, type VertexFacts, collapseGraph } from './graph-collapse.js';
import { nodeLines } from './node-text.js';
import { maxOf } from '../../util/push-all.js';

export interface PlacedNode {
  /** Vertex indices the node stands for (one unless collapsed). */
  readonly vertices: readonly number[];
  readonly group: number;
  /** Region index, or -1 when the node spans several regions. */
  readonly region: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedEdge {
  readonly source: number;
  readonly target: number;
  /** Job edges this line stands for. */
  readonly edges: readonly number[];
  /** Every edge it stands for is not consumed while produced (BLOCKING, hybrid). */
  readonly blocking: boolean;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface GraphPicture {
  readonly level: CollapseLevel;
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
  readonly width: number;
  readonly height: number;
}

export const NODE_HEIGHT = 54;
/** Widths of a character in the name (bold 12px) and in the other lines: a little over the average glyph. */
const NAME_CHAR = 7.9;
const LINE_CHAR = 7;

function nodeWidth([name, ...rest]: readonly string[]): number {
  const widest = Math.max(
    [...name!].length * NAME_CHAR,
    maxOf(
      rest.map((l) => [...l].length * LINE_CHAR),
      0,
    ),
  );
  return Math.max(110, Math.ceil(widest) + 22);
}

function commonOr(values: readonly number[], fallback: number): number {
  return values.every((v) => v === values[0]) ? values[0]! : fallback;
}

export function layoutJobGraph(graph: JobGraph, facts: VertexFacts, groupNames: readonly string[], limit: number): GraphPicture {
  const collapsed = collapseGraph(graph, facts, limit);
  if (collapsed.level === 'not-drawn') return { level: 'not-drawn', nodes: [], edges: [], width: 0, height: 0 };
  const nodeFacts = collapsed.members.map((vs) => ({
    vertices: vs,
    group: commonOr(
      vs.map((v) => facts.groupOf[v]!),
      -1,
    ),
    region: commonOr(
      vs.map((v) => facts.regionOf[v]!),
      -1,
    ),
  }));
  const g = new dagre.graphlib.Graph({ multigraph: false });
  // Network simplex ranks most compactly; above a hundred nodes the tight-tree ranker is a fifth
  // faster on graphs with long edges (measured on the 200-vertex bench job) and reads the same.
  const ranker = collapsed.members.length <= 100 ? 'network-simplex' : 'tight-tree';
  g.setGraph({ rankdir: 'LR', ranker, nodesep: 18, ranksep: 46, edgesep: 10, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  nodeFacts.forEach((n, i) => g.setNode(String(i), { width: nodeWidth(nodeLines(graph, groupNames, n)), height: NODE_HEIGHT }));
  const { lines } = collapsed;
  for (const l of lines) g.setEdge(String(l.source), String(l.target), { weight: l.edges.length });
  dagre.layout(g);
  const nodes = nodeFacts.map((f, i): PlacedNode => {
    const n = g.node(String(i)) as { x: number; y: number; width: number; height: number };
    return {
      ...f,
      x: n.x - n.width / 2,
      y: n.y - n.height / 2,
      width: n.width,
      height: n.height,
    };
  });
  const blockingEdge = (e: number): boolean => {
    const edge = graph.edges[e]!;
    return !mustBePipelinedConsumed(edge.resultPartitionType, graph.flinkVersion);
  };
  const edges = lines.map((l): PlacedEdge => {
    const points = (g.edge(String(l.source), String(l.target)) as { points?: { x: number; y: number }[] }).points ?? [];
    return { ...l, blocking: l.edges.every(blockingEdge), points };
  });
  const size = g.graph() as { width?: number; height?: number };
  return { level: collapsed.level, nodes, edges, width: size.width ?? 0, height: size.height ?? 0 };
}
