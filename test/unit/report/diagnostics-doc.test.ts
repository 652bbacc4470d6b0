/**
 * docs/diagnostics.md is generated from the catalog (bin/gen-diagnostics-doc.js) and checked in:
 * it must be what the script writes now. `flinkslot help CODE` renders one entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticCodes } from '../../../src/errors/codes.js';
import { codeAnchor, renderCodeHelp, renderDiagnosticsDoc } from '../../../src/report/render-code-entry.js';
import { ROOT } from '../../support/root.js';

describe('docs/diagnostics.md', () => {
  const page = renderDiagnosticsDoc();

  it('is current: the checked-in page is what `npm run docs:diagnostics` writes', () => {
    const checkedIn = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
    if (checkedIn !== page)
      expect.fail('docs/diagnostics.md is out of date with src/errors/codes.ts: run `npm run docs:diagnostics` and commit it');
  });

  it('has one heading with a stable anchor per code, each linked from the index', () => {
    for (const code of diagnosticCodes()) {
      const anchor = codeAnchor(code);
      expect(page.split(`<a id="${anchor}"></a>\n\n### \`${code}\`\n`)).toHaveLength(2);
      expect(page).toContain(`[\`${code}\`](#${anchor})`);
    }
    expect(codeAnchor('input/too-large')).toBe('input-too-large');
  });

  it('writes an entry with severity, title, meaning, example and fix', () => {
    const entry = page.slice(page.indexOf('<a id="input-too-deep"></a>'), page.indexOf('<a id="input-too-large"></a>'));
    expect(entry).toBe(
      [
        '<a id="input-too-deep"></a>',
        '',
        '### `input/too-deep`',
        '',
        '**error**: The document nests deeper than flinkslot reads.',
        '',
        'Maps and lists nest deeper than 200 levels; no Flink file does, and reading it could exhaust the stack.',
        '',
        '```text',
        'error deep.json:1:1 the document nests deeper than 200 levels [input/too-deep]',
        '```',
        '',
        '**Fix**: Flatten the document; a job graph, a configuration or a scenario needs a few levels only.',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('flinkslot help CODE', () => {
  it('prints the entry as text, every severity named', () => {
    expect(renderCodeHelp('tm-config/state-backend')).toBe(
      [
        'tm-config/state-backend (warning or info)',
        '  A state backend this Flink release cannot load.',
        '',
        'MEANING',
        '  forst before Flink 2.0 (a warning: Flink looks for a factory class of that name and fails), or a custom factory class (a note: assumed to use managed memory, as Flink assumes when it cannot decide).',
        '',
        'FIX',
        '  Use a state backend of the release (hashmap, rocksdb; forst from 2.0).',
        '',
        'EXAMPLE',
        '  warning conf/config.yaml:2:1 state.backend.type: forst is a state backend of Flink 2.0 and later; Flink 1.20 looks for a factory class of that name and fails (/state.backend.type) [tm-config/state-backend]',
        '',
      ].join('\n'),
    );
  });
});
