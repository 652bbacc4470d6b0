/**
 * What a command prints and how it ends, as a value: each command's use case returns one
 * (PlanResult, SimulateResult, … in app/results/), and the shell (commands/support/shell.ts)
 * prints it, in text or with --json, and maps its outcome to the exit code (errors/outcome.ts).
 * Three forms:
 * - 'report': a report value; --json prints `json` (JSON.stringify, two spaces), otherwise
 *   `text(style)` is printed with the input's control characters escaped.
 * - 'document': a file's bytes (an HTML page, a SARIF log, a Graphviz graph), printed as they are
 *   (escaped only when `escape`, for a document a terminal shows).
 * - 'refused': diagnostics on stderr (and the JSON error object with --json), nothing on stdout.
 * `kind` names what was computed, so a command with several kinds of output is a discriminated union.
 */
import { type Diagnostic, type Result } from '../errors/diagnostic.js';
import type { Outcome } from '../errors/outcome.js';
import type { Style } from '../report/style.js';

export interface ReportOutput<K extends string, V> {
  readonly form: 'report';
  readonly kind: K;
  readonly outcome: Outcome;
  /** The report the command computed. */
  readonly value: V;
  /** What --json prints (the report itself unless a command says otherwise). */
  readonly json: unknown;
  /** The text form, in the terminal's style. */
  readonly text: (style: Style) => string;
  /** On stderr before the text form (not with --json): what an --emit changed in the user's file. */
  readonly textPreface?: string;
  /** On stderr after the output, in every form: why the outcome is 'not-met'. */
  readonly afterword?: string;
}

export interface DocumentOutput<K extends string> {
  readonly form: 'document';
  readonly kind: K;
  readonly outcome: Outcome;
  readonly text: string;
  /** Escape the input's control characters before it reaches stdout (a document meant for a terminal). */
  readonly escape: boolean;
  /** On stderr after the document was written to a file (-o): what was written. */
  readonly afterFile?: string;
}

export interface Refusal {
  readonly form: 'refused';
  readonly kind: 'refused';
  /** 'bad-input' (exit 2), or 'not-met' for a refusal that is the answer (no number of TaskManagers meets the requirements). */
  readonly outcome: Outcome;
  readonly diagnostics: readonly Diagnostic[];
}

/** Any command's result: what the shell prints. */
export type CommandResult = ReportOutput<string, unknown> | DocumentOutput<string> | Refusal;

export function refused(diagnostics: readonly Diagnostic[], outcome: Outcome = 'bad-input'): Refusal {
  return { form: 'refused', kind: 'refused', outcome, diagnostics };
}

export interface ReportParts<V> {
  readonly text: (value: V, style: Style) => string;
  readonly json?: (value: V) => unknown;
  readonly outcome?: (value: V) => Outcome;
  readonly afterword?: (value: V) => string | undefined;
}

/** A core Result as a report output: its diagnostics refused, its value printed as `parts` say. */
export function reportOutput<K extends string, V>(kind: K, result: Result<V>, parts: ReportParts<V>): ReportOutput<K, V> | Refusal {
  if (!result.ok) return refused(result.diagnostics);
  return report(kind, result.value, parts);
}

export function report<K extends string, V>(kind: K, value: V, parts: ReportParts<V>): ReportOutput<K, V> {
  const afterword = parts.afterword?.(value);
  return {
    form: 'report',
    kind,
    outcome: parts.outcome?.(value) ?? 'ok',
    value,
    json: parts.json === undefined ? value : parts.json(value),
    text: (style) => parts.text(value, style),
    ...(afterword === undefined ? {} : { afterword }),
  };
}

export function documentOutput<K extends string>(
  kind: K,
  text: string,
  options: { escape: boolean; outcome?: Outcome; afterFile?: string },
): DocumentOutput<K> {
  return {
    form: 'document',
    kind,
    outcome: options.outcome ?? 'ok',
    text,
    escape: options.escape,
    ...(options.afterFile === undefined ? {} : { afterFile: options.afterFile }),
  };
}
