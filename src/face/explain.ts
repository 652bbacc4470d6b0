/** The face of `flinkslot explain` (commands/support/explain-run.ts): Flink logs → the diagnosis. */
export { type ExplainOptions, type ExplainedLogs, MAX_LOG_FILES, explainLogs } from '../app/explain.js';
export { type ExplainReport, buildExplainReport } from '../report/explain/explain-report.js';
export type { LogExplanation } from '../sim/log/log-explanation.js';
export { type ExplainResult, type ExplainResultOptions, explainResult } from '../app/results/explain-result.js';
