/**
 * `plan --format dot|mermaid`: the job graph for Graphviz and for Mermaid (GitHub renders it in
 * Markdown). Vertices (name, parallelism, pipelined region) are clustered by slot sharing group,
 * with the group's slots; edges carry their distribution pattern and result partition type, and an
 * edge not consumed while produced (BLOCKING, hybrid) is dashed; co-located vertices are outlined twice.
 * Names from the input are escaped for each language, so a name cannot break out of its label.
 */
import type { JobEdge, JobGraph, JobVertex } from '../model/job-graph.js';
import { mustBePipelinedConsumed } from '../plan/result-partition-type.js';
import { printable } from '../util/printable.js';
import type { PlanReport } from './plan-report.js';

export type GraphFormat = 'dot' | 'mermaid';
export const GRAPH_FORMATS: readonly GraphFormat[] = ['dot', 'mermaid'];

/** Fill colours per slot sharing group, distinguishable without red/green (Okabe–Ito, lightened). */
const PALETTE = ['#cfe3f5', '#fde2b8', '#d5ecd0', '#f3d1e4', '#e6e0f3', '#fff3b0', '#d9e6e6', '#f6d6c4'];

interface Layout {
  readonly groups: { readonly id: string; readonly name: string; readonly slots: number; readonly vertices: JobVertex[] }[];
  readonly regionOf: ReadonlyMap<string, number>;
  readonly blocking: (e: JobEdge) => boolean;
}

function layout(graph: JobGraph, report: PlanReport): Layout {
  const regionOf = new Map<string, number>();
  report.regions.forEach((members, i) => members.forEach((v) => regionOf.set(v, i + 1)));
  const groups = report.slotSharingGroups.map((g) => ({
    id: g.id,
    name: g.name,
    slots: g.slots,
    vertices: graph.vertices.filter((v) => g.vertices.includes(v.id)),
  }));
  // Not consumed while produced (BLOCKING, hybrid): the consumer may run later, as Flink's regions say.
  const blocking = (e: JobEdge) => !mustBePipelinedConsumed(e.resultPartitionType, graph.flinkVersion);
  return { groups, regionOf, blocking };
}

export function renderJobGraph(graph: JobGraph, report: PlanReport, format: GraphFormat): string {
  return format === 'dot' ? renderDot(graph, report) : renderMermaid(graph, report);
}

function vertexText(v: JobVertex, l: Layout): string[] {
  const co = v.coLocationGroup === undefined ? [] : [`co-location ${v.coLocationGroup}`];
  return [v.name, `parallelism ${v.parallelism} · region ${l.regionOf.get(v.id) ?? '?'}`, ...co];
}

const edgeText = (e: JobEdge): string => `${e.distribution} ${e.resultPartitionType}`;

// ---- Graphviz ----

/** A DOT double-quoted string: backslashes and quotes escaped, lines as \n, controls made visible. */
function dotString(lines: readonly string[]): string {
  return `"${lines.map((l) => printable(l).replace(/\\/g, '\\\\').replace(/"/g, '\\"')).join('\\n')}"`;
}

function renderDot(graph: JobGraph, report: PlanReport): string {
  const l = layout(graph, report);
  const out = [
    `digraph ${dotString([report.job.name])} {`,
    '  rankdir=LR;',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  l.groups.forEach((g, i) => {
    out.push(`  subgraph cluster_${i} {`);
    out.push(`    label=${dotString([`slot sharing group ${g.name} · ${g.slots} slots`])};`);
    out.push(`    style="rounded"; color="#888888";`);
    for (const v of g.vertices) {
      const outline = v.coLocationGroup === undefined ? '' : ', peripheries=2';
      out.push(`    v${v.index} [label=${dotString(vertexText(v, l))}, fillcolor="${PALETTE[i % PALETTE.length]}"${outline}];`);
    }
    out.push('  }');
  });
  for (const e of graph.edges) {
    const style = l.blocking(e) ? 'dashed' : 'solid';
    out.push(`  v${e.source} -> v${e.target} [label=${dotString([e.distribution, e.resultPartitionType])}, style=${style}];`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}

// ---- Mermaid ----

/** Mermaid label text inside quotes: entity codes for what would end or break the label. */
function mermaidString(lines: readonly string[]): string {
  const escape = (t: string) =>
    printable(t).replace(/&/g, '#amp;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/\|/g, '#124;');
  return `"${lines.map(escape).join('<br/>')}"`;
}

function renderMermaid(graph: JobGraph, report: PlanReport): string {
  const l = layout(graph, report);
  const out = ['flowchart LR'];
  l.groups.forEach((g, i) => {
    out.push(`  subgraph g${i}[${mermaidString([`slot sharing group ${g.name} · ${g.slots} slots`])}]`);
    for (const v of g.vertices)
      out.push(`    v${v.index}[${mermaidString(vertexText(v, l))}]${v.coLocationGroup === undefined ? '' : ':::colocated'}`);
    out.push('  end');
    out.push(`  style g${i} fill:${PALETTE[i % PALETTE.length]}`);
  });
  for (const e of graph.edges) {
    const arrow = l.blocking(e) ? '-.->' : '-->';
    out.push(`  v${e.source} ${arrow}|${mermaidString([edgeText(e)])}| v${e.target}`);
  }
  out.push('  classDef colocated stroke-width:3px');
  return out.join('\n') + '\n';
}
