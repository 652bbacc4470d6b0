/**
 * `flinkslot report` (issue 17 §2, §4) on the built CLI: the page on stdout or in a file, with a
 * cluster or a scenario, `size --search --report`, refusals with exit 2, and a 200-vertex job on
 * 100 TaskManagers well within its time and size (`npm run bench` measures the target itself).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_LINE, ensureBuilt, runCli } from '../support/cli.js';
import { sqlPlanJob, standaloneCluster } from '../support/report-inputs.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const TWENTY = 'fixtures/jobs/twenty-vertices.json';
const CLUSTER = 'fixtures/clusters/standalone-4x4.yaml';
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-report-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const count = (html: string, pattern: RegExp): number => html.match(pattern)?.length ?? 0;

describe('flinkslot report', () => {
  it('writes the page to stdout, nothing on stderr', () => {
    const run = runCli(['report', WORDCOUNT]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(run.stdout).toContain('<title>flinkslot report: wordcount</title>');
    expect(count(run.stdout, /data-vertex="/g)).toBe(4);
    expect(run.stdout).not.toContain('class="tms"');
  });

  it('with --cluster: every TaskManager as a row of slots, verdicts with explanations, the advice; a line on stderr', () => {
    const out = join(dir, 'cluster.html');
    const run = runCli(['report', '--cluster', CLUSTER, WORDCOUNT, TWENTY, '-o', out]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    const html = readFileSync(out, 'utf8');
    const kib = Math.ceil(statSync(out).size / 1024);
    expect(run.stderr).toBe(`wrote ${out} (${kib} KiB): 2 job(s), 24 vertices, 4 TaskManager(s), partly-met\n`);
    expect(count(html, /data-task-manager="/g)).toBe(4);
    expect(count(html, /data-vertex="/g)).toBe(24);
    expect(html).toContain('data-job-row="ecommerce-analytics-20"');
    // A job short of slots is explained by the slots first (issue 25 §5).
    expect(html).toContain('9 × UNKNOWN: 0 free slots: all 16 slots of 4 TaskManagers are taken; ');
    expect(html).toMatch(/<b>Add 3 TaskManager\(s\)<\/b> like the default worker/);
    // 10 slots of wordcount and 6 of the other job fill all 16.
    expect(count(html, /class="free" x=/g)).toBe(0);
  });

  it('with a configuration whose slotmanager.number-of-slots.max stops the job: the limit to raise (issue 25 §4)', () => {
    const out = join(dir, 'limit.html');
    const run = runCli([
      'report',
      '--cluster',
      'fixtures/config/kubernetes-session-max-slots.yaml',
      'fixtures/jobs/keyed-window.yaml',
      '-o',
      out,
    ]);
    expect(run.status).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<p><b>Raise slotmanager.number-of-slots.max in the configuration from 4 to 8</b>: met at 8, not at 7.</p>');
    expect(html).toContain('no new TaskManager can be requested: the max total resource limit');
    expect(html).not.toMatch(/no new worker pending-/);
  });

  it('with a scenario: the slots each job held over time, its events marked, the job graph it names drawn', () => {
    const out = join(dir, 'scenario.html');
    const run = runCli(['report', 'fixtures/scenarios/rolling-jobs.yaml', '-o', out]);
    expect(run.status).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('class="timeline"');
    expect(count(html, /class="line"/g)).toBe(2);
    expect(html).toContain('<title>60000 ms: finishJob wordcount</title>');
    expect(html).toContain('<title>10000 ms: submitJob etl</title>');
    expect(html).toContain('Job wordcount');
    expect(html).toContain('never-met <span class="muted">(finished at 60000 ms)</span>');
    expect(html).toContain('held at most 8 of the 10 slots it required');
  });

  it('why a slot is missing names the resource in words, not as its JSON field', () => {
    const run = runCli(['report', 'fixtures/scenarios/not-enough-managed-memory.yaml']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('closest TaskManager tm-1: managed memory 1 GiB free of 3 GiB needed (short by 2 GiB)');
    expect(run.stdout).not.toMatch(/managedMemory \S+ free/);
  });

  it('size --search --report: the ranked shapes as a chart; what size prints does not change', () => {
    const out = join(dir, 'size.html');
    const args = ['size', WORDCOUNT, '--search', '--tm-memory', '2g,4g', '--slot-range', '2,4', '--slot-min', 'managed=64m'];
    const plain = runCli(args);
    const run = runCli([...args, '--report', out]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(plain.stdout);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<section id="shapes">');
    expect(count(html, /class="cand( best)?"/g)).toBe(4);
    expect(html).toContain('class="cand best" data-rank="1"');
  });

  it('refuses what it cannot do, exit 2, no stack trace', () => {
    const cases: [string[], string][] = [
      [['report', 'missing.yaml'], 'missing.yaml'],
      [['report', CLUSTER], 'a flinkslot cluster file'],
      [['report', WORDCOUNT, '--cluster', WORDCOUNT], 'a flinkslot job graph'],
      [['report', WORDCOUNT, '-o', join(dir, 'no/such/dir/r.html')], 'cannot write'],
      [
        ['size', WORDCOUNT, '--tm-config', 'fixtures/config/flink-conf.yaml', '--report', join(dir, 'x.html')],
        '--report draws the shapes of --search',
      ],
      [['report', WORDCOUNT, '--max-vertices', '0'], 'Expected an integer greater than or equal to 1'],
      [
        ['report', 'fixtures/scenarios/rolling-jobs.yaml', '--cluster', CLUSTER],
        'fixtures/scenarios/rolling-jobs.yaml is a scenario, with its own cluster and timeline: give either one scenario or --cluster, not also --cluster fixtures/clusters/standalone-4x4.yaml [usage/report-inputs]',
      ],
    ];
    for (const [args, message] of cases) {
      const run = runCli(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr).not.toMatch(STACK_LINE);
    }
  });

  it('a 200-vertex SQL plan on 100 TaskManagers: every vertex drawn, under 2 MB (its speed is measured by npm run bench, not here)', () => {
    const job = join(dir, 'sql.yaml');
    const cluster = join(dir, 'c100.yaml');
    writeFileSync(job, sqlPlanJob(66));
    writeFileSync(cluster, standaloneCluster(100, 8));
    const out = join(dir, 'big.html');
    const run = runCli(['report', job, '--cluster', cluster, '-o', out]);
    expect(run.status).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(count(html, /data-vertex="/g)).toBe(199);
    expect(count(html, /data-task-manager="/g)).toBe(100);
    expect(statSync(out).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('bounded by what a page can show: 20,000 vertices collapse into chains, 3,000 slot sharing groups are not drawn', () => {
    const vertices = (n: number, group: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => `  - {id: v${i}, parallelism: ${1 + (i % 50)}${group(i)}}`);
    const chain = (n: number) => Array.from({ length: n - 1 }, (_, i) => `  - {source: v${i}, target: v${i + 1}, distribution: POINTWISE}`);
    const write = (name: string, vs: string[], es: string[]): string => {
      const file = join(dir, name);
      writeFileSync(file, ['name: big', 'flinkVersion: "1.20"', 'vertices:', ...vs, 'edges:', ...es, ''].join('\n'));
      return file;
    };
    const long = runCli([
      'report',
      write(
        'chain.yaml',
        vertices(20_000, () => ''),
        chain(20_000),
      ),
    ]);
    expect(long.status).toBe(0);
    expect(long.stdout).toContain('data-collapsed="chains">20000 vertices are more than the 200 drawn one by one (--max-vertices)');
    expect(count(long.stdout, /data-vertex="/g)).toBe(0);
    expect(count(long.stdout, /data-vertices="20000"/g)).toBe(1);
    expect(count(long.stdout, /data-vertex-row="/g)).toBe(2000);
    expect(long.stdout).toContain('… and 18,000 more vertices.');
    expect(long.stdout.length).toBeLessThan(2 * 1024 * 1024);
    const groups = runCli([
      'report',
      write(
        'groups.yaml',
        vertices(3000, (i) => `, slotSharingGroup: g${i}`),
        chain(3000),
      ),
    ]);
    expect(groups.status).toBe(0);
    expect(groups.stdout).toContain(
      '3000 vertices in 3000 slot sharing groups: even one node per group would be more than the 200 nodes drawn (--max-vertices), so the graph is not drawn.',
    );
    expect(groups.stdout).not.toContain('class="graph"');
    expect(groups.stdout).toContain('… and 2,800 more slot sharing groups.');
  });
});
