/**
 * `flinkslot report LOG`'s picture of a log over time (issue 28 §3): per job the slots it required
 * (dashed) and held (solid) as steps; below, the workers an active ResourceManager requested and
 * saw registered, and the TaskManagers registered (lost ones taken off); TaskManagers lost and the
 * moment it gave up (a timeout, a job failing) marked. A pure function of the explanation's
 * timeline; every series is reduced to pixel columns, so a log of 200,000 entries draws as many
 * shapes as the chart has columns. Without timestamps, the x axis is the order of the log.
 */
import type { TimelineEntry } from '../../sim/log/log-explanation.js';
import { maxOf } from '../../util/push-all.js';
import { attr, el, num, text, title } from './markup.js';
import { colourClass } from './palette.js';
import { niceStep, timeLabel } from './timeline-svg.js';

const WIDTH = 900;
const LEFT = 48;
const RIGHT = 16;
const SLOTS = { top: 16, height: 180 };
const CLUSTER = { top: SLOTS.top + SLOTS.height + 40, height: 90 };
/** The time axis, then a row of the legend. */
const HEIGHT = CLUSTER.top + CLUSTER.height + 62;
/** Jobs drawn; entries listed in one marker's title before "… and N more". */
export const DRAWN_JOBS = 40;
const TITLE_ENTRIES = 10;

type Point = readonly [x: number, value: number];

interface Panel {
  readonly top: number;
  readonly height: number;
  readonly max: number;
}

/** The x of each entry: its offset when the log has timestamps, else its place in the log. */
function placeOf(entries: readonly TimelineEntry[]): { at: (i: number) => number | undefined; end: number; timed: boolean } {
  const timed = entries.some((e) => e.offset !== undefined);
  if (!timed) return { at: (i) => i, end: Math.max(entries.length - 1, 1), timed };
  return {
    at: (i) => entries[i]!.offset,
    end: Math.max(
      maxOf(
        entries.map((e) => e.offset ?? 0),
        0,
      ),
      1,
    ),
    timed,
  };
}

const px = (x: number, end: number): number => Math.round(LEFT + (x / end) * (WIDTH - LEFT - RIGHT));
const py = (value: number, p: Panel): number => p.top + p.height - (value / Math.max(p.max, 1)) * p.height;

/** A step line through pixel columns: per column the lowest, highest and last value (four commands at most). */
export function stepPath(series: readonly Point[], end: number, panel: Panel): string {
  const parts = [`M${LEFT} ${num(py(0, panel))}`];
  let column: { x: number; low: number; high: number; last: number } | undefined;
  const flush = (): void => {
    if (column === undefined) return;
    parts.push(`H${column.x}V${num(py(column.low, panel))}V${num(py(column.high, panel))}V${num(py(column.last, panel))}`);
  };
  let level = 0;
  for (const [x, value] of series) {
    const col = px(x, end);
    if (column === undefined || col !== column.x) {
      flush();
      column = { x: col, low: Math.min(level, value), high: Math.max(level, value), last: value };
    } else column = { x: col, low: Math.min(column.low, value), high: Math.max(column.high, value), last: value };
    level = value;
  }
  flush();
  parts.push(`H${px(end, end)}`);
  return parts.join('');
}

interface Series {
  readonly jobs: Map<string, { required: Point[]; held: Point[] }>;
  readonly requested: Point[];
  readonly registered: Point[];
  readonly taskManagers: Point[];
  readonly lost: { x: number; line: string }[];
  readonly notFulfilled: { x: number; line: string }[];
  readonly gaveUp: { x: number; line: string }[];
}

/** Workers and TaskManagers counted once each by their id (a log may say a worker registered twice). */
function clusterCounts(): { add: (set: 'workers' | 'alive', id: string) => number; remove: (id: string) => number } {
  const workers = new Set<string>();
  const alive = new Set<string>();
  return {
    add: (set, id) => (set === 'workers' ? workers.add(id).size : alive.add(id).size),
    remove: (id) => {
      alive.delete(id);
      return alive.size;
    },
  };
}

function seriesOf(entries: readonly TimelineEntry[], at: (i: number) => number | undefined): Series {
  const s: Series = { jobs: new Map(), requested: [], registered: [], taskManagers: [], lost: [], notFulfilled: [], gaveUp: [] };
  const counts = clusterCounts();
  let requested = 0;
  entries.forEach((e, i) => {
    const x = at(i);
    if (x === undefined) return;
    if (e.job !== undefined && (e.requiredSlots !== undefined || e.acquiredSlots !== undefined)) {
      const job = s.jobs.get(e.job) ?? { required: [], held: [] };
      if (!s.jobs.has(e.job)) s.jobs.set(e.job, job);
      if (e.requiredSlots !== undefined) job.required.push([x, e.requiredSlots]);
      if (e.acquiredSlots !== undefined) job.held.push([x, e.acquiredSlots]);
    }
    const line = `${e.at.file}:${e.at.line}  ${e.text}`;
    const id = e.taskManager ?? e.text;
    if (e.kind === 'worker-requested') s.requested.push([x, ++requested]);
    else if (e.kind === 'worker-registered') s.registered.push([x, counts.add('workers', id)]);
    else if (e.kind === 'taskmanager-registered') s.taskManagers.push([x, counts.add('alive', id)]);
    else if (e.kind === 'taskmanager-lost') {
      s.taskManagers.push([x, counts.remove(id)]);
      s.lost.push({ x, line });
    } else if (e.kind === 'not-fulfilled') s.notFulfilled.push({ x, line });
    else if (e.kind === 'timeout' || e.kind === 'network' || (e.kind === 'job-status' && /\bFAILED\b/.test(e.text)))
      s.gaveUp.push({ x, line });
  });
  return s;
}

/** What each line and mark is, under the time axis. */
function legend(): string {
  const items: [string, string][] = [
    ['c0 required-sample', 'required'],
    ['c0 held-sample', 'held'],
    ['workers-requested', 'workers requested'],
    ['workers-registered', 'workers registered'],
    ['taskmanagers', 'TaskManagers'],
    ['event not-fulfilled', 'not fulfilled'],
    ['event lost', 'TaskManager lost'],
    ['event gave-up', 'gave up'],
  ];
  const y = HEIGHT - 8;
  let x = LEFT;
  const out: string[] = [];
  for (const [cls, label] of items) {
    const sample = cls.startsWith('event')
      ? el('line', { x1: x + 9, x2: x + 9, y1: y - 10, y2: y + 2 })
      : el('path', { class: cls.includes('required') ? 'line required' : 'line', d: `M${x} ${y - 4}h18` });
    out.push(el('g', { class: cls.replace(/ (required|held)-sample$/, '') }, sample, el('text', { x: x + 22, y, class: 'small' }, label)));
    // 10.5 px text: about 5.6 px a character, then a gap.
    x += 22 + Math.ceil(label.length * 5.6) + 14;
  }
  return el('g', { class: 'legend-row' }, ...out);
}

/** Marks per pixel column, each with a title listing what happened there. */
function marks(list: readonly { x: number; line: string }[], end: number, cls: string, label: string): string {
  const columns = new Map<number, string[]>();
  for (const m of list) {
    const x = px(m.x, end);
    const lines = columns.get(x) ?? [];
    if (lines.length === 0) columns.set(x, lines);
    lines.push(m.line);
  }
  return [...columns]
    .map(([x, lines]) => {
      const shown = lines.slice(0, TITLE_ENTRIES).map((l) => (l.length > 300 ? `${l.slice(0, 299)}…` : l));
      if (lines.length > TITLE_ENTRIES) shown.push(`… and ${lines.length - TITLE_ENTRIES} more`);
      return el(
        'g',
        { class: cls, 'data-entries': lines.length },
        title([label, ...shown]),
        el('line', { x1: x, x2: x, y1: SLOTS.top, y2: CLUSTER.top + CLUSTER.height }),
        el('path', { d: `M${x} ${CLUSTER.top + CLUSTER.height + 4}l-5 9h10z` }),
      );
    })
    .join('');
}

function axes(panel: Panel, label: string): string {
  const out: string[] = [el('text', { x: 4, y: panel.top - 4, class: 'small' }, text(label))];
  const step = niceStep(panel.max, panel.height > 100 ? 4 : 2);
  for (let v = 0; v <= panel.max; v += step) {
    const y = py(v, panel);
    out.push(
      el('line', { class: 'grid', x1: LEFT, x2: WIDTH - RIGHT, y1: y, y2: y }),
      el('text', { x: LEFT - 6, y: y + 4, class: 'small end' }, String(v)),
    );
  }
  return out.join('');
}

function timeAxis(end: number, timed: boolean): string {
  if (!timed) return el('text', { x: LEFT, y: HEIGHT - 28, class: 'small' }, 'in the order of the log (it has no timestamps)');
  const out: string[] = [];
  const step = niceStep(end, 6);
  for (let t = 0; t <= end; t += step) out.push(el('text', { x: px(t, end), y: HEIGHT - 28, class: 'small mid' }, timeLabel(t, end)));
  return out.join('');
}

export function logTimelineSvg(entries: readonly TimelineEntry[], jobIndex: ReadonlyMap<string, number>): string {
  const place = placeOf(entries);
  const s = seriesOf(entries, place.at);
  const jobs = [...s.jobs].slice(0, DRAWN_JOBS);
  const slotsPanel: Panel = {
    ...SLOTS,
    max: Math.max(
      1,
      maxOf(
        jobs.flatMap(([, j]) => [...j.required, ...j.held].map((p) => p[1])),
        0,
      ),
    ),
  };
  const clusterMax = Math.max(
    1,
    maxOf(
      [...s.requested, ...s.registered, ...s.taskManagers].map((p) => p[1]),
      0,
    ),
  );
  const clusterPanel: Panel = { ...CLUSTER, max: clusterMax };
  const jobLines = jobs.map(([job, j]) =>
    el(
      'g',
      { class: colourClass(jobIndex.get(job) ?? -1), 'data-job': attr(job) },
      title([`${job}: slots required (dashed) and held (solid)`]),
      j.required.length === 0 ? '' : el('path', { class: 'line required', d: stepPath(j.required, place.end, slotsPanel) }),
      j.held.length === 0 ? '' : el('path', { class: 'line', d: stepPath(j.held, place.end, slotsPanel) }),
    ),
  );
  const cluster = (series: Point[], cls: string, what: string): string =>
    series.length === 0
      ? ''
      : el('g', { class: cls }, title([what]), el('path', { class: 'line', d: stepPath(series, place.end, clusterPanel) }));
  return el(
    'svg',
    {
      class: 'timeline log-timeline',
      xmlns: 'http://www.w3.org/2000/svg',
      width: WIDTH,
      height: HEIGHT,
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: 'img',
      'aria-label': 'slots required and held per job over time; workers requested and registered; TaskManagers; when it gave up',
    },
    axes(slotsPanel, 'slots per job: required (dashed), held (solid)'),
    axes(clusterPanel, 'workers requested, workers registered, TaskManagers registered'),
    timeAxis(place.end, place.timed),
    jobLines.length > 0
      ? jobLines.join('')
      : el('text', { x: LEFT + 8, y: SLOTS.top + SLOTS.height / 2, class: 'small' }, "the log shows no job's slots over time"),
    cluster(s.requested, 'workers-requested', 'workers requested (cumulative)'),
    cluster(s.registered, 'workers-registered', 'workers registered (cumulative)'),
    cluster(s.taskManagers, 'taskmanagers', 'TaskManagers registered, lost ones taken off'),
    s.requested.length + s.registered.length + s.taskManagers.length > 0
      ? ''
      : el(
          'text',
          { x: LEFT + 8, y: CLUSTER.top + CLUSTER.height / 2, class: 'small' },
          'the log shows no worker or TaskManager registering',
        ),
    marks(s.notFulfilled, place.end, 'event not-fulfilled', 'not fulfilled'),
    marks(s.lost, place.end, 'event lost', 'TaskManager lost'),
    marks(s.gaveUp, place.end, 'event gave-up', 'gave up'),
    legend(),
  );
}
