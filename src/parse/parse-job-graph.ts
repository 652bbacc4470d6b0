/**
 * The whole input pipeline for a JobGraph file: text → document → schema → canonical model,
 * every diagnostic located by file, line, column and JSON pointer.
 */
import { type Diagnostic, type Result, error, fail, info, ok } from '../errors/diagnostic.js';
import { FORMAT_DESCRIPTIONS, type FlinkFormat, detectFlinkFormat } from '../import/flink-format.js';
import { type ImportedJob, importJob } from '../import/import-job.js';
import type { JobGraph } from '../model/job-graph.js';
import { parseDocument, stripByteOrderMark } from './document.js';
import { locateDiagnostics } from './source-map.js';
import type { JobGraphInput } from './job-graph-input.js';
import { normalizeJobGraph } from './normalize-job-graph.js';
import { checkNumericMemorySizes } from './numeric-memory-sizes.js';
import validateJobGraph from './generated/job-graph.validate.js';
import { type CompiledValidator, validateWith } from './schema-validator.js';

/** Plain data (e.g. a conformance case's `input.jobGraph`) → JobGraph; diagnostics carry pointers only. */
export function jobGraphFromData(data: unknown): Result<JobGraph> {
  const schemaErrors = validateWith(validateJobGraph as CompiledValidator, data);
  if (schemaErrors.length > 0) return fail(schemaErrors);
  return normalizeJobGraph(data as JobGraphInput);
}

export function parseJobGraph(source: string, file?: string): Result<JobGraph> {
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  const format = detectFlinkFormat(document.value.data);
  if (format !== undefined) return parseFlinkJob(document.value.data, format, text, file);
  const result = jobGraphFromData(document.value.data);
  if (result.ok) {
    const written = checkNumericMemorySizes(document.value.data as JobGraphInput, text);
    if (written.length > 0) return fail(locateDiagnostics(written, text, file));
  }
  if (!result.ok) return fail(locateDiagnostics(result.diagnostics, text, file));
  return ok(result.value, locateDiagnostics(result.warnings, text, file));
}

/**
 * One of Flink's own job documents: imported into the equivalent JobGraph, then read like a
 * flinkslot file. Problems found in the generated JobGraph point back into the Flink file; every
 * default the import chose comes back as an `info` note.
 */
function parseFlinkJob(data: unknown, format: FlinkFormat, text: string, file: string | undefined): Result<JobGraph> {
  if (format === 'rest-taskmanagers-json') {
    return fail(locateDiagnostics([error('input/not-a-job-graph', `this is ${FORMAT_DESCRIPTIONS[format]}, a cluster, not a job graph (use it as --cluster)`, '')], text, file));
  }
  const imported = importJob(data, format);
  if (!imported.ok) return fail(locateDiagnostics(imported.diagnostics, text, file));
  const result = jobGraphFromData(imported.value.jobGraph);
  const back = (ds: readonly Diagnostic[]): Diagnostic[] => locateDiagnostics(ds.map((d) => mapToFlinkFile(d, imported.value)), text, file);
  if (!result.ok) return fail(back(result.diagnostics));
  return ok(result.value, [...importNotes(imported.value, text, file), ...back(result.warnings)]);
}

export function importNotes(imported: ImportedJob | { format: FlinkFormat; notes: ImportedJob['notes'] }, text: string, file: string | undefined): Diagnostic[] {
  const read = info('import/format', `read as ${FORMAT_DESCRIPTIONS[imported.format]}`, '');
  return locateDiagnostics([read, ...imported.notes.map((n) => info(n.code, n.message, n.pointer))], text, file);
}

function mapToFlinkFile(d: Diagnostic, imported: ImportedJob): Diagnostic {
  if (d.location === undefined) return d;
  return { ...d, location: { ...d.location, pointer: imported.origin.map(d.location.pointer) } };
}
