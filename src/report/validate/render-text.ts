/**
 * `flinkslot validate` as text for people: one line per finding,
 * `file:line:col  severity  rule  message  (pointer)`, the files in the order given (findings by
 * line and column within a file), then one summary line. Columns are padded to line up; colour
 * comes only from the Style.
 */
import { type Finding, type FindingSeverity, type ValidationRun, type ValidationSummary, sortFindings, summarize } from './finding.js';
import { type Style, PLAIN } from '../style.js';
import { maxOf } from '../../util/push-all.js';

export interface ValidateTextOptions {
  /** Also list the files without findings, as `file: ok`. */
  verbose?: boolean;
}

export function renderValidateText(run: ValidationRun, style: Style = PLAIN, options: ValidateTextOptions = {}): string {
  const rows = run.files.map((f) => ({ file: f, findings: sortFindings(f.findings) }));
  const all = rows.flatMap((r) => r.findings);
  const whereWidth = maxOf(
    all.map((f) => location(f).length),
    0,
  );
  const severityWidth = maxOf(
    all.map((f) => f.severity.length),
    0,
  );
  const ruleWidth = maxOf(
    all.map((f) => f.rule.length),
    0,
  );
  const lines: string[] = [];
  for (const { file, findings } of rows) {
    if (findings.length === 0) {
      if (options.verbose === true) lines.push(`${file.file}: ${style.ok('ok')}`);
      continue;
    }
    for (const f of findings) {
      const where = location(f).padEnd(whereWidth);
      const severity = paint(style, f.severity, f.severity.padEnd(severityWidth));
      const rule = style.dim(f.rule.padEnd(ruleWidth));
      const pointer = f.pointer === '' ? '' : `  ${style.dim(`(${f.pointer})`)}`;
      const text = `${where}  ${severity}  ${rule}  ${indentContinuation(f.message)}${pointer}`;
      lines.push(text);
    }
  }
  const summary = summarize(run);
  const line = formatValidationSummary(summary);
  const assumed = run.files.filter((f) => f.summary?.flinkVersionSource === 'assumed');
  if (assumed.length > 0)
    lines.push(style.dim(`note: ${plural(assumed.length, 'file')} ${assumedFilesNote(assumed[0]!.summary!.flinkVersion!)}`));
  if (lines.length > 0) lines.push('');
  lines.push(summary.failed > 0 ? style.error(line) : style.ok(line));
  return lines.join('\n') + '\n';
}

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

function location(f: Finding): string {
  return `${f.file}:${f.region.startLine}:${f.region.startColumn}`;
}

function paint(style: Style, severity: FindingSeverity, text: string): string {
  switch (severity) {
    case 'error':
      return style.error(text);
    case 'warning':
      return style.warn(text);
    case 'info':
      return style.dim(text);
  }
}

/** A multi-line message stays readable: its further lines are indented under the finding. */
function indentContinuation(message: string): string {
  return message.replace(/\r\n|\r|\n/g, '\n    ');
}

/** No silent default: said once for the run, not once per file (a CI run checks hundreds). */
function assumedFilesNote(version: string): string {
  return `name no Flink version: the rules of Flink ${version} (the newest flinkslot knows) were applied; set flinkVersion in each file or pass --flink-version`;
}
