/**
 * One entry of the catalog of diagnostic codes (`src/errors/codes.ts`): what a user reads in
 * `flinkslot help CODE`, in docs/diagnostics.md and in the rule descriptors of `validate`'s SARIF.
 */
/** `info`: a note (e.g. a default an import chose); never a problem by itself. */
export type Severity = 'error' | 'warning' | 'info';

export interface CodeEntry {
  /** As flinkslot emits it; a code emitted at more than one severity lists each, the usual one first. */
  readonly severity: Severity | readonly [Severity, ...Severity[]];
  /** One line: SARIF's shortDescription of the rule. */
  readonly title: string;
  /** What it means: what flinkslot found, and (for a Flink rule) what Flink does with the same input. */
  readonly meaning: string;
  /** What to do about it. */
  readonly fix: string;
  /** A message as flinkslot prints it (stderr's text form). */
  readonly example: string;
  /** The fix is also SARIF's `help` text of the rule (codes whose rule descriptor always carried one). */
  readonly sarifHelp?: true;
}

/** The severities of an entry, the usual one first. */
export function severitiesOf(entry: CodeEntry): readonly Severity[] {
  return typeof entry.severity === 'string' ? [entry.severity] : entry.severity;
}
