/**
 * A hand-made `flinkslot validate` run shared by the renderer tests: three files (one with errors,
 * one clean, one with a warning and a note), a message with every character some format must
 * escape, and an absolute path with a space.
 */
import type { DiagnosticCode } from '../../src/errors/diagnostic.js';
import { type FileResult, type Finding, type FindingSeverity, type ValidationRun, located } from '../../src/errors/finding.js';

/** `,` and `:` (GitHub properties), `%` and a line break (GitHub data), `<&"'>` (XML). */
export const TRICKY = 'key "a,b: 100%"\nis <unknown> & ignored, isn\'t it?';

export const A = 'jobs/a.yaml';
export const B = 'jobs/b.json';
export const C = '/abs/jobs/c d.yaml';

export function finding(
  file: string,
  rule: DiagnosticCode,
  severity: FindingSeverity,
  message: string,
  pointer: string,
  [startLine, startColumn, endLine, endColumn]: [number, number, number, number],
): Finding {
  return located({ code: rule, severity, message }, file, pointer, { line: startLine, column: startColumn, endLine, endColumn });
}

export const FILES: readonly FileResult[] = [
  {
    file: A,
    valid: false,
    // Deliberately out of order: every renderer sorts a file's findings by line, column, rule.
    findings: [
      finding(A, 'input/unknown-vertex', 'error', 'edge target "sink" is not a vertex of the job', '/edges/1/target', [9, 13, 9, 19]),
      finding(A, 'input/unknown-key', 'warning', TRICKY, '/vertices/0/colour', [3, 5, 4, 2]),
      finding(A, 'input/unknown-vertex', 'error', 'edge source "src" is not a vertex of the job', '/edges/0/source', [5, 13, 5, 18]),
    ],
  },
  { file: B, valid: true, findings: [], summary: { job: 'wordcount', minimumSlots: 4, maxParallelism: 128 } },
  {
    file: C,
    valid: true,
    findings: [
      finding(C, 'import/defaults', 'info', 'flinkVersion not given; read as Flink 1.20', '/flinkVersion', [2, 3, 2, 9]),
      finding(C, 'policy/max-slots', 'warning', 'the job needs 12 slots, more than --max-slots 8', '', [1, 1, 1, 1]),
    ],
  },
];

export function runAt(failLevel: ValidationRun['failLevel'], files: readonly FileResult[] = FILES): ValidationRun {
  return { files, failLevel };
}
