/**
 * Flink versions whose rules flinkslot models. Where a rule changed between releases the
 * analyses branch on the version (`atLeast`); the supported range is known here only.
 */
import { type Result, error, fail, ok, warning } from '../errors/diagnostic.js';

export interface FlinkVersion {
  readonly major: number;
  readonly minor: number;
}

export const OLDEST_FLINK_VERSION: FlinkVersion = { major: 1, minor: 10 };
/** The newest release whose rules flinkslot knows; a newer one gets these rules and a warning. */
export const NEWEST_FLINK_VERSION: FlinkVersion = { major: 2, minor: 2 };
/** The last minor release of Flink 1.x (2.0 followed 1.20). */
const LAST_1_X_MINOR = 20;

/** Every release whose rules flinkslot models, oldest first. */
export function knownReleases(): FlinkVersion[] {
  const out: FlinkVersion[] = [];
  for (let minor = OLDEST_FLINK_VERSION.minor; minor <= LAST_1_X_MINOR; minor++) out.push({ major: 1, minor });
  for (let major = 2; major <= NEWEST_FLINK_VERSION.major; major++)
    for (let minor = 0; minor <= (major === NEWEST_FLINK_VERSION.major ? NEWEST_FLINK_VERSION.minor : 0); minor++)
      out.push({ major, minor });
  return out;
}

/** Assumed when no version is given anywhere (and said so in the output). */
export const DEFAULT_FLINK_VERSION: FlinkVersion = NEWEST_FLINK_VERSION;

/** Where the version that applies came from: `--flink-version`, the input file, or nowhere (assumed). */
export type FlinkVersionSource = 'option' | 'file' | 'assumed';

/** What the output says when no version was given anywhere. */
export function assumedVersionNote(howToSet = 'set flinkVersion in the file or pass --flink-version'): string {
  return `no Flink version given: the rules of Flink ${formatVersion(DEFAULT_FLINK_VERSION)} (the newest flinkslot knows) apply; ${howToSet}`;
}

/**
 * Longest version text read: "1.17.2" has 6 characters; a longer one (a million digits after "1.")
 * is refused before it is parsed, as are numbers beyond 2^53 (they would read as 1.Infinity).
 */
export const MAX_FLINK_VERSION_LENGTH = 64;

/** Parses "1.17", "1.17.2", "2.0". Returns undefined when the text is not a version. */
export function parseFlinkVersion(text: string): FlinkVersion | undefined {
  if (text.length > MAX_FLINK_VERSION_LENGTH) return undefined;
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(text.trim());
  if (match === null) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return Number.isSafeInteger(major) && Number.isSafeInteger(minor) ? { major, minor } : undefined;
}

/** The text a message quotes: a long one cut, with its length said. */
function quoted(text: string): string {
  if (text.length <= MAX_FLINK_VERSION_LENGTH) return `'${text}'`;
  return `'${text.slice(0, 20)}…' (${text.length.toLocaleString('en')} characters)`;
}

export function compareVersions(a: FlinkVersion, b: FlinkVersion): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor;
}

export function atLeast(v: FlinkVersion, major: number, minor: number): boolean {
  return compareVersions(v, { major, minor }) >= 0;
}

export function formatVersion(v: FlinkVersion): string {
  return `${v.major}.${v.minor}`;
}

/**
 * The one check of a version a user gave (a file's `flinkVersion`, `--flink-version`), and the one
 * place that knows the supported range: older than 1.10 is an `input/flink-version` error naming
 * where it came from (`what`); newer than the newest known release is accepted with a warning
 * (its rules are the newest known; every rule branches on `atLeast`, so the newer version gets
 * them as it is). Nothing given: the newest release, as assumed.
 */
export function resolveFlinkVersion(text: string | undefined, what: string, pointer?: string): Result<FlinkVersion> {
  if (text === undefined) return ok(DEFAULT_FLINK_VERSION);
  const version = parseFlinkVersion(text);
  const range = `${formatVersion(OLDEST_FLINK_VERSION)} to ${formatVersion(NEWEST_FLINK_VERSION)}`;
  if (version === undefined) {
    return fail([
      error(
        'input/flink-version',
        `${what} ${quoted(text)} is not a Flink version (major.minor, e.g. 1.20; flinkslot models ${range})`,
        pointer,
      ),
    ]);
  }
  if (compareVersions(version, OLDEST_FLINK_VERSION) < 0) {
    return fail([
      error(
        'input/flink-version',
        `${what} '${text}': Flink ${formatVersion(version)} is older than the oldest release flinkslot models (${range})`,
        pointer,
      ),
    ]);
  }
  if (compareVersions(version, NEWEST_FLINK_VERSION) <= 0) return ok(version);
  const newest = formatVersion(NEWEST_FLINK_VERSION);
  const message = `${what} '${text}': Flink ${formatVersion(version)} is newer than the newest release flinkslot knows (${newest}); the rules of ${newest} apply`;
  return ok(version, [warning('input/flink-version-newer', message, pointer)]);
}

/** Decimals a Resource value keeps (CPU, extended resources): 8 from Flink 1.14 (`Resource.MAX_VALUE_SCALE`, FLINK-22505), 16 before. */
export function resourceScale(v: FlinkVersion): number {
  return atLeast(v, 1, 14) ? 8 : 16;
}
