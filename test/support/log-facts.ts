/** Log excerpts in Flink's default layouts and the facts read from them, for the tests of parse/log/facts. */
import type { LogFact, LogFactKind } from '../../src/parse/log/log-facts.js';
import { readLogRecords } from '../../src/parse/log/log-records.js';
import { readLogFacts } from '../../src/parse/log/facts/read-facts.js';

export const SLOT_MANAGER_PACKAGE = 'org.apache.flink.runtime.resourcemanager.slotmanager.';

/** A log4j 2 line (the 1.11+ default layout: `[] - `). */
export function log2(level: string, logger: string, message: string, time = '10:00:00,000'): string {
  return `2024-01-01 ${time} ${level.padEnd(5)} ${logger.padEnd(60)} [] - ${message}`;
}

/** A log4j 1 line (the 1.10 default layout). */
export function log1(level: string, logger: string, message: string): string {
  return `2020-01-01 10:00:00,000 ${level.padEnd(5)} ${logger.padEnd(60)}  - ${message}`;
}

/** Every fact readLogFacts reads from `text`, as one jobmanager.log. */
export function factsOf(text: string): LogFact[] {
  const records = readLogRecords(text, 'jobmanager.log');
  if (!records.ok) throw new Error('not read');
  return [...readLogFacts([records.value]).facts];
}

/** The facts of one kind. */
export function only<K extends LogFactKind>(text: string, kind: K): Extract<LogFact, { kind: K }>[] {
  return factsOf(text).filter((f): f is Extract<LogFact, { kind: K }> => f.kind === kind);
}

/** The facts without their points, for exact comparison. */
export function bare<T extends { at: unknown }>(facts: readonly T[]): Omit<T, 'at'>[] {
  return facts.map(({ at: _at, ...rest }) => rest);
}
