/**
 * `flinkslot report` benchmark (issue 17 §4), whole process: a 200-vertex job (the generator's
 * random graph: every vertex fed from two earlier ones anywhere before it, blocking edges, three
 * slot sharing groups: the worst case for a layered layout, long edges everywhere) on a cluster of
 * 100 TaskManagers, target ≤ 1 s, and the page's size, target < 2 MB. Also the same job collapsed
 * (--max-vertices 120). Inputs go to a temp dir.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, ms, table } from './format.js';
import { randomJobGraph } from './generate.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TIME_TARGET_MS = 1000;
const SIZE_TARGET_BYTES = 2 * 1024 * 1024;

export interface ReportOutcome {
  readonly label: string;
  readonly times: number[];
  readonly status: number | null;
  readonly bytes: number;
}

/** 100 TaskManagers of 16 slots: the job's groups with resources need fine-grained slots cut from them. */
export function writeReportInputs(dir: string): { job: string; cluster: string } {
  const job = join(dir, 'two-hundred-vertices.json');
  writeFileSync(job, JSON.stringify(randomJobGraph(200, 17)));
  const cluster = join(dir, 'hundred-tms.yaml');
  writeFileSync(
    cluster,
    [
      'flinkVersion: "1.20"',
      'resourceAllocation: standalone',
      'defaultWorker:',
      '  totalResources: {cpuCores: 16, taskHeapMemory: 16g, taskOffHeapMemory: 1g, managedMemory: 8g, networkMemory: 1g}',
      '  numberOfTaskSlots: 16',
      'taskManagers:',
      '  - {id: tm, count: 100}',
      '',
    ].join('\n'),
  );
  return { job, cluster };
}

function timeReport(label: string, args: string[], out: string, runs: number): ReportOutcome {
  const run = () => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['bin/run.js', 'report', ...args, '-o', out], { cwd: ROOT, encoding: 'utf8' });
    return { ms: performance.now() - t0, status: r.status };
  };
  run();
  const timed = Array.from({ length: runs }, run);
  return { label, times: timed.map((t) => t.ms), status: timed.at(-1)!.status, bytes: statSync(out, { throwIfNoEntry: false })?.size ?? 0 };
}

export function reportSection(): ReportOutcome[] {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-report-bench-'));
  try {
    const { job, cluster } = writeReportInputs(dir);
    const out = join(dir, 'report.html');
    const outcomes = [
      timeReport('report: 200 vertices, 100 TaskManagers', [job, '--cluster', cluster], out, 5),
      timeReport('report: the same, collapsed (--max-vertices 120)', [job, '--cluster', cluster, '--max-vertices', '120'], out, 5),
    ];
    console.log('report (whole process, written to a file; generated 200-vertex job, 100 TaskManagers of 16 slots)');
    console.log(
      table(
        ['command', 'min', 'median', 'page', 'exit'],
        outcomes.map((o) => [
          o.label,
          ms(Math.min(...o.times)),
          ms(median(o.times)),
          `${(o.bytes / 1024).toFixed(0)} KiB`,
          String(o.status),
        ]),
      ),
    );
    console.log('');
    return outcomes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportTargetRows(outcomes: readonly ReportOutcome[]): string[][] {
  return outcomes.flatMap((o) => [
    [
      `${o.label} (median)`,
      `≤ ${ms(TIME_TARGET_MS)}`,
      ms(median(o.times)),
      o.status === 0 && median(o.times) <= TIME_TARGET_MS ? 'met' : 'MISSED',
    ],
    [
      `${o.label}: page size`,
      '< 2 MB',
      `${(o.bytes / 1024).toFixed(0)} KiB`,
      o.status === 0 && o.bytes < SIZE_TARGET_BYTES ? 'met' : 'MISSED',
    ],
  ]);
}
