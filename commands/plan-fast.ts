/**
 * `flinkslot plan` without oclif: loading and configuring oclif is about a third of a small
 * plan's run (issue 15 §7). bin/run.js calls planFast first; it takes only the command lines it
 * reads exactly as oclif would (known flags, one file) and returns false for anything else (help,
 * a typo, a missing value, `--`), which oclif then answers with its own words. The work itself is
 * the command's (support/plan-run.ts); test/e2e/plan-fast.test.ts runs both paths side by side.
 */
import { type PlanFlags, runPlan } from './support/plan-run.js';
import { CommandShell, jsonFlagGiven } from './support/shell.js';

/** 'declined': a flag whose values oclif checks (options): such command lines go to oclif. */
type Kind = 'boolean' | 'negatable' | 'integer' | 'string' | 'declined';

/** Plan's flags as commands/plan.ts declares them to oclif (a unit test keeps the two equal). */
export const PLAN_FLAG_KINDS: Readonly<Record<string, Kind>> = {
  json: 'boolean',
  limit: 'integer',
  color: 'negatable',
  execution: 'boolean',
  members: 'boolean',
  'flink-version': 'string',
  'tm-config': 'string',
  format: 'declined',
};
export const PLAN_LIMIT_DEFAULT = 50;

/** `this.exit()` of the fast path: shaped like oclif's ExitError, so the shell's guard lets it through. */
class ShellExit extends Error {
  readonly code = 'EEXIT';
  readonly oclif: { exit: number };
  constructor(exit: number) {
    super(`exit ${exit}`);
    this.oclif = { exit };
  }
}

/** The file and flags of `plan ARGV`, or undefined when oclif should read the command line. */
export function readPlanArgv(argv: readonly string[]): { file: string; flags: PlanFlags } | undefined {
  const given: Record<string, string | boolean> = {};
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '-' || !token.startsWith('-')) {
      files.push(token);
      continue;
    }
    const [name, inline] = token.startsWith('--') ? splitFlag(token.slice(2)) : [undefined, undefined];
    const negated = name?.startsWith('no-') === true && PLAN_FLAG_KINDS[name.slice(3)] === 'negatable' ? name.slice(3) : undefined;
    const key = negated ?? name;
    const kind = key === undefined ? undefined : PLAN_FLAG_KINDS[key];
    if (key === undefined || kind === undefined || kind === 'declined' || key in given) return undefined;
    if (kind === 'boolean' || kind === 'negatable') {
      if (inline !== undefined) return undefined;
      given[key] = negated === undefined;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    if (kind === 'integer' && !/^\d{1,9}$/.test(value)) return undefined;
    given[key] = value;
  }
  if (files.length !== 1 || (given.members === true && given.execution !== true)) return undefined;
  const text = (key: string): string | undefined => (typeof given[key] === 'string' ? given[key] : undefined);
  const flags: PlanFlags = {
    json: given.json === true,
    limit: given.limit === undefined ? PLAN_LIMIT_DEFAULT : Number(given.limit),
    color: typeof given.color === 'boolean' ? given.color : undefined,
    execution: given.execution === true,
    members: given.members === true,
    'flink-version': text('flink-version'),
    'tm-config': text('tm-config'),
  };
  return { file: files[0]!, flags };
}

function splitFlag(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  return eq < 0 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
}

/** Runs `plan ARGV` and sets the exit code; false (nothing done) when oclif should take it. */
export async function planFast(argv: readonly string[]): Promise<boolean> {
  const read = readPlanArgv(argv);
  if (read === undefined) return false;
  const shell = new CommandShell((code) => {
    throw new ShellExit(code);
  });
  shell.jsonErrors = jsonFlagGiven(argv);
  try {
    await runPlan(shell, read.file, read.flags);
  } catch (e) {
    if (!(e instanceof ShellExit)) throw e;
    process.exitCode = e.oclif.exit;
  }
  return true;
}
