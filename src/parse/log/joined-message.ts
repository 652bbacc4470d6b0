/**
 * A record's message as unwrapped text (issue 28 §1): a terminal that wraps a long line at its width
 * leaves the rest on the next line, without a prefix (fixture 05: "…networkMemSize=64.000mb (67108864
 * bytes), ma" / "nagedMemSize=230.400mb …"). Such a continuation is joined to the line above without a
 * newline; lines that Flink itself prints on lines of their own (a stack frame, a `Caused by:`, an
 * indented block, an exception's first line, the fine-grained SlotManager's block headings) keep theirs.
 */
import type { LogRecord } from './log-records.js';

const cache = new WeakMap<LogRecord, string>();

/** The message with wrapped continuation lines joined; cached per record (recognisers share it). */
export function joinedMessage(record: LogRecord): string {
  const known = cache.get(record);
  if (known !== undefined) return known;
  const joined = joinWrappedLines(record.message);
  cache.set(record, joined);
  return joined;
}

/**
 * The record with its message joined, known as joined: recognisers that ask `joinedMessage` of it
 * get its message back without joining it again (read-facts.ts hands every recogniser this copy).
 */
export function withJoinedMessage(record: LogRecord): LogRecord {
  const joined: LogRecord = { ...record, message: joinedMessage(record) };
  cache.set(joined, joined.message);
  return joined;
}

export function joinWrappedLines(message: string): string {
  if (!message.includes('\n')) return message;
  const lines = message.split('\n');
  let out = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    out += ownLine(line) ? `\n${line}` : line;
  }
  return out;
}

const HEADINGS = ['Caused by:', 'Suppressed:', 'Missing resources:', 'Current resources:', '...', '[...]'];

/** True for a line Flink prints on a line of its own, false for the rest of a wrapped line. */
export function ownLine(line: string): boolean {
  if (line === '' || line.startsWith(' ') || line.startsWith('\t')) return true;
  for (const heading of HEADINGS) if (line.startsWith(heading)) return true;
  return looksLikeExceptionLine(line);
}

/** `java.io.IOException: …`, `org.apache.flink.util.FlinkException: …`: a class name, a colon or the end. */
export function looksLikeExceptionLine(line: string): boolean {
  const colon = line.indexOf(':');
  const head = colon < 0 ? line : line.slice(0, colon);
  if (head.length === 0 || head.length > 200 || head.includes(' ') || !head.includes('.')) return false;
  return head.endsWith('Exception') || head.endsWith('Error') || head.endsWith('Throwable');
}
