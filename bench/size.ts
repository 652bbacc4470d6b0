/**
 * `flinkslot size` benchmark (issue 16 §6), whole process: one shape for a 50-vertex job that
 * needs 1,000 TaskManagers (target ≤ 0.5 s), and a search over 208 shapes (13 memory sizes × 16
 * slot counts) for the same job (target ≤ 5 s on 2 cores). Inputs are generated into a temp dir.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, ms, table } from './format.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface SizeOutcome {
  readonly label: string;
  readonly times: number[];
  readonly status: number | null;
  readonly answer: string;
  readonly target: number;
}

/** 50 vertices in a chain, parallelism 4,000 then 2,000, one slot sharing group: 4,000 slots. */
function writeInputs(dir: string): { job: string; config: string } {
  const vertices = Array.from({ length: 50 }, (_, i) => `  - {id: v${i}, parallelism: ${i < 25 ? 4000 : 2000}}`);
  const edges = Array.from({ length: 49 }, (_, i) => `  - {source: v${i}, target: v${i + 1}, distribution: ALL_TO_ALL}`);
  const job = join(dir, 'fifty-vertices.yaml');
  writeFileSync(job, `name: fifty\nflinkVersion: "1.18"\nvertices:\n${vertices.join('\n')}\nedges:\n${edges.join('\n')}\n`);
  const config = join(dir, 'flink-conf.yaml');
  writeFileSync(config, 'taskmanager.memory.process.size: 4g\ntaskmanager.numberOfTaskSlots: 4\n');
  return { job, config };
}

interface SizeJson {
  readonly taskManagers?: number;
  readonly rejections?: readonly { readonly kind: string; readonly required?: number; readonly total?: number }[];
  readonly tried?: number;
  readonly shapes?: readonly { readonly taskManagers: number }[];
  readonly refused?: readonly { readonly count: number }[];
  readonly rejected?: readonly unknown[];
}

/**
 * What the run answered. Since Flink's network buffers are counted (issue 26), the 4,000-wide
 * all-to-all chain is rejected on every shape, as Flink would fail it at deployment: each subtask's
 * gate has 2,000–4,000 remote channels of 2 exclusive buffers each. The work timed is the same.
 */
function answerOf(json: SizeJson): string {
  if (json.tried === undefined) {
    const network = json.rejections?.find((r) => r.kind === 'network-buffers');
    if (network !== undefined)
      return `${json.taskManagers} TaskManagers, rejected: ${network.required} network buffers of ${network.total}`;
    return `${json.taskManagers} TaskManagers`;
  }
  const best = json.shapes?.[0];
  if (best !== undefined) return `${json.tried} shapes, best ${best.taskManagers} TaskManagers`;
  const refused = (json.refused ?? []).reduce((n, r) => n + r.count, 0) + (json.rejected?.length ?? 0);
  return `${json.tried} shapes, none runs (${refused} rejected or refused)`;
}

function timeSize(label: string, args: string[], target: number, runs: number): SizeOutcome {
  const run = () => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['bin/run.js', 'size', ...args, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ms: performance.now() - t0, status: r.status, stdout: r.stdout };
  };
  run();
  const timed = Array.from({ length: runs }, run);
  const last = timed.at(-1)!;
  let answer = `exit ${last.status}`;
  try {
    answer = answerOf(JSON.parse(last.stdout) as SizeJson);
  } catch {
    // the answer stays the exit code
  }
  return { label, times: timed.map((t) => t.ms), status: last.status, answer, target };
}

export function sizeSection(): SizeOutcome[] {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-size-bench-'));
  try {
    const { job, config } = writeInputs(dir);
    const search = ['--search', '--tm-memory', '1g..64g', '--slot-range', '1..16'];
    const outcomes = [
      timeSize('size: one shape, 50 vertices, 1,000 TaskManagers', [job, '--tm-config', config], 500, 5),
      timeSize('size --search: 208 shapes, the same job (one thread per core)', [job, ...search], 5000, 3),
      timeSize('size --search: the same on one thread (-j 1)', [job, ...search, '-j', '1'], 5000, 3),
    ];
    console.log('size (whole process, --json; generated 50-vertex job of 4,000 slots)');
    console.log(
      table(
        ['command', 'min', 'median', 'answer', 'exit'],
        outcomes.map((o) => [o.label, ms(Math.min(...o.times)), ms(median(o.times)), o.answer, String(o.status)]),
      ),
    );
    console.log('');
    return outcomes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function sizeTargetRows(outcomes: readonly SizeOutcome[]): string[][] {
  return outcomes.map((o) => [
    `${o.label} (median)`,
    `≤ ${ms(o.target)}`,
    ms(median(o.times)),
    o.status === 0 && median(o.times) <= o.target ? 'met' : 'MISSED',
  ]);
}
