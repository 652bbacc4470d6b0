/**
 * A conformance case file: its envelope keys, the Flink version it selects, and the strict
 * vocabulary rule (an unknown key fails the case; informational keys are never checked).
 */
import { DEFAULT_FLINK_VERSION, formatVersion, parseFlinkVersion } from '../../src/model/flink-version.js';

export interface ConformanceCase {
  name: string;
  level: string;
  flinkVersion?: string;
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
  [key: string]: unknown;
}

export const INFORMATIONAL_KEYS = new Set([
  'note',
  'source',
  'origin',
  'errorType',
  'errorChain',
  'assertedProperty',
  'assertedProperties',
  'derived',
]);
const ENVELOPE_KEYS = new Set(['name', 'level', 'flinkVersion', 'input', 'expect', ...INFORMATIONAL_KEYS]);

/** Thrown for a case the runner cannot check as written; the case fails with this message. */
export class CaseError extends Error {}

/**
 * Thrown when flinkslot refuses a case's input (as Flink would throw). Each part is one attempt's
 * messages (a case with `variants` makes one attempt per variant); an expected `error` must occur in
 * every part. `failures` are checks the level made of what was derived before the refusal.
 */
export class Rejection extends Error {
  constructor(
    readonly parts: ReadonlyArray<readonly string[]>,
    readonly failures: readonly string[] = [],
  ) {
    super(parts.map((p) => p.join(' <- ')).join(' | '));
  }

  static of(messages: readonly string[], failures: readonly string[] = []): Rejection {
    return new Rejection([messages], failures);
  }
}

/** The value of an engine result, or a Rejection carrying its diagnostics. */
export function accepted<T>(result: { ok: true; value: T } | { ok: false; diagnostics: ReadonlyArray<{ message: string }> }): T {
  if (!result.ok) throw Rejection.of(result.diagnostics.map((d) => d.message));
  return result.value;
}

export function checkEnvelope(c: Record<string, unknown>, fileName: string): ConformanceCase {
  for (const key of Object.keys(c)) if (!ENVELOPE_KEYS.has(key)) throw new CaseError(`unknown top-level key '${key}'`);
  if (c.name !== fileName) throw new CaseError(`name '${String(c.name)}' does not equal the file name '${fileName}'`);
  if (typeof c.level !== 'string') throw new CaseError("missing 'level'");
  if (typeof c.input !== 'object' || c.input === null) throw new CaseError("missing 'input'");
  if (typeof c.expect !== 'object' || c.expect === null) throw new CaseError("missing 'expect'");
  return c as ConformanceCase;
}

/** Fails on any key of `map` that is neither known nor informational. */
export function checkKeys(map: Record<string, unknown>, known: readonly string[], where: string): void {
  for (const key of Object.keys(map)) {
    if (!known.includes(key) && !INFORMATIONAL_KEYS.has(key)) throw new CaseError(`unknown key '${key}' in ${where}`);
  }
}

/**
 * The concrete version a case runs at: the upper end of a closed range ("1.10-1.11 only" → 1.11,
 * "1.11 only" → 1.11), else the newest modelled release (">=1.13", "all", absent).
 */
export function selectFlinkVersion(range: string | undefined): string {
  const fallback = formatVersion(DEFAULT_FLINK_VERSION);
  if (range === undefined) return fallback;
  const text = range.trim();
  if (/^all\b/.test(text) || text.startsWith('>=')) return fallback;
  const closed = /^(\d+\.\d+)\s*-\s*(\d+\.\d+)/.exec(text);
  if (closed) return closed[2]!;
  const single = /^(\d+\.\d+)/.exec(text);
  if (single && parseFlinkVersion(single[1]!)) return single[1]!;
  throw new CaseError(`flinkVersion '${range}' names no version the runner can select`);
}
