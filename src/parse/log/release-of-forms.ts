/**
 * The releases a log can come from, read from its message forms when it names none (no banner, no
 * flink-dist jar): each form recognised narrows the range (release-forms.ts), the first record of
 * each form is the evidence. A form that would leave no release at all is set aside (a user's
 * layout, a cut excerpt): weak forms come last, so they yield to the others.
 */
import {
  type FlinkVersion,
  NEWEST_FLINK_VERSION,
  OLDEST_FLINK_VERSION,
  compareVersions,
  parseFlinkVersion,
} from '../../model/flink-version.js';
import type { LogPoint } from './log-facts.js';
import { pointOf } from './log-point.js';
import type { LogRecords } from './log-records.js';
import { joinLineBlocks } from './facts/matching-block-lines.js';
import { RELEASE_FORMS, type ReleaseForm } from './release-forms.js';

export interface ReleaseRange {
  readonly earliest: FlinkVersion;
  readonly latest: FlinkVersion;
  /** The first record of each form that narrowed the range, in the logs' order (a record once). */
  readonly evidence: readonly LogPoint[];
  /** The forms applied (release-forms.ts ids), beside `evidence`. */
  readonly forms: readonly string[];
}

export function releaseOfForms(logs: readonly LogRecords[]): ReleaseRange | undefined {
  const seen = firstOfEachForm(logs);
  if (seen.size === 0) return undefined;
  let earliest = OLDEST_FLINK_VERSION;
  let latest = NEWEST_FLINK_VERSION;
  const evidence: LogPoint[] = [];
  const forms: string[] = [];
  const ordered = [...RELEASE_FORMS.filter((f) => f.weak !== true), ...RELEASE_FORMS.filter((f) => f.weak === true)];
  for (const form of ordered) {
    const point = seen.get(form);
    if (point === undefined) continue;
    const from = max(earliest, version(form.earliest));
    const to = form.latest === undefined ? latest : min(latest, version(form.latest));
    if (compareVersions(from, to) > 0) continue;
    earliest = from;
    latest = to;
    if (!evidence.some((p) => p.file === point.file && p.line === point.line)) evidence.push(point);
    forms.push(form.id);
  }
  if (evidence.length === 0) return undefined;
  const files = logs.map((log) => log.file);
  evidence.sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line);
  return { earliest, latest, evidence, forms };
}

function firstOfEachForm(logs: readonly LogRecords[]): Map<ReleaseForm, LogPoint> {
  const seen = new Map<ReleaseForm, LogPoint>();
  for (const log of logs)
    for (const { record } of joinLineBlocks(log.records))
      for (const form of RELEASE_FORMS) if (!seen.has(form) && form.test(record)) seen.set(form, pointOf(record, log.file));
  return seen;
}

function version(text: string): FlinkVersion {
  return parseFlinkVersion(text) ?? OLDEST_FLINK_VERSION;
}

function max(a: FlinkVersion, b: FlinkVersion): FlinkVersion {
  return compareVersions(a, b) >= 0 ? a : b;
}

function min(a: FlinkVersion, b: FlinkVersion): FlinkVersion {
  return compareVersions(a, b) <= 0 ? a : b;
}
