/**
 * The `diff` report for people: text for a terminal (long lists cut at `limit` rows) or Markdown
 * for a pull request comment; both written from the one section list of `diff-document.ts`.
 */
import type { PlanDiff } from '../../plan/diff/plan-diff-model.js';
import { writeMarkdown } from '../document/markdown-writer.js';
import { writeText } from '../document/text-writer.js';
import { type Style, PLAIN } from '../style.js';
import { type DiffFlavour, diffDocument } from './diff-document.js';

export interface DiffRenderOptions {
  readonly oldFile?: string;
  readonly newFile?: string;
  /** Text only: colours. */
  readonly style?: Style;
  /** Text only: rows per list at most; 0 = everything (default 50). */
  readonly limit?: number;
}

export function renderDiff(diff: PlanDiff, flavour: DiffFlavour, options: DiffRenderOptions = {}): string {
  const doc = diffDocument(diff, flavour, options.oldFile ?? 'old', options.newFile ?? 'new');
  if (flavour === 'markdown') return writeMarkdown(doc, { allRowsIn: 'flinkslot diff --json' });
  return writeText(doc, {
    style: options.style ?? PLAIN,
    limit: options.limit ?? 50,
    more: (n) => `  … ${n} more (--json shows all)`,
  });
}
