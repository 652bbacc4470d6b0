/**
 * A command line read without oclif, from the command's table (commands/flag-tables.ts, derived
 * from its oclif definitions): the same arguments, argv and flags oclif's parser would hand the
 * command (@oclif/core lib/parser/parse.js and validate.js), or undefined for any line it cannot
 * read exactly as oclif would: help, a typo, a missing or empty value, a value outside the flag's
 * options or bounds, a flag given twice, `--`, short flags run together, a missing dependsOn or an
 * exclusive pair, too few or too many arguments. oclif then reads that line and answers in its own
 * words, so declining is always safe; accepting is only for what is certain.
 */
import type { FastCommand, FastFlag } from './flag-surface.js';

/** What a command's body gets: oclif's `args`, `argv` and `flags` of the command line. */
export interface CommandLine {
  readonly args: Readonly<Record<string, string>>;
  readonly argv: readonly string[];
  readonly flags: Readonly<Record<string, unknown>>;
}

type Values = Record<string, string | boolean | number | string[]>;

/** `argv` (after the command's name) as oclif reads it for `command`, or undefined when oclif should read it. */
export function readCommandLine(command: FastCommand, argv: readonly string[]): CommandLine | undefined {
  const values: Values = {};
  const positional: string[] = [];
  // The last flag that took a value: a greedy list also takes the words after it (oclif's currentFlag).
  let current: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '') return undefined;
    if (token === '-' || !token.startsWith('-')) {
      if (current !== undefined && command.flags[current]!.greedy === true) {
        if (!addValue(values, current, command.flags[current]!, token)) return undefined;
      } else positional.push(token);
      continue;
    }
    const found = findFlag(command.flags, token);
    if (found === undefined) return undefined;
    const [name, inline, negated] = found;
    const flag = command.flags[name]!;
    if (flag.kind === 'boolean' || flag.kind === 'negatable') {
      // A repeated switch, or a value for one, is left to oclif.
      if (inline !== undefined || name in values) return undefined;
      values[name] = !negated;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || !addValue(values, name, flag, value)) return undefined;
    current = name;
  }
  const given = new Set(Object.keys(values));
  if (!withDefaults(command, values) || !relationsHold(command, values, given)) return undefined;
  return lineOf(command, argv, positional, values);
}

/** `--name`, `--name=value`, `--no-name` or `-c`: the flag's name, an inline value, negated; undefined for anything else. */
function findFlag(flags: Readonly<Record<string, FastFlag>>, token: string): [string, string | undefined, boolean] | undefined {
  if (!token.startsWith('--')) {
    // -c alone: oclif also reads -cVALUE, -c=VALUE and switches run together; those go to it.
    const name = token.length === 2 ? Object.keys(flags).find((n) => flags[n]!.char === token[1]) : undefined;
    return name === undefined ? undefined : [name, undefined, false];
  }
  const body = token.slice(2);
  if (body === '') return undefined;
  if (flags[body] !== undefined) return [body, undefined, false];
  if (body.startsWith('no-') && flags[body.slice(3)]?.kind === 'negatable') return [body.slice(3), undefined, true];
  const eq = body.indexOf('=');
  const name = body.slice(0, eq);
  // Only a value flag takes `=VALUE` (oclif leaves a switch's value on the line as an argument).
  if (eq < 0 || flags[name] === undefined) return undefined;
  return [name, body.slice(eq + 1), false];
}

/** One value of a flag, checked as oclif checks it; false (declined) when oclif would refuse it or read it otherwise. */
function addValue(values: Values, name: string, flag: FastFlag, value: string): boolean {
  // oclif reads a value that looks like a flag as a missing value; an empty one we leave to it too.
  if (value === '' || value.startsWith('-')) return false;
  // oclif also unquotes and unescapes a delimited list's parts: a part with a quote or backslash goes to it.
  if (flag.delimiter !== undefined && /["'\\]/.test(value)) return false;
  const parts = flag.delimiter === undefined ? [value] : value.split(flag.delimiter).map((v) => v.trim());
  const parsed: Array<string | number> = [];
  for (const part of parts) {
    if (flag.options !== undefined && !flag.options.includes(part)) return false;
    if (flag.kind === 'integer') {
      if (!integerWithin(part, flag)) return false;
      parsed.push(Number(part));
    } else parsed.push(part);
  }
  if (flag.multiple === true) {
    values[name] = [...((values[name] as string[] | undefined) ?? []), ...(parsed as string[])];
    return true;
  }
  // oclif refuses a value flag given twice.
  if (name in values) return false;
  values[name] = parsed[0]!;
  return true;
}

/** A whole number oclif reads the same way: digits only (no sign, no exponent), within the flag's bounds. */
function integerWithin(value: string, flag: FastFlag): boolean {
  if (!/^\d{1,9}$/.test(value)) return false;
  const n = Number(value);
  return (flag.min === undefined || n >= flag.min) && (flag.max === undefined || n <= flag.max);
}

/** The defaults of the flags not given (oclif sets them too); false when a required flag is missing. */
function withDefaults(command: FastCommand, values: Values): boolean {
  for (const [name, flag] of Object.entries(command.flags)) {
    if (name in values) continue;
    if (flag.required === true) return false;
    if (flag.default !== undefined) values[name] = flag.default as Values[string];
  }
  return true;
}

/**
 * oclif's dependsOn (every flag present, given or defaulted, has the flags it names present) and
 * exclusive (two flags given, not defaulted, that exclude each other): a line breaking either goes to oclif.
 */
function relationsHold(command: FastCommand, values: Values, given: ReadonlySet<string>): boolean {
  return Object.keys(values).every((name) => {
    const flag = command.flags[name]!;
    if (!(flag.dependsOn ?? []).every((d) => d in values)) return false;
    return !given.has(name) || !(flag.exclusive ?? []).some((x) => given.has(x));
  });
}

/** The arguments by name and argv as oclif orders it; undefined when oclif would refuse their number or a value. */
function lineOf(command: FastCommand, original: readonly string[], positional: string[], flags: Values): CommandLine | undefined {
  const required = command.args.filter((a) => a.required).length;
  // Too few: oclif would try stdin for the missing one, then refuse; too many on a strict command: refused.
  if (positional.length < required || (!command.variadic && positional.length > command.args.length)) return undefined;
  const args: Record<string, string> = {};
  for (const [i, arg] of command.args.entries()) {
    const value = positional[i];
    if (value === undefined) continue;
    if (arg.options !== undefined && !arg.options.includes(value)) return undefined;
    args[arg.name] = value;
  }
  // oclif sorts argv by where each word first appears on the command line (a word also given as a flag's value moves up).
  const argv = [...positional].sort((a, b) => original.indexOf(a) - original.indexOf(b));
  return { args, argv, flags };
}

/** What a command's body reads of oclif's Config besides its command line: the package's root and version. */
export interface RunContext {
  readonly root: string;
  readonly version: string;
}
