/**
 * `validate` over a repository of job graphs should cost little more than reading them (issue 29
 * §2): the work it skips is counted here, never timed. The schema validator and js-yaml's event
 * parser (which the source map walks to turn JSON pointers into lines and columns) are spied on.
 */
import type * as JsYaml from 'js-yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SchemaValidator from '../../../src/parse/schema-validator.js';

vi.mock('../../../src/parse/schema-validator.js', async (importOriginal) => {
  const original = await importOriginal<typeof SchemaValidator>();
  return { ...original, validateWith: vi.fn(original.validateWith) };
});
vi.mock('js-yaml', async (importOriginal) => {
  const original = await importOriginal<typeof JsYaml>();
  return { ...original, parseEvents: vi.fn(original.parseEvents) };
});

const { parseEvents } = await import('js-yaml');
const { validateWith } = await import('../../../src/parse/schema-validator.js');
const { validateFile } = await import('../../../src/app/validate-file.js');

const YAML_JOB = [
  'name: clean',
  'vertices:',
  '  - {id: a, parallelism: 2}',
  '  - {id: b, parallelism: 4}',
  'edges:',
  '  - {source: a, target: b}',
  '',
].join('\n');
const JSON_JOB = JSON.stringify(
  {
    name: 'clean',
    vertices: [
      { id: 'a', parallelism: 2 },
      { id: 'b', parallelism: 4 },
    ],
    edges: [{ source: 'a', target: 'b' }],
  },
  null,
  2,
);

beforeEach(() => {
  vi.mocked(validateWith).mockClear();
  vi.mocked(parseEvents).mockClear();
});

describe('validateFile: work done per file', () => {
  it.each([
    ['YAML', YAML_JOB, 'job.yaml'],
    ['JSON', JSON_JOB, 'job.json'],
  ])('checks a %s job the schema accepts once, and builds no source map when nothing is found', (_, text, file) => {
    const result = validateFile(text, file, { maxSlots: 8, maxParallelism: 8 });
    expect(result).toMatchObject({ valid: true, findings: [], summary: { job: 'clean', minimumSlots: 4, maxParallelism: 4 } });
    expect(validateWith).toHaveBeenCalledTimes(1);
    expect(parseEvents).not.toHaveBeenCalled();
  });

  it('walks the source to locate a finding, and only then', () => {
    const result = validateFile(YAML_JOB, 'job.yaml', { maxParallelism: 3 });
    expect(result.findings.map((f) => [f.code, f.location.line, f.location.column])).toEqual([['policy/max-parallelism', 4, 26]]);
    expect(parseEvents).toHaveBeenCalledTimes(1);
  });

  it('checks a copy without the unknown keys a second time, to read the job without them', () => {
    const result = validateFile(YAML_JOB.replace('name: clean', 'name: clean\nowner: me'), 'job.yaml', {});
    expect(result.valid).toBe(true);
    expect(result.findings.map((f) => [f.code, f.severity, f.location.line])).toEqual([['input/unknown-key', 'warning', 2]]);
    expect(validateWith).toHaveBeenCalledTimes(2);
  });
});
