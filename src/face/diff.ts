/** The face of `flinkslot diff` (commands/support/diff-run.ts): two job graphs → what changed in their plans. */
export { diffPlans } from '../plan/diff/plan-diff.js';
export type { PlanDiff } from '../plan/diff/plan-diff-model.js';
export { diffFromTexts } from '../app/diff.js';
export { type DiffResult, type FailOn, diffResult } from '../app/results/diff-result.js';
