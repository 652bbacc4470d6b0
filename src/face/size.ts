/** The face of `flinkslot size` (commands/support/size-run.ts): jobs → TaskManager shapes and counts, proven by the SlotManager. */
export { type SizeOptions, sizeJobs } from '../app/size.js';
export { type SearchOptions, type SearchPlan, planSearch, rankShapes, searchShapes, sizeShapeAt } from '../app/size-search.js';
export { type ParallelismFitOptions, maxParallelismFit } from '../app/parallelism-fit.js';
export type { ParallelismFitReport } from '../report/parallelism-fit-report.js';
export type { ShapeCandidate, ShapeSearchReport } from '../report/shape-search-report.js';
export { noShapeRuns } from '../report/shape-search-report.js';
export type { SizeReport } from '../report/size-report.js';
export { networkBuffersEmitError, sizeRejectionError } from '../report/size-report.js';
export { belowFloorError } from '../report/slot-floor-report.js';
export { readSlotMin } from '../parse/slot-min.js';
export { DEFAULT_MANAGED_FLOOR } from '../app/slot-floors.js';
export { EMIT_FORMATS, type EmitFormat, renderDeploymentYaml } from '../report/render-deployment-yaml.js';
export { emitBase, emitSized } from '../app/size-emit.js';
export { type EmittedFile, renderEmitSummary } from '../report/render-emit-summary.js';
export {
  type EmitRequest,
  type SizeResult,
  emittedResult,
  parallelismFitResult,
  searchResult,
  sizeResult,
} from '../app/results/size-result.js';
