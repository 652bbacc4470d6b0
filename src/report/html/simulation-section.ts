/**
 * A run on the cluster: each job's verdict with what it required, holds and misses, and next to
 * anything missing the SlotManager's explanation; what to add when the cluster is too small; the
 * timeline of a scenario; then every TaskManager's slots.
 */
import { formatBytes } from '../../model/memory-size.js';
import type { CountJson, JobReport, SimulationReport } from '../simulation-report.js';
import { profileToTextFromJson } from '../profile-text.js';
import { clusterSection } from './cluster-section.js';
import { attr, el, more, text } from './markup.js';
import { colourClass } from './palette.js';
import { timeLabel, timelineSvg } from './timeline-svg.js';

const slots = (list: readonly CountJson[]): number => list.reduce((n, c) => n + c.count, 0);

/** Missing profiles explained per job before "… and N more". */
const EXPLAINED = 20;

function explanations(job: JobReport): string {
  // Judged when it finished, with nothing missing left to explain: say how far it got.
  if (job.explanations.length === 0 && (job.verdict === 'never-met' || job.verdict === 'not-met')) {
    const required = slots(job.requirements);
    return job.verdict === 'never-met'
      ? `held at most ${job.slotsBeforeFullyMet} of the ${required} slots it required`
      : `fully met at ${job.firstFullyMetAt ?? '?'} ms, no longer at ${job.lostAt.length > 0 ? `${job.lostAt.slice(0, 10).join(', ')} ms` : 'the end'}`;
  }
  if (job.networkBuffers !== undefined)
    return text(`fails at deployment on ${job.networkBuffers.taskManager}: ${job.networkBuffers.message}`);
  if (job.explanations.length === 0) return '';
  const items = job.explanations
    .slice(0, EXPLAINED)
    .map((e) => `<li>${e.count} × ${text(profileToTextFromJson(e.profile))}: ${e.reasons.map((r) => text(r.message)).join('; ')}</li>`);
  const rest = job.explanations.length > EXPLAINED ? `<li>… and ${job.explanations.length - EXPLAINED} more profiles missing</li>` : '';
  return `<ul class="why">${items.join('')}${rest}</ul>`;
}

/** Jobs listed, and drawn in the timeline, before "… and N more". */
const JOB_ROWS = 500;
const TIMELINE_JOBS = 40;

function jobsTable(sim: SimulationReport): string {
  const rows = sim.jobs
    .slice(0, JOB_ROWS)
    .map((j, i) =>
      el(
        'tr',
        { 'data-job-row': attr(j.id) },
        el('td', { class: 'nowrap' }, `<span class="sw ${colourClass(i)}"></span>${text(j.id)}`),
        el(
          'td',
          { class: `nowrap verdict-${j.verdict}` },
          j.verdict + (j.finishedAt === undefined ? '' : ` <span class="muted">(finished at ${j.finishedAt} ms)</span>`),
        ),
        el('td', { class: 'n' }, String(slots(j.requirements))),
        el('td', { class: 'n' }, String(slots(j.acquired))),
        el('td', { class: 'n' }, String(slots(j.missing))),
        el('td', {}, explanations(j)),
      ),
    );
  const head = '<tr><th>job</th><th>verdict</th><th>required</th><th>held</th><th>missing</th><th>why</th></tr>';
  return `<table>${head}${rows.join('')}</table>${more(sim.jobs.length, JOB_ROWS, 'jobs')}`;
}

function advice(sim: SimulationReport): string {
  const out: string[] = [];
  if (sim.advice !== undefined) {
    const a = sim.advice;
    out.push(
      a.instruction === undefined
        ? `<p><b>Add ${a.addTaskManagers} TaskManager(s)</b> like the default worker (${a.slotsPerTaskManager} slots, ${text(profileToTextFromJson(a.taskManager))}) and the requirements are met.</p>`
        : `<p><b>${text(a.instruction.charAt(0).toUpperCase() + a.instruction.slice(1))}</b> and the requirements are met.</p>`,
    );
  }
  for (const limit of sim.raiseLimits ?? []) {
    const raise = limit.instruction ?? `raise ${limit.key} from ${limit.from} to ${limit.to}`;
    out.push(
      `<p><b>${text(raise.charAt(0).toUpperCase() + raise.slice(1))}</b>: met at ${text(limit.to)}, not at ${text(limit.notAt)}.</p>`,
    );
  }
  if (sim.lowerParallelism !== undefined) {
    const l = sim.lowerParallelism;
    out.push(`<p>Or lower vertex ${text(l.vertex)} to parallelism ${l.parallelism} (from ${l.current}).</p>`);
  }
  return out.join('');
}

function capacity(sim: SimulationReport): string {
  const registered = sim.taskManagers.reduce((n, tm) => n + tm.registeredSlots, 0);
  const held = sim.taskManagers.reduce((n, tm) => n + tm.slots.length, 0);
  const memory = sim.taskManagers.reduce((n, tm) => n + (typeof tm.total === 'object' ? BigInt(tm.total.managedMemory) : 0n), 0n);
  const cards = [
    ['verdict', `<span class="verdict-${sim.verdict}">${sim.verdict}</span>`],
    ['TaskManagers', String(sim.taskManagers.length)],
    ['slots held', `${held} of ${registered}`],
    ['managed memory', formatBytes(memory)],
    ['SlotManager', `${sim.slotManager}, ${text(sim.taskManagersFrom ?? sim.resourceAllocation)}`],
  ];
  if (sim.workersStarted > 0) cards.push(['workers started', String(sim.workersStarted)]);
  return `<div class="cards">${cards.map(([k, v]) => `<div class="card">${k}<b>${v}</b></div>`).join('')}</div>`;
}

/** Jobs declared at time 0 and served at once, nothing else happening: a timeline would be flat lines. */
function changesOverTime(history: NonNullable<SimulationReport['history']>): boolean {
  return history.events.some((e) => e.time > 0) || history.slotsHeld.some((s) => s.series.length > 1);
}

export function simulationSection(sim: SimulationReport, anchor: string, heading: string, taskManagerLimit: number, intro = ''): string {
  const jobIndex = new Map(sim.jobs.map((j, i) => [j.id, i]));
  const timeline =
    sim.history === undefined || !changesOverTime(sim.history)
      ? ''
      : el('h3', {}, 'Over time') +
        el(
          'div',
          { class: 'scroll' },
          timelineSvg({ ...sim.history, slotsHeld: sim.history.slotsHeld.slice(0, TIMELINE_JOBS) }, sim.endTime, jobIndex),
        ) +
        more(sim.history.slotsHeld.length, TIMELINE_JOBS, 'jobs not drawn in the timeline');
  return el(
    'section',
    { id: anchor, class: 'run' },
    el('h2', {}, text(heading)),
    intro,
    capacity(sim),
    jobsTable(sim),
    advice(sim),
    timeline,
    el('h3', {}, `TaskManagers at the end (${timeLabel(sim.endTime, sim.endTime)})`),
    clusterSection(sim, taskManagerLimit),
  );
}
