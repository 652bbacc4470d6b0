/** `flinkslot explain`'s text and Markdown: the one section list of explain-document.ts, written by either writer. */
import { writeMarkdown } from '../document/markdown-writer.js';
import { writeText } from '../document/text-writer.js';
import { type Style, PLAIN } from '../style.js';
import { explainDocument } from './explain-document.js';
import type { ExplainReport } from './explain-report.js';

export interface ExplainRenderOptions {
  /** Text only: colours. */
  readonly style?: Style;
  /** Timeline rows at most; 0 = all (default 40). */
  readonly limit?: number;
}

export function renderExplain(report: ExplainReport, format: 'text' | 'markdown', options: ExplainRenderOptions = {}): string {
  const doc = explainDocument(report, {
    markdown: format === 'markdown',
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  if (format === 'markdown') return writeMarkdown(doc, { allRowsIn: 'flinkslot explain --json' });
  return writeText(doc, { style: options.style ?? PLAIN });
}
