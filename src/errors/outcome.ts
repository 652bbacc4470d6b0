/**
 * How a command ended, and the one mapping from that to the process's exit code (documented in
 * docs/exit-codes.md). Every command's result carries an Outcome; the shell
 * (commands/support/shell.ts) turns it into the exit code here and nowhere else.
 */
export type Outcome =
  /** The answer was given (and, for a command that checks something, the check holds). */
  | 'ok'
  /** The answer was given and says no: a requirement not met, a --fail-on condition, a policy failed. */
  | 'not-met'
  /** The input or the command line is wrong: nothing (or only the refusal) was printed. */
  | 'bad-input'
  /** A bug in flinkslot: an exception no input should cause. */
  | 'internal';

/** The exit code of each outcome: 70 is sysexits.h's EX_SOFTWARE. */
export const EXIT_CODES = { ok: 0, 'not-met': 1, 'bad-input': 2, internal: 70 } as const satisfies Readonly<Record<Outcome, number>>;

export type ExitCode = (typeof EXIT_CODES)[Outcome];

export function exitCodeOf(outcome: Outcome): ExitCode {
  return EXIT_CODES[outcome];
}
