/**
 * `flinkslot help CODE` on the built CLI (issue 27 §1): a code of the catalog is explained on
 * stdout, an unknown one exits 2 with the nearest known code, and help for commands is unchanged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STACK_LINE, ensureBuilt, runCli } from '../support/cli.js';

beforeAll(() => ensureBuilt());

/** oclif wraps error lines at the terminal width behind a ' ›' margin. */
const unwrapped = (stderr: string): string => stderr.replace(/\s*›\s*/g, ' ').replace(/\s+/g, ' ');

describe('flinkslot help CODE', () => {
  it('a known code: its severity, title, meaning, fix and example, exit 0', () => {
    const run = runCli(['help', 'input/too-deep']);
    expect(run).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        'input/too-deep (error)',
        '  The document nests deeper than flinkslot reads.',
        '',
        'MEANING',
        '  Maps and lists nest deeper than 200 levels; no Flink file does, and reading it could exhaust the stack.',
        '',
        'FIX',
        '  Flatten the document; a job graph, a configuration or a scenario needs a few levels only.',
        '',
        'EXAMPLE',
        '  error deep.json:1:1 the document nests deeper than 200 levels [input/too-deep]',
        '',
      ].join('\n'),
    });
    expect(runCli(['help', 'internal']).stdout).toMatch(/^internal \(error\)\n {2}An internal error of flinkslot \(a bug\)\.\n/);
  });

  it('an unknown code: the nearest known one, exit 2, no stack trace', () => {
    const run = runCli(['help', 'input/too-larg']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(unwrapped(run.stderr)).toContain(
      "'input/too-larg' is not a flinkslot diagnostic code. Did you mean 'input/too-large'? See 'flinkslot help'.",
    );
    expect(run.stderr).not.toMatch(STACK_LINE);
    const far = runCli(['help', 'nothing/near']);
    expect(far.status).toBe(2);
    expect(unwrapped(far.stderr)).toContain("'nothing/near' is not a flinkslot diagnostic code. docs/diagnostics.md lists every code.");
  });

  it('commands come first: help plan is plan --help, a mistyped command is still one', () => {
    const plan = runCli(['help', 'plan']);
    expect(plan.status).toBe(0);
    expect(plan.stdout).toBe(runCli(['plan', '--help']).stdout);
    expect(plan.stdout).toMatch(/^Analyse one Flink job graph/);
    const typo = runCli(['help', 'simulat']);
    expect(typo.status).toBe(2);
    expect(unwrapped(typo.stderr)).toContain("'simulat' is not a flinkslot command. Did you mean 'simulate'?");
  });
});
