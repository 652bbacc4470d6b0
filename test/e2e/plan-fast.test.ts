/**
 * `plan` starts without oclif when its command line is plain (bin/run.js → dist/cli/plan-fast.js).
 * Both paths must answer every command line alike: FLINKSLOT_NO_FAST_PATH=1 forces oclif.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCliAsync } from '../support/cli.js';

const J = 'fixtures/jobs/wordcount-streaming.yaml';
let dir: string;
let bad: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-fast-'));
  bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'name: x\nvertices:\n  - {id: a, parallelism: 0, paralelism: 2}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES: Array<{ args: () => string[]; input?: string }> = [
  { args: () => [J] },
  { args: () => [J, '--json'] },
  { args: () => ['--limit=1', J, '--no-color'] },
  { args: () => [J, '--color'] },
  { args: () => ['fixtures/jobs/batch-tpch-q3.yaml', '--execution', '--members', '--limit', '0'] },
  { args: () => [J, '--tm-config', 'fixtures/config/flink-conf.yaml', '--flink-version', '1.18'] },
  { args: () => [J, '--flink-version', '0.9'] },
  { args: () => ['no-such-job.yaml'] },
  { args: () => ['no-such-job.yaml', '--json'] },
  { args: () => [bad] },
  { args: () => [bad, '--json'] },
  { args: () => ['-'], input: readFileSync(join(ROOT, J), 'utf8') },
  { args: () => ['http://127.0.0.1:1/jobs/a97b6344d775aafe03e55a8e812d2713'] },
  { args: () => ['http://127.0.0.1:1/'] },
  // Declined by the fast path: oclif answers both runs.
  { args: () => [J, '--members'] },
  { args: () => [J, '--jsn'] },
  { args: () => ['--help'] },
];

describe('plan: the fast path and oclif answer alike', () => {
  it.each(LINES.map((l) => [l.args().join(' '), l] as const))('plan %s', async (_, line) => {
    const args = ['plan', ...line.args()];
    const options = line.input === undefined ? {} : { input: line.input };
    const [fast, oclif] = await Promise.all([
      runCliAsync(args, options),
      runCliAsync(args, { ...options, env: { FLINKSLOT_NO_FAST_PATH: '1' } }),
    ]);
    expect({ status: fast.status, stdout: fast.stdout, stderr: fast.stderr }).toEqual({
      status: oclif.status,
      stdout: oclif.stdout,
      stderr: oclif.stderr,
    });
    expect(fast.status).not.toBe(70);
  });
});
