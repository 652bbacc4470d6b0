/**
 * `--json` written in chunks (issue 29 §3): the built CLI prints what JSON.stringify prints, byte
 * for byte, for a job large enough to need hundreds of chunks, to stdout and into `-o`'s file; a
 * reader that closes the pipe early ends the output quietly with the command's exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomJobGraph } from '../../bench/generate.js';
import { planFromText } from '../../src/app/plan.js';
import { JSON_CHUNK_CHARACTERS } from '../../src/report/json-chunks.js';
import { HANG_GUARD_MS, ROOT, cliEnv, ensureBuilt, runCli } from '../support/cli.js';

let dir: string;
let job: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-json-stream-'));
  job = join(dir, 'random-20k.json');
  writeFileSync(job, JSON.stringify(randomJobGraph(20_000, 11)));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--json in chunks', () => {
  it('prints the plan of a 20,000-vertex job as JSON.stringify does', () => {
    // runCli's 1 MB of output would not hold it.
    const run = spawnSync(process.execPath, ['bin/run.js', 'plan', job, '--json'], {
      cwd: ROOT,
      env: cliEnv(),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: HANG_GUARD_MS,
    });
    expect(run.status).toBe(0);
    const plan = planFromText(readFileSync(job, 'utf8'), job);
    expect(plan.ok).toBe(true);
    const expected = JSON.stringify(plan.ok ? plan.value : undefined, null, 2) + '\n';
    expect(expected.length).toBeGreaterThan(100 * JSON_CHUNK_CHARACTERS);
    expect(run.stdout === expected).toBe(true);
  });

  it("writes -o's file (chunks given to writeFile) as it prints stdout", () => {
    const logs = join(ROOT, 'fixtures/real/logs');
    const log = join(
      logs,
      readdirSync(logs).find((d) => d.startsWith('02-'))!,
      'jobmanager.log',
    );
    const out = join(dir, 'explain.json');
    const printed = runCli(['explain', log, '--format', 'json']);
    expect(printed.stdout.startsWith('{\n')).toBe(true);
    const written = runCli(['explain', log, '--format', 'json', '-o', out]);
    expect([written.status, written.stdout]).toEqual([printed.status, '']);
    expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
  });

  it('stops quietly, exit 0, when the reader closes the pipe after the first bytes', () => {
    const run = spawnSync('bash', ['-c', `set -o pipefail; node bin/run.js plan '${job}' --json | head -c 100 > /dev/null`], {
      cwd: ROOT,
      env: cliEnv(),
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
  });
});
