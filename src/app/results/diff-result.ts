/**
 * `flinkslot diff`'s result: what changed between two plans, in text or Markdown; the outcome is
 * 'not-met' when something named by --fail-on grew, and the afterword says what.
 */
import type { Result } from '../../errors/diagnostic.js';
import type { PlanDiff } from '../../plan/diff/plan-diff-model.js';
import { render } from '../../report/renderers/diff.js';
import { type Refusal, type ReportOutput, reportOutput } from '../command-result.js';

export type FailOn = 'slots' | 'memory' | 'any';

export type DiffResult = ReportOutput<'diff', PlanDiff> | Refusal;

export interface DiffResultOptions {
  readonly markdown: boolean;
  readonly oldFile: string;
  readonly newFile: string;
  readonly failOn: readonly FailOn[];
}

export function diffResult(result: Result<PlanDiff>, o: DiffResultOptions): DiffResult {
  const failing = (d: PlanDiff): FailOn[] => [...new Set(o.failOn)].filter((q) => (q === 'any' ? d.changed : d.grew[q]));
  return reportOutput('diff', result, {
    text: (d, style) =>
      render({ kind: 'diff', value: d }, o.markdown ? 'markdown' : 'text', { oldFile: o.oldFile, newFile: o.newFile, style }),
    outcome: (d) => (failing(d).length > 0 ? 'not-met' : 'ok'),
    afterword: (d) => {
      const f = failing(d);
      return f.length === 0 ? undefined : `flinkslot diff: --fail-on ${f.join(',')}: ${f.map(reason).join('; ')}\n`;
    },
  });
}

function reason(q: FailOn): string {
  if (q === 'slots') return 'the new plan needs more slots';
  if (q === 'memory') return 'the new plan needs more managed memory or larger slot profiles';
  return 'the plans differ';
}
