/**
 * A failure as data, for `--json` (schemas/error.schema.json): the first error on its own (what a
 * script shows), then every diagnostic up to a bound, each with where it came from. Stdout then
 * always holds one JSON document, whether the command succeeded or not.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { Diagnostic as DiagnosticJsonType, ErrorJson } from '../model/json/error.js';

// The types are generated from schemas/error.schema.json (src/model/json/error.ts).
export type DiagnosticJson = DiagnosticJsonType;
export type ErrorReport = ErrorJson;

/** Diagnostics listed in one error report; a hostile input can raise millions. */
export const MAX_REPORTED_DIAGNOSTICS = 1000;

export function diagnosticToJson(d: Diagnostic): DiagnosticJson {
  const l = d.location;
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(l?.file === undefined ? {} : { file: l.file }),
    ...(l?.line === undefined || l.line < 1 ? {} : { line: l.line }),
    ...(l?.column === undefined || l.column < 1 ? {} : { column: l.column }),
    ...(l === undefined || l.pointer === '' ? {} : { pointer: l.pointer }),
    ...(d.flinkErrorType === undefined ? {} : { flinkErrorType: d.flinkErrorType }),
  };
}

export function errorReport(diagnostics: readonly Diagnostic[]): ErrorReport {
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  const listed = diagnostics.slice(0, MAX_REPORTED_DIAGNOSTICS).map(diagnosticToJson);
  const omitted = diagnostics.length - listed.length;
  return {
    error: first === undefined ? { code: 'unknown', severity: 'error', message: 'failed' } : diagnosticToJson(first),
    diagnostics: listed,
    ...(omitted > 0 ? { omitted } : {}),
  };
}
