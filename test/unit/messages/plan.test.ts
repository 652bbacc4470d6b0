/** The exact diagnostics `plan` gives for valid job graphs it cannot plan or list (src/plan/analyze-job.ts, src/app/plan.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Diagnostic, planFromText } from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');
/** Two operators of 8388607t managed memory each: their sum overflows a Java long. */
const OVERFLOW = readFileSync(join(ROOT, 'fixtures/invalid/resource-overflow.yaml'), 'utf8');

function refusal(result: { ok: true } | { ok: false; diagnostics: Diagnostic[] }): Diagnostic[] {
  if (result.ok) throw new Error('expected the plan to be refused');
  return result.diagnostics;
}

describe('resources/overflow', () => {
  it("a slot sharing group's resources cannot be added up (ResourceProfile.merge)", () => {
    expect(refusal(planFromText(OVERFLOW, 'resource-overflow.yaml'))).toEqual([
      {
        code: 'resources/overflow',
        severity: 'error',
        message: "the resources of slot sharing group 'default' cannot be added up: long overflow (more than 2^63-1 bytes)",
        location: { pointer: '/vertices/0', file: 'resource-overflow.yaml', line: 6, column: 5 },
        flinkErrorType: 'ArithmeticException',
      },
    ]);
  });

  it("Flink 1.11's legacy managed-memory fractions add the group's managed memory up first", () => {
    const legacy = OVERFLOW.replace('flinkVersion: "1.18"', 'flinkVersion: "1.11"');
    expect(refusal(planFromText(legacy, 'resource-overflow.yaml'))).toEqual([
      {
        code: 'resources/overflow',
        severity: 'error',
        message: 'managed memory of a slot sharing group cannot be added up: long overflow',
        location: { pointer: '/vertices', file: 'resource-overflow.yaml', line: 6, column: 3 },
        flinkErrorType: 'ArithmeticException',
      },
    ]);
  });
});

describe('execution/too-many-members', () => {
  it('--members on a job of more than a million subtasks', () => {
    // 31 unconnected vertices of Flink's largest parallelism: 31 × 32768 = 1,015,808 subtasks.
    const vertices = Array.from({ length: 31 }, (_, i) => `  - {id: v${i}, parallelism: 32768, maxParallelism: 32768}`);
    const text = `name: wide\nvertices:\n${vertices.join('\n')}\n`;
    expect(refusal(planFromText(text, 'wide.yaml', { execution: true, members: true }))).toEqual([
      {
        code: 'execution/too-many-members',
        severity: 'error',
        message:
          '--members lists every subtask; this job has 1,015,808, more than 1,000,000 (use the text report with --limit, or leave out --members)',
        // A refusal of the flags, not of the file: no file position.
        location: { pointer: '' },
      },
    ]);
    // With a row limit (the text report's --limit), the members of the first rows are listed.
    expect(planFromText(text, 'wide.yaml', { execution: true, members: true, memberRows: 3 }).ok).toBe(true);
  });
});
