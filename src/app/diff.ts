/**
 * `flinkslot diff`: two job graph texts → their plan diff, or the diagnostics of either (both when
 * both are bad), each located in its own file. Each text is read once: the plan report and the
 * vertex parallelism (which the report does not carry) come from the same analysis.
 */
import { type Diagnostic, type Result, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { diffPlans, vertexParallelism } from '../plan/diff/plan-diff.js';
import type { PlanDiff } from '../plan/diff/plan-diff-model.js';
import { type JobTextOptions, analyzeJobText, versionOption } from './job-text.js';
import { planOfJob } from './plan.js';

/** `tmConfig` applies to both sides, so managed-memory bytes are compared. */
export function diffFromTexts(
  oldSource: SourceText,
  newSource: SourceText,
  options: { tmConfig?: SourceText; flinkVersion?: string } = {},
): Result<PlanDiff> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const jobOptions: JobTextOptions = { ...version.value, ...(options.tmConfig === undefined ? {} : { tmConfig: options.tmConfig }) };
  const oldJob = analyzeJobText(oldSource.text, oldSource.file, jobOptions);
  const newJob = analyzeJobText(newSource.text, newSource.file, jobOptions);
  const oldPlan = planOfJob(oldJob, oldSource.file);
  const newPlan = planOfJob(newJob, newSource.file);
  if (!oldPlan.ok || !newPlan.ok) {
    const diagnostics: Diagnostic[] = [...(oldPlan.ok ? [] : oldPlan.diagnostics), ...(newPlan.ok ? [] : newPlan.diagnostics)];
    // Both plans share one tm-config: its diagnostics would otherwise be printed twice.
    return fail(dedupe(diagnostics));
  }
  const parallelism =
    oldJob.ok && newJob.ok ? { parallelism: { old: vertexParallelism(oldJob.graph), new: vertexParallelism(newJob.graph) } } : {};
  const warnings = dedupe([...version.warnings, ...oldPlan.warnings, ...newPlan.warnings].filter((w) => w.severity === 'warning'));
  const diff = diffPlans(oldPlan.value, newPlan.value, parallelism);
  // Both files usually name the same version: its warning is said once.
  const messages = [...new Set(warnings.map((w) => w.message))];
  return ok(messages.length === 0 ? diff : { ...diff, warnings: messages }, warnings);
}

function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
