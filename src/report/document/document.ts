/**
 * The section model text and Markdown reports share: a report is built once as sections
 * (headings, paragraphs, tables, lists, code blocks) of inline runs, then written by one of two
 * small writers (`text-writer.ts`, `markdown-writer.ts`). What differs between the two formats by
 * nature (escaping, code spans, colour, folding long sections, how a long list is cut) is the
 * writers'; the builder says only what the report holds.
 */

/** Colours of the text writer (the Style's); Markdown writes the content alone. */
export type Tone = 'heading' | 'strong' | 'dim' | 'ok' | 'warn' | 'error';

/**
 * A run of inline content. A plain string is the report's own words, written as it is; `text` is
 * text from input (Markdown escapes its specials); `code` a name (a code span in Markdown, plain in
 * text); `strong` bold in Markdown and the strong colour in text; `emphasis` italic in Markdown.
 */
export type Inline =
  | string
  | { readonly text: string }
  | { readonly code: string }
  | { readonly strong: Line }
  | { readonly emphasis: Line }
  | { readonly tone: Tone; readonly content: Line };

export type Line = readonly Inline[];

/** A row of cells, or one line across the table that takes no part in the column widths. */
export type Row = readonly Line[] | { readonly across: Line };

export type Block =
  | { readonly kind: 'paragraph'; readonly lines: readonly Line[] }
  /** Columns line up; numbers right-aligned where `align` says so (Markdown) or every cell looks numeric (text). A table without a header is a list of aligned columns. */
  | {
      readonly kind: 'table';
      readonly header?: readonly string[];
      readonly align?: readonly Align[];
      readonly rows: readonly Row[];
      /** false: the text writer lists every row, whatever its limit (a table short by nature). */
      readonly cut?: false;
    }
  | { readonly kind: 'list'; readonly items: readonly ListItem[] }
  | { readonly kind: 'code'; readonly language: string; readonly lines: readonly string[] };

export type Align = 'left' | 'right';

export interface ListItem {
  /** `-`, `+`, `*`, … : the item's mark (a diff's `-` and `+`). */
  readonly marker: string;
  readonly content: Line;
}

export interface Section {
  readonly heading?: { readonly level: number; readonly content: Line };
  /** What a folded section says while closed (Markdown folds a long section into `<details>`). */
  readonly summary?: string;
  readonly blocks: readonly Block[];
}

export type SectionDocument = readonly Section[];

// Small constructors keep builders short.
export const code = (value: string): Inline => ({ code: value });
export const text = (value: string): Inline => ({ text: value });
export const strong = (...content: Inline[]): Inline => ({ strong: content });
export const emphasis = (...content: Inline[]): Inline => ({ emphasis: content });
export const tone = (t: Tone, ...content: Inline[]): Inline => ({ tone: t, content });
export const paragraph = (...lines: Line[]): Block => ({ kind: 'paragraph', lines });

/** Rows (or list items) a block holds: what a writer cuts and folds by. */
export function rowCount(block: Block): number {
  switch (block.kind) {
    case 'table':
      return block.rows.length;
    case 'list':
      return block.items.length;
    case 'code':
      return block.lines.length;
    case 'paragraph':
      return block.lines.length;
  }
}

/** `cells` joined by `separator` into one line. */
export function joined(cells: readonly Line[], separator: string): Line {
  return cells.flatMap((c, i) => (i === 0 ? [...c] : [separator, ...c]));
}
