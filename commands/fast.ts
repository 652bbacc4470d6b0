/**
 * Every command without oclif: loading and configuring oclif, and the whole core with it, is most
 * of a small command's run (issue 15 §7, issue 29 §1). bin/run.js calls runFast first; it reads the
 * command line with the command's table (flag-tables.ts, derived from its oclif definitions at
 * build time) by the one generic reader (support/command-line.ts), which takes only the lines it
 * reads exactly as oclif would and declines anything else (help, a typo, a missing value, `--`):
 * oclif then answers in its own words. The work is the command's runner
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

type Runner = (shell: CommandShell, line: CommandLine, context: RunContext) => Promise<number>;

/** A runner as the reader hands it the line: the flags, args and argv oclif would give it (each runner types its own). */
const typed = <L>(run: (shell: CommandShell, line: L, context: RunContext) => Promise<number>): Runner => run as unknown as Runner;

// Each runner is imported when its command runs, so that a command loads only its own code.
const RUNNERS: Readonly<Record<string, () => Promise<Runner>>> = {
  plan: async () => {
    const { runPlan } = await import('./support/plan-run.js');
    return (shell, line) => runPlan(shell, line.args.file!, line.flags as never);
  },
  simulate: async () => typed((await import('./support/simulate-run.js')).runSimulate),
  memory: async () => typed((await import('./support/memory-run.js')).runMemory),
  validate: async () => typed((await import('./support/validate-run.js')).runValidate),
  size: async () => typed((await import('./support/size-run.js')).runSize),
  diff: async () => typed((await import('./support/diff-run.js')).runDiff),
  import: async () => typed((await import('./support/import-run.js')).runImport),
  report: async () => typed((await import('./support/report-run.js')).runReport),
  explain: async () => typed((await import('./support/explain-run.js')).runExplain),
};

/** The commands the fast path runs. */
export const FAST_COMMANDS: readonly string[] = Object.keys(RUNNERS);

/**
 * Runs `ID ARGV` and sets the exit code; false (nothing done) when oclif should take it.
 * `root` is the package's folder (oclif's config.root: where package.json is).
 */
export async function runFast(id: string, argv: readonly string[], root: URL): Promise<boolean> {
  const runner = RUNNERS[id];
  const table = FLAG_TABLES[id];
  if (runner === undefined || table === undefined) return false;
  const line = readCommandLine(table, argv);
  if (line === undefined) return false;
  const shell = new CommandShell();
  shell.jsonErrors = jsonFlagGiven(argv);
  process.exitCode = await (await runner())(shell, line, runContext(root));
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
