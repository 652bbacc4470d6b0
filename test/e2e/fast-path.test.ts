/**
 * Every command starts without oclif when its command line is plain (bin/run.js → dist/cli/fast.js,
 * issue 29 §1). Both paths must answer every command line alike: each line below runs through the
 * built CLI twice, by default and with FLINKSLOT_NO_FAST_PATH=1 (oclif), and stdout, stderr, the
 * exit code and any file written must be equal byte for byte. FLINKSLOT_TRACE_PATH says which path
 * answered the default run: the fast path for the lines it reads exactly as oclif would, oclif for
 * the others (help, typos, bad values, missing values, `--`), which it must leave alone.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Run, ensureBuilt, runCliAsync } from '../support/cli.js';

const J = 'fixtures/jobs/wordcount-streaming.yaml';
const K = 'fixtures/jobs/keyed-window.yaml';
const C = 'fixtures/clusters/standalone-4x4.yaml';
const S = 'fixtures/scenarios/rolling-jobs.yaml';
const CONF = 'fixtures/config/flink-conf.yaml';
const LOG = 'fixtures/real/logs/02-declarative-standalone-3-slots-need-4/jobmanager.log';
const FLINK_JSON = 'fixtures/real-formats/jobgraph-plan/springline-rs-job-details-CarTopSpeedWindowingExample.json';

// Made on loading: the test names below show the command lines, paths in it included.
const dir = mkdtempSync(join(tmpdir(), 'flinkslot-fast-'));
beforeAll(() => {
  ensureBuilt();
  writeFileSync(join(dir, 'bad.yaml'), 'name: x\nvertices:\n  - {id: a, parallelism: 0, paralelism: 2}\n');
  writeFileSync(join(dir, 'bad-conf.yaml'), 'taskmanager.memory.process.size: 1m\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bad = (): string => join(dir, 'bad.yaml');
const out = (name: string): string => join(dir, name);

interface Line {
  readonly args: () => string[];
  /** Which path must answer the default run. */
  readonly path: 'fast' | 'oclif';
  readonly input?: string;
  /** A file the command writes (-o): its content is compared too. */
  readonly output?: () => string;
}

const fast = (args: () => string[], more: Partial<Line> = {}): Line => ({ args, path: 'fast', ...more });
const oclif = (args: () => string[], more: Partial<Line> = {}): Line => ({ args, path: 'oclif', ...more });
const stdin = (file: string): { input: string } => ({ input: readFileSync(join(ROOT, file), 'utf8') });

const LINES: Record<string, Line[]> = {
  plan: [
    fast(() => [J]),
    fast(() => [J, '--json']),
    fast(() => ['--limit=1', J, '--no-color']),
    fast(() => [J, '--color']),
    fast(() => ['fixtures/jobs/batch-tpch-q3.yaml', '--execution', '--members', '--limit', '0']),
    fast(() => [J, '--tm-config', CONF, '--flink-version', '1.18']),
    fast(() => [J, '--format', 'mermaid']),
    fast(() => [J, '--flink-version', '0.9']),
    fast(() => ['no-such-job.yaml', '--json']),
    fast(() => [bad()]),
    fast(() => [bad(), '--json']),
    fast(() => ['-'], stdin(J)),
    fast(() => ['http://127.0.0.1:1/jobs/a97b6344d775aafe03e55a8e812d2713']),
    fast(() => ['http://127.0.0.1:1/']),
    oclif(() => [J, '--members']),
    oclif(() => [J, '--format', 'svg']),
    oclif(() => [J, '--format', 'dot', '--json']),
    oclif(() => [J, '--jsn']),
    oclif(() => [J, '--limit', '-1']),
    oclif(() => [J, '--json=true']),
    oclif(() => [J, J]),
    oclif(() => ['--', J]),
    oclif(() => []),
    oclif(() => ['--help']),
  ],
  simulate: [
    fast(() => ['--cluster', C, J]),
    fast(() => ['-c', C, J, 'fixtures/jobs/twenty-vertices.json', '--json']),
    fast(() => [S]),
    fast(() => [S, '--trace', '--limit=0', '--no-color']),
    fast(() => [S, S]),
    fast(() => ['--cluster', 'no-such-cluster.yaml', J, '--json']),
    oclif(() => ['-c', C]),
    oclif(() => [`-c${C}`, J]),
    oclif(() => [S, '--limit', 'x']),
    oclif(() => [S, '--cluster']),
    oclif(() => ['-h']),
  ],
  memory: [
    fast(() => [CONF]),
    fast(() => [CONF, '--json']),
    fast(() => [CONF, '-D', 'taskmanager.numberOfTaskSlots=4', '--set', 'taskmanager.memory.process.size=2g']),
    fast(() => [CONF, '--target', 'kubernetes', '--flink-version', '1.16']),
    fast(() => [join(dir, 'bad-conf.yaml')]),
    fast(() => [join(dir, 'bad-conf.yaml'), '--json']),
    fast(() => ['-'], stdin(CONF)),
    // -D takes the words after its value too (oclif's multiple flags): the file is then a value, and the argument is missing.
    oclif(() => ['-D', 'taskmanager.numberOfTaskSlots=4', CONF]),
    oclif(() => [CONF, '--target', 'mesos']),
    oclif(() => [CONF, '-D']),
    oclif(() => [CONF, '--json', '--json']),
  ],
  validate: [
    fast(() => ['fixtures/jobs']),
    fast(() => [J, '--json']),
    fast(() => ['fixtures/jobs', '--format', 'sarif']),
    fast(() => ['fixtures/jobs', '--max-slots', '2', '--strict', '--execution']),
    fast(() => ['fixtures/jobs', '--include', '*.json', '--exclude', 'x*']),
    // --include takes the next word too: one path, two globs.
    fast(() => ['fixtures/jobs', '--include', '*.json', 'fixtures/jobs']),
    fast(() => ['fixtures/jobs', '--cluster', C, '--fail-level', 'warning', '--verbose']),
    fast(() => ['fixtures/jobs', '-o', out('validate.txt')], { output: () => out('validate.txt') }),
    fast(() => ['no-such-dir']),
    fast(() => [bad(), '--format', 'github']),
    oclif(() => ['fixtures/jobs', '--fail-level', 'bogus']),
    oclif(() => ['fixtures/jobs', '--max-parallelism', '0']),
    oclif(() => ['fixtures/jobs', '--format']),
  ],
  size: [
    fast(() => [J, '--tm-config', CONF]),
    fast(() => [J, K, '--tm-config', CONF, '--json']),
    fast(() => [J, '--tm-config', CONF, '--emit', 'flink-conf']),
    fast(() => [J, '--cluster', C, '--max-parallelism-fit']),
    fast(() => [J, '--search', '--tm-memory', '2g,4g', '--slot-range', '1,2', '-j', '1', '--limit', '3']),
    fast(() => [J, '--tm-config', CONF, '--report', out('size.html')]),
    oclif(() => [J, '--max-parallelism-fit']),
    oclif(() => [J, '--tm-config', CONF, '--slots', '0']),
    oclif(() => [J, '--emit', 'yaml']),
    oclif(() => [J, '--base', CONF]),
  ],
  diff: [
    fast(() => [J, K]),
    fast(() => [J, K, '--json']),
    fast(() => [J, K, '--markdown', '--tm-config', CONF]),
    fast(() => [J, K, '--fail-on', 'slots,memory']),
    fast(() => [J, K, '--fail-on', 'slots', '--fail-on', 'any']),
    fast(() => ['-', '-'], stdin(J)),
    fast(() => [J, bad()]),
    oclif(() => [J, K, '--json', '--markdown']),
    oclif(() => [J, K, '--fail-on', 'cpu']),
    oclif(() => [J, K, '--fail-on', '"slots"']),
    oclif(() => [J]),
    oclif(() => [J, K, J]),
  ],
  import: [
    fast(() => [FLINK_JSON]),
    fast(() => [FLINK_JSON, '--json']),
    fast(() => [FLINK_JSON, '-o', out('import.yaml')], { output: () => out('import.yaml') }),
    fast(() => [J]),
    fast(() => ['no-such.json', '--json']),
    oclif(() => [FLINK_JSON, '-o']),
    oclif(() => [FLINK_JSON, '--output=']),
  ],
  report: [
    fast(() => [J, '-o', out('report.html')], { output: () => out('report.html') }),
    fast(() => ['-c', C, J, K, '--title', 'two jobs', '-o', out('report-c.html')], { output: () => out('report-c.html') }),
    fast(() => [S, '--output', out('report-s.html')], { output: () => out('report-s.html') }),
    fast(() => [LOG, '-o', out('report-l.html')], { output: () => out('report-l.html') }),
    fast(() => [J, '--max-vertices', '2']),
    fast(() => [bad(), '-o', out('report-bad.html')]),
    oclif(() => [J, '--max-vertices', '0']),
    oclif(() => [J, '-o', out('a.html'), '-o', out('b.html')]),
  ],
  explain: [
    fast(() => [LOG]),
    fast(() => [LOG, '--json']),
    fast(() => [LOG, '--format', 'markdown', '--limit', '3']),
    fast(() => [LOG, '--flink-version', '1.18', '-o', out('explain.txt')], { output: () => out('explain.txt') }),
    fast(() => [J]),
    fast(() => ['-', '-'], stdin(LOG)),
    oclif(() => [LOG, '--format', 'html']),
    oclif(() => [LOG, '--limit']),
  ],
  // Left to oclif on purpose (commands/fast.ts says why).
  help: [oclif(() => ['plan'])],
  completion: [oclif(() => ['bash'])],
};

/** One run of the built CLI; the file it wrote (removed after reading), and which path answered. */
async function run(args: string[], line: Line, env: Record<string, string>): Promise<Run & { file?: string; trace?: string }> {
  const trace = join(dir, `trace-${Math.random().toString(36).slice(2)}`);
  const options = { ...(line.input === undefined ? {} : { input: line.input }), env: { ...env, FLINKSLOT_TRACE_PATH: trace } };
  const result = await runCliAsync(args, options);
  const output = line.output?.();
  const file = output !== undefined && existsSync(output) ? readFileSync(output, 'utf8') : undefined;
  if (output !== undefined) rmSync(output, { force: true });
  return { ...result, ...(file === undefined ? {} : { file }), ...(existsSync(trace) ? { trace: readFileSync(trace, 'utf8') } : {}) };
}

describe.each(Object.keys(LINES))('%s: the fast path and oclif answer alike', (command) => {
  it.each(LINES[command]!.map((l) => [l.args().join(' '), l] as const))(`${command} %s`, async (_, line) => {
    const args = [command, ...line.args()];
    // One after the other: both may write the same -o file.
    const first = await run(args, line, {});
    const second = await run(args, line, { FLINKSLOT_NO_FAST_PATH: '1' });
    const { trace, ...fastRun } = first;
    const { trace: oclifTrace, ...oclifRun } = second;
    expect(fastRun).toEqual(oclifRun);
    expect(trace).toBe(`${line.path}\n`);
    expect(oclifTrace).toBe('oclif\n');
    expect(first.status).not.toBe(70);
    if (line.output !== undefined) expect(first.file).toBeDefined();
  });
});
