/**
 * `flinkslot validate --format github`: GitHub Actions workflow commands, one annotation per
 * finding (`::error`, `::warning`, `::notice`), then a summary line that is not a command.
 *
 *   ::error file=F,line=L,endLine=EL,col=C,endColumn=EC,title=RULE::MESSAGE
 *
 * `col` and `endColumn` are written only for a region on one line: GitHub rejects columns on
 * annotations that span lines. GitHub's end column is the last column of the annotation (it
 * defaults to `col`), so it is the finding's end column (the first column after the region) - 1.
 */
import type { Finding, FindingSeverity, ValidationRun } from '../../errors/finding.js';
import { sortFindings, summarize } from '../../errors/finding.js';
import { formatValidationSummary } from './render-text.js';

const COMMAND: Readonly<Record<FindingSeverity, string>> = { error: 'error', warning: 'warning', info: 'notice' };

export function renderValidateGithub(run: ValidationRun): string {
  const lines = run.files.flatMap((f) => sortFindings(f.findings)).map(annotation);
  lines.push(`flinkslot validate: ${formatValidationSummary(summarize(run))}`);
  return lines.join('\n') + '\n';
}

export function annotation(f: Finding): string {
  const line = Math.max(1, f.location.line);
  const endLine = Math.max(line, f.location.endLine);
  const props: [string, string | number][] = [
    ['file', f.location.file],
    ['line', line],
    ['endLine', endLine],
  ];
  if (endLine === line) {
    const col = Math.max(1, f.location.column);
    props.push(['col', col], ['endColumn', Math.max(col, f.location.endColumn - 1)]);
  }
  props.push(['title', f.code]);
  const properties = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${COMMAND[f.severity]} ${properties}::${escapeData(f.message)}`;
}

/** A command's message: `%`, CR and LF percent-encoded (as @actions/core does). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command property value: as the message, and `:` and `,` too (they end the value). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
