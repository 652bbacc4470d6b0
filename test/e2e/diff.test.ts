/**
 * End-to-end tests of `flinkslot diff OLD NEW`: the built CLI on the pairs in fixtures/diff/ (text,
 * `--json` valid against schemas/diff.schema.json, `--markdown`), `--fail-on` exit codes, and exit 2
 * with located diagnostics and no stack trace on a missing file, a bad job graph or bad usage.
 *
 * Until `diff` is listed in commands/index.ts the built command class is run directly, the way
 * bin/run.js runs a listed one (oclif's run, flush and error handling); afterwards bin/run.js.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSI, HANG_GUARD_MS, ROOT, type Run, STACK_LINE, ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

const OLD = 'fixtures/diff/streaming-old.yaml';
const NEW = 'fixtures/diff/streaming-new.yaml';
const SMALLER = 'fixtures/diff/streaming-smaller.yaml';
const BATCH_OLD = 'fixtures/diff/batch-old.yaml';
const BATCH_NEW = 'fixtures/diff/batch-new.yaml';

const HARNESS = `
import { flush, handle } from '@oclif/core';
const { default: Diff } = await import('./dist/commands/diff.js');
try { await Diff.run(process.argv.slice(1), process.cwd()); await flush(); } catch (e) { await handle(e); }
`;

let registered = false;

function diffCli(args: readonly string[], options: { input?: string; noColor?: boolean } = {}): Run {
  if (registered) return runCli(['diff', ...args], options);
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  if (options.noColor ?? true) env.NO_COLOR = '1';
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', HARNESS, '--', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    input: options.input,
    timeout: HANG_GUARD_MS,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectNoCrash(stderr: string): void {
  expect(stderr).not.toMatch(STACK_LINE);
  expect(stderr).not.toMatch(/\w+Exception:/);
  expect(stderr).not.toMatch(/internal error/);
}

const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/diff.schema.json'), 'utf8')),
);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function json(args: string[]): Json {
  const run = diffCli([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const value = JSON.parse(run.stdout);
  const ok = validate(value);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
  return value;
}

beforeAll(async () => {
  ensureBuilt();
  const { COMMANDS } = (await import(join(ROOT, 'dist/commands/index.js'))) as { COMMANDS: Record<string, unknown> };
  registered = 'diff' in COMMANDS;
});

describe('flinkslot diff: reports', () => {
  it('text: headline, groups, regions, vertices and operators that changed', () => {
    const run = diffCli([OLD, NEW]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(ANSI);
    const out = run.stdout;
    expect(out).toContain(`Plan diff ${OLD} → ${NEW}`);
    expect(out).toContain('Minimum slots 10 → 15 (+5)');
    expect(out).toContain('Grew: slots');
    expect(out).toMatch(/^\s+10 → 15 \(\+5\)\s+UNKNOWN$/m);
    expect(out).toMatch(/^\s+default\s+changed\s+8 → 12 \(\+4\)\s+UNKNOWN\s+\+dedup$/m);
    expect(out).toMatch(/^\s+alerts\s+added\s+1\s+UNKNOWN\s+alert$/m);
    expect(out).toContain('  - region {source, window, enrich, sink}\n  + region {source, window, dedup, enrich, alert, sink}\n');
    expect(out).toMatch(/^\s+window\s+parallelism\s+8 → 12 \(\+4\)$/m);
    expect(out).toMatch(/^\s+dedup\s+added\s+parallelism 12, group default$/m);
    // dedup's OPERATOR use case now shares the default group's slot with STATE_BACKEND (70:70).
    expect(out).toMatch(/^\s+window\s+window-aggregate\s+STATE_BACKEND\s+1 → 0\.5\s+512 MiB → 256 MiB \(-256 MiB\)$/m);
  });

  it('text: "no differences" for the same file twice', () => {
    const run = diffCli([OLD, OLD]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No differences');
  });

  it('--json: valid against schemas/diff.schema.json, with the figures of the text', () => {
    const d = json([OLD, NEW]);
    expect(d.changed).toBe(true);
    expect(d.grew).toEqual({ slots: true, memory: false });
    expect(d.minimumSlots).toEqual({ old: 10, new: 15, delta: 5 });
    expect(d.slotSharingGroups.added.map((g: Json) => g.id)).toEqual(['alerts']);
    expect(d.slotSharingGroups.changed.map((g: Json) => [g.new.id, g.slotsDelta, g.verticesAdded])).toEqual([['default', 4, ['dedup']]]);
    expect(d.slotSharingGroups.unchanged).toBe(1);
    expect(d.vertices.parallelism).toEqual([{ id: 'window', old: 8, new: 12, delta: 4 }]);
    expect(d.vertices.added.map((v: Json) => v.id)).toEqual(['dedup', 'alert']);
    const agg = d.operators.changed.find((o: Json) => o.id === 'window-aggregate');
    expect(agg.managedBytes).toEqual({ old: 512 * 2 ** 20, new: 256 * 2 ** 20, delta: -256 * 2 ** 20 });
  });

  it('--json: batch, a BLOCKING edge splits a region', () => {
    const d = json([BATCH_OLD, BATCH_NEW]);
    expect(d.minimumSlots).toEqual({ old: 6, new: 10, delta: 4 });
    expect(d.regions).toEqual({ old: 2, new: 3, added: [['scan'], ['agg']], removed: [['scan', 'agg']], unchanged: 1 });
    expect(d.slotSharingGroups.removed.map((g: Json) => g.vertices)).toEqual([['scan', 'agg']]);
    expect(d.slotSharingGroups.added.map((g: Json) => g.vertices)).toEqual([['scan'], ['agg']]);
    expect(d.slotSharingGroups.added.map((g: Json) => [g.id, g.perRegion])).toEqual([
      ['default/region-1', true],
      ['default/region-2', true],
    ]);
  });

  it('text: per-region groups and regions named by their vertices, not by numbers (issue 25 §5)', () => {
    const run = diffCli([BATCH_OLD, BATCH_NEW]);
    expect(run.status).toBe(0);
    const out = run.stdout;
    expect(out).toContain(
      [
        '  GROUP               CHANGE   SLOTS  PROFILE  VERTICES',
        '  region {scan, agg}  removed      4  UNKNOWN  scan, agg',
        '  region {scan}       added        4  UNKNOWN  scan',
        '  region {agg}        added        4  UNKNOWN  agg',
        '',
        'Pipelined regions 2 → 3 (1 removed, 2 added, 1 unchanged)',
        '  - region {scan, agg}',
        '  + region {scan}',
        '  + region {agg}',
      ].join('\n'),
    );
    expect(out).not.toContain('region-1');
  });

  it('--json: identical files', () => {
    const d = json([BATCH_OLD, BATCH_OLD]);
    expect(d.changed).toBe(false);
    expect(d.grew).toEqual({ slots: false, memory: false });
  });

  it('--tm-config: managed memory compared in bytes from the TaskManager configuration', () => {
    const d = json([BATCH_OLD, BATCH_NEW, '--tm-config', 'fixtures/config/flink-conf.yaml']);
    expect(d.managedMemory.bytesCompared).toBe(true);
    expect(typeof d.managedMemory.slotManagedMemory.new).toBe('number');
    expect(d.managedMemory.slotManagedMemory.new).toBeGreaterThan(0);
  });

  it('--markdown: heading, summary table, sections', () => {
    const run = diffCli([OLD, NEW, '--markdown']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const out = run.stdout;
    expect(out.split('\n')[0]).toBe(`### flinkslot diff: \`${OLD}\` → \`${NEW}\``);
    expect(out).toContain('**Minimum slots 10 → 15 (+5)**');
    expect(out).toContain('| Minimum slots | 10 | 15 | **+5** |');
    expect(out).toContain('| Slot sharing groups | 2 | 3 | **+1** |');
    expect(out).toContain('#### Slot sharing groups');
    expect(out).toContain('| `alerts` | added | 1 | UNKNOWN | `alert` |');
    expect(out).toContain('```diff\n- region {source, window, enrich, sink}\n+ region {source, window, dedup, enrich, alert, sink}\n```');
    expect(out).not.toMatch(ANSI);
  });

  it('--color colours the text report', () => {
    const run = diffCli([OLD, NEW, '--color']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(ANSI);
  });

  it('reads OLD from stdin with -', () => {
    const run = diffCli(['-', NEW, '--json'], { input: readFileSync(join(ROOT, OLD), 'utf8') });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).minimumSlots).toEqual({ old: 10, new: 15, delta: 5 });
  });
});

describe('flinkslot diff: a Flink version newer than flinkslot knows', () => {
  const job = (p: number): string => `name: j\nflinkVersion: "2.5"\nvertices: [{id: a, parallelism: ${p}}]\n`;
  const warning = "flinkVersion '2.5': Flink 2.5 is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply";

  it('is warned once (both files name it), in text, Markdown and JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flinkslot-diff-'));
    try {
      const newer = join(dir, 'new.yaml');
      writeFileSync(newer, job(3));
      const text = diffCli(['-', newer], { input: job(2) });
      expect(text.status).toBe(0);
      expect(text.stdout.split('\n').filter((l) => l.includes('newer than the newest'))).toEqual([`  warning ${warning}`]);
      expect(diffCli(['-', newer, '--markdown'], { input: job(2) }).stdout).toContain(`> :warning: ${warning}`);
      const value = JSON.parse(diffCli(['-', newer, '--json'], { input: job(2) }).stdout) as Json;
      expect(validate(value)).toBe(true);
      expect(value.warnings).toEqual([warning]);
      expect((json([OLD, NEW]).warnings ?? []).filter((w: string) => w.includes('newer than'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('flinkslot diff: --fail-on', () => {
  it('exit 1 with --fail-on slots when slots grow; the report is still printed', () => {
    const run = diffCli([OLD, NEW, '--fail-on', 'slots']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Minimum slots 10 → 15 (+5)');
    expect(run.stderr).toContain('--fail-on slots');
    expectNoCrash(run.stderr);
  });

  it('the flag may come before the files', () => {
    expect(diffCli(['--fail-on', 'slots', OLD, NEW]).status).toBe(1);
  });

  it('exit 0 with --fail-on slots when slots do not grow', () => {
    const run = diffCli([OLD, SMALLER, '--fail-on', 'slots']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Minimum slots 10 → 8 (-2)');
  });

  it('memory: comma-separated or repeated', () => {
    // SMALLER doubles the slot's managed memory: every operator gets twice the bytes.
    expect(diffCli([OLD, SMALLER, '--fail-on', 'slots,memory']).status).toBe(1);
    expect(diffCli([OLD, SMALLER, '--fail-on', 'slots', '--fail-on', 'memory']).status).toBe(1);
    expect(diffCli([OLD, NEW, '--fail-on', 'memory']).status).toBe(0);
  });

  it('any: exit 1 on any change, 0 for equal plans; --json output is unchanged', () => {
    expect(diffCli([BATCH_OLD, BATCH_OLD, '--fail-on', 'any']).status).toBe(0);
    const run = diffCli([BATCH_OLD, BATCH_NEW, '--fail-on', 'any', '--json']);
    expect(run.status).toBe(1);
    expect(validate(JSON.parse(run.stdout))).toBe(true);
  });
});

describe('flinkslot diff: bad input and usage (exit 2)', () => {
  it('a missing file', () => {
    const run = diffCli([OLD, 'fixtures/diff/no-such-file.yaml']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('error cannot read fixtures/diff/no-such-file.yaml: no such file\n');
  });

  it('a bad job graph: located diagnostics as plan prints them', () => {
    const run = diffCli(['fixtures/invalid/parallelism-zero.yaml', NEW]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^error fixtures\/invalid\/parallelism-zero\.yaml:\d+:\d+ .+ \(\/vertices\/0\/parallelism\) \[input\/parallelism\]\n$/,
    );
    expectNoCrash(run.stderr);
  });

  it('both files bad: the diagnostics of each', () => {
    const run = diffCli(['fixtures/invalid/cycle.yaml', 'fixtures/invalid/parallelism-zero.yaml']);
    expect(run.status).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^error fixtures\/invalid\/cycle\.yaml:\d+:\d+ /);
    expect(lines[1]).toMatch(/^error fixtures\/invalid\/parallelism-zero\.yaml:\d+:\d+ /);
  });

  it('a bad --tm-config', () => {
    const run = diffCli([OLD, NEW, '--tm-config', 'fixtures/diff/no-such-config.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot read fixtures/diff/no-such-config.yaml');
  });

  it('usage errors', () => {
    for (const args of [[OLD], [OLD, NEW, '--json', '--markdown'], [OLD, NEW, '--fail-on', 'cpu'], ['-', '-']]) {
      const run = diffCli(args, { input: '' });
      expect(run.status, args.join(' ')).toBe(2);
      if (args.includes('--json')) expectJsonError(run);
      else expect(run.stdout, args.join(' ')).toBe('');
      expectNoCrash(run.stderr);
    }
  });
});
