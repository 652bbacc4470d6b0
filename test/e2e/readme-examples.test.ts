/**
 * The README's worked examples are the CLI's real output: every ```text block that starts with
 * `$ npx flinkslot …` is run as written (from the repository root) and must print exactly what the
 * block shows after the command line (stdout, or stderr when the command prints only there, as a
 * refusal or `report` does). `report -o FILE` writes into a temporary folder instead.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runCli } from '../support/cli.js';

beforeAll(ensureBuilt);

interface Example {
  readonly args: string[];
  readonly expected: string;
}

const examples = (markdown: string): Example[] =>
  [...markdown.matchAll(/^```text\n\$ npx flinkslot (.*)\n([\s\S]*?)^```$/gm)].map((m) => ({ args: m[1]!.split(' '), expected: m[2]! }));

describe('the README’s worked examples', () => {
  const found = examples(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('show every command a newcomer meets', () => {
    expect(new Set(found.map((e) => e.args[0]))).toEqual(
      new Set(['plan', 'memory', 'simulate', 'size', 'validate', 'diff', 'import', 'explain', 'report']),
    );
  });

  it.each(found.map((e) => [e.args.join(' '), e] as const))('%s prints what the README shows', (_, example) => {
    const out = example.args.indexOf('-o');
    const args = [...example.args];
    if (out >= 0) args[out + 1] = join(mkdtempSync(join(tmpdir(), 'flinkslot-readme-')), args[out + 1]!);
    const run = runCli(args);
    const printed = (run.stdout === '' ? run.stderr : run.stdout).replace(args[out + 1] ?? '', example.args[out + 1] ?? '');
    expect(printed).toBe(example.expected);
  });
});
