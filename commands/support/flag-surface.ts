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
 * How a command line is read without oclif: 'declined' marks a flag whose values oclif checks
 * (options, a list): a command line with it goes to oclif, which answers in its own words.
 */
export type FastFlagKind = 'boolean' | 'negatable' | 'integer' | 'string' | 'declined';

export interface FastFlag {
  readonly kind: FastFlagKind;
  readonly default?: unknown;
  /** Flags that must be given with this one (oclif's dependsOn): a command line without them goes to oclif. */
  readonly dependsOn?: readonly string[];
  /** Flags that must not be given with this one (oclif's exclusive): a command line with them goes to oclif. */
  readonly exclusive?: readonly string[];
  /** An integer's bounds: a value outside them goes to oclif. */
  readonly min?: number;
  readonly max?: number;
}

/** The table a fast path reads a command's flags with, from the command's surface. */
export function fastFlagTable(surface: CommandSurface): Readonly<Record<string, FastFlag>> {
  const table: Record<string, FastFlag> = {};
  for (const [name, f] of Object.entries(surface.flags)) {
    const kind: FastFlagKind =
      f.type === 'boolean'
        ? f.allowNo === true
          ? 'negatable'
          : 'boolean'
        : f.options !== undefined || f.multiple === true
          ? 'declined'
          : f.type;
    table[name] = {
      kind,
      ...(f.default === undefined ? {} : { default: f.default }),
      ...(f.dependsOn === undefined ? {} : { dependsOn: f.dependsOn }),
      ...(f.exclusive === undefined ? {} : { exclusive: f.exclusive }),
      ...(f.min === undefined ? {} : { min: f.min }),
      ...(f.max === undefined ? {} : { max: f.max }),
    };
  }
  return table;
}
