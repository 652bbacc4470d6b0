/**
 * Diagnostics: expected problems with the user's input, as data (never thrown).
 * A diagnostic names what went wrong (a stable `code`), says it in a sentence a Flink user
 * understands, and points at where it came from (file, JSON pointer, 1-based line/column).
 * `flinkErrorType` carries the Java exception Flink raises for the same input, when there is one.
 */
import type { DiagnosticCode } from './codes.js';
import type { Severity } from './codes/entry.js';

export type { DiagnosticCode } from './codes.js';
export type { Severity } from './codes/entry.js';

export interface SourceLocation {
  file?: string;
  /** JSON pointer into the input document, e.g. `/vertices/2/parallelism`. */
  pointer: string;
  line?: number;
  column?: number;
  /** 1-based, inclusive: the line where the located text ends (a `validate` finding's). */
  endLine?: number;
  /** The column of the first character after the located text (SARIF's convention). */
  endColumn?: number;
}

export interface Diagnostic {
  /** A key of the catalog (src/errors/codes.ts): `flinkslot help CODE` explains it. */
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  location?: SourceLocation;
  flinkErrorType?: string;
}

export function error(code: DiagnosticCode, message: string, pointer?: string, flinkErrorType?: string): Diagnostic {
  return withOptional({ code, severity: 'error', message }, pointer, flinkErrorType);
}

export function warning(code: DiagnosticCode, message: string, pointer?: string): Diagnostic {
  return withOptional({ code, severity: 'warning', message }, pointer, undefined);
}

function withOptional(d: Diagnostic, pointer: string | undefined, flinkErrorType: string | undefined): Diagnostic {
  if (pointer !== undefined) d.location = { pointer };
  if (flinkErrorType !== undefined) d.flinkErrorType = flinkErrorType;
  return d;
}

export function info(code: DiagnosticCode, message: string, pointer?: string): Diagnostic {
  return withOptional({ code, severity: 'info', message }, pointer, undefined);
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** A computation that either produced a value (possibly with warnings) or failed with diagnostics. */
export type Result<T> = { ok: true; value: T; warnings: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

export function ok<T>(value: T, warnings: Diagnostic[] = []): Result<T> {
  return { ok: true, value, warnings };
}

export function fail<T>(diagnostics: Diagnostic[]): Result<T> {
  return { ok: false, diagnostics };
}
