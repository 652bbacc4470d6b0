/**
 * `flinkslot explain`'s result: the explanation in text, Markdown or JSON. The outcome is 'ok' only
 * when the diagnosis is `ok`; any other diagnosis (a problem found, or `unknown`: the log stops
 * before the outcome) is 'not-met' (exit 1); a file that is not a Flink log, unreadable or too
 * large is refused (exit 2).
 */
import type { Result } from '../../errors/diagnostic.js';
import type { ExplainReport } from '../../report/explain/explain-report.js';
import { render } from '../../report/renderers/explain.js';
import type { ExplainFormat } from '../../report/renderings.js';
import { formatDiagnostic } from '../../report/render-plan-text.js';
import type { Style } from '../../report/style.js';
import { type Refusal, type ReportOutput, reportOutput } from '../command-result.js';
import type { ExplainedLogs } from '../explain.js';

export type ExplainResult = ReportOutput<'explain', ExplainReport> | Refusal;

export interface ExplainResultOptions {
  /** text or markdown for the text form; json prints the report (as --json does). */
  readonly format?: ExplainFormat;
  /** Timeline rows in the text at most; 0 = all. */
  readonly limit?: number;
}

export function explainResult(result: Result<ExplainedLogs>, o: ExplainResultOptions = {}): ExplainResult {
  const report = result.ok ? ({ ok: true, value: result.value.report, warnings: result.warnings } as const) : result;
  const format = o.format ?? 'text';
  const warnings = result.ok ? result.warnings : [];
  return reportOutput('explain', report, {
    text: (r, style: Style) =>
      format === 'json'
        ? render({ kind: 'explain', value: r }, 'json', {})
        : render({ kind: 'explain', value: r }, format, { style, ...(o.limit === undefined ? {} : { limit: o.limit }) }),
    outcome: (r) => (r.diagnosis.code === 'ok' ? 'ok' : 'not-met'),
    // A --flink-version newer than flinkslot knows: said on stderr, in every form.
    afterword: () => (warnings.length === 0 ? undefined : warnings.map((w) => `warning ${formatDiagnostic(w)}\n`).join('')),
  });
}
