/**
 * The Flink release a log comes from, where the log itself says it: the start-up banner of
 * ClusterEntrypoint / TaskManagerRunner (` Starting … (Version: 2.0.0, Scala: 2.12, Rev:…)`,
 * flink-runtime/.../util/EnvironmentInformation.java logEnvironmentInfo) or the `flink-dist` jar on
 * the banner's ` Classpath:` line. docs/research/jobmanager-log-messages.md §9.
 *
 * Without either, a stack frame's jar: log4j 2's extended throwable pattern (Flink's default layouts'
 * `%throwable` prints it) appends to each frame the jar its class was loaded from and that jar's
 * version, `at org.apache.flink… ~[flink-dist_2.11-1.11.2.jar:1.11.2]` — the JVM's own class location,
 * so the flink-dist release the process runs (of the JVM that printed the trace: a client's trace shows
 * the client's flink-dist). A banner or class path anywhere in the log wins over a frame.
 */
import type { LogRecord } from './log-records.js';

export interface LogRelease {
  /** "major.minor". */
  version: string;
  evidence: { line: number; text: string };
  /** Read from a stack frame's jar, not a banner or class path. */
  fromStackFrame?: true;
}

export function releaseOfLog(records: readonly LogRecord[]): LogRelease | undefined {
  for (const record of records) {
    const version = releaseOfRecord(record);
    if (version !== undefined) return { version, evidence: { line: record.line, text: firstLine(record.message) } };
  }
  for (const record of records) {
    const frame = releaseOfFrames(record);
    if (frame !== undefined) return { ...frame, fromStackFrame: true };
  }
  return undefined;
}

/** The first stack frame of the record (`at …` after a tab or spaces) whose jar is flink-dist: its release and line. */
export function releaseOfFrames(record: LogRecord): { version: string; evidence: { line: number; text: string } } | undefined {
  const lines = record.message.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const text = lines[n] ?? '';
    if (!text.trimStart().startsWith('at ')) continue;
    const at = text.indexOf('[flink-dist');
    if (at < 0) continue;
    const version = distJarVersion(text, at + 1);
    if (version !== undefined) return { version, evidence: { line: Math.min(record.line + n, record.endLine), text } };
  }
  return undefined;
}

/** The release ("major.minor") one record's banner line or class path names, or undefined. */
export function releaseOfRecord(record: LogRecord): string | undefined {
  const text = firstLine(record.message);
  return bannerVersion(text) ?? classPathVersion(text);
}

function bannerVersion(text: string): string | undefined {
  const at = text.indexOf('(Version: ');
  return at < 0 ? undefined : majorMinor(text, at + '(Version: '.length);
}

/** `flink-dist_2.12-1.14.6.jar` (≤ 1.14, a Scala suffix) or `flink-dist-1.15.0.jar`. */
function classPathVersion(text: string): string | undefined {
  if (!text.trimStart().startsWith('Classpath:')) return undefined;
  for (let at = text.indexOf('flink-dist'); at >= 0; at = text.indexOf('flink-dist', at + 1)) {
    const version = distJarVersion(text, at);
    if (version !== undefined) return version;
  }
  return undefined;
}

/** `flink-dist_2.12-1.14.6.jar` / `flink-dist-1.15.0.jar` starting at `at` → "major.minor". */
function distJarVersion(text: string, at: number): string | undefined {
  if (!text.startsWith('flink-dist', at)) return undefined;
  let i = at + 'flink-dist'.length;
  if (text[i] === '_') i = text.indexOf('-', i);
  if (i < 0 || text[i] !== '-') return undefined;
  return majorMinor(text, i + 1);
}

/** `X.Y.Z` (or `X.Y`, `X.Y-SNAPSHOT`) at `at` → "X.Y". */
function majorMinor(text: string, at: number): string | undefined {
  const major = digitsAt(text, at);
  if (major === '' || text[at + major.length] !== '.') return undefined;
  const minor = digitsAt(text, at + major.length + 1);
  return minor === '' ? undefined : `${major}.${minor}`;
}

function digitsAt(text: string, at: number): string {
  let i = at;
  while (i < text.length && i - at < 4 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return text.slice(at, i);
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}
