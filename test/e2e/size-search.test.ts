/**
 * `flinkslot size --search` (issue 16 §2): shapes within the limits, each sized and proven, ranked
 * by total memory then CPU, or by price; the best one emitted as a FlinkDeployment.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const KEYED = 'fixtures/jobs/keyed-window.yaml';
/** WORDCOUNT keeps RocksDB state in managed memory: the floor it accepts, below flinkslot's default of 512 MiB a slot. */
const SMALL_STATE = ['--slot-min', 'managed=64m'];
const schema = (name: string): object => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(schema('size.schema.json'));
const validateSearch = ajv.compile(schema('size-search.schema.json'));

interface Ranked {
  rank: number;
  taskManagers: number;
  slotsPerTaskManager: number;
  processMemory: number;
  cpuCores: number;
  totalMemory: number;
  totalCpuCores: number;
  cost?: number;
  nodes?: number;
  size: { taskManagers: number; proof: { met: { verdict: string }; fewer: { verdict: string } | null } };
}

beforeAll(() => ensureBuilt());

describe('flinkslot size --search', () => {
  it('ranks the shapes within the limits by total memory, then CPU; each is a proven size', () => {
    const run = runCli([
      'size',
      WORDCOUNT,
      KEYED,
      '--search',
      '--tm-memory',
      '2g,4g',
      '--slot-range',
      '2,4',
      '--node',
      '8cpu,16g',
      // WORDCOUNT keeps RocksDB state in managed memory: 128 MiB a slot is enough for it here.
      '--slot-min',
      'managed=128m',
      '--json',
    ]);
    const report = JSON.parse(run.stdout) as { tried: number; shapes: Ranked[] };
    expect(validateSearch(report), JSON.stringify(validateSearch.errors)).toBe(true);
    expect(report.tried).toBe(4);
    const g = 1024 ** 3;
    expect(
      report.shapes.map((s) => [s.rank, s.processMemory / g, s.slotsPerTaskManager, s.taskManagers, s.totalMemory / g, s.nodes]),
    ).toEqual([
      [1, 2, 4, 5, 10, 3],
      [2, 2, 2, 9, 18, 3],
      [3, 4, 4, 5, 20, 3],
      [4, 4, 2, 9, 36, 3],
    ]);
    for (const s of report.shapes) {
      expect(s.size.taskManagers).toBe(s.taskManagers);
      expect([s.size.proof.met.verdict, s.size.proof.fewer?.verdict]).toEqual(['met', 'partly-met']);
    }
  });

  it('with --cost, ranks by price per hour', () => {
    const run = runCli([
      'size',
      KEYED,
      '--search',
      '--tm-memory',
      '2g,8g',
      '--slot-range',
      '1,8',
      '--cost',
      'cpu=0.03,memory=0.004',
      '--json',
    ]);
    const shapes = (JSON.parse(run.stdout) as { shapes: Ranked[] }).shapes;
    expect(shapes.map((s) => s.cost)).toEqual([...shapes.map((s) => s.cost!)].sort((a, b) => a - b));
    // 8 slots of 2 GiB: one TaskManager of 8 cores and 2 GiB: 8 × 0.03 + 2 × 0.004.
    expect([shapes[0]!.taskManagers, shapes[0]!.cost]).toEqual([1, 0.248]);
  });

  it('text: the ranking, memory per slot, and the best shape', () => {
    const run = runCli(['size', WORDCOUNT, '--search', '--tm-memory', '2g', '--slot-range', '4,8', '--limit', '1', ...SMALL_STATE]);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout.split('\n').slice(0, 5)).toEqual([
      '2 shapes tried, 2 can run the jobs; ranked by total memory, then CPU',
      '  floor per slot: managed memory 64 MiB (--slot-min)',
      '  RANK  TMS  SLOTS  MEMORY/TM  HEAP/SLOT  MANAGED/SLOT  NETWORK/SLOT  CPU/TM  TOTAL MEMORY  TOTAL CPU  IDLE SLOTS  BINDING',
      '     1    2      8  2 GiB      67.2 MiB   79.4 MiB      19.8 MiB           8  4 GiB                16           6  slots',
      '  … 1 more (--limit 0 or --json shows all)',
    ]);
    expect(run.stdout).toContain(
      'Best\n  2 TaskManagers of 2 GiB, 8 slots, 8 CPU: met on 2, partly-met on 1\n  each slot: task heap 67.2 MiB, managed 79.4 MiB, network 19.8 MiB\n',
    );
  });

  it('--emit writes the best shape', () => {
    const args = ['size', WORDCOUNT, '--search', '--tm-memory', '2g', '--slot-range', '4,8', ...SMALL_STATE, '--emit', 'flinkdeployment'];
    const run = runCli(args);
    expect(run.stdout).toContain('  taskManager:\n    replicas: 2\n    resource:\n      memory: 2048m\n      cpu: 8\n');
  });

  it('limits that leave no shape, and jobs no shape can run, are exit 1 with the reason', () => {
    const none = runCli(['size', 'fixtures/jobs/fine-grained-flip156.yaml', '--search', '--tm-memory', '2g', '--slot-range', '1,2']);
    expect(none.status).toBe(1);
    expect(none.stderr.split('\n')[0]).toBe('error none of the 2 shapes tried can run the jobs [size/never-met]');
  });

  it('a base whose network option Flink refuses at start-up is bad input (exit 2) at its key, not a search no shape passes', () => {
    const run = runCli(['size', WORDCOUNT, '--search', '--tm-config', 'fixtures/config/floating-buffers-zero.yaml', ...SMALL_STATE]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'error fixtures/config/floating-buffers-zero.yaml:6:55 a Flink 1.20 TaskManager refuses to start with taskmanager.network.memory.floating-buffers-per-gate: 0: The configured floating buffer should be at least 1, please increase the value of taskmanager.network.memory.floating-buffers-per-gate. (/taskmanager.network.memory.floating-buffers-per-gate) [config/network-option]\n',
    ]);
  });

  it('bad limits are usage errors naming the flag', () => {
    const run = runCli(['size', WORDCOUNT, '--search', '--node', '16 cores']);
    expect([run.status, run.stderr]).toEqual([2, "error --node '16 cores': give the node's CPU and memory, as 16cpu,64g [usage/shape]\n"]);
  });

  // util-linux `script` runs the CLI on a pseudo-terminal, where the bar is drawn (never in a pipe: the other tests' stderr is empty).
  it.runIf(spawnSync('which', ['script']).status === 0)('on a terminal, a progress bar on stderr, erased before the answer', () => {
    const command = `node bin/run.js size ${WORDCOUNT} --search --tm-memory 2g,4g --slot-range 1..4 --limit 1 --slot-min managed=64m --no-color`;
    const run = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } });
    expect(run.stdout).toContain('] 8/8 shapes\r\u001b[K8 shapes tried, 8 can run the jobs');
  });

  it('on several threads (from 32 shapes, or -j) the answer is the same as on one', () => {
    const args = ['size', WORDCOUNT, KEYED, '--search', '--tm-memory', '2g..8g', '--slot-range', '1..8', '--json'];
    const [one, two] = [runCli([...args, '-j', '1']), runCli([...args, '-j', '2'])];
    expect([one.status, two.status]).toEqual([0, 0]);
    expect((JSON.parse(one.stdout) as { tried: number }).tried).toBe(40);
    expect(two.stdout).toBe(one.stdout);
  });
});
