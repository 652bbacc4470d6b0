/**
 * The prefix Flink's log layouts print before a message, recognised on one line by a scanner of
 * indices (no regular expression with nested quantifiers: every line is read once, left to right).
 *
 * Flink's default pattern (flink-dist/src/main/flink-bin/conf/log4j*.properties, 1.10 → 2.x) is
 * `%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n`; an empty NDC (`%x`) prints nothing with
 * log4j 1 (1.10: `<logger>  - `) and `[]` with log4j 2 (1.11+: `<logger> [] - `).
 * docs/research/jobmanager-log-messages.md §1, §10.
 */

export type LogLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'FATAL';

/**
 * - `log4j1` / `log4j2`: the default pattern (the timestamp may be a time only, or cut off);
 * - `logback`: Flink's logback configurations (flink-dist/src/main/flink-bin/conf/logback*.xml,
 *   `%d{yyyy-MM-dd HH:mm:ss.SSS} [%thread] %-5level %logger{60} %X{sourceThread} - %msg%n`): the
 *   thread in brackets before the level, the logger possibly abbreviated (`o.a.f.r.…`);
 * - `relative-thread`: Flink's test layout `%r [%t] %-5p %c - %m` (milliseconds since start);
 * - `timestamp-level`: a timestamp and level, then the message (a custom layout, the logger and
 *   thread, when it prints them, in a trailing `[Logger thread]`);
 * - `timestamp`: a timestamp, then the message;
 * - `json`: one JSON object per line (a JSON layout of a platform that ships logs; json-log-line.ts).
 */
export type LogLayout = 'log4j1' | 'log4j2' | 'logback' | 'relative-thread' | 'timestamp-level' | 'timestamp' | 'json';

export interface LinePrefix {
  layout: LogLayout;
  timestamp?: string;
  level?: LogLevel;
  logger?: string;
  thread?: string;
  message: string;
}

const LEVELS: ReadonlySet<string> = new Set(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL']);

/** `kubectl logs --timestamps`: an RFC 3339 time and one space before the container's line. */
const KUBECTL_PREFIX = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d) /;

/** The `kubectl logs --timestamps` prefix of a line, if it has one (its length and text). */
export function kubectlPrefix(line: string): string | undefined {
  const m = KUBECTL_PREFIX.exec(line);
  return m === null ? undefined : m[0].slice(0, -1);
}

/**
 * A screen copy of a terminal UI (k9s) frames each screen line in `│` borders: the line inside
 * them, or the line itself when it has no left border. The right border (and an empty column
 * after it) is what follows the text's last character, so only spaces and `│` are dropped there.
 */
export function insideBoxBorder(line: string): string {
  if (!line.startsWith('│')) return line;
  let end = line.length;
  while (end > 1 && (line[end - 1] === ' ' || line[end - 1] === '│')) end--;
  return line.slice(line.startsWith('│ ') ? 2 : 1, Math.max(end, 1));
}

/** The layout prefix of a line that starts a record, or undefined for any other line. */
export function recognizeLine(line: string): LinePrefix | undefined {
  const stamp = timestampLength(line);
  if (stamp > 0 && line[stamp] === ' ') return afterTimestamp(line.slice(0, stamp), line.slice(stamp + 1));
  if (isDigit(line, 0)) return relativeThread(line);
  // A pasted line whose timestamp was cut off: the level, the logger, then the separator.
  const bare = levelLogger(line);
  return bare?.separated === true ? bare.prefix : undefined;
}

function afterTimestamp(timestamp: string, rest: string): LinePrefix {
  const logback = threadFirst(rest);
  if (logback !== undefined) return { ...logback, timestamp };
  const withLogger = levelLogger(rest);
  if (withLogger?.separated === true) return { ...withLogger.prefix, timestamp };
  const levelEnd = rest.indexOf(' ');
  const level = levelEnd > 0 ? rest.slice(0, levelEnd) : rest;
  if (!LEVELS.has(level)) return { layout: 'timestamp', timestamp, message: rest };
  return { layout: 'timestamp-level', timestamp, level: level as LogLevel, ...trailingLogger(skipSpaces(rest, levelEnd)) };
}

/** `LEVEL logger [ndc] - message` (log4j 2) or `LEVEL logger - message` (log4j 1). */
function levelLogger(text: string): { separated: boolean; prefix: LinePrefix } | undefined {
  const levelEnd = text.indexOf(' ');
  if (levelEnd <= 0 || !LEVELS.has(text.slice(0, levelEnd))) return undefined;
  const level = text.slice(0, levelEnd) as LogLevel;
  const loggerStart = skipSpacesAt(text, levelEnd);
  let loggerEnd = text.indexOf(' ', loggerStart);
  if (loggerEnd < 0 || loggerEnd === loggerStart) return { separated: false, prefix: { layout: 'timestamp-level', level, message: '' } };
  const logger = text.slice(loggerStart, loggerEnd);
  loggerEnd = skipSpacesAt(text, loggerEnd);
  if (text.startsWith('- ', loggerEnd))
    return { separated: true, prefix: { layout: 'log4j1', level, logger, message: text.slice(loggerEnd + 2) } };
  if (text[loggerEnd] === '[') {
    const close = text.indexOf('] - ', loggerEnd);
    const space = text.indexOf(' ', loggerEnd);
    // The NDC is `[]` by default; a user's NDC has no space in it, so the close follows at once.
    if (close >= 0 && (space < 0 || space > close))
      return { separated: true, prefix: { layout: 'log4j2', level, logger, message: text.slice(close + 4) } };
  }
  return { separated: false, prefix: { layout: 'timestamp-level', level, message: '' } };
}

/** `[thread] LEVEL logger [mdc] - message` after the timestamp: logback's pattern in Flink's logback*.xml. */
function threadFirst(rest: string): LinePrefix | undefined {
  if (!rest.startsWith('[')) return undefined;
  const close = rest.indexOf('] ');
  if (close < 0) return undefined;
  const after = levelLogger(rest.slice(close + 2));
  if (after?.separated !== true) return undefined;
  return { ...after.prefix, layout: 'logback', thread: rest.slice(1, close) };
}

/** `%r [%t] %-5p %c - %m`: Flink's test layout (milliseconds, the thread in brackets). */
function relativeThread(line: string): LinePrefix | undefined {
  let i = 0;
  while (isDigit(line, i)) i++;
  if (!line.startsWith(' [', i)) return undefined;
  const close = line.indexOf('] ', i + 2);
  if (close < 0) return undefined;
  const rest = levelLogger(line.slice(close + 2));
  if (rest?.prefix.layout !== 'log4j1') return undefined;
  return { ...rest.prefix, layout: 'relative-thread', timestamp: line.slice(0, i), thread: line.slice(i + 2, close) };
}

/** A custom layout's `message [Logger thread]`: the bracket, if the message ends with one. */
function trailingLogger(message: string): { message: string; logger?: string; thread?: string } {
  if (!message.endsWith(']')) return { message };
  const open = message.lastIndexOf(' [');
  const inner = open < 0 ? '' : message.slice(open + 2, -1);
  const space = inner.indexOf(' ');
  if (space <= 0) return { message };
  return { message: message.slice(0, open), logger: inner.slice(0, space), thread: inner.slice(space + 1) };
}

/** Length of a leading `yyyy-MM-dd HH:mm:ss,SSS` (or ISO 8601's `T`) or `HH:mm:ss,SSS` (`.` also taken), else 0. */
function timestampLength(line: string): number {
  if (isTime(line, 0)) return 12;
  const date = isDigits(line, 0, 4) && line[4] === '-' && isDigits(line, 5, 2) && line[7] === '-' && isDigits(line, 8, 2);
  return date && (line[10] === ' ' || line[10] === 'T') && isTime(line, 11) ? 23 : 0;
}

function isTime(s: string, at: number): boolean {
  const sep = s[at + 8];
  return (
    isDigits(s, at, 2) &&
    s[at + 2] === ':' &&
    isDigits(s, at + 3, 2) &&
    s[at + 5] === ':' &&
    isDigits(s, at + 6, 2) &&
    (sep === ',' || sep === '.') &&
    isDigits(s, at + 9, 3)
  );
}

function isDigits(s: string, at: number, n: number): boolean {
  for (let i = at; i < at + n; i++) if (!isDigit(s, i)) return false;
  return true;
}

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function skipSpacesAt(s: string, i: number): number {
  let j = i;
  while (s[j] === ' ') j++;
  return j;
}

function skipSpaces(s: string, i: number): string {
  return s.slice(skipSpacesAt(s, i));
}
