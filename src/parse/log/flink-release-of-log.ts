/**
 * The Flink release a log comes from, where the log itself says it: the start-up banner of
 * ClusterEntrypoint / TaskManagerRunner (` Starting … (Version: 2.0.0, Scala: 2.12, Rev:…)`,
 * flink-runtime/.../util/EnvironmentInformation.java logEnvironmentInfo) or the `flink-dist` jar on
 * the banner's ` Classpath:` line. docs/research/jobmanager-log-messages.md §9.
 */
import type { LogRecord } from './log-records.js';

export interface LogRelease {
  /** "major.minor". */
  version: string;
  evidence: { line: number; text: string };
}

export function releaseOfLog(records: readonly LogRecord[]): LogRelease | undefined {
  for (const record of records) {
    const version = releaseOfRecord(record);
    if (version !== undefined) return { version, evidence: { line: record.line, text: firstLine(record.message) } };
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
    let i = at + 'flink-dist'.length;
    if (text[i] === '_') i = text.indexOf('-', i);
    if (i < 0 || text[i] !== '-') continue;
    const version = majorMinor(text, i + 1);
    if (version !== undefined) return version;
  }
  return undefined;
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
