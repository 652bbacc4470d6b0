/**
 * `flinkslot report LOG`: the explanation of a log as one self-contained page (issue 28 §3): the
 * diagnosis and what to do on top, the log lines that show it, the timeline picture
 * (log-timeline.ts), then the jobs and TaskManagers the log shows. No script, nothing fetched.
 */
import { fileNamer } from '../explain/explain-document.js';
import type { ExplainReport, LogPointJson } from '../explain/explain-report.js';
import type { TimelineEntry } from '../../sim/log/log-explanation.js';
import { logTimelineSvg } from './log-timeline.js';
import { attr, el, more, shorten, text } from './markup.js';
import { pageHead } from './page-head.js';
import { LOG_PAGE_CSS, PAGE_CSS } from './page-style.js';
import { colourClass } from './palette.js';

export interface LogPageInput {
  readonly title: string;
  /** Who made it ("flinkslot 0.1.0"), for the footer. */
  readonly generator: string;
  readonly report: ExplainReport;
  readonly timeline: readonly TimelineEntry[];
  /** TaskManager rows listed. */
  readonly taskManagerRows: number;
}

/** Characters of a log line shown on the page (the title keeps up to the report's cut). */
const LINE = 300;
const JOB_ROWS = 500;

function diagnosis(r: ExplainReport): string {
  const file = fileNamer(r.files);
  const where = (p: LogPointJson): string => `${file(p.file)}:${p.line}`;
  const d = r.diagnosis;
  const fixes = d.fixes.map(
    (f) =>
      `<li>${text(f.text)} <span class="${f.proven ? 'proven' : 'muted'}">${f.proven ? '(proven by a replay)' : '(not proven by a replay)'}</span></li>`,
  );
  const evidence = d.evidence.map(
    (p) =>
      `<tr><td class="nowrap"><code>${text(where(p))}</code></td><td><code title="${attr(p.text)}">${text(shorten(p.text, LINE))}</code></td></tr>`,
  );
  return [
    '<section id="diagnosis">',
    `<h2>Diagnosis: <span class="diagnosis-${d.code === 'ok' ? 'ok' : 'problem'}">${text(d.code)}</span></h2>`,
    `<p><b>${text(d.message)}</b></p>`,
    fixes.length === 0 ? '' : `<h3>What to do</h3><ul class="fixes">${fixes.join('')}</ul>`,
    evidence.length === 0
      ? ''
      : `<h3>The log lines that show it</h3><div class="scroll"><table class="evidence">${evidence.join('')}</table></div>`,
    '</section>',
  ].join('');
}

function cards(r: ExplainReport): string {
  const card = (label: string, value: string, cls = ''): string => `<div class="card">${text(label)}<b${cls}>${text(value)}</b></div>`;
  const lost = r.taskManagers.filter((t) => t.lost).length;
  const out = [
    card('diagnosis', r.diagnosis.code, ` class="diagnosis-${r.diagnosis.code === 'ok' ? 'ok' : 'problem'}"`),
    card(
      'Flink',
      r.flinkVersion ?? (r.flinkVersionRange === undefined ? 'unknown' : `${r.flinkVersionRange.earliest}–${r.flinkVersionRange.latest}`),
    ),
    card('SlotManager', r.slotManager ?? 'not shown'),
    card('jobs', String(r.jobs.length)),
    card('TaskManagers', lost > 0 ? `${r.taskManagers.length} (${lost} lost)` : String(r.taskManagers.length)),
  ];
  if (r.resourceManager === 'active' || r.workersRequested > 0)
    out.push(card('workers requested / registered', `${r.workersRequested} / ${r.workersRegistered}`));
  return `<div class="cards">${out.join('')}</div>`;
}

const n = (v: number | null): string => (v === null ? '?' : String(v));

function jobsTable(r: ExplainReport, index: ReadonlyMap<string, number>): string {
  if (r.jobs.length === 0) return '';
  const rows = r.jobs
    .slice(0, JOB_ROWS)
    .map((j) =>
      el(
        'tr',
        { 'data-job-row': attr(j.id) },
        el('td', { class: 'nowrap' }, `<span class="sw ${colourClass(index.get(j.id) ?? -1)}"></span>${text(j.id)}`),
        el('td', {}, text(j.name ?? '')),
        el('td', { class: 'n' }, n(j.requiredSlots)),
        el('td', { class: 'n' }, n(j.acquiredSlots)),
        el('td', { class: `nowrap verdict-${j.verdict}` }, j.verdict),
        el('td', {}, text(j.status ?? '')),
      ),
    );
  const head = '<tr><th>job</th><th>name</th><th>required</th><th>held</th><th>verdict</th><th>status</th></tr>';
  return `<h3>Jobs</h3><table class="jobs">${head}${rows.join('')}</table>${more(r.jobs.length, JOB_ROWS, 'jobs')}`;
}

function taskManagersTable(r: ExplainReport, limit: number): string {
  if (r.taskManagers.length === 0) return '';
  const rows = r.taskManagers
    .slice(0, limit)
    .map((t) =>
      el(
        'tr',
        {},
        el('td', { class: 'nowrap' }, text(t.id)),
        el('td', { class: 'n' }, n(t.slots)),
        el('td', {}, text(t.host ?? '')),
        el(
          'td',
          { class: t.lost ? 'verdict-not-met' : undefined },
          t.lost ? `lost${t.lossCause === undefined ? '' : `: ${text(shorten(t.lossCause, 120))}`}` : 'registered',
        ),
      ),
    );
  const head = '<tr><th>TaskManager</th><th>slots</th><th>host</th><th>state</th></tr>';
  return `<h3>TaskManagers</h3><table class="tms-log">${head}${rows.join('')}</table>${more(r.taskManagers.length, limit, 'TaskManagers')}`;
}

function replay(r: ExplainReport): string {
  if (!r.replay.replayed)
    return '<p class="muted">Not replayed: the log does not show both the TaskManagers\' slots and a job\'s requirements.</p>';
  if (r.replay.disagreements.length === 0)
    return '<p>The embedded SlotManager, given what the log shows, did what the log says Flink did.</p>';
  const items = r.replay.disagreements.slice(0, 50).map((d) => `<li>${text(shorten(d, LINE))}</li>`);
  return `<p class="verdict-not-met">The replay and the log disagree: a log flinkslot cannot explain (worth a bug report).</p><ul>${items.join('')}</ul>${more(r.replay.disagreements.length, 50, 'disagreements')}`;
}

export function renderLogPage(input: LogPageInput): string {
  const r = input.report;
  const index = new Map(r.jobs.map((j, i) => [j.id, i]));
  const timeline =
    input.timeline.length === 0
      ? '<p class="muted">The log shows nothing to draw over time.</p>'
      : `<div class="scroll">${logTimelineSvg(input.timeline, index)}</div>`;
  return [
    ...pageHead(input.title, PAGE_CSS + LOG_PAGE_CSS),
    '<body>',
    `<header><h1>${text(input.title)}</h1>${cards(r)}</header>`,
    '<main>',
    diagnosis(r),
    `<section id="timeline"><h2>Over time</h2>${timeline}</section>`,
    `<section id="cluster"><h2>What the log shows</h2>${jobsTable(r, index)}${taskManagersTable(r, input.taskManagerRows)}<h3>Replay</h3>${replay(r)}</section>`,
    '</main>',
    `<footer>Made by ${text(input.generator)} from ${text(r.files.join(', '))}: ${r.records} records read, ${r.recognisedRecords} recognised. Self-contained: nothing in this page is fetched.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
