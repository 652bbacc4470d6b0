/**
 * The whole input pipeline for a JobGraph file: text → document → schema → canonical model,
 * every diagnostic located by file, line, column and JSON pointer.
 */
import { type Diagnostic, type Result, error, fail, info, ok } from '../errors/diagnostic.js';
import { FORMAT_DESCRIPTIONS, type FlinkFormat, detectFlinkFormat } from './flink/flink-format.js';
import type { ImportedJob } from './flink/imported-job.js';
import { importJob } from './flink/import-job.js';
import type { JobGraph } from '../model/job-graph.js';
import { parseDocument, stripByteOrderMark } from './document.js';
import { locateDiagnostics } from './source-map.js';
import type { JobGraphInput } from './job-graph-input.js';
import type { FlinkVersion } from '../model/flink-version.js';
import { type NormalizeOptions, normalizeJobGraph } from './normalize-job-graph.js';
import { checkNumericMemorySizes } from './numeric-memory-sizes.js';
import validateJobGraph from './generated/job-graph.validate.js';
import { type CompiledValidator, validateWith } from './schema-validator.js';

/** Plain data (e.g. a conformance case's `input.jobGraph`) → JobGraph; diagnostics carry pointers only. */
export function jobGraphFromData(data: unknown, options: NormalizeOptions = {}): Result<JobGraph> {
  const schemaErrors = validateWith(validateJobGraph as CompiledValidator, data);
  if (schemaErrors.length > 0) return fail(schemaErrors);
  return normalizeJobGraph(data as JobGraphInput, options);
}

export interface ParseOptions {
  /**
   * 'error' (default, and `validate --strict`): a key the format does not define is an error.
   * 'warning' (`validate`): it is reported as a warning and the file is read without it.
   */
  readonly unknownKeys?: 'error' | 'warning';
  /** `--flink-version`, already checked: replaces the file's `flinkVersion`. */
  readonly flinkVersion?: FlinkVersion;
}

export function parseJobGraph(source: string, file?: string, options: ParseOptions = {}): Result<JobGraph> {
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  const format = detectFlinkFormat(document.value.data);
  const versionOption = options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion };
  if (format !== undefined) return parseFlinkJob(document.value.data, format, text, file, versionOption);
  const result =
    options.unknownKeys === 'warning'
      ? lenientJobGraph(document.value.data, versionOption)
      : jobGraphFromData(document.value.data, versionOption);
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
function parseFlinkJob(
  data: unknown,
  format: FlinkFormat,
  text: string,
  file: string | undefined,
  options: NormalizeOptions,
): Result<JobGraph> {
  if (format === 'rest-taskmanagers-json') {
    return fail(
      locateDiagnostics(
        [error('input/not-a-job-graph', `this is ${FORMAT_DESCRIPTIONS[format]}, a cluster, not a job graph (use it as --cluster)`, '')],
        text,
        file,
      ),
    );
  }
  const imported = importJob(data, format);
  if (!imported.ok) return fail(locateDiagnostics(imported.diagnostics, text, file));
  return readImportedJob(imported.value, text, file, options);
}

/** An imported job's JobGraph read like a flinkslot file, its problems located in the Flink file it came from. */
export function readImportedJob(
  imported: ImportedJob,
  text: string,
  file: string | undefined,
  options: NormalizeOptions = {},
): Result<JobGraph> {
  const result = jobGraphFromData(imported.jobGraph, options);
  const back = (ds: readonly Diagnostic[]): Diagnostic[] =>
    locateDiagnostics(
      ds.map((d) => mapToFlinkFile(d, imported)),
      text,
      file,
    );
  if (!result.ok) return fail(back(result.diagnostics));
  // Later findings (analysis, policies) use the graph's pointers: make them point into the Flink file.
  return ok(withFlinkPointers(result.value, imported), [...importNotes(imported, text, file), ...back(result.warnings)]);
}

export function importNotes(
  imported: ImportedJob | { format: FlinkFormat; notes: ImportedJob['notes'] },
  text: string,
  file: string | undefined,
): Diagnostic[] {
  const read = info('import/format', `read as ${FORMAT_DESCRIPTIONS[imported.format]}`, '');
  return locateDiagnostics([read, ...imported.notes.map((n) => info(n.code, n.message, n.pointer))], text, file);
}

function withFlinkPointers(graph: JobGraph, imported: ImportedJob): JobGraph {
  const map = (pointer: string): string => imported.origin.map(pointer);
  return {
    ...graph,
    // An imported vertex has one operator, which is the vertex itself.
    vertices: graph.vertices.map((v) => ({
      ...v,
      pointer: map(v.pointer),
      operators: v.operators.map((o) => ({ ...o, pointer: map(v.pointer) })),
    })),
    edges: graph.edges.map((e) => ({ ...e, pointer: map(e.pointer) })),
  };
}

/** The diagnostic's pointer, and pointers its message names ("first defined at /vertices/0"), as places in the Flink file. */
function mapToFlinkFile(d: Diagnostic, imported: ImportedJob): Diagnostic {
  const message = d.message.replace(/\/(?:vertices|edges)\/\d+(?:\/[\w-]+)?/g, (p) => imported.origin.map(p) || p);
  if (d.location === undefined) return { ...d, message };
  return { ...d, message, location: { ...d.location, pointer: imported.origin.map(d.location.pointer) } };
}

/**
 * `validate` without --strict: keys the schema does not define, when those are its only schema
 * problems, become warnings and the document is read without them. The schema is checked once for
 * a document it accepts (the common case: the validator is a fifth of reading a small job);
 * only a copy with keys dropped is checked again.
 */
function lenientJobGraph(data: unknown, options: NormalizeOptions): Result<JobGraph> {
  const errors = validateWith(validateJobGraph as CompiledValidator, data);
  if (errors.length === 0) return normalizeJobGraph(data as JobGraphInput, options);
  if (errors.some((d) => d.code !== 'input/unknown-key')) return fail(errors);
  const copy = structuredClone(data);
  for (const d of errors) removeAt(copy, d.location?.pointer ?? '');
  const warnings = errors.map((d) => ({ ...d, severity: 'warning' as const, message: `${d.message} (ignored; an error with --strict)` }));
  return withWarnings(jobGraphFromData(copy, options), warnings);
}

function removeAt(root: unknown, pointer: string): void {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = segments.pop();
  let node = root as Record<string, unknown> | undefined;
  for (const s of segments) node = node?.[s] as Record<string, unknown> | undefined;
  if (node !== undefined && last !== undefined) delete node[last];
}

function withWarnings<T>(result: Result<T>, warnings: Diagnostic[]): Result<T> {
  return result.ok ? ok(result.value, [...warnings, ...result.warnings]) : result;
}
