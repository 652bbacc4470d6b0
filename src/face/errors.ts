/**
 * The part of the face that ends a command: the one error value, outcomes and the exit code each
 * maps to, and the command result the shell prints. Small on purpose: every command's shell loads
 * it at start-up (commands/support/shell.ts), plan's fast path included.
 */
export { type ErrorForm, FlinkslotError, type FlinkslotErrorOptions, internalError, refusal } from '../errors/flinkslot-error.js';
export { EXIT_CODES, type ExitCode, type Outcome, exitCodeOf } from '../errors/outcome.js';
export type { CommandResult, DocumentOutput, Refusal, ReportOutput } from '../app/command-result.js';
