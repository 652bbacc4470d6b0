import { describe, expect, it } from 'vitest';
import { type SectionDocument, code, emphasis, paragraph, strong, text, tone } from '../../../../src/report/document/document.js';
import { writeMarkdown } from '../../../../src/report/document/markdown-writer.js';

describe('writeMarkdown', () => {
  it('headings by level, blocks apart by a blank line, no blank line at the end', () => {
    const doc: SectionDocument = [
      { heading: { level: 3, content: ['Title'] }, blocks: [paragraph(['a'], ['b']), paragraph(['c'])] },
      { heading: { level: 4, content: ['Part'] }, blocks: [{ kind: 'list', items: [{ marker: '-', content: ['x'] }] }] },
    ];
    expect(writeMarkdown(doc)).toBe('### Title\n\na\nb\n\nc\n\n#### Part\n\n- x\n');
  });

  it('escapes text from input, keeps the report`s own words, code spans survive backticks and table pipes', () => {
    const doc: SectionDocument = [
      {
        blocks: [
          paragraph([
            text('a_b <i> #1'),
            ' STATE_BACKEND ',
            code('x|y'),
            ' ',
            code('a`b'),
            ' ',
            strong('S'),
            ' ',
            emphasis('e'),
            ' ',
            tone('warn', 'W'),
          ]),
        ],
      },
    ];
    expect(writeMarkdown(doc)).toBe('a\\_b &lt;i&gt; \\#1 STATE_BACKEND `x\\|y` `` a`b `` **S** _e_ W\n');
  });

  it('tables: a header, an alignment row, cells; cut at maxRows with where the rest is', () => {
    const rows = ['1', '2', '3'].map((n) => [[code(n)], [n]]);
    const doc: SectionDocument = [{ blocks: [{ kind: 'table', header: ['Name', 'N'], align: ['left', 'right'], rows }] }];
    expect(writeMarkdown(doc, { maxRows: 2, allRowsIn: 'tool --json' })).toBe(
      '| Name | N |\n| --- | --: |\n| `1` | 1 |\n| `2` | 2 |\n\n_… 1 more rows (tool --json lists all)_\n',
    );
  });

  it('folds a section longer than inlineRows under its summary (escaped), not a short one', () => {
    const section = (n: number): SectionDocument => [
      {
        heading: { level: 4, content: ['Vertices'] },
        summary: `${n} <changes>`,
        blocks: [{ kind: 'list', items: Array.from({ length: n }, (_, i) => ({ marker: '+', content: [String(i)] })) }],
      },
    ];
    expect(writeMarkdown(section(2), { inlineRows: 2 })).toBe('#### Vertices\n\n+ 0\n+ 1\n');
    expect(writeMarkdown(section(3), { inlineRows: 2 })).toBe(
      '#### Vertices\n\n<details><summary>3 &lt;changes&gt;</summary>\n\n+ 0\n+ 1\n+ 2\n\n</details>\n',
    );
  });

  it('code blocks: a fence longer than any backtick run inside, cut at maxRows', () => {
    const doc: SectionDocument = [{ blocks: [{ kind: 'code', language: 'diff', lines: ['- a````b', '+ c', '+ d'] }] }];
    expect(writeMarkdown(doc, { maxRows: 2 })).toBe('`````diff\n- a````b\n+ c\n`````\n\n_… 1 more_\n');
  });
});
