/**
 * The flag table of every command, derived from its oclif definitions (support/flag-surface.ts),
 * for reading a command line without loading oclif (plan's fast path, commands/plan-fast.ts).
 * Evaluated here, this module loads every command and oclif with them; bin/bundle.js therefore
 * evaluates it at build time and puts its value into the bundle as data, so the bundled fast path
 * (dist/cli/plan-fast.js) never loads oclif, and the flags are still written once, in the commands.
 */
import { COMMANDS } from './index.js';
import { type FastFlag, commandSurface, fastFlagTable } from './support/flag-surface.js';

export type FlagTables = Readonly<Record<string, Readonly<Record<string, FastFlag>>>>;

async function flagTables(): Promise<FlagTables> {
  const tables: Record<string, Readonly<Record<string, FastFlag>>> = {};
  for (const [id, command] of Object.entries(COMMANDS)) tables[id] = fastFlagTable(await commandSurface(command));
  return tables;
}

export const FLAG_TABLES: FlagTables = await flagTables();
