/**
 * `flinkslot plan`: the text of a job graph file (flinkslot's or one of Flink's own) → the plan
 * report, or located diagnostics.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { type ExecutionAnalysis, analyzeExecution } from '../execution/analyze-execution.js';
import type { SourceText } from '../model/source-text.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { MEMBERS_AT_MOST, buildExecutionReport } from '../report/execution-report.js';
import { type PlanReport, buildPlanReport } from '../report/plan-report.js';
import { type AnalyzedJobText, analyzeJobText, versionOption } from './job-text.js';
import { withNetworkBuffers } from './plan-network-buffers.js';
import { groupThousands } from '../util/plain-locale.js';

export interface PlanOptions {
  /** Add the subtask-level analysis (scheduling regions, shared slots, batch peak). */
  execution?: boolean;
  /** List region and slot members even for large jobs. */
  members?: boolean;
  /** List members of the first rows only (the text report's --limit); default all. */
  memberRows?: number;
  /** TaskManager configuration: the slot's managed memory turns fractions into bytes. */
  tmConfig?: SourceText;
  /** `--flink-version` as given: replaces the file's flinkVersion. */
  flinkVersion?: string;
}

/** Text of a JobGraph file → the plan report, or located diagnostics. */
export function planFromText(source: string, file?: string, options: PlanOptions = {}): Result<PlanReport> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const jobOptions = { ...version.value, ...(options.tmConfig === undefined ? {} : { tmConfig: options.tmConfig }) };
  const job = analyzeJobText(source, file, jobOptions);
  // The subtask-level analysis serves --execution and the network-buffer count alike: made once.
  const execution = job.ok && (options.execution === true || options.tmConfig !== undefined) ? analyzeExecution(job.analysis) : undefined;
  const plan = planOfJob(job, file, options, execution);
  if (plan.ok && job.ok && execution !== undefined && options.tmConfig !== undefined)
    withNetworkBuffers(plan.value, job, execution, options.tmConfig, file);
  return plan.ok && version.warnings.length > 0 ? withWarnings(plan.value, version.warnings) : plan;
}

/** A newer-than-known `--flink-version` is a warning of the plan. */
function withWarnings(report: PlanReport, warnings: readonly Diagnostic[]): Result<PlanReport> {
  report.warnings = [...warnings, ...report.warnings];
  return ok(report, report.warnings);
}

/** The plan report of a job graph text already read and analysed (`diff` keeps the graph too). */
export function planOfJob(
  job: AnalyzedJobText,
  file: string | undefined,
  options: Omit<PlanOptions, 'tmConfig'> = {},
  analyzed?: Result<ExecutionAnalysis>,
): Result<PlanReport> {
  const { text } = job;
  if (!job.ok) return fail(job.failedAt === 'analysis' ? locateDiagnostics(job.diagnostics, text, file) : job.diagnostics);
  const report = buildPlanReport(job.analysis);
  if (options.execution) {
    const execution = analyzed ?? analyzeExecution(job.analysis);
    if (!execution.ok) return fail(locateDiagnostics(execution.diagnostics, text, file));
    const members = { members: options.members ?? false, ...(options.memberRows === undefined ? {} : { rows: options.memberRows }) };
    if (members.members && members.rows === undefined && execution.value.topology.subtaskCount > MEMBERS_AT_MOST) {
      const message = `--members lists every subtask; this job has ${groupThousands(execution.value.topology.subtaskCount)}, more than ${groupThousands(MEMBERS_AT_MOST)} (use the text report with --limit, or leave out --members)`;
      return fail([error('execution/too-many-members', message, '')]);
    }
    report.execution = buildExecutionReport(execution.value, members);
    report.execution.warnings = locateDiagnostics(report.execution.warnings, text, file);
  }
  // Warnings already placed (in the job file, or in the TaskManager configuration's) keep their place.
  const placed = job.parseWarnings.filter((d) => d.location?.file !== undefined);
  const unplaced = job.parseWarnings.filter((d) => d.location?.file === undefined);
  const all = [...placed, ...locateDiagnostics([...unplaced, ...report.warnings], text, file)];
  report.warnings = all.filter((d) => d.severity !== 'info');
  const notes = all.filter((d) => d.severity === 'info');
  if (notes.length > 0) report.notes = notes;
  return ok(report, report.warnings);
}
