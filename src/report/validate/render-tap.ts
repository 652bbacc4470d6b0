/**
 * `flinkslot validate --format tap`: TAP version 13, one test point per file in the order given.
 * A file is `not ok` when one of its findings reaches the fail level; a file with findings (even
 * passing ones) is followed by a YAML diagnostic block indented two spaces. A closing comment
 * carries the summary.
 */
import type { Finding, ValidationRun } from '../../errors/finding.js';
import { reaches, sortFindings, summarize } from '../../errors/finding.js';
import { formatValidationSummary } from './render-text.js';
import { pushAll } from '../../util/push-all.js';

export function renderValidateTap(run: ValidationRun): string {
  const lines = ['TAP version 13', `1..${run.files.length}`];
  run.files.forEach((file, i) => {
    const findings = sortFindings(file.findings);
    const ok = file.skipped === true || !findings.some((f) => reaches(f.severity, run.failLevel));
    lines.push(`${ok ? 'ok' : 'not ok'} ${i + 1} - ${description(file.file)}${file.skipped === true ? ' # SKIP not a job graph' : ''}`);
    if (findings.length > 0) pushAll(lines, ['  ---', '  findings:', ...findings.flatMap(yamlFinding), '  ...']);
  });
  lines.push(`# ${formatValidationSummary(summarize(run))}`);
  return lines.join('\n') + '\n';
}

function yamlFinding(f: Finding): string[] {
  return [
    `    - rule: ${yamlString(f.code)}`,
    `      severity: ${f.severity}`,
    `      message: ${yamlString(f.message)}`,
    `      line: ${f.location.line}`,
    `      column: ${f.location.column}`,
    `      pointer: ${yamlString(f.location.pointer)}`,
  ];
}

/**
 * Always a double-quoted YAML scalar: JSON's string escapes (\", \\, \n, \r, \t, \b, \f, \uXXXX)
 * are all YAML escapes too, so any message stays one line and reads back exactly. The characters
 * JSON leaves as they are but YAML does not allow raw (DEL, C1 controls, BOM, non-characters) or
 * may read as line breaks (U+2028, U+2029) are escaped as well.
 */
function yamlString(s: string): string {
  return JSON.stringify(s).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A test point's description ends at a line break, and `#` would start a directive (escaped as `\#`). */
function description(file: string): string {
  return file.replace(/#/g, '\\#').replace(/\r\n|\r|\n/g, ' ');
}
