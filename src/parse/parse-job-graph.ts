/**
 * The whole input pipeline for a JobGraph file: text → document → schema → canonical model,
 * every diagnostic located by file, line, column and JSON pointer.
 */
import { type Result, fail, ok } from '../errors/diagnostic.js';
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
  const result = jobGraphFromData(document.value.data);
  if (result.ok) {
    const written = checkNumericMemorySizes(document.value.data as JobGraphInput, text);
    if (written.length > 0) return fail(locateDiagnostics(written, text, file));
  }
  if (!result.ok) return fail(locateDiagnostics(result.diagnostics, text, file));
  return ok(result.value, locateDiagnostics(result.warnings, text, file));
}
