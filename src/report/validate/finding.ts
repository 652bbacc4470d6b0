/**
 * What `flinkslot validate` reports: findings per file. A finding is a diagnostic (or a policy
 * violation) with everything a CI system needs to annotate the file: a rule id, a severity, a
 * message, the file, a 1-based start and end line and column, and the JSON pointer.
 */
import type { DiagnosticCode, Severity } from '../../errors/diagnostic.js';

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

export interface Region {
  /** 1-based. */
  readonly startLine: number;
  readonly startColumn: number;
  /** 1-based, inclusive line; column of the first character after the region (SARIF's convention). */
  readonly endLine: number;
  readonly endColumn: number;
}

/** The first character of a file: where a finding about the file as a whole (unreadable, a policy input) is shown. */
export const FILE_START: Region = { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 };

export interface Finding {
  /** Rule id: a diagnostic code (`input/unknown-vertex`) or a policy (`policy/max-slots`). */
  readonly rule: DiagnosticCode;
  readonly severity: FindingSeverity;
  readonly message: string;
  readonly file: string;
  /** JSON pointer into the file ('' = the document). */
  readonly pointer: string;
  readonly region: Region;
  /** The exact sizes the message gives in units (bytes as decimal strings), for --json. */
  readonly bytes?: Readonly<Record<string, string>>;
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

/** Findings in a stable order: file, line, column, rule. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.region.startLine - b.region.startLine ||
      a.region.startColumn - b.region.startColumn ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}
