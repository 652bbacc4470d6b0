/**
 * `flinkslot plan` without oclif: loading and configuring oclif is about a third of a small
 * plan's run (issue 15 §7). bin/run.js calls planFast first; it takes only the command lines it
 * reads exactly as oclif would (known flags, one file) and returns false for anything else (help,
 * a typo, a missing value, `--`), which oclif then answers with its own words. The work itself is
 * the command's (support/plan-run.ts); test/e2e/plan-fast.test.ts runs both paths side by side.
 */
import { FLAG_TABLES } from './flag-tables.js';
import type { FastFlag } from './support/flag-surface.js';
import { type PlanFlags, runPlan } from './support/plan-run.js';
import { CommandShell, jsonFlagGiven } from './support/shell.js';

/** Plan's flags as commands/plan.ts declares them to oclif (derived from Plan.flags; bin/bundle.js inlines them). */
export const PLAN_FLAGS: Readonly<Record<string, FastFlag>> = FLAG_TABLES.plan!;

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
    const negated = name?.startsWith('no-') === true && PLAN_FLAGS[name.slice(3)]?.kind === 'negatable' ? name.slice(3) : undefined;
    const key = negated ?? name;
    const kind = key === undefined ? undefined : PLAN_FLAGS[key]?.kind;
    if (key === undefined || kind === undefined || kind === 'declined' || key in given) return undefined;
    if (kind === 'boolean' || kind === 'negatable') {
      if (inline !== undefined) return undefined;
      given[key] = negated === undefined;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    if (kind === 'integer' && !integerWithin(value, PLAN_FLAGS[key]!)) return undefined;
    given[key] = value;
  }
  if (files.length !== 1 || !dependenciesGiven(given)) return undefined;
  const text = (key: string): string | undefined => (typeof given[key] === 'string' ? given[key] : undefined);
  const flags: PlanFlags = {
    json: given.json === true,
    limit: given.limit === undefined ? (PLAN_FLAGS.limit!.default as number) : Number(given.limit),
    color: typeof given.color === 'boolean' ? given.color : undefined,
    execution: given.execution === true,
    members: given.members === true,
    'flink-version': text('flink-version'),
    'tm-config': text('tm-config'),
  };
  return { file: files[0]!, flags };
}

/** Every flag given has the flags it depends on given too, and none it excludes (oclif refuses the command line otherwise). */
function dependenciesGiven(given: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(given).every((name) => {
    const flag = PLAN_FLAGS[name]!;
    return (flag.dependsOn ?? []).every((d) => d in given) && !(flag.exclusive ?? []).some((x) => x in given);
  });
}

/** A whole number oclif reads the same way: digits only (no sign, no exponent), within the flag's bounds. */
function integerWithin(value: string, flag: FastFlag): boolean {
  if (!/^\d{1,9}$/.test(value)) return false;
  const n = Number(value);
  return (flag.min === undefined || n >= flag.min) && (flag.max === undefined || n <= flag.max);
}

function splitFlag(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  return eq < 0 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
}

/** Runs `plan ARGV` and sets the exit code; false (nothing done) when oclif should take it. */
export async function planFast(argv: readonly string[]): Promise<boolean> {
  const read = readPlanArgv(argv);
  if (read === undefined) return false;
  const shell = new CommandShell();
  shell.jsonErrors = jsonFlagGiven(argv);
  process.exitCode = await runPlan(shell, read.file, read.flags);
  return true;
}
