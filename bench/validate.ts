/**
 * `flinkslot validate` throughput (part of `npm run bench`; also `node dist/bench/validate.js`).
 * Not a test: it prints figures.
 *
 * Input: 1,000 generated job graph files (seeded PRNG) in a temporary directory: DAGs of 5..60
 * vertices shaped like real jobs (parallelism 1..32, some managed memory, a second slot sharing
 * group in a third of them), YAML and JSON alternating, a few with problems (an unknown vertex, a
 * parallelism above the policy) so findings are produced and rendered. Measured: the whole process
 * `node bin/run.js validate DIR --max-slots 64 --max-parallelism 32 --format json` (wall time,
 * median of 3 after one warm-up), with the default (one thread below 10,000 files) and with `-j <cores>`.
 * Target: ≥ 2,000 files/s on 2 cores.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { count, median, ms, table } from './format.js';
import { type Json, prng, toYaml } from './generate.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const VALIDATE_FILES = 1_000;
export const VALIDATE_TARGET_FILES_PER_S = 2_000;

export interface ValidateOutcome {
  readonly label: string;
  readonly times: number[];
  readonly status: number | null;
  readonly findings: number | undefined;
  readonly stderr: string;
}

/**
 * Job graphs shaped like the ones teams keep in a repository: sources, a DAG of 5..60 operator
 * chains (each vertex reads from one or two earlier ones), parallelism 1..32, a second slot
 * sharing group in a third of the jobs, managed memory on some operators. A few break a rule.
 */
function jobGraph(rand: () => number, i: number): Record<string, unknown> {
  const n = 5 + Math.floor(rand() * 56);
  const named = i % 3 === 0;
  const vertices = Array.from({ length: n }, (_, v) => ({
    id: `v${v}`,
    name: `Operator ${v}`,
    parallelism: 1 + Math.floor(rand() * 32),
    ...(named && v > n / 2 ? { slotSharingGroup: 'heavy' } : {}),
    ...(v % 7 === 3 ? { operators: [{ id: `v${v}-agg`, managedMemory: { slotScope: ['STATE_BACKEND'] } }] } : {}),
  }));
  const edges: { source: string; target: string; distribution: string }[] = [];
  for (let v = 1; v < n; v++) {
    const inputs = rand() < 0.2 && v > 1 ? 2 : 1;
    for (let k = 0; k < inputs; k++) {
      const source = `v${Math.floor(rand() * v)}`;
      if (k === 1 && source === edges[edges.length - 1]!.source) continue;
      edges.push({ source, target: `v${v}`, distribution: rand() < 0.5 ? 'POINTWISE' : 'ALL_TO_ALL' });
    }
  }
  if (i % 97 === 0) edges[0]!.target = 'no-such-vertex';
  if (i % 89 === 0) vertices[0]!.parallelism = 48;
  return {
    name: `job-${i}`,
    flinkVersion: '1.20',
    managedMemoryConfig: { stateBackend: 'rocksdb', slotManagedMemory: '512mb' },
    vertices,
    edges,
  };
}

export function writeCorpus(dir: string, n: number): void {
  const rand = prng(42);
  for (let i = 0; i < n; i++) {
    const graph = jobGraph(rand, i) as { [key: string]: Json };
    const json = i % 2 === 0;
    writeFileSync(
      join(dir, `job-${String(i).padStart(4, '0')}.${json ? 'json' : 'yaml'}`),
      json ? JSON.stringify(graph, null, 2) : toYaml(graph),
    );
  }
}

function timeRun(args: readonly string[]): { ms: number; status: number | null; stdout: string; stderr: string } {
  const start = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/run.js'), ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { ms: performance.now() - start, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function validateSection(): ValidateOutcome[] {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-validate-bench-'));
  try {
    writeCorpus(dir, VALIDATE_FILES);
    const variants: { label: string; extra: string[] }[] = [
      { label: `validate ${count(VALIDATE_FILES)} files (default: one thread)`, extra: [] },
      {
        label: `validate ${count(VALIDATE_FILES)} files (-j ${os.availableParallelism()})`,
        extra: ['-j', String(os.availableParallelism())],
      },
    ];
    const outcomes = variants.map(({ label, extra }) => {
      const args = ['validate', dir, '--max-slots', '64', '--max-parallelism', '32', '--format', 'json', ...extra];
      timeRun(args);
      const runs = [timeRun(args), timeRun(args), timeRun(args)];
      const last = runs[runs.length - 1]!;
      let findings: number | undefined;
      try {
        findings = (JSON.parse(last.stdout) as { summary: { errors: number; warnings: number; infos: number } }).summary.errors;
      } catch {
        findings = undefined;
      }
      return { label, times: runs.map((r) => r.ms), status: last.status, findings, stderr: last.stderr };
    });
    console.log(
      'validate (whole process, 1,000 generated job graphs of 5..60 vertices, half YAML, half JSON; --max-slots 64 --max-parallelism 32)',
    );
    console.log(
      table(
        ['command', 'min', 'median', 'files/s (median)', 'error findings', 'exit'],
        outcomes.map((o) => [
          o.label,
          ms(Math.min(...o.times)),
          ms(median(o.times)),
          count(Math.round(VALIDATE_FILES / (median(o.times) / 1000))),
          count(o.findings),
          String(o.status),
        ]),
      ),
    );
    for (const o of outcomes)
      if (o.status !== 1)
        console.log(`! ${o.label}: expected exit 1 (the corpus has findings), got ${o.status}: ${o.stderr.split('\n')[0]}`);
    console.log('');
    return outcomes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function validateTargetRows(outcomes: readonly ValidateOutcome[]): string[][] {
  const first = outcomes[0];
  if (first === undefined) return [];
  const rate = VALIDATE_FILES / (median(first.times) / 1000);
  return [
    [
      `validate ${count(VALIDATE_FILES)} files, whole process (files/s, median)`,
      `≥ ${count(VALIDATE_TARGET_FILES_PER_S)}`,
      count(Math.round(rate)),
      rate >= VALIDATE_TARGET_FILES_PER_S ? 'met' : 'MISSED',
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outcomes = validateSection();
  console.log(table(['target', 'limit', 'measured', 'verdict'], validateTargetRows(outcomes)));
}
