/**
 * `flinkslot simulate`'s result: the runs of a scenario (or of jobs on a cluster file), or the
 * jobs fitted on a running cluster. The outcome is 'not-met' unless every requirement is met at
 * the end (a running cluster: unless the jobs fit now).
 */
import type { Result } from '../../errors/diagnostic.js';
import type { LiveFitReport } from '../../report/live-fit-report.js';
import { render } from '../../report/renderers/simulate.js';
import { type SimulationReport, variantsReport } from '../../report/simulation-report.js';
import { type Refusal, type ReportOutput, reportOutput } from '../command-result.js';

export type SimulateResult = ReportOutput<'simulation', SimulationReport[]> | ReportOutput<'live-fit', LiveFitReport> | Refusal;

/** `limit`: TaskManager rows in the text form (0 = all). */
const rows = (limit: number): number => (limit === 0 ? Number.MAX_SAFE_INTEGER : limit);

/** One report as one JSON object; a scenario's variants as one object listing them. */
export function simulationResult(result: Result<SimulationReport[]>, options: { limit: number }): SimulateResult {
  return reportOutput('simulation', result, {
    json: (reports) => (reports.length === 1 ? reports[0] : variantsReport(reports)),
    text: (reports, style) =>
      reports.map((r) => render({ kind: 'simulation', value: r }, 'text', { style, limit: rows(options.limit) })).join('\n\n') + '\n',
    outcome: (reports) => (reports.some((r) => r.verdict !== 'met') ? 'not-met' : 'ok'),
  });
}

export function liveFitResult(result: Result<LiveFitReport>, options: { limit: number }): SimulateResult {
  return reportOutput('live-fit', result, {
    text: (report, style) => render({ kind: 'live-fit', value: report }, 'text', { style, limit: rows(options.limit) }),
    outcome: (report) => (report.answer.kind === 'fits-now' ? 'ok' : 'not-met'),
  });
}
