/**
 * flinkslot's pure core: plain data in, plain data out; no file system, process, console or
 * colours. The command layer (`commands/`) does the I/O and calls only what is exported here.
 */
export { type Diagnostic, type Result, hasErrors } from './errors/diagnostic.js';
export { parseJobGraph, jobGraphFromData } from './parse/parse-job-graph.js';
export { analyzeJob, type JobAnalysis } from './analysis/analyze-job.js';
export { buildPlanReport, type PlanReport } from './report/plan-report.js';
export { renderPlanText, formatDiagnostic } from './report/render-plan-text.js';
export { type Style, PLAIN } from './report/style.js';
export type { JobGraph } from './model/job-graph.js';

import { analyzeJob } from './analysis/analyze-job.js';
import { type Result, fail, ok } from './errors/diagnostic.js';
import { locateDiagnostics } from './parse/source-map.js';
import { stripByteOrderMark } from './parse/document.js';
import { parseJobGraph } from './parse/parse-job-graph.js';
import { type PlanReport, buildPlanReport } from './report/plan-report.js';
import { analyzeExecution } from './execution/analyze-execution.js';
import { buildExecutionReport } from './report/execution-report.js';

export interface PlanOptions {
  /** Add the subtask-level analysis (scheduling regions, shared slots, batch peak). */
  execution?: boolean;
  /** List region and slot members even for large jobs. */
  members?: boolean;
}

/** Text of a JobGraph file → the plan report, or located diagnostics. */
export function planFromText(source: string, file?: string, options: PlanOptions = {}): Result<PlanReport> {
  const text = stripByteOrderMark(source);
  const graph = parseJobGraph(text, file);
  if (!graph.ok) return graph;
  const analysis = analyzeJob(graph.value);
  if (!analysis.ok) return fail(locateDiagnostics(analysis.diagnostics, text, file));
  const report = buildPlanReport(analysis.value);
  if (options.execution) {
    const execution = analyzeExecution(analysis.value);
    if (!execution.ok) return fail(locateDiagnostics(execution.diagnostics, text, file));
    report.execution = buildExecutionReport(execution.value, options.members ?? false);
    report.execution.warnings = locateDiagnostics(report.execution.warnings, text, file);
  }
  report.warnings = locateDiagnostics([...graph.warnings, ...report.warnings], text, file);
  return ok(report, report.warnings);
}
