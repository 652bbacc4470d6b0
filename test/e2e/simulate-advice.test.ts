/**
 * `simulate --cluster` on a standalone cluster the jobs do not fit says what to do (issue 16 §5):
 * how many TaskManagers like the default worker to add, proven by re-running with them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

const JOBS = ['fixtures/jobs/wordcount-streaming.yaml', 'fixtures/jobs/keyed-window.yaml'];
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-advice-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cluster = (count: number, allocation = 'standalone'): string => {
  const path = join(dir, `cluster-${allocation}-${count}.yaml`);
  writeFileSync(
    path,
    `flinkVersion: "1.20"\nresourceAllocation: ${allocation}\ndefaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}\ntaskManagers: [{id: tm, count: ${count}}]\n`,
  );
  return path;
};

describe('simulate --cluster: what to do when the jobs do not fit', () => {
  it('says how many default workers to add, and the command for a lower parallelism', () => {
    const run = runCli(['simulate', '--cluster', cluster(2), ...JOBS]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      [
        'To run every job',
        '  add 3 TaskManagers like the default worker (4 slots each, cpu 4, heap 4 GiB): met with them, not with one fewer',
        '  or lower the parallelism: `flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs',
      ].join('\n'),
    );
  });

  it('--json carries it; with 3 more the jobs run, with 2 more they do not', () => {
    const report = JSON.parse(runCli(['simulate', '--cluster', cluster(2), ...JOBS, '--json']).stdout) as {
      advice: { addTaskManagers: number };
    };
    expect(report.advice).toMatchObject({ addTaskManagers: 3, slotsPerTaskManager: 4 });
    expect(runCli(['simulate', '--cluster', cluster(5), ...JOBS]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', cluster(4), ...JOBS]).status).toBe(1);
  });

  it('no advice when the jobs fit, or when the ResourceManager starts workers itself', () => {
    expect(JSON.parse(runCli(['simulate', '--cluster', cluster(5), ...JOBS, '--json']).stdout)).not.toHaveProperty('advice');
    const active = JSON.parse(runCli(['simulate', '--cluster', cluster(0, 'active'), ...JOBS, '--json']).stdout) as object;
    expect(active).not.toHaveProperty('advice');
  });

  it('one job: also the highest parallelism of its widest vertex that runs, checked by simulate (the README example)', () => {
    // fixtures/clusters/two-taskmanagers.yaml is cluster(2) as a file, for the README to run as written.
    const fixture = 'fixtures/clusters/two-taskmanagers.yaml';
    expect(load(readFileSync(fixture, 'utf8'))).toMatchObject(load(readFileSync(cluster(2), 'utf8')) as object);
    const run = runCli(['simulate', '--cluster', fixture, JOBS[0]!]);
    expect(readFileSync('README.md', 'utf8')).toContain(`$ npx flinkslot simulate --cluster ${fixture} ${JOBS[0]!}\n${run.stdout}`);
    expect(run.stdout).toContain(
      [
        'To run every job',
        '  add 1 TaskManager like the default worker (4 slots each, cpu 4, heap 4 GiB): met with them, not with one fewer',
        "  or lower vertex 'window' to parallelism 6 (from 8): met at 6, not at 7",
      ].join('\n'),
    );
    const json = JSON.parse(runCli(['simulate', '--cluster', cluster(2), JOBS[0]!, '--json']).stdout) as { lowerParallelism: unknown };
    expect(json.lowerParallelism).toEqual({ vertex: 'window', parallelism: 6, current: 8 });
    const at = (p: number): string => {
      const path = join(dir, `wordcount-window-${p}.yaml`);
      const text = readFileSync(JOBS[0]!, 'utf8')
        .replace('parallelism: 8', `parallelism: ${p}`)
        .replace(/^\$schema:.*\n/m, '');
      writeFileSync(path, text);
      return path;
    };
    expect(runCli(['simulate', '--cluster', cluster(2), at(6)]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', cluster(2), at(7)]).status).toBe(1);
  });
});
