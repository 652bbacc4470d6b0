import { describe, expect, it } from 'vitest';
import { type SectionDocument, code, emphasis, paragraph, strong, text, tone } from '../../../../src/report/document/document.js';
import { writeText } from '../../../../src/report/document/text-writer.js';
import type { Style } from '../../../../src/report/style.js';

/** Marks each tone so a test sees where colour starts and ends. */
const MARKED: Style = {
  heading: (t) => `<h>${t}</h>`,
  strong: (t) => `<s>${t}</s>`,
  dim: (t) => `<d>${t}</d>`,
  warn: (t) => `<w>${t}</w>`,
  error: (t) => `<e>${t}</e>`,
  ok: (t) => `<o>${t}</o>`,
};

describe('writeText', () => {
  it('sections apart by one blank line, a heading right above its body, one final newline', () => {
    const doc: SectionDocument = [
      { heading: { level: 2, content: ['Title'] }, blocks: [paragraph(['a'], ['b'])] },
      { blocks: [paragraph(['c'])] },
    ];
    expect(writeText(doc)).toBe('Title\na\nb\n\nc\n');
  });

  it('inline runs: text and code as they are, strong and tones through the Style, emphasis plain', () => {
    const doc: SectionDocument = [
      { blocks: [paragraph([text('a_b'), ' ', code('x|y'), ' ', strong('S'), ' ', emphasis('e'), ' ', tone('warn', 'W')])] },
    ];
    expect(writeText(doc, { style: MARKED })).toBe('a_b x|y <s>S</s> e <w>W</w>\n');
  });

  it('a table with a header: capitals, indented columns, numbers right-aligned, no padding after the last cell', () => {
    const doc: SectionDocument = [
      {
        blocks: [
          {
            kind: 'table',
            header: ['Name', 'Slots', 'Note'],
            rows: [
              [['alpha'], ['4'], ['']],
              [['b'], ['12'], ['x']],
            ],
          },
        ],
      },
    ];
    expect(writeText(doc)).toBe('  NAME   SLOTS  NOTE\n  alpha      4\n  b         12  x\n');
  });

  it('cuts tables and lists at the limit and says how many more, dimmed; cut: false keeps every row', () => {
    const rows = ['1', '2', '3'].map((n) => [[n], ['r']]);
    const items = ['a', 'b', 'c'].map((x) => ({ marker: '+', content: [x] }));
    const doc: SectionDocument = [
      { blocks: [{ kind: 'table', header: ['N', 'R'], rows }] },
      { blocks: [{ kind: 'list', items }] },
      { blocks: [{ kind: 'table', header: ['N', 'R'], rows, cut: false }] },
    ];
    const out = writeText(doc, { style: MARKED, limit: 2, more: (n) => `  … ${n} more` });
    expect(out).toBe(
      [
        '  N  R',
        '  1  r',
        '  2  r',
        '<d>  … 1 more</d>',
        '',
        '  + a',
        '  + b',
        '<d>  … 1 more</d>',
        '',
        '  N  R',
        '  1  r',
        '  2  r',
        '  3  r',
        '',
      ].join('\n'),
    );
    expect(writeText(doc, { limit: 0 })).not.toContain('more');
  });

  it('a table without a header: flush-left columns, padding inside a coloured cell, rows across take no width', () => {
    const doc: SectionDocument = [
      {
        blocks: [
          {
            kind: 'table',
            rows: [
              [['a.yaml:1:1'], [tone('error', 'error')], ['the message']],
              { across: ['a very long line that spans the table'] },
              [['b.yaml:10:2'], [tone('warn', 'warning')], ['another']],
            ],
          },
        ],
      },
    ];
    expect(writeText(doc, { style: MARKED })).toBe(
      'a.yaml:1:1   <e>error  </e>  the message\na very long line that spans the table\nb.yaml:10:2  <w>warning</w>  another\n',
    );
  });

  it('a fenced code block is its lines in text', () => {
    expect(writeText([{ blocks: [{ kind: 'code', language: 'diff', lines: ['- a', '+ b'] }] }])).toBe('- a\n+ b\n');
  });
});
