/**
 * The job graph as a picture's geometry: nodes are vertices, or groups of them when the graph is
 * above the limit (the plan stage's `collapseGraph`); each node is as wide as its text; parallel
 * edges between two nodes are drawn once and counted; the places come from the generic layered
 * layout (src/graph/layered-layout.ts). The result is plain coordinates, no markup.
 */
import { layoutLeftToRight } from '../../graph/layered-layout.js';
import type { JobGraph } from '../../model/job-graph.js';
import { mustBePipelinedConsumed } from '../../plan/result-partition-type.js';
import { type CollapseLevel, type VertexFacts, collapseGraph } from '../../plan/graph-collapse.js';
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
  const boxes = nodeFacts.map((n) => ({ width: nodeWidth(nodeLines(graph, groupNames, n)), height: NODE_HEIGHT }));
  const { lines } = collapsed;
  const layout = layoutLeftToRight(
    boxes,
    lines.map((l) => ({ source: l.source, target: l.target, weight: l.edges.length })),
  );
  const nodes = nodeFacts.map((f, i): PlacedNode => ({ ...f, ...layout.places[i]!, ...boxes[i]! }));
  const blockingEdge = (e: number): boolean => {
    const edge = graph.edges[e]!;
    return !mustBePipelinedConsumed(edge.resultPartitionType, graph.flinkVersion);
  };
  const edges = lines.map((l, i): PlacedEdge => ({ ...l, blocking: l.edges.every(blockingEdge), points: layout.routes[i]! }));
  return { level: collapsed.level, nodes, edges, width: layout.width, height: layout.height };
}
