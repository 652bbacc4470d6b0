/**
 * `flinkslot report`: one self-contained HTML page (inline style and SVG, no script, no font or
 * image fetched) with each job's graph, requirements and managed memory, the run on a cluster or a
 * scenario, and `size --search`'s candidates. Pure: values in, text out.
 */
import type { ShapeSearchReport } from '../shape-search-report.js';
import type { SimulationReport } from '../simulation-report.js';
import { candidatesSvg } from './candidates-svg.js';
import { type ReportJob, jobSection } from './job-section.js';
import { text } from './markup.js';
import { pageHead } from './page-head.js';
import { PAGE_CSS } from './page-style.js';
import { simulationSection } from './simulation-section.js';
import { groupThousands } from '../../util/plain-locale.js';

export type { ReportJob };

export interface HtmlReportInput {
  readonly title: string;
  /** Who made it ("flinkslot 0.1.0"), for the footer. */
  readonly generator: string;
  readonly jobs: readonly ReportJob[];
  readonly simulations: readonly SimulationReport[];
  readonly search?: ShapeSearchReport;
  /** A running cluster (a JobManager's REST address): its address and the answer, for the first run's section. */
  readonly live?: { readonly url: string; readonly answer: readonly string[] };
  /** Vertices drawn one by one before a graph is collapsed; TaskManager rows drawn. */
  readonly limits: { readonly vertices: number; readonly taskManagers: number };
}

export const DEFAULT_LIMITS = { vertices: 200, taskManagers: 500 } as const;

/** Job sections and runs (a scenario's variants) drawn before the page says how many more there are. */
const JOB_SECTIONS = 50;
const RUN_SECTIONS = 20;

function runHeading(sim: SimulationReport, live?: HtmlReportInput['live']): string {
  if (live !== undefined) return `The running cluster ${live.url}`;
  const name = sim.scenario === undefined ? 'The cluster' : `Scenario ${sim.scenario}`;
  return sim.variant === undefined ? name : `${name}, variant ${sim.variant}`;
}

function summary(input: HtmlReportInput): string {
  const cards: string[] = [];
  const slots = input.jobs.reduce((n, j) => n + j.plan.minimumSlots, 0);
  cards.push(`<div class="card">jobs<b>${input.jobs.length}</b></div>`);
  cards.push(`<div class="card">slots at least<b>${slots}</b></div>`);
  for (const sim of input.simulations.slice(0, RUN_SECTIONS)) {
    cards.push(`<div class="card">${text(runHeading(sim, input.live))}<b class="verdict-${sim.verdict}">${sim.verdict}</b></div>`);
  }
  const best = input.search?.shapes[0];
  // With nothing said about what a slot must hold, the first shape is only the smallest (issue 26 §2).
  const label = input.search?.slotsOnly === true ? 'smallest shape (slots counted only)' : 'best shape';
  if (best !== undefined) cards.push(`<div class="card">${label}<b>${best.taskManagers} × ${best.slotsPerTaskManager} slots</b></div>`);
  return `<div class="cards">${cards.join('')}</div>`;
}

interface Part {
  readonly anchor: string;
  readonly label: string;
  readonly html: string;
}

function notDrawn(anchor: string, count: number, what: string): Part {
  const label = `… and ${groupThousands(count)} more ${what}`;
  return { anchor, label, html: `<section id="${anchor}"><p class="note">${label}, not drawn in this page.</p></section>` };
}

function parts(input: HtmlReportInput): Part[] {
  const out: Part[] = input.jobs.slice(0, JOB_SECTIONS).map((job, i) => ({
    anchor: `job-${i + 1}`,
    label: `Job ${job.plan.job.name}`,
    html: jobSection(job, `job-${i + 1}`, input.limits.vertices),
  }));
  if (input.jobs.length > JOB_SECTIONS) out.push(notDrawn('more-jobs', input.jobs.length - JOB_SECTIONS, 'jobs'));
  input.simulations.slice(0, RUN_SECTIONS).forEach((sim, i) => {
    const anchor = `run-${i + 1}`;
    const heading = runHeading(sim, input.live);
    const intro =
      input.live === undefined
        ? ''
        : input.live.answer.map((line, k) => `<p>${k === 0 ? `<b>${text(line)}</b>` : text(line)}</p>`).join('');
    out.push({ anchor, label: heading, html: simulationSection(sim, anchor, heading, input.limits.taskManagers, intro) });
  });
  if (input.simulations.length > RUN_SECTIONS) out.push(notDrawn('more-runs', input.simulations.length - RUN_SECTIONS, 'variants'));
  if (input.search !== undefined) {
    const s = input.search;
    const html = `<section id="shapes"><h2>TaskManager shapes</h2><p>${s.tried} shapes tried; ${s.shapes.length} can run the jobs${s.rejected.length > 0 ? `, ${s.rejected.length} have slots below the floor` : ''}, ranked by ${s.rankedBy === 'cost' ? 'price' : 'total memory, then CPU'}.</p>${candidatesSvg(s)}</section>`;
    out.push({ anchor: 'shapes', label: 'TaskManager shapes', html });
  }
  return out;
}

export function renderHtmlReport(input: HtmlReportInput): string {
  const all = parts(input);
  const nav = `<nav><ul>${all.map((p) => `<li><a href="#${p.anchor}">${text(p.label)}</a></li>`).join('')}</ul></nav>`;
  return [
    ...pageHead(input.title, PAGE_CSS),
    '<body>',
    `<header><h1>${text(input.title)}</h1>${summary(input)}${nav}</header>`,
    '<main>',
    ...all.map((p) => p.html),
    '</main>',
    `<footer>Made by ${text(input.generator)}: slot sharing, pipelined regions, managed memory and the SlotManager as Flink computes them. Self-contained: nothing in this page is fetched.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
