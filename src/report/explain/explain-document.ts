/**
 * `flinkslot explain`'s report for people, as one section list for text and Markdown: the
 * diagnosis and what to do first, the log lines that prove it, then what the log shows (release,
 * SlotManager, ResourceManager, jobs, TaskManagers, workers), where the replay disagrees, and the
 * timeline. Log text is input: made printable and cut to a line's width here, escaped by the writers.
 */
import { printable } from '../../util/printable.js';
import {
  type Block,
  type Inline,
  type Line,
  type Row,
  type Section,
  type SectionDocument,
  type Tone,
  code,
  paragraph,
  strong,
  text,
  tone,
} from '../document/document.js';
import { type ExplainReport, type ExplainTimelineJson, type LogPointJson, cutText } from './explain-report.js';

/** Characters of a log line the text shows. */
export const LINE_TEXT = 240;
/** Rows of the timeline shown by default: the first and the last half, with a line for those between. */
export const TIMELINE_ROWS = 40;

export interface ExplainDocumentOptions {
  /** Timeline rows at most (0: all). */
  readonly limit?: number;
  /** Markdown: every table has a header (a Markdown table needs one). */
  readonly markdown?: boolean;
}

export function explainDocument(r: ExplainReport, options: ExplainDocumentOptions = {}): SectionDocument {
  const file = fileNamer(r.files);
  const where: Where = (p) => `${file(p.file)}:${p.line}`;
  return [
    diagnosisSection(r),
    ...evidenceSection(r, options.markdown === true, where),
    factsSection(r, options.markdown === true),
    ...jobsSection(r),
    ...taskManagersSection(r),
    ...replaySection(r),
    ...timelineSection(r, options.limit ?? TIMELINE_ROWS, where),
  ];
}

/** A line of the log as the report shows it: control characters visible, cut to LINE_TEXT. */
export function logText(value: string): Inline {
  return text(cutText(printable(value), LINE_TEXT));
}

/** Input's names (ids, hosts) made printable. */
const name = (value: string): Inline => code(printable(value));

function diagnosisTone(code: string): Tone {
  if (code === 'ok') return 'ok';
  return code === 'unknown' ? 'warn' : 'error';
}

function diagnosisSection(r: ExplainReport): Section {
  const d = r.diagnosis;
  const files = r.files.length === 1 ? r.files[0]! : `${r.files.length} logs`;
  const blocks: Block[] = [paragraph([tone(diagnosisTone(d.code), strong(d.code)), '  ', d.message])];
  if (d.fixes.length > 0) {
    blocks.push(paragraph([strong('What to do')]), {
      kind: 'list',
      items: d.fixes.map((f) => ({
        marker: '-',
        content: [f.text, ' ', tone(f.proven ? 'ok' : 'dim', f.proven ? '(proven by a replay)' : '(not proven by a replay)')],
      })),
    });
  }
  return { heading: { level: 2, content: [tone('heading', 'flinkslot explain'), tone('dim', ` ${printable(files)}`)] }, blocks };
}

/**
 * A file as the rows name it: its base name when the files' base names differ (the heading names
 * the paths), else the path.
 */
export function fileNamer(files: readonly string[]): (file: string) => string {
  const base = (f: string): string => f.replace(/^.*[\\/]/, '');
  const bases = new Set(files.map(base));
  return bases.size === files.length ? base : (f) => f;
}

/** `file:line` of a record, as the rows name it. */
type Where = (p: LogPointJson) => string;

function pointRow(p: LogPointJson, where: Where): Row {
  return [[name(where(p))], [logText(p.text)]];
}

function evidenceSection(r: ExplainReport, md: boolean, where: Where): Section[] {
  const evidence = r.diagnosis.evidence;
  if (evidence.length === 0) return [];
  return [
    {
      heading: { level: 3, content: [tone('heading', 'The log lines that show it')] },
      summary: `${evidence.length} log lines`,
      blocks: [
        { kind: 'table', ...(md ? { header: ['where', 'log line'] } : {}), rows: evidence.map((p) => pointRow(p, where)), cut: false },
      ],
    },
  ];
}

function versionText(r: ExplainReport): string {
  const allowed = r.flinkVersionRange;
  if (r.flinkVersion === null)
    return allowed === undefined
      ? 'unknown (neither the log nor --flink-version names it)'
      : `${allowed.earliest} to ${allowed.latest} (the log's message forms; give --flink-version to say which)`;
  const from = { log: 'named by the log', option: 'from --flink-version', 'message-forms': "from the log's message forms" };
  const range = r.flinkVersionRange;
  const forms =
    range === undefined || range.earliest === range.latest
      ? from['message-forms']
      : `${from['message-forms']}: ${range.earliest} to ${range.latest}`;
  const source = r.flinkVersionSource === null ? '' : ` (${r.flinkVersionSource === 'message-forms' ? forms : from[r.flinkVersionSource]})`;
  return `${r.flinkVersion}${source}`;
}

function factsSection(r: ExplainReport, md: boolean): Section {
  const rm =
    r.resourceManager === null
      ? 'not shown'
      : `${r.resourceManager}${r.deployment === null || r.deployment === r.resourceManager ? '' : ` (${r.deployment})`}`;
  const rows: Row[] = [
    [['Flink release'], [versionText(r)]],
    [['SlotManager'], [r.slotManager ?? 'not shown']],
    [['ResourceManager'], [rm]],
  ];
  if (r.resourceManager === 'active' || r.workersRequested > 0 || r.workersRegistered > 0)
    rows.push([['Workers'], [`${r.workersRequested} requested, ${r.workersRegistered} registered`]]);
  if (r.network !== undefined) {
    const n = r.network;
    const total = n.total === null ? '' : ` of ${n.total}`;
    const size = n.segmentSize === undefined ? '' : ` (${n.segmentSize} bytes each)`;
    rows.push([['Network buffers'], [`${n.required} required, ${n.available} available${total}${size}`]]);
  }
  if (r.slotPool !== undefined) {
    const p = r.slotPool;
    rows.push([
      ['Slot pool'],
      [`${count(p.registeredTaskManagers)} TaskManagers, ${count(p.registeredSlots)} slots, ${count(p.freeSlots)} free`],
    ]);
  }
  rows.push([['Records'], [`${r.records} read, ${r.recognisedRecords} recognised`]]);
  return {
    heading: { level: 3, content: [tone('heading', 'What the log shows')] },
    blocks: [{ kind: 'table', ...(md ? { header: ['', ''] } : {}), rows, cut: false }],
  };
}

const count = (n: number | null): string => (n === null ? '?' : String(n));

function verdictTone(verdict: string): Tone {
  if (verdict === 'met') return 'ok';
  return verdict === 'unknown' ? 'dim' : 'warn';
}

function jobsSection(r: ExplainReport): Section[] {
  if (r.jobs.length === 0) return [];
  const rows: Row[] = r.jobs.map((j) => [
    [name(j.id)],
    [j.name === undefined ? '' : text(cutText(printable(j.name), 60))],
    [count(j.requiredSlots)],
    [count(j.acquiredSlots)],
    [tone(verdictTone(j.verdict), j.verdict)],
    [j.status ?? ''],
  ]);
  return [
    {
      heading: { level: 3, content: [tone('heading', `Jobs (${r.jobs.length})`)] },
      summary: `${r.jobs.length} jobs`,
      blocks: [{ kind: 'table', header: ['job', 'name', 'required', 'acquired', 'verdict', 'status'], rows }],
    },
  ];
}

function taskManagersSection(r: ExplainReport): Section[] {
  if (r.taskManagers.length === 0) return [];
  const lost = r.taskManagers.filter((t) => t.lost).length;
  const rows: Row[] = r.taskManagers.map((t) => [
    [name(t.id)],
    [count(t.slots)],
    [t.host === undefined ? '' : name(t.host)],
    t.lost ? [tone('warn', 'lost'), ...(t.lossCause === undefined ? [] : [`: ${cutText(printable(t.lossCause), 80)}`])] : ['registered'],
  ]);
  const heading = `TaskManagers (${r.taskManagers.length}${lost > 0 ? `, ${lost} lost` : ''})`;
  return [
    {
      heading: { level: 3, content: [tone('heading', heading)] },
      summary: heading,
      blocks: [{ kind: 'table', header: ['taskmanager', 'slots', 'host', 'state'], rows }],
    },
  ];
}

function replaySection(r: ExplainReport): Section[] {
  const p = r.replay;
  if (!p.replayed)
    return [
      {
        heading: { level: 3, content: [tone('heading', 'Replay')] },
        blocks: [paragraph([tone('dim', "Not replayed: the log does not show both the TaskManagers' slots and a job's requirements.")])],
      },
    ];
  const agree: Line =
    p.disagreements.length === 0
      ? ['The embedded SlotManager, given what the log shows, did what the log says Flink did.']
      : [
          tone('warn', `The replay and the log disagree in ${p.disagreements.length} place(s)`),
          ': a log flinkslot cannot explain (worth a bug report):',
        ];
  const blocks: Block[] = [paragraph(agree)];
  if (p.disagreements.length > 0)
    blocks.push({ kind: 'list', items: p.disagreements.map((d) => ({ marker: '-', content: [text(cutText(printable(d), LINE_TEXT))] })) });
  if (p.notes !== undefined && p.notes.length > 0)
    blocks.push({
      kind: 'list',
      items: p.notes.map((n) => ({ marker: '·', content: [tone('dim', text(cutText(printable(n), LINE_TEXT)))] })),
    });
  return [{ heading: { level: 3, content: [tone('heading', 'Replay')] }, blocks }];
}

/** Milliseconds since the first timestamped record, as `+1.250 s` / `+12 min 3.5 s`. */
export function offsetText(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 60_000) return `+${(ms / 1000).toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(1);
  if (minutes < 60) return `+${minutes} min ${seconds} s`;
  return `+${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function timelineRow(e: ExplainTimelineJson, where: Where): Row {
  return [[offsetText(e.offset)], [name(where(e.at))], [logText(e.text)]];
}

function timelineSection(r: ExplainReport, limit: number, where: Where): Section[] {
  const all = r.timeline;
  if (all.length === 0) return [];
  let rows: Row[];
  if (limit <= 0 || all.length <= limit) rows = all.map((e) => timelineRow(e, where));
  else {
    // The start (requirements, registrations) and the end (where it gave up) matter most.
    const head = Math.ceil(limit / 2);
    const tail = limit - head;
    const hidden = all.length - limit;
    rows = [
      ...all.slice(0, head).map((e) => timelineRow(e, where)),
      { across: [tone('dim', `… and ${hidden} more (--limit 0 or --json shows all)`)] },
      ...all.slice(all.length - tail).map((e) => timelineRow(e, where)),
    ];
  }
  return [
    {
      heading: { level: 3, content: [tone('heading', `Timeline (${all.length} entries)`)] },
      summary: `${all.length} entries`,
      blocks: [
        { kind: 'table', header: ['offset', 'where', 'what'], rows, cut: false },
        ...(r.timelineOmitted === undefined
          ? []
          : [paragraph([tone('dim', `${r.timelineOmitted} later entries left out (the timeline keeps its first ones)`)])]),
      ],
    },
  ];
}
