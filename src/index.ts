/**
 * flinkslot's library face: re-exports only. The core is pure (plain data in, plain data out; no
 * file system, process, console, clock or colours); `commands/` does the I/O and imports nothing
 * else from `src/`. The use cases live in `app/`; each stage's own exports are listed with it.
 * Two parts are faces of their own (src/face/), which commands that start lean import directly.
 */
export * from './face/shell.js';
export * from './face/plan.js';
export * from './face/errors.js';
export type { JobGraph } from './model/job-graph.js';
export type { SourceText } from './model/source-text.js';
export type { DeploymentTarget } from './memory/task-manager-cpu.js';

// parse
export { parseJobGraph, jobGraphFromData } from './parse/parse-job-graph.js';
export { type PolicyFile, type ValidatePolicy, memorySize, parsePolicyFile } from './parse/policy.js';
export { importFlinkFile, type ImportResult } from './parse/flink/import-file.js';

// plan
export { analyzeJob, type JobAnalysis } from './plan/analyze-job.js';

// report
export { closestName } from './util/closest.js';
export { type CodeEntry, CODES, codeEntry, diagnosticCodes, isDiagnosticCode } from './errors/codes.js';
export { renderCodeHelp, renderDiagnosticsDoc } from './report/render-code-entry.js';
export type { MemoryReport } from './report/memory-report.js';
export { type SimulationReport, type SimulationVariantsReport, variantsReport } from './report/simulation-report.js';
export { diffPlans } from './plan/diff/plan-diff.js';
export type { PlanDiff } from './plan/diff/plan-diff-model.js';
export {
  FILE_START,
  located,
  type FileResult,
  type Finding,
  type FindingSeverity,
  type ValidationRun,
  summarize as summarizeValidation,
} from './errors/finding.js';
export {
  type FormatOf,
  type OptionsOf,
  type Renderable,
  type ResultKind,
  type ValidateFormat,
  VALIDATE_FORMATS,
  type ExplainFormat,
  EXPLAIN_FORMATS,
  formatsOf,
  render,
} from './report/render.js';

// use cases
export { type MemoryOptions, memoryFromText } from './app/memory.js';
export { simulateScenario, simulateJobsOnCluster, simulatePlannedJobsOnCluster, type SimulateOptions } from './app/simulate.js';
export { diffFromTexts } from './app/diff.js';
export { type SizeOptions, sizeJobs } from './app/size.js';
export { type HtmlReport, type ReportOptions, reportFromTexts } from './app/report.js';
export { type ExplainOptions, type ExplainedLogs, MAX_LOG_FILES, explainLogs } from './app/explain.js';
export { type ExplainReport, buildExplainReport } from './report/explain/explain-report.js';
export type { LogExplanation } from './sim/log/log-explanation.js';
export { type SearchOptions, type SearchPlan, planSearch, rankShapes, searchShapes, sizeShapeAt } from './app/size-search.js';
export { type ParallelismFitOptions, maxParallelismFit } from './app/parallelism-fit.js';
export { simulateJobsWithAdvice } from './app/simulate-with-advice.js';
export type { ParallelismFitReport } from './report/parallelism-fit-report.js';
export type { ShapeCandidate, ShapeSearchReport } from './report/shape-search-report.js';
export { noShapeRuns } from './report/shape-search-report.js';
export type { SizeReport } from './report/size-report.js';
export { networkBuffersEmitError, sizeRejectionError } from './report/size-report.js';
export { belowFloorError } from './report/slot-floor-report.js';
export { readSlotMin } from './parse/slot-min.js';
export { DEFAULT_MANAGED_FLOOR } from './app/slot-floors.js';
export { EMIT_FORMATS, type EmitFormat, renderDeploymentYaml } from './report/render-deployment-yaml.js';
export { emitBase, emitSized } from './app/size-emit.js';
export { type EmittedFile, renderEmitSummary } from './report/render-emit-summary.js';
export { versionOption } from './app/job-text.js';
export { validateFile } from './app/validate-file.js';
export {
  type ValidateFlags,
  checkPolicyInputs,
  gatherPolicyInputFindings,
  mergeValidatePolicy,
  resolveFailLevel,
  policyKeyNote,
  resolveMinManagedMemory,
} from './app/validate-policy.js';
export { FIRST_ROUND, type FirstRound, type FirstRoundPath, checkFirstRound } from './parse/rest/cluster-snapshot.js';
export { type ClusterSnapshot, type LiveFitOptions, fitJobsOnLiveCluster } from './app/live-cluster.js';
export { type MemoryAnswers, memoryOfLiveCluster } from './app/live-memory.js';
export { type ImportAnswers, importLive } from './app/live-import.js';
export type { LiveFitReport } from './report/live-fit-report.js';

// command results (what the shell prints, and the outcome that decides the exit code)
export { refused } from './app/command-result.js';
export { type MemoryResult, memoryResult } from './app/results/memory-result.js';
export { type SimulateResult, liveFitResult, simulationResult } from './app/results/simulate-result.js';
export { type DiffResult, type FailOn, diffResult } from './app/results/diff-result.js';
export {
  type EmitRequest,
  type SizeResult,
  emittedResult,
  parallelismFitResult,
  searchResult,
  sizeResult,
} from './app/results/size-result.js';
export { type ImportCommandResult, importResult } from './app/results/import-result.js';
export { type ReportResult, reportResult } from './app/results/report-result.js';
export { type ValidateResult, validateResult } from './app/results/validate-result.js';
export { type ExplainResult, type ExplainResultOptions, explainResult } from './app/results/explain-result.js';
