/**
 * Commands' results as values (src/app/results/): the form, the kind, what each format prints and
 * the outcome that decides the exit code, from the real use cases on fixtures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffFromTexts } from '../../../../src/app/diff.js';
import { planFromText } from '../../../../src/app/plan.js';
import { diffResult } from '../../../../src/app/results/diff-result.js';
import { planGraphResult, planResult } from '../../../../src/app/results/plan-result.js';
import { simulationResult } from '../../../../src/app/results/simulate-result.js';
import { simulateJobsWithAdvice } from '../../../../src/app/simulate-with-advice.js';
import { planGraphFromText } from '../../../../src/app/plan-graph.js';
import { PLAIN } from '../../../../src/report/style.js';

const read = (file: string) => ({ text: readFileSync(file, 'utf8'), file });
const WORDCOUNT = read('fixtures/jobs/wordcount-streaming.yaml');
const TWENTY = read('fixtures/jobs/twenty-vertices.json');

describe('planResult', () => {
  it('a plan: --json prints the report itself, the text form renders it, outcome ok', () => {
    const result = planResult(planFromText(WORDCOUNT.text, WORDCOUNT.file), { limit: 50 });
    if (result.form !== 'report') throw new Error(`expected a report, got ${result.form}`);
    expect(result.kind).toBe('plan');
    expect(result.outcome).toBe('ok');
    expect(result.json).toBe(result.value);
    expect(result.text(PLAIN)).toContain('Minimum slots: 10');
  });

  it('input the core refuses: a refusal with its diagnostics, outcome bad-input', () => {
    const result = planResult(planFromText('vertices: 7', 'bad.yaml'), { limit: 50 });
    expect(result.form).toBe('refused');
    expect(result.outcome).toBe('bad-input');
    if (result.form === 'refused') expect(result.diagnostics.length).toBeGreaterThan(0);
  });

  it('--format dot: a document escaped like text', () => {
    const result = planGraphResult(planGraphFromText(WORDCOUNT.text, WORDCOUNT.file, 'dot'));
    expect(result).toMatchObject({ form: 'document', kind: 'plan-graph', escape: true, outcome: 'ok' });
  });
});

describe('diffResult', () => {
  const diff = diffFromTexts(WORDCOUNT, TWENTY);
  const options = { markdown: false, oldFile: WORDCOUNT.file, newFile: TWENTY.file };

  it('--fail-on any on plans that differ: not met, and the afterword says why', () => {
    const result = diffResult(diff, { ...options, failOn: ['any', 'any'] });
    expect(result.outcome).toBe('not-met');
    if (result.form !== 'report') throw new Error('expected a report');
    expect(result.afterword).toBe('flinkslot diff: --fail-on any: the plans differ\n');
  });

  it('without --fail-on: ok, no afterword; --markdown changes only the text form', () => {
    const result = diffResult(diff, { ...options, failOn: [] });
    expect(result.outcome).toBe('ok');
    if (result.form !== 'report') throw new Error('expected a report');
    expect(result.afterword).toBeUndefined();
    const markdown = diffResult(diff, { ...options, markdown: true, failOn: [] });
    if (markdown.form !== 'report') throw new Error('expected a report');
    expect(markdown.json).toEqual(result.json);
    expect(markdown.text(PLAIN)).not.toBe(result.text(PLAIN));
  });
});

describe('simulationResult', () => {
  it('one run prints one JSON object; the outcome follows the verdict', () => {
    const cluster = read('fixtures/clusters/standalone-4x4.yaml');
    const result = simulationResult(simulateJobsWithAdvice(cluster, [WORDCOUNT], {}), { limit: 0 });
    if (result.form !== 'report' || result.kind !== 'simulation') throw new Error('expected a simulation report');
    expect(result.value).toHaveLength(1);
    expect(result.json).toBe(result.value[0]);
    expect(result.outcome).toBe(result.value[0]!.verdict === 'met' ? 'ok' : 'not-met');
  });
});
