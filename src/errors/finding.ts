/**
 * What `flinkslot validate` reports: findings per file. A finding IS a diagnostic (its code is the
 * rule a CI system shows: `input/unknown-vertex`, `policy/max-slots`), located to the character:
 * the file, the JSON pointer, a 1-based start and end line and column, everything a CI system
 * needs to annotate the file.
 */
import type { Diagnostic, Severity, SourceLocation } from './diagnostic.js';

/** A finding's severity is its diagnostic's. */
export type FindingSeverity = Severity;

/** Most severe first; `--fail-level` compares against this order. */
export const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'info'];

export function severityRank(s: FindingSeverity): number {
  return SEVERITIES.indexOf(s);
}

/** Whether `s` is at least as severe as `level` ('none': nothing fails). */
export function reaches(s: FindingSeverity, level: FindingSeverity | 'none'): boolean {
  return level !== 'none' && severityRank(s) <= severityRank(level);
}

/** Where in a file: 1-based start line and column; end line (inclusive) and the column after the end (SARIF's convention). */
export type Region = Readonly<Pick<Required<SourceLocation>, 'line' | 'column' | 'endLine' | 'endColumn'>>;

/** The first character of a file: where a finding about the file as a whole (unreadable, a policy input) is shown. */
export const FILE_START: Region = { line: 1, column: 1, endLine: 1, endColumn: 2 };

/** A diagnostic located to the character in a file (`pointer` '' = the document). */
export interface Finding extends Diagnostic {
  readonly location: Readonly<Required<Omit<SourceLocation, 'pointer'>>> & { readonly pointer: string };
  /** The exact sizes the message gives in units (bytes as decimal strings), for --json. */
  readonly bytes?: Readonly<Record<string, string>>;
}

/** The finding of a diagnostic at `region` of `file`. */
export function located(d: Pick<Diagnostic, 'code' | 'severity' | 'message'>, file: string, pointer: string, region: Region): Finding {
  return { code: d.code, severity: d.severity, message: d.message, location: { file, pointer, ...region } };
}

export interface FileSummary {
  readonly job?: string;
  readonly minimumSlots?: number;
  readonly maxParallelism?: number;
  /** The release whose rules were applied, and where it came from ('assumed': the file names none). */
  readonly flinkVersion?: string;
  readonly flinkVersionSource?: 'file' | 'option' | 'assumed';
}

export interface FileResult {
  readonly file: string;
  /** The file was read and analysed as a job graph (false: unreadable, syntax, schema or a semantic error Flink rejects, so no policy was checked). */
  readonly valid: boolean;
  /** Not a job graph (a cluster, a policy, a Flink configuration …): not checked, one info finding says what it is. */
  readonly skipped?: true;
  readonly findings: readonly Finding[];
  readonly summary?: FileSummary;
}

export interface ValidationRun {
  readonly files: readonly FileResult[];
  readonly failLevel: FindingSeverity | 'none';
}

export interface ValidationSummary {
  readonly files: number;
  /** Files with no finding at or above the fail level. */
  readonly passed: number;
  readonly failed: number;
  /** Files that are not job graphs (a cluster, a policy …), neither passed nor failed. */
  readonly skipped: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

export function summarize(run: ValidationRun): ValidationSummary {
  const all = run.files.flatMap((f) => f.findings);
  const skipped = run.files.filter((f) => f.skipped === true).length;
  const failed = run.files.filter((f) => !f.skipped && f.findings.some((x) => reaches(x.severity, run.failLevel))).length;
  return {
    files: run.files.length,
    passed: run.files.length - failed - skipped,
    failed,
    skipped,
    errors: all.filter((f) => f.severity === 'error').length,
    warnings: all.filter((f) => f.severity === 'warning').length,
    infos: all.filter((f) => f.severity === 'info').length,
  };
}

/** Findings in a stable order: file, line, column, code. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      compare(a.location.file, b.location.file) ||
      a.location.line - b.location.line ||
      a.location.column - b.location.column ||
      compare(a.code, b.code),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
