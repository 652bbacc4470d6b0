/**
 * Where a record was read, as a `LogPoint`: its file, first line and the time its timestamp says,
 * in milliseconds on the log's own clock (the printed local time read as if it were UTC; only
 * differences mean something). No clock is read: the time is arithmetic on the printed digits.
 */
import type { LogPoint } from './log-facts.js';
import type { LogRecord } from './log-records.js';

export function pointOf(record: LogRecord, file: string): LogPoint {
  const text = firstLine(record.message);
  const time = timeOfRecord(record);
  const point: { file: string; line: number; text: string; time?: number; level?: LogPoint['level'] } = { file, line: record.line, text };
  if (time !== undefined) point.time = time;
  if (record.level !== undefined) point.level = record.level;
  return point;
}

export function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}

/** The record's time: its own timestamp first (the JobManager's clock), else kubectl's. */
export function timeOfRecord(record: LogRecord): number | undefined {
  if (record.timestamp !== undefined) {
    // A JSON layout's `@timestamp` is RFC 3339 (json-log-line.ts).
    const t = timeOfTimestamp(record.timestamp) ?? timeOfRfc3339(record.timestamp);
    if (t !== undefined) return t;
  }
  return record.kubectlTimestamp === undefined ? undefined : timeOfRfc3339(record.kubectlTimestamp);
}

/** `yyyy-MM-dd HH:mm:ss,SSS`, `HH:mm:ss,SSS` (a day of its own: 0), or `%r`'s milliseconds. */
export function timeOfTimestamp(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^(?:(\d{4})-(\d\d)-(\d\d)[ T])?(\d\d):(\d\d):(\d\d)(?:[,.](\d{1,3}))?$/.exec(text);
  if (m === null) return undefined;
  const day = m[1] === undefined ? 0 : Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return day + ((Number(m[4]) * 60 + Number(m[5])) * 60 + Number(m[6])) * 1000 + millis(m[7]);
}

/** `2023-12-12T08:21:35.123456789Z` / `…+01:00`: to the millisecond, zone applied. */
export function timeOfRfc3339(text: string): number | undefined {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(Z|([+-])(\d\d):(\d\d))$/.exec(text);
  if (m === null) return undefined;
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) + millis(m[7]);
  if (m[8] === 'Z') return local;
  const offset = (Number(m[10]) * 60 + Number(m[11])) * 60_000;
  return m[9] === '+' ? local - offset : local + offset;
}

function millis(fraction: string | undefined): number {
  return fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
}
