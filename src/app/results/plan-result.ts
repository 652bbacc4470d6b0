/** `flinkslot plan`'s result: the plan report, or the job graph drawn as Graphviz dot or Mermaid. */
import type { Result } from '../../errors/diagnostic.js';
import type { PlanReport } from '../../report/plan-report.js';
import { renderPlanText } from '../../report/render-plan-text.js';
import { type DocumentOutput, type Refusal, type ReportOutput, documentOutput, refused, reportOutput } from '../command-result.js';

export type PlanResult = ReportOutput<'plan', PlanReport> | DocumentOutput<'plan-graph'> | Refusal;

/** `limit`: rows per list in the text form (0 = all). */
export function planResult(result: Result<PlanReport>, options: { limit: number }): PlanResult {
  return reportOutput('plan', result, { text: (report, style) => renderPlanText(report, { style, limit: options.limit }) });
}

/** `--format dot|mermaid`: the graph's text, escaped like a text report (names come from the input). */
export function planGraphResult(result: Result<string>): PlanResult {
  return result.ok ? documentOutput('plan-graph', result.value, { escape: true }) : refused(result.diagnostics);
}
