/**
 * The one error flinkslot throws: a Diagnostic (code, a message a user understands, a location
 * where known) with the outcome that decides the exit code. Input problems are values (Result);
 * this is for what ends a command from deep inside a step that returns something else: a file
 * that cannot be read, a JobManager that does not answer, a wrong flag value, a broken invariant
 * (outcome 'internal'). The shell (commands/support/shell.ts) prints it and maps the outcome to
 * the exit code (errors/outcome.ts), as for a command's result.
 */
import type { Diagnostic } from './diagnostic.js';
import { type ExitCode, type Outcome, exitCodeOf } from './outcome.js';

/**
 * How the shell writes the error on stderr: 'sentence' (a refusal of the command line or of a file
 * as a whole: `error MESSAGE`), or 'diagnostics' (`error FILE:LINE MESSAGE (POINTER) [CODE]`, as
 * the core's diagnostics are written).
 */
export type ErrorForm = 'sentence' | 'diagnostics';

export interface FlinkslotErrorOptions {
  readonly outcome?: Outcome;
  readonly form?: ErrorForm;
  /** Diagnostics printed after this one: where the failing input was named (a policy file's line). */
  readonly related?: readonly Diagnostic[];
  /** The message without its subject ("no such file" of "cannot read a.yaml: no such file"). */
  readonly detail?: string;
}

export class FlinkslotError extends Error {
  readonly outcome: Outcome;
  readonly form: ErrorForm;
  readonly related: readonly Diagnostic[];
  readonly detail: string | undefined;

  constructor(
    readonly diagnostic: Diagnostic,
    options: FlinkslotErrorOptions = {},
  ) {
    super(diagnostic.message);
    this.name = 'FlinkslotError';
    this.outcome = options.outcome ?? 'bad-input';
    this.form = options.form ?? 'sentence';
    this.related = options.related ?? [];
    this.detail = options.detail;
  }

  get code(): Diagnostic['code'] {
    return this.diagnostic.code;
  }

  get exitCode(): ExitCode {
    return exitCodeOf(this.outcome);
  }

  /** This diagnostic and the related ones, as printed and as listed in the JSON error object. */
  get diagnostics(): readonly Diagnostic[] {
    return [this.diagnostic, ...this.related];
  }
}

/** A refusal (exit 2) with one error diagnostic: `code`, `message`, and the file it is about. */
export function refusal(code: Diagnostic['code'], message: string, file?: string, options: FlinkslotErrorOptions = {}): FlinkslotError {
  const location = file === undefined ? {} : { location: { file, pointer: '' } };
  return new FlinkslotError({ code, severity: 'error', message, ...location }, options);
}

/** A broken invariant of flinkslot itself (exit 70): a bug, whatever the input. */
export function internalError(message: string): FlinkslotError {
  return new FlinkslotError({ code: 'internal', severity: 'error', message }, { outcome: 'internal' });
}
