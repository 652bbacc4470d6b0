/**
 * A log line written by a JSON layout (issue 28 §1): one JSON object per line, as logstash's
 * encoder, ECS, log4j 2's JsonLayout and JsonTemplateLayout write them. No Flink default writes JSON
 * (docs/research/jobmanager-log-messages.md §11), but platforms that ship logs do. The fields are read
 * by their usual names; the stack trace, when the layout gives it apart, becomes the message's next
 * lines, as a pattern layout prints it. A line is parsed only when it starts with `{` and ends with
 * `}`; anything JSON.parse refuses, or an object without a message, is not a JSON record.
 */
import type { LinePrefix, LogLevel } from './log-layout.js';

const LEVELS: Readonly<Record<string, LogLevel>> = {
  TRACE: 'TRACE',
  DEBUG: 'DEBUG',
  INFO: 'INFO',
  WARN: 'WARN',
  WARNING: 'WARN',
  ERROR: 'ERROR',
  FATAL: 'FATAL',
};

type Json = Record<string, unknown>;

/** The record a JSON line holds, or undefined when it is not one. */
export function jsonLogLine(line: string): LinePrefix | undefined {
  const text = line.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const message = stringField(value, ['message', 'msg', '@message']);
  if (message === undefined) return undefined;
  const prefix: LinePrefix = { layout: 'json', message: withStackTrace(message, value) };
  const timestamp = timestampOf(value);
  if (timestamp !== undefined) prefix.timestamp = timestamp;
  const level = stringField(value, ['level', 'log.level', 'severity', 'levelname']);
  const known = level === undefined ? undefined : LEVELS[level.toUpperCase()];
  if (known !== undefined) prefix.level = known;
  const logger = stringField(value, ['logger_name', 'loggerName', 'log.logger', 'logger']);
  if (logger !== undefined) prefix.logger = logger;
  const thread = stringField(value, ['thread_name', 'thread', 'threadName', 'process.thread.name']);
  if (thread !== undefined) prefix.thread = thread;
  return prefix;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field by its flat name (`log.level`) or its nested path (`{"log":{"level":…}}`). */
function field(object: Json, name: string): unknown {
  if (name in object) return object[name];
  let current: unknown = object;
  for (const part of name.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

function stringField(object: Json, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = field(object, name);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** `@timestamp` / `timestamp` / `time` as printed; log4j 2's `instant` or `timeMillis` as milliseconds. */
function timestampOf(object: Json): string | undefined {
  const printed = stringField(object, ['@timestamp', 'timestamp', 'time', 'date']);
  if (printed !== undefined) return printed;
  const millis = field(object, 'timeMillis');
  if (typeof millis === 'number' && Number.isSafeInteger(millis) && millis >= 0) return String(millis);
  const instant = field(object, 'instant');
  if (!isObject(instant)) return undefined;
  const seconds = instant['epochSecond'];
  const nanos = instant['nanoOfSecond'];
  if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 0) return undefined;
  return String(seconds * 1000 + (typeof nanos === 'number' && nanos >= 0 ? Math.floor(nanos / 1e6) : 0));
}

function withStackTrace(message: string, object: Json): string {
  const trace =
    stringField(object, ['stack_trace', 'error.stack_trace', 'exception', 'stackTrace']) ?? thrownText(field(object, 'thrown'), 0);
  return trace === undefined || trace === '' ? message : `${message}\n${trace.replace(/\r?\n$/, '')}`;
}

/** log4j 2 JsonLayout's `thrown`: `{name, message, extendedStackTrace: [{class, method, file, line}], cause}`. */
function thrownText(thrown: unknown, depth: number): string | undefined {
  if (!isObject(thrown) || depth > 16) return undefined;
  const name = typeof thrown['name'] === 'string' ? thrown['name'] : 'java.lang.Throwable';
  const message = typeof thrown['message'] === 'string' ? `${name}: ${thrown['message']}` : name;
  const lines = [depth === 0 ? message : `Caused by: ${message}`];
  const frames = thrown['extendedStackTrace'] ?? thrown['stackTrace'];
  if (Array.isArray(frames))
    for (const frame of frames.slice(0, 1000)) {
      if (!isObject(frame)) continue;
      const where = `${String(frame['class'] ?? '?')}.${String(frame['method'] ?? '?')}`;
      lines.push(`\tat ${where}(${String(frame['file'] ?? 'Unknown Source')}:${String(frame['line'] ?? '?')})`);
    }
  const cause = thrownText(thrown['cause'], depth + 1);
  if (cause !== undefined) lines.push(cause);
  return lines.join('\n');
}

/**
 * A log line pasted as one string of a JSON array (an API's envelope, fixture 30: `"jobManagerLogs": [`,
 * then each line as `"…",` with JSON escapes — `\t` for a stack frame's tab, `\"` for a quote): the line
 * the string holds. Only a line that is a whole JSON string literal (with at most a trailing comma) is
 * unwrapped, and only when the string is one line; anything else is left as it is.
 */
export function jsonStringLine(line: string): string | undefined {
  let text = line.trim();
  if (text.endsWith(',')) text = text.slice(0, -1).trimEnd();
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'string' && !value.includes('\n') && !value.includes('\r') ? value : undefined;
}
