/**
 * `flinkslot size`'s result, one of four kinds: a shape sized ('size'), the shapes searched and
 * ranked ('shape-search'), the highest parallelism a cluster runs a job at ('parallelism-fit'), or
 * a file to deploy (--emit: 'emitted'). The outcome is 'not-met' when no number of TaskManagers is
 * an answer: never met, slots below the floor, network buffers the TaskManagers cannot serve, no
 * shape runs the jobs, or the cluster does not run the job at parallelism 1.
 */
import type { Result } from '../../errors/diagnostic.js';
import type { ParallelismFitReport } from '../../report/parallelism-fit-report.js';
import type { EmitFormat } from '../../report/render-deployment-yaml.js';
import { type EmittedFile, renderEmitSummary } from '../../report/render-emit-summary.js';
import { render } from '../../report/renderers/size.js';
import { type ShapeSearchReport, noShapeRuns } from '../../report/shape-search-report.js';
import { type SizeReport, sizeRejectionError } from '../../report/size-report.js';
import type { SourceText } from '../../model/source-text.js';
import { type Refusal, type ReportOutput, refused, reportOutput } from '../command-result.js';
import { emitBase, emitSized } from '../size-emit.js';

export type SizeResult =
  | ReportOutput<'size', SizeReport>
  | ReportOutput<'shape-search', ShapeSearchReport>
  | ReportOutput<'parallelism-fit', ParallelismFitReport>
  | ReportOutput<'emitted', EmittedFile>
  | Refusal;

/** `--emit`: what to write the answer into (--base, else --tm-config when it is of that kind). */
export interface EmitRequest {
  readonly format: EmitFormat;
  readonly base: SourceText | undefined;
  readonly tmConfig: SourceText | undefined;
}

/** `--max-parallelism-fit`: not met when the cluster does not run the job even at parallelism 1. */
export function parallelismFitResult(result: Result<ParallelismFitReport>, clusterFile: string): SizeResult {
  return reportOutput('parallelism-fit', result, {
    text: (report, style) => render({ kind: 'parallelism-fit', value: report }, 'text', { cluster: clusterFile, style }),
    outcome: (report) => (report.highest === null ? 'not-met' : 'ok'),
  });
}

/**
 * One shape (--tm-config): slots below the floor, or TaskManagers that cannot serve the tasks'
 * network buffers, mean no number of these TaskManagers is an answer (not met, as never met).
 */
export function sizeResult(result: Result<SizeReport>, emit: EmitRequest | undefined): SizeResult {
  if (!result.ok) return refused(result.diagnostics, result.diagnostics.some((d) => d.code === 'size/never-met') ? 'not-met' : 'bad-input');
  const rejections = result.value.rejections;
  if (emit !== undefined && rejections.length > 0) return refused([sizeRejectionError(rejections)], 'not-met');
  if (emit !== undefined) return emittedResult(result.value, result.value, emit);
  return reportOutput('size', result, {
    text: (report, style) => render({ kind: 'size', value: report }, 'text', { style }),
    outcome: () => (rejections.length > 0 ? 'not-met' : 'ok'),
  });
}

/** --search: the ranking (`limit` shapes in the text form), the best shape's file with --emit; not met when no shape runs the jobs. */
export function searchResult(result: Result<ShapeSearchReport>, o: { limit: number; emit: EmitRequest | undefined }): SizeResult {
  if (result.ok && result.value.shapes.length === 0) return refused(noShapeRuns(result.value), 'not-met');
  if (o.emit !== undefined && result.ok) return emittedResult(result.value, result.value.shapes[0]!.size, o.emit);
  return reportOutput('shape-search', result, {
    text: (report, style) => render({ kind: 'shape-search', value: report }, 'text', { style, limit: o.limit }),
  });
}

/**
 * `--emit`: the file on stdout, and when it is the user's file patched, what changed on stderr
 * first; with --json, the report with the file in `emitted`.
 */
export function emittedResult(report: object, sized: SizeReport, emit: EmitRequest): SizeResult {
  const base = emitBase(emit.format, emit.base, emit.tmConfig);
  if (!base.ok) return refused(base.diagnostics);
  const emitted = emitSized(sized, emit.format, base.value);
  if (!emitted.ok) return refused(emitted.diagnostics);
  const file = emitted.value;
  return {
    form: 'report',
    kind: 'emitted',
    outcome: 'ok',
    value: file,
    json: { ...report, emitted: file },
    text: () => file.text,
    textPreface: renderEmitSummary(sized, file),
  };
}
