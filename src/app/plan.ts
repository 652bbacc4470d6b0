/**
 * `flinkslot plan`: the text of a job graph file (flinkslot's or one of Flink's own) → the plan
 * report, or located diagnostics.
 */
import { analyzeJob } from '../plan/analyze-job.js';
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { analyzeExecution } from '../execution/analyze-execution.js';
import { withTaskManagerSlotSize } from '../memory/task-manager-slot-size.js';
import { stripByteOrderMark } from '../parse/document.js';
import { parseJobGraph } from '../parse/parse-job-graph.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { MEMBERS_AT_MOST, buildExecutionReport } from '../report/execution-report.js';
import { type PlanReport, buildPlanReport } from '../report/plan-report.js';

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

