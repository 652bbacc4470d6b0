/**
 * One job in the report: its graph, what it asks of the cluster (the requirements and the minimum
 * slots, with Flink's reasoning), its slot sharing groups, managed memory per operator and, folded,
 * every vertex with the node that draws it.
 */
import type { JobGraph } from '../../model/job-graph.js';
import type { PlanReport } from '../plan-report.js';
import { profileToTextFromJson } from '../profile-text.js';
import type { VertexFacts } from '../../plan/graph-collapse.js';
import { type GraphPicture, layoutJobGraph } from './job-graph-picture.js';
import { jobGraphSvg } from './job-graph-svg.js';
import { attr, el, more, shorten, text } from './markup.js';
import { memorySection } from './memory-section.js';
import { colourClass } from './palette.js';

export interface ReportJob {
  readonly graph: JobGraph;
  readonly plan: PlanReport;
  /** The file it came from, as given. */
  readonly file: string;
}

/** Rows listed before "… and N more": vertices in the folded table, declared profiles, slot sharing groups. */
const VERTEX_ROWS = 2000;
const REQUIREMENT_ROWS = 100;
const GROUP_ROWS = 200;
/** Minimum slots over thousands of groups explain themselves in a sentence per group: the page keeps the start. */
const EXPLANATION_CHARS = 1000;

export function vertexFacts(graph: JobGraph, plan: PlanReport): VertexFacts {
  const index = new Map(graph.vertices.map((v) => [v.id, v.index]));
  const groupOf = new Array<number>(graph.vertices.length).fill(-1);
  const regionOf = new Array<number>(graph.vertices.length).fill(-1);
  plan.slotSharingGroups.forEach((g, i) => g.vertices.forEach((id) => (groupOf[index.get(id)!] = i)));
  plan.regions.forEach((members, r) => members.forEach((id) => (regionOf[index.get(id)!] = r)));
  return { groupOf, regionOf };
}

const COLLAPSED: Readonly<Record<GraphPicture['level'], string>> = {
  none: '',
  chains: 'each chain of vertices (one output into one input, same slot sharing group and region) is drawn as one node',
  stages:
    'the vertices at the same depth (longest path from a source) within one slot sharing group and pipelined region are drawn as one node',
  'regions-and-groups': 'the vertices of each slot sharing group within each pipelined region are drawn as one node',
  groups: 'each slot sharing group is drawn as one node; regions are not outlined',
  'not-drawn': '',
};

function graphBlock(job: ReportJob, picture: GraphPicture, limit: number): string {
  const n = job.graph.vertices.length;
  if (picture.level === 'not-drawn') {
    const groups = job.plan.slotSharingGroups.length;
    return `<p class="note" data-collapsed="not-drawn">${n} vertices in ${groups} slot sharing groups: even one node per group would be more than the ${limit} nodes drawn (--max-vertices), so the graph is not drawn. The table below lists every vertex.</p>`;
  }
  const note =
    picture.level === 'none'
      ? ''
      : `<p class="note" data-collapsed="${picture.level}">${n} vertices are more than the ${limit} drawn one by one (--max-vertices): ${COLLAPSED[picture.level]}, ${picture.nodes.length} nodes in all. Hover a node for its vertices; the table below lists every vertex.</p>`;
  const key =
    '<p class="note">Filled by slot sharing group; dotted outlines: pipelined regions; dashed edges: not consumed while produced (BLOCKING, hybrid); double outline: co-location group.</p>';
  return note + key + el('div', { class: 'scroll' }, jobGraphSvg(job.graph, job.plan, picture));
}

function requirementsBlock(plan: PlanReport): string {
  const rows = plan.requirements
    .slice(0, REQUIREMENT_ROWS)
    .map((r) =>
      el('tr', {}, el('td', {}, text(profileToTextFromJson(r.resourceProfile))), el('td', { class: 'n' }, String(r.numberOfRequiredSlots))),
    );
  // The AdaptiveBatchScheduler decides parallelisms at run time: a range, the rest at its maximum.
  const a = plan.adaptiveBatch;
  const slots =
    a === undefined
      ? `<b>${plan.minimumSlots}</b> slot(s) at least.`
      : `<b>${a.slots.min} to ${a.slots.max}</b> slots: the AdaptiveBatchScheduler decides ${a.vertices.length} parallelism(s) at run time; below at the maximum.`;
  return (
    `<p>${slots} ${text(shorten(plan.minimumSlotsReason.explanation, EXPLANATION_CHARS))}</p>` +
    `<table><tr><th>ResourceProfile declared</th><th>slots</th></tr>${rows.join('')}</table>` +
    more(plan.requirements.length, REQUIREMENT_ROWS, 'declared profiles')
  );
}

/** Where a slot's profile came from, as the plan report names it. */
const PROFILE_SOURCE: Readonly<Record<string, string>> = {
  'slot-sharing-group': 'the group’s resources (FLIP-156)',
  operators: 'its operators’ resources, summed',
  unknown: 'not declared',
};

function groupsBlock(plan: PlanReport): string {
  const rows = plan.slotSharingGroups
    .slice(0, GROUP_ROWS)
    .map((g, i) =>
      el(
        'tr',
        { 'data-group': attr(g.id) },
        el('td', {}, `<span class="sw ${colourClass(i)}"></span>${text(g.name)}`),
        el('td', { class: 'n' }, String(g.vertices.length)),
        el('td', { class: 'n' }, String(g.slots)),
        el('td', {}, text(profileToTextFromJson(g.resourceProfile))),
        el('td', {}, PROFILE_SOURCE[g.profileSource] ?? text(g.profileSource)),
      ),
    );
  const head = '<tr><th>slot sharing group</th><th>vertices</th><th>slots</th><th>slot profile</th><th>declared by</th></tr>';
  return `<table>${head}${rows.join('')}</table>${more(plan.slotSharingGroups.length, GROUP_ROWS, 'slot sharing groups')}`;
}

function verticesBlock(job: ReportJob, facts: VertexFacts, picture: GraphPicture): string {
  const nodeOf = new Array<number>(job.graph.vertices.length);
  picture.nodes.forEach((n, i) => n.vertices.forEach((v) => (nodeOf[v] = i)));
  const rows = job.graph.vertices
    .slice(0, VERTEX_ROWS)
    .map((v) =>
      el(
        'tr',
        { 'data-vertex-row': attr(v.id) },
        el('td', {}, text(v.name)),
        el('td', {}, text(v.id)),
        el('td', { class: 'n' }, String(v.parallelism)),
        el('td', {}, text(job.plan.slotSharingGroups[facts.groupOf[v.index]!]?.name ?? '')),
        el('td', { class: 'n' }, String(facts.regionOf[v.index]! + 1)),
        el('td', { class: 'n' }, nodeOf[v.index] === undefined ? '—' : String(nodeOf[v.index]! + 1)),
      ),
    );
  return `<details><summary>Every vertex (${job.graph.vertices.length})</summary><table><tr><th>name</th><th>id</th><th>parallelism</th><th>slot sharing group</th><th>region</th><th>node</th></tr>${rows.join('')}</table>${more(job.graph.vertices.length, VERTEX_ROWS, 'vertices')}</details>`;
}

export function jobSection(job: ReportJob, anchor: string, limit: number): string {
  const facts = vertexFacts(job.graph, job.plan);
  const picture = layoutJobGraph(
    job.graph,
    facts,
    job.plan.slotSharingGroups.map((g) => g.name),
    limit,
  );
  const p = job.plan;
  const summary = `${p.job.vertices} vertices, ${p.job.edges} edges, ${p.regions.length} pipelined region(s), ${p.slotSharingGroups.length} slot sharing group(s); ${p.job.mode}, Flink ${p.job.flinkVersion}${p.job.flinkVersionSource === 'assumed' ? ' (assumed: the file names none)' : ''}.`;
  return el(
    'section',
    { id: anchor, class: 'job' },
    el('h2', {}, text(`Job ${p.job.name}`)),
    el('p', { class: 'muted' }, text(`${job.file}: ${summary}`)),
    el('h3', {}, 'Job graph'),
    graphBlock(job, picture, limit),
    verticesBlock(job, facts, picture),
    el('h3', {}, 'What it asks for'),
    requirementsBlock(p),
    groupsBlock(p),
    el('h3', {}, 'Managed memory per operator, within one slot'),
    memorySection(p),
  );
}
