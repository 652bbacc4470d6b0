/** The render registry: one entry per result kind × format, each the renderer of that pair. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFromTexts } from '../../../src/app/diff.js';
import { renderDiff } from '../../../src/report/diff/render-diff.js';
import { VALIDATE_FORMATS, formatsOf, render } from '../../../src/report/render.js';
import { renderValidateJunit } from '../../../src/report/validate/render-junit.js';
import { renderValidateSarif } from '../../../src/report/validate/render-sarif.js';
import { renderValidateText } from '../../../src/report/validate/render-text.js';
import { PLAIN, type Style } from '../../../src/report/style.js';
import { runAt } from '../../support/validate-run.js';
import { ROOT } from '../../support/root.js';

const source = (file: string): { file: string; text: string } => ({ file, text: readFileSync(join(ROOT, file), 'utf8') });
const result = diffFromTexts(source('fixtures/diff/streaming-old.yaml'), source('fixtures/diff/streaming-new.yaml'));
if (!result.ok) throw new Error('the diff fixtures plan');
const diff = result.value;
const MARKED: Style = { ...PLAIN, heading: (t) => `<h>${t}</h>` };

describe('render', () => {
  it('lists each kind`s formats', () => {
    expect(formatsOf('diff')).toEqual(['text', 'markdown', 'json']);
    expect(VALIDATE_FORMATS).toEqual(['text', 'json', 'junit', 'sarif', 'github', 'tap']);
    expect(formatsOf('import')).toEqual(['yaml']);
    expect(formatsOf('explain')).toEqual(['text', 'markdown', 'json']);
  });

  it('asks the renderer of the kind and format, with its options', () => {
    const files = { oldFile: 'a.yaml', newFile: 'b.yaml' };
    expect(render({ kind: 'diff', value: diff }, 'text', { ...files, style: MARKED })).toBe(
      renderDiff(diff, 'text', { ...files, style: MARKED }),
    );
    expect(render({ kind: 'diff', value: diff }, 'text', { ...files, style: MARKED })).toContain('<h>Plan diff a.yaml → b.yaml</h>');
    expect(render({ kind: 'diff', value: diff }, 'markdown', files)).toBe(renderDiff(diff, 'markdown', files));
    expect(render({ kind: 'diff', value: diff }, 'markdown', files)).toMatch(/^### flinkslot diff: `a.yaml` → `b.yaml`\n/);
    const run = runAt('error');
    expect(render({ kind: 'validate', value: run }, 'text', { version: '1', verbose: true })).toBe(
      renderValidateText(run, PLAIN, { verbose: true }),
    );
    expect(render({ kind: 'validate', value: run }, 'sarif', { version: '9.9' })).toBe(renderValidateSarif(run, '9.9'));
    expect(render({ kind: 'validate', value: run }, 'junit', { version: '1' })).toBe(renderValidateJunit(run));
  });

  it('json is the value as --json prints it', () => {
    expect(render({ kind: 'diff', value: diff }, 'json', {})).toBe(JSON.stringify(diff, null, 2) + '\n');
  });

  it('every format of every kind gives text ending in a newline (diff and validate)', () => {
    for (const format of formatsOf('diff')) expect(render({ kind: 'diff', value: diff }, format, {})).toMatch(/\n$/);
    for (const format of VALIDATE_FORMATS)
      expect(render({ kind: 'validate', value: runAt('warning') }, format, { version: '1' })).toMatch(/\n$/);
  });

  it('does not compile a format the kind does not have', () => {
    // @ts-expect-error: a plan has no Markdown rendering
    expect(() => render({ kind: 'plan', value: {} as never }, 'markdown', {})).toThrow();
  });
});
