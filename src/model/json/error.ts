// Generated from schemas/error.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { DiagnosticCode } from '../../errors/codes.js';

/**
 * What every flinkslot command prints on stdout with --json when it fails with exit 2 (bad input or usage) or 70 (internal error): the first error, then every diagnostic (at most 1,000). Stderr carries the same in text.
 */
export interface ErrorJson {
  error: Diagnostic;
  diagnostics: Diagnostic[];
  /**
   * Diagnostics left out of the list.
   */
  omitted?: number;
}
/**
 * This interface was referenced by `ErrorJson`'s JSON-Schema
 * via the `definition` "diagnostic".
 */
export interface Diagnostic {
  /**
   * Stable code, e.g. schema/type, input/unreadable, usage/unknown-flag, rest/answer.
   */
  code: DiagnosticCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /**
   * The file, <stdin>, a URL, or the flag (-D, --flink-version) the problem is in.
   */
  file?: string;
  line?: number;
  column?: number;
  /**
   * JSON pointer into the input document.
   */
  pointer?: string;
  /**
   * The Java exception Flink raises for the same input.
   */
  flinkErrorType?: string;
}
