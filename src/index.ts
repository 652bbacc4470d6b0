/**
 * flinkslot's library face: re-exports only. The core is pure (plain data in, plain data out; no
 * file system, process, console, clock or colours); `commands/` does the I/O and imports nothing
 * else from `src/`. The use cases live in `app/`; each stage's own exports are listed with it.
 * Each command's part is a face of its own (src/face/<command>.ts, re-exported here), which the
 * command's runner (commands/support/<command>-run.ts) imports directly, so that a command loads
 * only the stages it uses (the CLI's bundle splits along these faces).
 */
export * from './face/shell.js';
export * from './face/plan.js';
export * from './face/errors.js';
export * from './face/simulate.js';
export * from './face/live-cluster.js';
export * from './face/memory.js';
export * from './face/validate.js';
export * from './face/size.js';
export * from './face/diff.js';
export * from './face/import.js';
export * from './face/report.js';
export * from './face/explain.js';
export type { JobGraph } from './model/job-graph.js';
export type { SourceText } from './model/source-text.js';

// parse
export { parseJobGraph, jobGraphFromData } from './parse/parse-job-graph.js';

// plan
export { analyzeJob, type JobAnalysis } from './plan/analyze-job.js';

// report
export { closestName } from './util/closest.js';
export { type CodeEntry, CODES, codeEntry, diagnosticCodes, isDiagnosticCode } from './errors/codes.js';
export { renderCodeHelp, renderDiagnosticsDoc } from './report/render-code-entry.js';
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

// command results (what the shell prints, and the outcome that decides the exit code)
export { refused } from './app/command-result.js';
