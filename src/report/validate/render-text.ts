/**
 * `flinkslot validate` as text for people: one line per finding,
 * `file:line:col  severity  rule  message  (pointer)`, the files in the order given (findings by
 * line and column within a file), then one summary line. Columns are padded to line up; colour
 * comes only from the Style.
 */
import {
  type Finding,
  type FindingSeverity,
  type ValidationRun,
  type ValidationSummary,
  sortFindings,
  summarize,
} from '../../errors/finding.js';
import { type Line, type Row, type Section, type SectionDocument, type Tone, paragraph, tone } from '../document/document.js';
import { writeText } from '../document/text-writer.js';
import { type Style, PLAIN } from '../style.js';

export interface ValidateTextOptions {
  /** Also list the files without findings, as `file: ok`. */
  verbose?: boolean;
}

export function renderValidateText(run: ValidationRun, style: Style = PLAIN, options: ValidateTextOptions = {}): string {
  return writeText(validateDocument(run, options), { style });
}

/** The findings as aligned columns (and `file: ok` lines), a note for files that name no version; then the summary. */
function validateDocument(run: ValidationRun, options: ValidateTextOptions): SectionDocument {
  const rows: Row[] = run.files.flatMap((file): Row[] => {
    const findings = sortFindings(file.findings);
    if (findings.length > 0) return findings.map(findingRow);
    return options.verbose === true ? [{ across: [`${file.file}: `, tone('ok', 'ok')] }] : [];
  });
  const assumed = run.files.filter((f) => f.summary?.flinkVersionSource === 'assumed');
  const note: Line[] =
    assumed.length === 0
      ? []
      : [[tone('dim', `note: ${plural(assumed.length, 'file')} ${assumedFilesNote(assumed[0]!.summary!.flinkVersion!)}`)]];
  const summary = summarize(run);
  const line = formatValidationSummary(summary);
  const findings: Section = {
    blocks: [...(rows.length === 0 ? [] : [{ kind: 'table' as const, rows }]), ...(note.length === 0 ? [] : [paragraph(...note)])],
  };
  const total: Section = { blocks: [paragraph([tone(summary.failed > 0 ? 'error' : 'ok', line)])] };
  return findings.blocks.length === 0 ? [total] : [findings, total];
}

/** `file:line:col  severity  code  message  (pointer)`. */
function findingRow(f: Finding): Line[] {
  const { file, line, column, pointer } = f.location;
  const message: Line = [indentContinuation(f.message), ...(pointer === '' ? [] : ['  ', tone('dim', `(${pointer})`)])];
  return [[`${file}:${line}:${column}`], [tone(SEVERITY_TONE[f.severity], f.severity)], [tone('dim', f.code)], message];
}

const SEVERITY_TONE: Readonly<Record<FindingSeverity, Tone>> = { error: 'error', warning: 'warn', info: 'dim' };

/** `3 files: 1 passed, 2 failed (4 errors, 1 warning, 2 notes)`; shared by the other renderers. */
export function formatValidationSummary(s: ValidationSummary): string {
  return (
    `${plural(s.files, 'file')}: ${s.passed} passed, ${s.failed} failed${s.skipped > 0 ? `, ${s.skipped} skipped` : ''} ` +
    `(${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'note')})`
  );
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A multi-line message stays readable: its further lines are indented under the finding. */
function indentContinuation(message: string): string {
  return message.replace(/\r\n|\r|\n/g, '\n    ');
}

/** No silent default: said once for the run, not once per file (a CI run checks hundreds). */
function assumedFilesNote(version: string): string {
  return `name no Flink version: the rules of Flink ${version} (the newest flinkslot knows) were applied; set flinkVersion in each file or pass --flink-version`;
}
