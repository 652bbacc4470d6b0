/**
 * `flinkslot validate --format junit`: JUnit XML, as CI systems (Jenkins, GitLab, Azure DevOps,
 * GitHub test reporters) read it. One <testsuite> per file, in the order given.
 *
 * - A file with a finding at or above the fail level gets one <testcase name="RULE"> per rule that
 *   has findings in it: a rule with a finding that reaches the fail level fails (<failure> whose
 *   text lists every finding of that rule); a rule whose findings are all below it passes, its
 *   findings in <system-out>.
 * - Any other file gets a single passing <testcase name="valid">, its findings (all below the fail
 *   level) in <system-out>.
 *
 * So every finding appears exactly once and every file has at least one test case. Nothing is
 * skipped and nothing is an error (that is for the tool failing), but the attributes are written
 * as 0 since some readers require them.
 */
import { type FileResult, type Finding, type ValidationRun, reaches, sortFindings } from '../../errors/finding.js';
import { pushAll } from '../../util/push-all.js';

export const JUNIT_SUITES_NAME = 'flinkslot validate';

interface Case {
  readonly name: string;
  readonly failing: Finding[];
  readonly findings: Finding[];
}

export function renderValidateJunit(run: ValidationRun): string {
  const suites = run.files.map((f) => ({ file: f, cases: testCases(f, run) }));
  const tests = suites.reduce((n, s) => n + s.cases.length, 0);
  const failures = suites.reduce((n, s) => n + s.cases.filter((c) => c.failing.length > 0).length, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attrs({ name: JUNIT_SUITES_NAME, tests, failures, errors: 0, skipped: 0 })}>`,
  ];
  for (const { file, cases } of suites) {
    const failed = cases.filter((c) => c.failing.length > 0).length;
    lines.push(`  <testsuite ${attrs({ name: file.file, tests: cases.length, failures: failed, errors: 0, skipped: 0 })}>`);
    for (const c of cases) pushAll(lines, testCase(file.file, c));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}

function testCases(file: FileResult, run: ValidationRun): Case[] {
  const findings = sortFindings(file.findings);
  if (file.skipped === true) return [{ name: 'skipped', failing: [], findings }];
  if (!findings.some((f) => reaches(f.severity, run.failLevel))) return [{ name: 'valid', failing: [], findings }];
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) {
    const of = byRule.get(f.code);
    if (of === undefined) byRule.set(f.code, [f]);
    else of.push(f);
  }
  return [...byRule.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rule, of]) => ({ name: rule, failing: of.filter((f) => reaches(f.severity, run.failLevel)), findings: of }));
}

function testCase(file: string, c: Case): string[] {
  const open = `    <testcase ${attrs({ classname: file, name: c.name })}`;
  const text = c.findings.map(findingLine).join('\n');
  const first = c.failing[0];
  if (first !== undefined) {
    return [
      `${open}>`,
      `      <failure ${attrs({ type: c.name, message: first.message })}>${escapeText(text)}</failure>`,
      '    </testcase>',
    ];
  }
  if (c.findings.length === 0) return [`${open}/>`];
  return [`${open}>`, `      <system-out>${escapeText(text)}</system-out>`, '    </testcase>'];
}

/** `file:line:col severity message (pointer)`. */
function findingLine(f: Finding): string {
  const { file, line, column, pointer } = f.location;
  return `${file}:${line}:${column} ${f.severity} ${f.message}${pointer === '' ? '' : ` (${pointer})`}`;
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}="${escapeAttribute(String(v))}"`)
    .join(' ');
}

/**
 * Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF):
 * no escape can carry them, so they are dropped.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripNonXml(s: string): string {
  return s.replace(NOT_XML, '');
}

/** Element content: &, < and > escaped (> so that `]]>` cannot occur); CR kept as a reference. */
export function escapeText(s: string): string {
  return stripNonXml(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/**
 * Attribute values: the five predefined entities, and tab/newline/CR as character references so
 * that attribute-value normalisation does not turn them into spaces.
 */
export function escapeAttribute(s: string): string {
  return stripNonXml(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}
