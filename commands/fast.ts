/**
 * Every command without oclif: loading and configuring oclif, and the whole core with it, is most
 * of a small command's run (issue 15 §7, issue 29 §1). bin/run.js loads the command's own bundle
 * first (dist/cli/fast-<command>.js, built from FAST_RUNNERS below), which calls runFastWith: it
 * reads the command line with the command's table (flag-tables.ts, derived from its oclif
 * definitions at build time) by the one generic reader (support/command-line.ts), which takes only
 * the lines it reads exactly as oclif would and declines anything else (help, a typo, a missing
 * value, `--`): oclif then answers in its own words. The work is the command's runner
 * (support/<command>-run.ts), the same the oclif command calls, each loading only its part of the
 * core (src/face/<command>.ts). test/e2e/fast-path.test.ts runs both paths side by side.
 *
 * Not here: completion, help and version. Their answers are oclif's own (its help renderer, its
 * Config's command list and shells; `--version` is answered by bin/run.js before either path).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FLAG_TABLES } from './flag-tables.js';
import { type CommandLine, type RunContext, readCommandLine } from './support/command-line.js';
import { CommandShell, jsonFlagGiven } from './support/shell.js';

/** A command's work once its line is read (each runner types its own line; the reader hands it what oclif would). */
export type Runner = (shell: CommandShell, line: CommandLine, context: RunContext) => Promise<number>;

/**
 * Each command's runner: the module (relative to this file) and its export. bin/bundle.js builds
 * one self-contained bundle per command from this table, dist/cli/fast-<command>.js (this file,
 * the reader, the shell and that runner, nothing shared): a command then loads one file instead of
 * the ~25 chunks a split bundle gives it, 10–20% of its start-up (issue 29 §1).
 */
export const FAST_RUNNERS: Readonly<Record<string, readonly [module: string, name: string]>> = {
  plan: ['./support/plan-run.js', 'runPlanLine'],
  simulate: ['./support/simulate-run.js', 'runSimulate'],
  memory: ['./support/memory-run.js', 'runMemory'],
  validate: ['./support/validate-run.js', 'runValidate'],
  size: ['./support/size-run.js', 'runSize'],
  diff: ['./support/diff-run.js', 'runDiff'],
  import: ['./support/import-run.js', 'runImport'],
  report: ['./support/report-run.js', 'runReport'],
  explain: ['./support/explain-run.js', 'runExplain'],
};

/** The commands the fast path runs (each has its bundle; the package test checks they ship). */
export const FAST_COMMANDS: readonly string[] = Object.keys(FAST_RUNNERS);

/**
 * Runs `ID ARGV` with the command's runner and sets the exit code; false (nothing done) when oclif
 * should take the line. `root` is the package's folder (oclif's config.root: where package.json is).
 */
export async function runFastWith(id: string, argv: readonly string[], root: URL, runner: Runner): Promise<boolean> {
  const table = FLAG_TABLES[id];
  if (table === undefined) return false;
  const line = readCommandLine(table, argv);
  if (line === undefined) return false;
  const shell = new CommandShell();
  shell.jsonErrors = jsonFlagGiven(argv);
  process.exitCode = await runner(shell, line, runContext(root));
  return true;
}

/** oclif's config.root and config.version, as it reads them. */
function runContext(root: URL): RunContext {
  const folder = fileURLToPath(root).replace(/[\\/]$/, '');
  return {
    root: folder,
    get version(): string {
      return (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;
    },
  };
}
