/**
 * A command's flags and arguments as plain data, read from its oclif definitions (the one place
 * they are written). Two readers: test/unit/commands/flag-surface.test.ts snapshots every
 * command's surface, so a changed or removed flag is a deliberate change; and the fast path's flag
 * tables (commands/flag-tables.ts), which bin/bundle.js evaluates at build time so that a command
 * started without oclif still reads its command line exactly as oclif would. No oclif import here:
 * the definitions are read structurally.
 */

/** An oclif flag or argument definition, as far as this module reads it. */
interface Definition {
  readonly type?: string;
  readonly char?: string;
  readonly allowNo?: boolean;
  readonly default?: unknown;
  readonly options?: readonly string[];
  readonly multiple?: boolean;
  readonly multipleNonGreedy?: boolean;
  readonly delimiter?: string;
  readonly required?: boolean;
  readonly exclusive?: readonly string[];
  readonly dependsOn?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly parse?: (input: string, context: unknown, options: unknown) => Promise<unknown>;
}

/** What a command class offers oclif: its flags, its arguments, whether more arguments are taken. */
export interface CommandDefinitions {
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly strict?: boolean;
}

/** One flag: everything a user's command line depends on (not the help text). */
export type FlagSurface = Omit<Definition, 'type' | 'parse'> & { readonly type: 'boolean' | 'integer' | 'string' };

export interface ArgSurface {
  readonly name: string;
  readonly required: boolean;
  readonly options?: readonly string[];
}

export interface CommandSurface {
  readonly args: readonly ArgSurface[];
  /** More arguments than declared are taken (oclif's `strict = false`). */
  readonly variadic: boolean;
  readonly flags: Readonly<Record<string, FlagSurface>>;
}

/** A command's surface, flags sorted by name so that moving a definition is not a change. */
export async function commandSurface(command: CommandDefinitions): Promise<CommandSurface> {
  const flags: Record<string, FlagSurface> = {};
  for (const name of Object.keys(command.flags ?? {}).sort()) flags[name] = await flagSurface(command.flags![name] as Definition);
  const args = Object.entries(command.args ?? {}).map(([name, a]) => {
    const arg = a as Definition;
    return { name, required: arg.required === true, ...(arg.options === undefined ? {} : { options: [...arg.options] }) };
  });
  return { args, variadic: command.strict === false, flags };
}

async function flagSurface(flag: Definition): Promise<FlagSurface> {
  const type = flag.type === 'boolean' ? 'boolean' : await valueType(flag);
  const surface: Record<string, unknown> = { type };
  for (const key of ['char', 'allowNo', 'default', 'options', 'multiple', 'multipleNonGreedy', 'delimiter', 'required'] as const) {
    const value = flag[key];
    // oclif's own defaults (multiple: false on every value flag) say nothing: only what was chosen.
    if (value !== undefined && value !== false) surface[key] = value;
  }
  for (const key of ['exclusive', 'dependsOn', 'min', 'max'] as const) if (flag[key] !== undefined) surface[key] = flag[key];
  return surface as unknown as FlagSurface;
}

/** oclif marks integer and string flags alike ('option'): an integer flag's parser refuses a word, a string flag's keeps it. */
async function valueType(flag: Definition): Promise<'integer' | 'string'> {
  if (flag.options !== undefined || flag.parse === undefined) return 'string';
  return flag.parse('ten', {}, flag).then(
    () => 'string',
    () => 'integer',
  );
}

/**
 * How a command line is read without oclif (support/command-line.ts): a switch (negatable with
 * --no-NAME or not), or a flag with a value, whole or text.
 */
export type FastFlagKind = 'boolean' | 'negatable' | 'integer' | 'string';

export interface FastFlag {
  readonly kind: FastFlagKind;
  /** The short name (-D), as oclif's `char`. */
  readonly char?: string;
  readonly default?: unknown;
  /** The values oclif accepts (its `options`): any other value goes to oclif, which names them. */
  readonly options?: readonly string[];
  /** Given more than once, every value kept (a list). */
  readonly multiple?: boolean;
  /** A list that also takes the words after its value until the next flag (oclif's default for `multiple`). */
  readonly greedy?: boolean;
  /** A list whose values are also split at this character (--fail-on slots,memory). */
  readonly delimiter?: string;
  readonly required?: boolean;
  /** Flags that must be given with this one (oclif's dependsOn): a command line without them goes to oclif. */
  readonly dependsOn?: readonly string[];
  /** Flags that must not be given with this one (oclif's exclusive): a command line with them goes to oclif. */
  readonly exclusive?: readonly string[];
  /** An integer's bounds: a value outside them goes to oclif. */
  readonly min?: number;
  readonly max?: number;
}

/** A command as the fast path reads it: its flags, its arguments in order, whether more are taken. */
export interface FastCommand {
  readonly flags: Readonly<Record<string, FastFlag>>;
  readonly args: readonly ArgSurface[];
  readonly variadic: boolean;
}

/** The table a fast path reads a command's flags with, from the command's surface. */
export function fastFlagTable(surface: CommandSurface): Readonly<Record<string, FastFlag>> {
  const table: Record<string, FastFlag> = {};
  for (const [name, f] of Object.entries(surface.flags)) {
    const kind: FastFlagKind = f.type === 'boolean' ? (f.allowNo === true ? 'negatable' : 'boolean') : f.type;
    const { type: _type, allowNo: _allowNo, multipleNonGreedy, ...rest } = f;
    table[name] = { kind, ...rest, ...(f.multiple === true && multipleNonGreedy !== true ? { greedy: true } : {}) };
  }
  return table;
}

/** The command's table for the fast path: flags, arguments, variadic. */
export function fastCommand(surface: CommandSurface): FastCommand {
  return { flags: fastFlagTable(surface), args: surface.args, variadic: surface.variadic };
}
