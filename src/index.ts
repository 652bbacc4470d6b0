/**
 * flinkslot's pure core: plain data in, plain data out; no file system, process, console or
 * colours. The command layer (`commands/`) does the I/O and calls only what is exported here.
 */
export { type Diagnostic, type Result, hasErrors } from './errors/diagnostic.js';
export { parseJobGraph, jobGraphFromData } from './parse/parse-job-graph.js';
export { analyzeJob, type JobAnalysis } from './plan/analyze-job.js';
export { buildPlanReport, type PlanReport } from './report/plan-report.js';
export { renderPlanText, formatDiagnostic } from './report/render-plan-text.js';
export { type Style, PLAIN } from './report/style.js';
export { renderMemoryText } from './report/render-memory-text.js';
export type { MemoryReport } from './report/memory-report.js';
export type { JobGraph } from './model/job-graph.js';
import { type Result, error, fail, ok } from './errors/diagnostic.js';
import { taskManagerSetup } from './memory/memory-from-configuration.js';
import { withConfigPointer } from './memory/task-manager-slot-size.js';
import { parseFlinkConfiguration, withDynamicProperties } from './memory/parse-flink-configuration.js';
import { DEFAULT_FLINK_VERSION, formatVersion, isSupportedVersion, parseFlinkVersion } from './model/flink-version.js';
import { type MemoryReport, buildMemoryReport } from './report/memory-report.js';
import { locateDiagnostics } from './parse/source-map.js';
import { stripByteOrderMark } from './parse/document.js';

export { type PlanOptions, planFromText } from './app/plan.js';

export interface MemoryOptions {
  /** Flink release whose defaults apply ("1.17"); default: the newest modelled. */
  flinkVersion?: string;
  /** `key=value` pairs applied on top of the file, like Flink's -D dynamic properties. */
  properties?: readonly string[];
}

/** Text of a Flink configuration file → the TaskManager memory report, or located diagnostics. */
export function memoryFromText(source: string, file?: string, options: MemoryOptions = {}): Result<MemoryReport> {
  const text = stripByteOrderMark(source);
  const version = options.flinkVersion === undefined ? DEFAULT_FLINK_VERSION : parseFlinkVersion(options.flinkVersion);
  if (version === undefined || !isSupportedVersion(version)) {
    return fail([error('input/flink-version', `flinkVersion '${options.flinkVersion}' is not a Flink release flinkslot models (1.10 to ${formatVersion(DEFAULT_FLINK_VERSION)})`, '')]);
  }
  const parsed = parseFlinkConfiguration(text, file);
  if (!parsed.ok) return parsed;
  const config = withDynamicProperties(parsed.value, options.properties ?? []);
  if (!config.ok) return config;
  const setup = taskManagerSetup(config.value, version);
  if (!setup.ok) return fail(locateDiagnostics(setup.diagnostics.map((d) => withConfigPointer(d, text)), text, file));
  return ok(buildMemoryReport(setup.value.memory, setup.value.resources, version));
}


export { simulateScenario, simulateJobsOnCluster, simulatePlannedJobsOnCluster, type SimulateOptions, type SourceText } from './app/simulate.js';
export { renderSimulationText } from './report/render-simulation-text.js';
export type { SimulationReport } from './report/simulation-report.js';
export { importFlinkFile, type ImportResult } from './parse/flink/import-file.js';
export { renderImportYaml } from './report/render-import-yaml.js';
export { validateFile } from './app/validate-file.js';
export { type PolicyFile, type ValidatePolicy, memorySize, parsePolicyFile } from './parse/policy.js';
export { type FileResult, type Finding, type ValidationRun, summarize as summarizeValidation } from './report/validate/finding.js';
export { diffPlans, diffFromTexts, type PlanDiff } from './report/diff/plan-diff.js';
export { renderDiffText } from './report/diff/render-diff-text.js';
export { renderDiffMarkdown } from './report/diff/render-diff-markdown.js';
