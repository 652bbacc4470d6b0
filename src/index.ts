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
export { renderMemoryText } from './report/render-memory-text.js';
export type { MemoryReport } from './report/memory-report.js';
export type { JobGraph } from './model/job-graph.js';
import type { JobGraph } from './model/job-graph.js';

import { analyzeJob } from './analysis/analyze-job.js';
import { type Diagnostic, type Result, error, fail, ok } from './errors/diagnostic.js';
import { taskManagerSetup } from './memory/memory-from-configuration.js';
import { withConfigPointer, withTaskManagerSlotSize } from './memory/task-manager-slot-size.js';
import { parseFlinkConfiguration, withDynamicProperties } from './memory/parse-flink-configuration.js';
import { DEFAULT_FLINK_VERSION, formatVersion, isSupportedVersion, parseFlinkVersion } from './model/flink-version.js';
import { type MemoryReport, buildMemoryReport } from './report/memory-report.js';
import { locateDiagnostics } from './parse/source-map.js';
import { stripByteOrderMark } from './parse/document.js';
import { parseJobGraph } from './parse/parse-job-graph.js';
import { type PlanReport, buildPlanReport } from './report/plan-report.js';
import { analyzeExecution } from './execution/analyze-execution.js';
import { MEMBERS_AT_MOST, buildExecutionReport } from './report/execution-report.js';

export interface PlanOptions {
  /** Add the subtask-level analysis (scheduling regions, shared slots, batch peak). */
  execution?: boolean;
  /** List region and slot members even for large jobs. */
  members?: boolean;
  /** List members of the first rows only (the text report's --limit); default all. */
  memberRows?: number;
  /** TaskManager configuration: the slot's managed memory turns fractions into bytes. */
  tmConfig?: { text: string; file: string };
}

/** Text of a JobGraph file → the plan report, or located diagnostics. */
export function planFromText(source: string, file?: string, options: PlanOptions = {}): Result<PlanReport> {
  const text = stripByteOrderMark(source);
  const parsed = parseJobGraph(text, file);
  if (!parsed.ok) return parsed;
  const graph = options.tmConfig === undefined ? parsed : withTaskManagerSlotSize(parsed.value, options.tmConfig);
  if (!graph.ok) return graph;
  const analysis = analyzeJob(graph.value);
  if (!analysis.ok) return fail(locateDiagnostics(analysis.diagnostics, text, file));
  const report = buildPlanReport(analysis.value);
  if (options.execution) {
    const execution = analyzeExecution(analysis.value);
    if (!execution.ok) return fail(locateDiagnostics(execution.diagnostics, text, file));
    const members = { members: options.members ?? false, ...(options.memberRows === undefined ? {} : { rows: options.memberRows }) };
    if (members.members && members.rows === undefined && execution.value.topology.subtaskCount > MEMBERS_AT_MOST) {
      const message = `--members lists every subtask; this job has ${execution.value.topology.subtaskCount}, more than ${MEMBERS_AT_MOST.toLocaleString('en-US')} (use the text report with --limit, or leave out --members)`;
      return fail([error('execution/too-many-members', message, '')]);
    }
    report.execution = buildExecutionReport(execution.value, members);
    report.execution.warnings = locateDiagnostics(report.execution.warnings, text, file);
  }
  const all = locateDiagnostics([...parsed.warnings, ...report.warnings], text, file);
  report.warnings = all.filter((d) => d.severity !== 'info');
  const notes = all.filter((d) => d.severity === 'info');
  if (notes.length > 0) report.notes = notes;
  return ok(report, report.warnings);
}

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


export { simulateScenario, simulateJobsOnCluster, simulatePlannedJobsOnCluster, type SimulateOptions, type SourceText } from './scenario/simulate.js';
export { renderSimulationText } from './report/render-simulation-text.js';
export type { SimulationReport } from './report/simulation-report.js';
export { importFlinkFile, type ImportResult } from './import/import-file.js';
export { renderImportYaml } from './report/render-import-yaml.js';
export { validateFile } from './validate/validate-file.js';
export { type PolicyFile, type ValidatePolicy, memorySize, parsePolicyFile } from './validate/policy.js';
export { type FileResult, type Finding, type ValidationRun, summarize as summarizeValidation } from './validate/finding.js';
