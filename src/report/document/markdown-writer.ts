/**
 * Writes a section document as GitHub-flavoured Markdown (a pull request comment): blocks apart by
 * a blank line, text from input escaped, names as code spans that survive a table cell, a section
 * longer than `inlineRows` folded into `<details>`, a table or code block longer than `maxRows` cut
 * (a comment holds 65,536 characters) with a line saying where the rest is.
 */
import { maxOf } from '../../util/push-all.js';
import { type Block, type Inline, type Line, type Row, type Section, type SectionDocument, rowCount } from './document.js';

export interface MarkdownWriterOptions {
  /** Rows of a section shown without folding. */
  readonly inlineRows?: number;
  /** Rows listed at most per table or code block. */
  readonly maxRows?: number;
  /** Where the rows cut are: "flinkslot diff --json" → "_… 3 more rows (flinkslot diff --json lists all)_". */
  readonly allRowsIn?: string;
}

const INLINE_ROWS = 10;
const MAX_ROWS = 100;

export function writeMarkdown(doc: SectionDocument, options: MarkdownWriterOptions = {}): string {
  return doc.flatMap((s) => section(s, options)).join('\n\n') + '\n';
}

function section(s: Section, options: MarkdownWriterOptions): string[] {
  const heading = s.heading === undefined ? [] : [`${'#'.repeat(s.heading.level)} ${line(s.heading.content)}`];
  const blocks = s.blocks.map((b) => block(b, options));
  const rows = s.blocks.reduce((n, b) => n + rowCount(b), 0);
  if (s.summary === undefined || rows <= (options.inlineRows ?? INLINE_ROWS)) return [...heading, ...blocks];
  return [...heading, `<details><summary>${escapeHtml(s.summary)}</summary>`, ...blocks, '</details>'];
}

function block(b: Block, options: MarkdownWriterOptions): string {
  switch (b.kind) {
    case 'paragraph':
      return b.lines.map(line).join('\n');
    case 'list':
      return b.items.map((i) => `${i.marker} ${line(i.content)}`).join('\n');
    case 'code':
      return fenced(b.language, b.lines, options);
    case 'table':
      return table(b.header ?? [], b.rows, b.align, options);
  }
}

function table(
  header: readonly string[],
  rows: readonly Row[],
  align: readonly ('left' | 'right')[] | undefined,
  options: MarkdownWriterOptions,
): string {
  const max = options.maxRows ?? MAX_ROWS;
  const cells = (r: Row): string[] => ('across' in r ? [line(r.across)] : r.map(line));
  const lines = [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (align?.[i] === 'right' ? '--:' : '---')).join(' | ')} |`,
    ...rows.slice(0, max).map((r) => `| ${cells(r).join(' | ')} |`),
  ];
  if (rows.length > max) lines.push('', `_… ${rows.length - max} more rows${where(options)}_`);
  return lines.join('\n');
}

function fenced(language: string, lines: readonly string[], options: MarkdownWriterOptions): string {
  const max = options.maxRows ?? MAX_ROWS;
  const shown = lines.slice(0, max);
  const fence = '`'.repeat(maxOf(shown.map(longestBacktickRun), 2) + 1);
  const out = [fence + language, ...shown, fence];
  if (lines.length > max) out.push('', `_… ${lines.length - max} more${where(options)}_`);
  return out.join('\n');
}

function where(options: MarkdownWriterOptions): string {
  return options.allRowsIn === undefined ? '' : ` (${options.allRowsIn} lists all)`;
}

function line(content: Line): string {
  return content.map(inline).join('');
}

function inline(i: Inline): string {
  if (typeof i === 'string') return i;
  if ('text' in i) return escapeText(i.text);
  if ('code' in i) return codeSpan(i.code);
  if ('strong' in i) return `**${line(i.strong)}**`;
  if ('emphasis' in i) return `_${line(i.emphasis)}_`;
  return line(i.content);
}

/** Inline code that survives a table cell: backticks fenced by a longer run, pipes escaped. */
function codeSpan(value: string): string {
  const longest = longestBacktickRun(value);
  const fence = '`'.repeat(longest + 1);
  const padded = longest > 0 ? ` ${value} ` : value;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}

/** Plain text in a table cell or paragraph: Markdown and HTML specials escaped. */
function escapeText(value: string): string {
  return escapeHtml(value).replace(/([\\`*_[\]|#])/g, '\\$1');
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function longestBacktickRun(value: string): number {
  return maxOf(
    (value.match(/`+/g) ?? []).map((run) => run.length),
    0,
  );
}
