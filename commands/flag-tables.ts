/**
 * The flag table of every command (its flags and arguments), derived from its oclif definitions (support/flag-surface.ts),
 * for reading a command line without loading oclif (the fast path, commands/fast.ts).
 * Evaluated here, this module loads every command and oclif with them; bin/bundle.js therefore
 * evaluates it at build time and puts its value into the bundle as data, so the bundled fast path
 * (dist/cli/fast.js) never loads oclif, and the flags are still written once, in the commands.
 */
import { COMMANDS } from './index.js';
import { type FastCommand, commandSurface, fastCommand } from './support/flag-surface.js';

export type FlagTables = Readonly<Record<string, FastCommand>>;

async function flagTables(): Promise<FlagTables> {
  const tables: Record<string, FastCommand> = {};
  for (const [id, command] of Object.entries(COMMANDS)) tables[id] = fastCommand(await commandSurface(command));
  return tables;
}

export const FLAG_TABLES: FlagTables = await flagTables();
