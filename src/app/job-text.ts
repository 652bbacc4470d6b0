/**
 * What every use case that reads one job graph shares: text → JobGraph (flinkslot's format or one
 * of Flink's own files) → sized with a TaskManager configuration (optional) → analysed. The steps
 * fail apart, because use cases report them differently: `plan` locates analysis errors in the
 * file, `validate` turns them into findings and a bad TaskManager configuration into a policy
 * finding.
 */
import { type Diagnostic, type Result, ok } from '../errors/diagnostic.js';
import { withTaskManagerSlotSize } from '../memory/task-manager-slot-size.js';
import { type FlinkVersion, resolveFlinkVersion } from '../model/flink-version.js';
import type { JobGraph } from '../model/job-graph.js';
import type { SourceText } from '../model/source-text.js';
import { stripByteOrderMark } from '../parse/document.js';
import { type ParseOptions, parseJobGraph } from '../parse/parse-job-graph.js';
import { type JobAnalysis, analyzeJob } from '../plan/analyze-job.js';
import { CONFIGURATION_KINDS, JOB_KINDS, orWrongKind } from './wrong-kind.js';

export interface JobTextOptions extends ParseOptions {
  /** TaskManager configuration: the slot's managed memory turns fractions into bytes. */
  readonly tmConfig?: SourceText;
}

/**
 * `--flink-version` as given → the parse option that replaces the files' versions (nothing when not
 * given); a version flinkslot cannot model is an error, a newer one a warning.
 */
export function versionOption(text: string | undefined): Result<{ flinkVersion?: FlinkVersion }> {
  if (text === undefined) return ok({});
  const version = resolveFlinkVersion(text, '--flink-version');
  return version.ok ? ok({ flinkVersion: version.value }, version.warnings) : version;
}

/** The step that failed: reading the job graph, the TaskManager configuration, or Flink's rules. */
export type JobTextStep = 'parse' | 'tm-config' | 'analysis';

export type AnalyzedJobText = { readonly text: string; readonly parseWarnings: readonly Diagnostic[] } & (
  | { readonly ok: true; readonly graph: JobGraph; readonly analysis: JobAnalysis }
  | { readonly ok: false; readonly failedAt: JobTextStep; readonly diagnostics: Diagnostic[] }
);

/**
 * Parse diagnostics come located (in the job graph file), TaskManager configuration diagnostics
 * too (in theirs); analysis diagnostics carry JSON pointers only, for the caller to locate.
 */
export function analyzeJobText(source: string, file: string | undefined, options: JobTextOptions = {}): AnalyzedJobText {
  const text = stripByteOrderMark(source);
  const parsed = parseJobGraph(text, file, options);
  if (!parsed.ok) {
    const diagnostics = orWrongKind(parsed, { text, file: file ?? '<stdin>' }, JOB_KINDS, 'a job graph');
    return { ok: false, failedAt: 'parse', diagnostics: diagnostics.ok ? [] : diagnostics.diagnostics, text, parseWarnings: [] };
  }
  let sized = options.tmConfig === undefined ? parsed : withTaskManagerSlotSize(parsed.value, options.tmConfig);
  if (!sized.ok && options.tmConfig !== undefined)
    sized = orWrongKind(sized, options.tmConfig, CONFIGURATION_KINDS, 'a Flink configuration');
  if (!sized.ok) return { ok: false, failedAt: 'tm-config', diagnostics: sized.diagnostics, text, parseWarnings: parsed.warnings };
  // What the TaskManager configuration says about the job (its state backend) joins the file's warnings.
  const parseWarnings = sized === parsed ? parsed.warnings : [...parsed.warnings, ...sized.warnings];
  const analysis = analyzeJob(sized.value);
  if (!analysis.ok) return { ok: false, failedAt: 'analysis', diagnostics: analysis.diagnostics, text, parseWarnings };
  return { ok: true, graph: sized.value, analysis: analysis.value, text, parseWarnings };
}
