/**
 * A scenario over time: the slots each job held as a step line, and the events below the axis
 * (submissions, finishes, TaskManagers lost or registered). Both are reduced to pixel columns,
 * so a run of 250,000 events draws as many shapes as the chart has columns, with the lowest and
 * highest count of each column kept (a TaskManager lost and replaced within a column still shows).
 */
import type { SimulationHistory } from '../../sim/simulation-history.js';
import { maxOf } from '../../util/push-all.js';
import { attr, el, num, text, title } from './markup.js';
import { colourClass } from './palette.js';

const WIDTH = 900;
const PLOT = { left: 48, right: 16, top: 12, height: 200 };
const MARKS = 24;
/** Events listed in one marker's title before "… and N more". */
const TITLE_EVENTS = 10;

interface Axis {
  readonly x: (time: number) => number;
  readonly y: (slots: number) => number;
  readonly end: number;
  readonly top: number;
}

/**
 * A step line through pixel columns: per column the lowest and highest count reached and the count
 * it ends with, so the path has at most four commands per column however many changes there were.
 */
function stepPath(series: readonly (readonly [number, number])[], axis: Axis): string {
  const parts = [`M${num(axis.x(0))} ${num(axis.y(0))}`];
  let column: { x: number; low: number; high: number; last: number } | undefined;
  const flush = (): void => {
    if (column === undefined) return;
    const { x, low, high, last } = column;
    parts.push(`H${x}V${num(axis.y(low))}V${num(axis.y(high))}V${num(axis.y(last))}`);
  };
  let level = 0;
  for (const [time, slots] of series) {
    const x = Math.round(axis.x(time));
    if (column === undefined || x !== column.x) {
      flush();
      column = { x, low: Math.min(level, slots), high: Math.max(level, slots), last: slots };
    } else {
      column = { x, low: Math.min(column.low, slots), high: Math.max(column.high, slots), last: slots };
    }
    level = slots;
  }
  flush();
  parts.push(`H${num(axis.x(axis.end))}`);
  return parts.join('');
}

function markers(history: SimulationHistory, axis: Axis): string {
  const columns = new Map<number, { time: number; line: string }[]>();
  for (const e of history.events) {
    const x = Math.round(axis.x(e.time));
    const list = columns.get(x) ?? [];
    if (list.length === 0) columns.set(x, list);
    list.push({ time: e.time, line: `${e.time} ms: ${e.kind}${e.subject === '' ? '' : ` ${e.subject}`}` });
  }
  const base = PLOT.top + PLOT.height;
  return [...columns]
    .map(([x, list]) => {
      const lines = list.slice(0, TITLE_EVENTS).map((l) => l.line);
      if (list.length > TITLE_EVENTS) lines.push(`… and ${list.length - TITLE_EVENTS} more`);
      return el(
        'g',
        { class: 'event', 'data-events': list.length },
        title(lines),
        el('path', { d: `M${x} ${base + 4}l-5 9h10z` }),
        el('line', { x1: x, x2: x, y1: PLOT.top, y2: base }),
      );
    })
    .join('');
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` ticks up to `max`. */
export function niceStep(max: number, count: number): number {
  const raw = Math.max(max / count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return unit * power;
}

/** Milliseconds as a person reads a chart: ms below ten seconds, else seconds, minutes or hours. */
export function timeLabel(ms: number, end: number): string {
  if (end < 10_000) return `${ms} ms`;
  if (end < 600_000) return `${num(ms / 1000)} s`;
  if (end < 36_000_000) return `${num(ms / 60_000)} min`;
  return `${num(ms / 3_600_000)} h`;
}

function axes(axis: Axis): string {
  const base = PLOT.top + PLOT.height;
  const ticks: string[] = [];
  const slotStep = niceStep(axis.top, 4);
  for (let slots = 0; slots <= axis.top; slots += slotStep) {
    const y = axis.y(slots);
    ticks.push(
      el('line', { class: 'grid', x1: PLOT.left, x2: WIDTH - PLOT.right, y1: y, y2: y }),
      el('text', { x: PLOT.left - 6, y: y + 4, class: 'small end' }, String(slots)),
    );
  }
  const timeStep = niceStep(axis.end, 6);
  for (let time = 0; time <= axis.end; time += timeStep) {
    ticks.push(el('text', { x: axis.x(time), y: base + 28, class: 'small mid' }, timeLabel(time, axis.end)));
  }
  return ticks.join('');
}

export function timelineSvg(history: SimulationHistory, endTime: number, jobIndex: ReadonlyMap<string, number>): string {
  // The run's end: history holds nothing later (a scenario's `until` cuts events and changes).
  const end = Math.max(endTime, 1);
  const top = Math.max(
    1,
    maxOf(
      history.slotsHeld.flatMap((s) => s.series.map((p) => p[1])),
      0,
    ),
  );
  const axis: Axis = {
    x: (time) => PLOT.left + (time / end) * (WIDTH - PLOT.left - PLOT.right),
    y: (slots) => PLOT.top + PLOT.height - (slots / top) * PLOT.height,
    end,
    top,
  };
  const lines = history.slotsHeld.map((s) =>
    el(
      'g',
      { class: colourClass(jobIndex.get(s.job) ?? -1), 'data-job': attr(s.job) },
      title([`${s.job}: slots held over time`]),
      el('path', { class: 'line', d: stepPath(s.series, axis) }),
    ),
  );
  const height = PLOT.top + PLOT.height + MARKS + 16;
  return el(
    'svg',
    {
      class: 'timeline',
      xmlns: 'http://www.w3.org/2000/svg',
      width: WIDTH,
      height,
      viewBox: `0 0 ${WIDTH} ${height}`,
      role: 'img',
      'aria-label': 'slots held per job over time, with the events of the run',
    },
    axes(axis),
    markers(history, axis),
    lines.join(''),
    el('text', { x: 4, y: PLOT.top - 2, class: 'small' }, text('slots')),
  );
}
