/**
 * A JobManager or TaskManager log, as users paste it, read into records: one record per line
 * that starts with a layout prefix (log-layout.ts), with the lines that follow it (a stack trace,
 * the fine-grained SlotManager's multi-line "Matching resource requirements" block) in its
 * message. The first stage of `flinkslot explain` (issue 28 §1): no facts are read here.
 */
import { error, fail, ok, type Result } from '../../errors/diagnostic.js';
import { jsonLogLine, jsonStringLine } from './json-log-line.js';
import { insideBoxBorder, kubectlPrefix, recognizeLine, type LinePrefix, type LogLayout, type LogLevel } from './log-layout.js';
import { groupThousands } from '../../util/plain-locale.js';

export type { LogLayout, LogLevel } from './log-layout.js';

export interface LogRecord {
  /** 1-based line of the record's first line. */
  line: number;
  /** 1-based line of its last line (a continuation's, else `line`). */
  endLine: number;
  /** As printed: `2024-03-12 07:51:14,148`, `10:34:05,125`, or milliseconds since start. */
  timestamp?: string;
  /** The `kubectl logs --timestamps` time before the line, when pasted with it. */
  kubectlTimestamp?: string;
  level?: LogLevel;
  /** The logger (the class, for most of Flink's), trimmed of its padding. */
  logger?: string;
  thread?: string;
  /** The first line's message, then each continuation line, joined with '\n'. */
  message: string;
  /** The layout of the first line; none for a line without one (an excerpt of bare messages). */
  layout?: LogLayout;
}

export interface LogRecords {
  file: string;
  records: LogRecord[];
  /** The layouts seen, in the order first seen. */
  layouts: LogLayout[];
  /** Lines added to the record above (stack frames, indented blocks, a message's next lines). */
  continuationLines: number;
  /** `...` / `[...]` lines: gaps in a pasted excerpt, a boundary between records. */
  gapLines: number;
  /** Blank lines that belong to no record. */
  blankLines: number;
  /** Lines read (the measure of the work done: it grows with the input, never faster). */
  linesRead: number;
}

/** Beyond these, a log is refused before any line is read (a log of 64 MiB is days of a JobManager). */
export const MAX_LOG_CHARACTERS = 64 * 1024 * 1024;
export const MAX_LOG_LINES = 2_000_000;

export function readLogRecords(text: string, file: string): Result<LogRecords> {
  const tooLarge = boundsProblem(text);
  if (tooLarge !== undefined) {
    const d = error('input/too-large', tooLarge);
    d.location = { file, pointer: '', line: 1, column: 1 };
    return fail([d]);
  }
  const lines = splitLines(text);
  const reader = new RecordReader(file);
  for (let i = 0; i < lines.length; i++) reader.read(lines[i] ?? '', i + 1);
  return ok(reader.result());
}

function boundsProblem(text: string): string | undefined {
  if (text.length > MAX_LOG_CHARACTERS)
    return `the log is longer than flinkslot reads (at most ${groupThousands(MAX_LOG_CHARACTERS)} characters); give the part around the failure`;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0 && lines <= MAX_LOG_LINES; i = text.indexOf('\n', i + 1)) lines++;
  if (lines > MAX_LOG_LINES)
    return `the log has more than ${groupThousands(MAX_LOG_LINES)} lines, more than flinkslot reads; give the part around the failure`;
  return undefined;
}

/** Lines without their ends (`\n`, Windows `\r\n`); a final line end adds no empty line. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

class RecordReader {
  private readonly records: LogRecord[] = [];
  private readonly layouts: LogLayout[] = [];
  private readonly messageLines: string[] = [];
  private current: LogRecord | undefined;
  private continuationLines = 0;
  private gapLines = 0;
  private blankLines = 0;
  private linesRead = 0;

  constructor(private readonly file: string) {}

  read(raw: string, lineNumber: number): void {
    this.linesRead++;
    const { kubectl, line } = pastedLine(raw);
    const trimmed = line.trim();
    if (trimmed === '...' || trimmed === '[...]') {
      this.gapLines++;
      this.close();
      return;
    }
    const prefix = recognizeLine(line) ?? jsonLogLine(line);
    if (prefix !== undefined) return this.start(recordOf(prefix, lineNumber, kubectl));
    if (this.continues(line)) return this.append(line, lineNumber);
    if (trimmed === '') {
      this.blankLines++;
      return;
    }
    this.start({ line: lineNumber, endLine: lineNumber, message: line });
  }

  /**
   * Any line after a record with a layout is part of it (Flink prints a message's next lines and a
   * Throwable's trace without the prefix); after a bare line only what is indented (`\tat …`, the
   * `... 12 more` of a trace) or a `Caused by:` is, so an excerpt of bare messages stays one per line.
   */
  private continues(line: string): boolean {
    const current = this.current;
    if (current === undefined) return false;
    if (current.layout !== undefined) return true;
    if (line.startsWith(' ') || line.startsWith('\t') || line.startsWith('Caused by:')) return true;
    return brokenOff(this.messageLines[this.messageLines.length - 1] ?? '', line);
  }

  private start(record: LogRecord): void {
    this.close();
    this.current = record;
    this.messageLines.push(record.message);
    if (record.layout !== undefined && !this.layouts.includes(record.layout)) this.layouts.push(record.layout);
  }

  private append(line: string, lineNumber: number): void {
    this.messageLines.push(line);
    if (this.current !== undefined) this.current.endLine = lineNumber;
    this.continuationLines++;
  }

  private close(): void {
    const current = this.current;
    if (current === undefined) return;
    // Blank lines at the end of a record separate it from the next; they are not its message.
    while (this.messageLines.length > 1 && this.messageLines[this.messageLines.length - 1]?.trim() === '') {
      this.messageLines.pop();
      current.endLine--;
      this.continuationLines--;
      this.blankLines++;
    }
    current.message = this.messageLines.join('\n');
    this.messageLines.length = 0;
    this.records.push(current);
    this.current = undefined;
  }

  result(): LogRecords {
    this.close();
    const { file, records, layouts, continuationLines, gapLines, blankLines, linesRead } = this;
    return { file, records, layouts, continuationLines, gapLines, blankLines, linesRead };
  }
}

function recordOf(prefix: LinePrefix, line: number, kubectl: string | undefined): LogRecord {
  const record: LogRecord = { line, endLine: line, message: prefix.message, layout: prefix.layout };
  if (prefix.timestamp !== undefined) record.timestamp = prefix.timestamp;
  if (kubectl !== undefined) record.kubectlTimestamp = kubectl;
  if (prefix.level !== undefined) record.level = prefix.level;
  if (prefix.logger !== undefined) record.logger = prefix.logger;
  if (prefix.thread !== undefined) record.thread = prefix.thread;
  return record;
}

/**
 * A bare line that stops mid-sentence, followed by one that starts mid-sentence: a message an issue
 * tracker or a terminal wrapped (fixture 21: "…buffers: required" / "17, but only 16 available. …").
 * The next line starts with a small letter (not a class name), a digit (not a time), a quote or a comma; the line above
 * is long and does not end a sentence.
 */
function brokenOff(above: string, line: string): boolean {
  const end = above.trimEnd();
  if (end.length < 40 || /[.!?:]$/.test(end)) return false;
  if (!/^[a-z0-9'",]/.test(line) || /^\d\d?:\d\d/.test(line) || /^\d{4}-\d\d-\d\d/.test(line)) return false;
  // A line that starts with a class name (`org.apache.flink…: …`) is an exception's own line.
  return !/^[a-z][\w$]*(?:\.[\w$]+)+/.test(line);
}

/**
 * The line a paste holds around a log line: ANSI colours dropped (a colouring terminal), the
 * `kubectl logs --timestamps` time taken off (kept apart), a terminal UI's `│` borders removed, a
 * string of a JSON array read as the line it holds. Every reader of a log's lines starts here.
 */
export function pastedLine(raw: string): { kubectl: string | undefined; line: string } {
  const plain = raw.includes('\u001b[') ? raw.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '') : raw;
  const kubectl = kubectlPrefix(plain);
  const bordered = insideBoxBorder(kubectl === undefined ? plain : plain.slice(kubectl.length + 1));
  return { kubectl, line: jsonStringLine(bordered) ?? bordered };
}
