/** `plan --format dot|mermaid`: a job graph file → its picture in Graphviz or Mermaid text. */
import { type Result, fail, ok } from '../errors/diagnostic.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { buildPlanReport } from '../report/plan-report.js';
import { type GraphFormat, renderJobGraph } from '../report/render-job-graph.js';
import { analyzeJobText, versionOption } from './job-text.js';

export function planGraphFromText(
  text: string,
  file: string,
  format: GraphFormat,
  options: { flinkVersion?: string } = {},
): Result<string> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const job = analyzeJobText(text, file, version.value);
  if (!job.ok) return fail(job.failedAt === 'analysis' ? locateDiagnostics(job.diagnostics, job.text, file) : job.diagnostics);
  return ok(renderJobGraph(job.graph, buildPlanReport(job.analysis), format), version.warnings);
}
