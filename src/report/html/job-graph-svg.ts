/**
 * The laid-out job graph as inline SVG: vertices filled by slot sharing group (with the group's
 * name written in, so colour is never the only cue), pipelined regions outlined and numbered,
 * co-located vertices outlined twice, edges not consumed while produced dashed. Every shape has a
 * hover title with the full names, parallelism and slot profile.
 */
import type { JobGraph } from '../../model/job-graph.js';
import type { PlanReport } from '../plan-report.js';
import { profileToTextFromJson } from '../profile-text.js';
import type { GraphPicture, PlacedEdge, PlacedNode } from './job-graph-picture.js';
import { attr, el, num, text, title } from './markup.js';
import { nodeLines } from './node-text.js';
import { colourClass } from './palette.js';

/** Names listed in one hover title before "… and N more". */
const TITLE_NAMES = 12;

function listed(names: readonly string[]): string[] {
  const shown = names.slice(0, TITLE_NAMES);
  return names.length > TITLE_NAMES ? [...shown, `… and ${names.length - TITLE_NAMES} more`] : shown;
}

function nodeTitle(graph: JobGraph, plan: PlanReport, node: PlacedNode): string[] {
  const vs = node.vertices.map((v) => graph.vertices[v]!);
  const group = plan.slotSharingGroups[node.group];
  const lines = vs.length === 1 ? [vs[0]!.name, `id ${vs[0]!.id}`] : [`${vs.length} vertices:`, ...listed(vs.map((v) => v.name))];
  const low = vs.reduce((m, v) => Math.min(m, v.parallelism), Infinity);
  const high = vs.reduce((m, v) => Math.max(m, v.parallelism), 0);
  lines.push(`parallelism ${low === high ? high : `${low} to ${high}`}`);
  lines.push(node.region < 0 ? 'several pipelined regions' : `pipelined region ${node.region + 1}`);
  if (group !== undefined) {
    lines.push(`slot sharing group ${group.name}: ${group.slots} slots of ${profileToTextFromJson(group.resourceProfile)}`);
  } else {
    lines.push('several slot sharing groups');
  }
  const co = [...new Set(vs.flatMap((v) => (v.coLocationGroup === undefined ? [] : [v.coLocationGroup])))];
  if (co.length > 0) lines.push(`co-location group ${listed(co).join(', ')}`);
  return lines;
}

function nodeSvg(graph: JobGraph, plan: PlanReport, groupNames: readonly string[], node: PlacedNode): string {
  const vs = node.vertices.map((v) => graph.vertices[v]!);
  const coLocated = vs.some((v) => v.coLocationGroup !== undefined);
  const { x, y } = node;
  const [name, second, third] = nodeLines(graph, groupNames, node);
  const id = vs.length === 1 ? { 'data-vertex': attr(vs[0]!.id) } : { 'data-vertices': vs.length };
  return el(
    'g',
    { class: `node ${colourClass(node.group)}`, ...id, tabindex: 0 },
    title(nodeTitle(graph, plan, node)),
    el('rect', { x, y, width: node.width, height: node.height, rx: 6 }),
    coLocated ? el('rect', { class: 'co', x: x + 3, y: y + 3, width: node.width - 6, height: node.height - 6, rx: 4 }) : '',
    el('text', { x: x + 10, y: y + 18, class: 'name' }, text(name)),
    el('text', { x: x + 10, y: y + 33 }, text(second)),
    el('text', { x: x + 10, y: y + 47, class: 'small' }, text(third)),
  );
}

function edgeTitle(graph: JobGraph, edge: PlacedEdge): string[] {
  // Only the rows a title lists are built: a line between two groups can stand for a million edges.
  const rows = edge.edges.slice(0, TITLE_NAMES).map((i) => {
    const e = graph.edges[i]!;
    return `${graph.vertices[e.source]!.name} → ${graph.vertices[e.target]!.name}: ${e.distribution} ${e.resultPartitionType}`;
  });
  if (edge.edges.length === 1) return rows;
  const rest = edge.edges.length > TITLE_NAMES ? [`… and ${edge.edges.length - TITLE_NAMES} more`] : [];
  return [`${edge.edges.length} edges:`, ...rows, ...rest];
}

function edgeSvg(graph: JobGraph, edge: PlacedEdge): string {
  if (edge.points.length < 2) return '';
  const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ');
  return el(
    'g',
    { class: edge.blocking ? 'edge blocking' : 'edge' },
    title(edgeTitle(graph, edge)),
    el('path', { d, 'marker-end': 'url(#arrow)' }),
  );
}

function regionOutlines(picture: GraphPicture): string {
  if (picture.level === 'groups') return '';
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  for (const n of picture.nodes) {
    if (n.region < 0) continue;
    const b = boxes.get(n.region) ?? { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    boxes.set(n.region, {
      x0: Math.min(b.x0, n.x),
      y0: Math.min(b.y0, n.y),
      x1: Math.max(b.x1, n.x + n.width),
      y1: Math.max(b.y1, n.y + n.height),
    });
  }
  const pad = 7;
  return [...boxes]
    .sort((a, b) => a[0] - b[0])
    .map(([r, b]) =>
      el(
        'g',
        { class: 'region', 'data-region': r + 1 },
        el('rect', { x: b.x0 - pad, y: b.y0 - pad - 8, width: b.x1 - b.x0 + 2 * pad, height: b.y1 - b.y0 + 2 * pad + 8, rx: 9 }),
        el('text', { x: b.x0 - pad + 6, y: b.y0 - pad + 1, class: 'small' }, `region ${r + 1}`),
      ),
    )
    .join('');
}

const ARROW =
  '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrowhead"/></marker></defs>';

export function jobGraphSvg(graph: JobGraph, plan: PlanReport, picture: GraphPicture): string {
  const groupNames = plan.slotSharingGroups.map((g) => g.name);
  const height = picture.height + 10;
  return el(
    'svg',
    {
      class: 'graph',
      xmlns: 'http://www.w3.org/2000/svg',
      width: picture.width,
      height,
      viewBox: `0 -10 ${num(picture.width)} ${num(height)}`,
      role: 'img',
      'aria-label': attr(`Job graph of ${plan.job.name}: ${graph.vertices.length} vertices`),
    },
    ARROW,
    regionOutlines(picture),
    picture.edges.map((e) => edgeSvg(graph, e)).join(''),
    picture.nodes.map((n) => nodeSvg(graph, plan, groupNames, n)).join(''),
  );
}
