/** The face of `flinkslot report` (commands/support/report-run.ts, and `size --report`): inputs → one HTML page. */
export { type HtmlReport, type ReportOptions, reportFromTexts } from '../app/report.js';
export { type ReportResult, reportResult } from '../app/results/report-result.js';
