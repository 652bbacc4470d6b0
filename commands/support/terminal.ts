/**
 * Terminal output for commands: colour only on a TTY without NO_COLOR (chalk 5 ignores NO_COLOR
 * itself), and diagnostics on stderr. (The exit codes: src/errors/outcome.ts.)
 */
import { Chalk } from 'chalk';
import type { Diagnostic } from '../../src/face/shell.js';
import type { Style } from '../../src/face/plan.js';

/** `this.exit()` ends a command by throwing oclif's ExitError: let it through. */
export function isOclifExit(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'oclif' in e && typeof (e as { oclif?: { exit?: unknown } }).oclif?.exit === 'number';
}

/** `this.exit()`'s ExitError only (oclif's parse errors are CLIErrors with an exit code too). */
export function isExitSignal(e: unknown): boolean {
  return isOclifExit(e) && (e as { code?: unknown }).code === 'EEXIT';
}

export function useColor(flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  const noColor = process.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return process.stdout.isTTY === true;
}

/**
 * Our colours travel through a report as a private-use mark instead of ESC, so `safeText` can
 * escape every control character that came from the input (a job name can carry terminal escape
 * sequences) and then turn the marks back into colour codes.
 */
// Math.random, not node:crypto (5 ms to load): the key only has to be unknown to the input's author.
const MARK = `\uE000${Math.random().toString(36).slice(2, 12)}`;

export function terminalStyle(color: boolean): Style {
  const c = new Chalk({ level: color ? 1 : 0 });
  // The text given is escaped first: only chalk's own codes become marks.
  const marked = (f: (s: string) => string) => (s: string) => f(escapeControl(s)).replaceAll('\u001b', MARK);
  return {
    heading: marked(c.bold.cyan),
    strong: marked(c.bold),
    dim: marked(c.dim),
    warn: marked(c.yellow),
    error: marked(c.red.bold),
    ok: marked(c.green),
  };
}

/** A text report made safe for a terminal: control characters other than newline and tab escaped, our colours restored. */
export function safeText(text: string): string {
  // The mark carries a random key of this process: text from the input cannot forge a colour code.
  return escapeControl(text)
    .replaceAll(MARK, '\u001b')
    .replace(/\uE000/g, '\\ue000');
}

/**
 * What must not reach a terminal raw from input: control characters other than newline and tab
 * (a job name can carry terminal escape sequences), the bidirectional overrides and isolates
 * (U+202E turns the rest of a line around) and the Unicode line and paragraph separators.
 */
export const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The part of UNSAFE that JSON.stringify leaves raw (it escapes C0 itself; ESC in text reports is our colour). */
export const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Input's unsafe characters (UNSAFE) as visible \u escapes. */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** A diagnostic line: escaped, and a word longer than a screen (a 1 MB path or id) cut in the middle. */
export function formatForStderr(d: Diagnostic, format: (d: Diagnostic) => string, color: boolean): string {
  const c = new Chalk({ level: color && process.stderr.isTTY === true ? 1 : 0 });
  const label = d.severity === 'error' ? c.red.bold('error') : d.severity === 'warning' ? c.yellow('warning') : c.cyan('note');
  return `${label} ${elideLongWords(escapeControl(format(d)))}`;
}

/** Words of more than 400 characters keep their first and last 100, with the count of those left out. */
export function elideLongWords(text: string): string {
  return text.replace(/\S{401,}/g, (w) => `${w.slice(0, 100)}…[${(w.length - 200).toLocaleString('en')} more characters]…${w.slice(-100)}`);
}
