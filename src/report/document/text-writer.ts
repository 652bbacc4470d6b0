/**
 * Writes a section document as text for a terminal: sections apart by a blank line, a heading
 * right above its body, tables in aligned columns (headers in capitals), list items indented;
 * colour only through the Style; lists longer than `limit` cut with a line saying how many more.
 */
import { type Style, PLAIN } from '../style.js';
import { renderTable } from '../table.js';
import { pushAll } from '../../util/push-all.js';
import type { Block, Inline, Line, ListItem, Row, SectionDocument } from './document.js';

export interface TextWriterOptions {
  readonly style?: Style;
  /** Rows per table or list at most; 0 or absent: all. */
  readonly limit?: number;
  /** The line after a cut list: how to see all of it. */
  readonly more?: (hidden: number) => string;
}

export function writeText(doc: SectionDocument, options: TextWriterOptions = {}): string {
  const w = new TextWriter(options);
  const sections = doc.map((s) => [
    ...(s.heading === undefined ? [] : [w.line(s.heading.content)]),
    ...s.blocks.flatMap((b) => w.block(b)),
  ]);
  return sections.map((lines) => lines.join('\n')).join('\n\n') + '\n';
}

class TextWriter {
  private readonly style: Style;

  constructor(private readonly options: TextWriterOptions) {
    this.style = options.style ?? PLAIN;
  }

  line(content: Line): string {
    return content.map((i) => this.inline(i)).join('');
  }

  private inline(i: Inline): string {
    if (typeof i === 'string') return i;
    if ('text' in i) return i.text;
    if ('code' in i) return i.code;
    if ('strong' in i) return this.style.strong(this.line(i.strong));
    if ('emphasis' in i) return this.line(i.emphasis);
    return this.style[i.tone](this.line(i.content));
  }

  block(b: Block): string[] {
    switch (b.kind) {
      case 'paragraph':
        return b.lines.map((l) => this.line(l));
      case 'code':
        return this.cut(b.lines, (l) => l);
      case 'list':
        return this.cut(b.items, (item: ListItem) => `  ${item.marker} ${this.line(item.content)}`);
      case 'table':
        if (b.header === undefined) return this.columns(b.rows);
        return b.cut === false ? new TextWriter({ ...this.options, limit: 0 }).table(b.header, b.rows) : this.table(b.header, b.rows);
    }
  }

  /** A table with a header: renderTable's columns, indented, no padding after the last cell. */
  private table(header: readonly string[], rows: readonly Row[]): string[] {
    const shown = this.shown(rows);
    const cells = shown.map((r) => ('across' in r ? [this.line(r.across)] : r.map((c) => this.line(c))));
    const lines = renderTable(
      header.map((h) => h.toUpperCase()),
      cells,
    ).map((l) => l.trimEnd());
    return [...lines, ...this.more(rows.length)];
  }

  /** Aligned columns without a header, flush left; a cell's padding goes inside its last run (so a coloured cell stays one run); the last column is not padded. */
  private columns(rows: readonly Row[]): string[] {
    const shown = this.shown(rows);
    const widths: number[] = [];
    for (const r of shown) {
      if ('across' in r) continue;
      r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, plainLength(c))));
    }
    const lines = shown.map((r) => {
      if ('across' in r) return this.line(r.across);
      return r.map((c, i) => this.line(i === r.length - 1 ? c : padded(c, widths[i]! - plainLength(c)))).join('  ');
    });
    return [...lines, ...this.more(rows.length)];
  }

  private cut<T>(items: readonly T[], write: (item: T) => string): string[] {
    const lines = this.shown(items).map(write);
    pushAll(lines, this.more(items.length));
    return lines;
  }

  private shown<T>(items: readonly T[]): readonly T[] {
    const limit = this.options.limit ?? 0;
    return limit > 0 ? items.slice(0, limit) : items;
  }

  private more(total: number): string[] {
    const limit = this.options.limit ?? 0;
    if (limit <= 0 || total <= limit) return [];
    const say = this.options.more ?? ((n: number): string => `  … ${n} more`);
    return [this.style.dim(say(total - limit))];
  }
}

/** The width of a line written without colour. */
function plainLength(content: Line): number {
  return new TextWriter({}).line(content).length;
}

/** `content` with `n` spaces at the end of its last run. */
function padded(content: Line, n: number): Line {
  if (n <= 0 || content.length === 0) return content;
  const last = content[content.length - 1]!;
  const rest = content.slice(0, -1);
  if (typeof last === 'string') return [...rest, last + ' '.repeat(n)];
  if ('tone' in last) return [...rest, { tone: last.tone, content: padded(last.content, n) }];
  return [...content, ' '.repeat(n)];
}
