/** The face of `flinkslot plan` (commands/support/plan-run.ts): a job graph or a running job → its plan and report. */
export { type PlanOptions, planFromText } from '../app/plan.js';
export { type JobAnswers, planLiveJob } from '../app/live-job.js';
export { buildPlanReport, type PlanReport } from '../report/plan-report.js';
export { renderPlanText } from '../report/render-plan-text.js';
export { type Style, PLAIN } from '../report/style.js';
export { planGraphFromText } from '../app/plan-graph.js';
export { GRAPH_FORMATS, type GraphFormat } from '../report/render-job-graph.js';
export { type PlanResult, planGraphResult, planResult } from '../app/results/plan-result.js';
