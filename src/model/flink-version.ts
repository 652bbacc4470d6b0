/**
 * Flink versions whose rules flinkslot models. Where a rule changed between releases the
 * analyses branch on the version; `DEFAULT_FLINK_VERSION` is the newest release modelled.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';

export interface FlinkVersion {
  readonly major: number;
  readonly minor: number;
}

export const OLDEST_FLINK_VERSION: FlinkVersion = { major: 1, minor: 10 };
export const DEFAULT_FLINK_VERSION: FlinkVersion = { major: 2, minor: 1 };

/** Parses "1.17", "1.17.2", "2.0". Returns undefined when the text is not a version. */
export function parseFlinkVersion(text: string): FlinkVersion | undefined {
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  if (match === null) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function compareVersions(a: FlinkVersion, b: FlinkVersion): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor;
}

export function atLeast(v: FlinkVersion, major: number, minor: number): boolean {
  return compareVersions(v, { major, minor }) >= 0;
}

export function isSupportedVersion(v: FlinkVersion): boolean {
  return compareVersions(v, OLDEST_FLINK_VERSION) >= 0 && compareVersions(v, DEFAULT_FLINK_VERSION) <= 0;
}

export function formatVersion(v: FlinkVersion): string {
  return `${v.major}.${v.minor}`;
}

/**
 * The one check of a version a user gave (a file's `flinkVersion`, `--flink-version`): a release
 * flinkslot models, or an `input/flink-version` error naming where it came from (`what`) and the
 * supported range. Nothing given: the newest release modelled. Issue 13 moves newer-version
 * handling here, the only place that knows the supported range.
 */
export function resolveFlinkVersion(text: string | undefined, what: string, pointer?: string): Result<FlinkVersion> {
  if (text === undefined) return ok(DEFAULT_FLINK_VERSION);
  const version = parseFlinkVersion(text);
  if (version !== undefined && isSupportedVersion(version)) return ok(version);
  const range = `${formatVersion(OLDEST_FLINK_VERSION)} to ${formatVersion(DEFAULT_FLINK_VERSION)}`;
  return fail([error('input/flink-version', `${what} '${text}' is not a Flink release flinkslot models (${range})`, pointer)]);
}
