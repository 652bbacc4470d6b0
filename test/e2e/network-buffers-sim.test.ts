/**
 * Network buffers in `simulate`, `validate` and `size` (issue 26 §1), through the built CLI: the p = 200
 * all-to-all job of docs/research/network-buffers.md §6.2 on TaskManagers of Flink's shipped 1728m
 * configuration with 4 slots (N = 4096, each fully used TaskManager requires 4752): the job holds its
 * slots and fails at deployment with Flink's message; the fix flinkslot proposes makes it run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const JOB = 'fixtures/network/job-p200.yaml';
const CLUSTER = 'fixtures/network/cluster-1728m-4-slots-x50.yaml';
const CONFIG = 'fixtures/network/tm-1728m-4-slots.yaml';
const FLINK =
  "Insufficient number of network buffers: required 2, but only 0 available. The total number of network buffers is currently set to 4096 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.";

const schema = (name: string): object => JSON.parse(readFileSync(join(ROOT, `schemas/${name}`), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
ajv.addSchema(schema('size.schema.json'));
const validSimulation = ajv.compile(schema('simulation.schema.json'));
const validSize = ajv.getSchema('size.schema.json')!;
const validSearch = ajv.compile(schema('size-search.schema.json'));

interface TaskManagerJson {
  id: string;
  networkBuffers?: { total: number; required: number; fits: boolean };
}
interface SimulationJson {
  verdict: string;
  jobs: { id: string; verdict: string; networkBuffers?: Record<string, unknown> }[];
  taskManagers: TaskManagerJson[];
  networkAdvice?: { buffers: number; networkMemory: string; keys?: Record<string, string>; slotsPerTaskManager?: number };
}

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-network-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const simulateJson = (cluster: string, ...jobs: string[]): { status: number | null; report: SimulationJson } => {
  const run = runCli(['simulate', ...(jobs.length === 0 ? [cluster] : ['--cluster', cluster, ...jobs]), '--json']);
  const report = JSON.parse(run.stdout) as SimulationJson;
  expect(validSimulation(report), JSON.stringify(validSimulation.errors)).toBe(true);
  return { status: run.status, report };
};

describe('simulate: the job holds its 200 slots, and every TaskManager’s pool refuses its tasks', () => {
  it('text: failing at deployment, Flink’s message, the fixes, each TaskManager’s buffers', () => {
    const run = runCli(['simulate', '--cluster', CLUSTER, JOB]);
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Simulation: failing at deployment');
    const job = lines.findIndex((l) => l.startsWith('Job rebalance-then-keyby'));
    expect(lines.slice(job, job + 12)).toEqual([
      `Job rebalance-then-keyby (${JOB}): failing at deployment`,
      '  history   submitted at 0 ms; fully met at 50 ms',
      '  requires  200 × UNKNOWN',
      '  acquired  200 × cpu 1, heap 96 MiB, managed 128 MiB, network 32 MiB',
      `  fails     on TaskManager tm-1: ${FLINK}`,
      '',
      'To run every job',
      '  give each TaskManager 149 MiB of network memory for its 4752 network buffers: taskmanager.memory.network.min: 149m; met with them',
      '  or at most 3 slots per TaskManager (taskmanager.numberOfTaskSlots: 3), with which the tasks of each TaskManager fit',
      "  or lower vertex 'source' to parallelism 118 (from 200): met at 118, not at 119",
      '',
      'TaskManagers (50)',
    ]);
    expect(lines[job + 12]).toMatch(/^ {2}tm-1: 4\/4 slots used; .*; network buffers 4752 of 4096: its tasks fail at deployment$/);
    expect(run.stdout).toContain(
      '  50 TaskManagers cannot serve the network buffers their tasks require: tm-1, tm-2, tm-3, tm-4, tm-5 and 45 more',
    );
    // docs/commands/simulate.md shows the first lines as the CLI prints them.
    expect(readFileSync(join(ROOT, 'docs/commands/simulate.md'), 'utf8')).toContain(
      `$ npx flinkslot simulate --cluster ${CLUSTER} ${JOB}\n${lines.slice(0, 16).join('\n')}\n[...]\n`,
    );
  });

  it('--json: verdict failing, the job’s refused request, every TaskManager 4752 of 4096 (schema-valid)', () => {
    const { status, report } = simulateJson(CLUSTER, JOB);
    expect(status).toBe(1);
    expect(report.verdict).toBe('failing');
    expect(report.jobs[0]!.verdict).toBe('failing');
    expect(report.jobs[0]!.networkBuffers).toEqual({
      taskManager: 'tm-1',
      required: 2,
      available: 0,
      total: 4096,
      segmentSize: 32768,
      message: FLINK,
    });
    expect(report.taskManagers).toHaveLength(50);
    expect(report.taskManagers.every((tm) => JSON.stringify(tm.networkBuffers) === '{"total":4096,"required":4752,"fits":false}')).toBe(
      true,
    );
    expect(report.networkAdvice).toEqual({
      buffers: 4752,
      networkMemory: String(149 * 1024 * 1024),
      keys: { 'taskmanager.memory.network.min': '149m' },
      slotsPerTaskManager: 3,
    });
  });

  it('the proposed network memory applied: met, every TaskManager fits', () => {
    const fixed = join(dir, 'fixed.yaml');
    writeFileSync(
      fixed,
      readFileSync(join(ROOT, CLUSTER), 'utf8')
        .replace(/^\$schema:.*\n/m, '')
        .replace(
          '    taskmanager.numberOfTaskSlots: 4\n',
          '    taskmanager.numberOfTaskSlots: 4\n    taskmanager.memory.network.min: 149m\n',
        ),
    );
    const { status, report } = simulateJson(fixed, join(ROOT, JOB));
    expect(status).toBe(0);
    expect(report.verdict).toBe('met');
    expect(report.jobs[0]!.networkBuffers).toBeUndefined();
    expect(report.taskManagers[0]!.networkBuffers).toEqual({ total: 4768, required: 4752, fits: true });
    expect(report.networkAdvice).toBeUndefined();
  });

  it('report: the page says which job fails, with Flink’s message, and which TaskManagers cannot serve their tasks', () => {
    const out = join(dir, 'report.html');
    const run = runCli(['report', '--cluster', CLUSTER, JOB, '-o', out]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('50 TaskManager(s), failing');
    const page = readFileSync(out, 'utf8');
    expect(page).toContain(`fails at deployment on tm-1: ${FLINK.replace(/'/g, '&#39;')}`);
    expect(page.split('network buffers 4752 required of 4096: its tasks fail at deployment')).toHaveLength(51);
  });

  it('jobs without a job graph (bare requirements) get no network figures', () => {
    const { report } = simulateJson('fixtures/simulate/two-jobs-standalone.yaml');
    expect(report.taskManagers.some((tm) => tm.networkBuffers !== undefined)).toBe(false);
  });
});

describe('validate: network/insufficient-buffers', () => {
  const message =
    'on fully used TaskManagers of fixtures/network/tm-1728m-4-slots.yaml (4 slots, 4096 network buffers of 32768 bytes) the most demanding one’s tasks require 4752 buffers, and Flink fails them at deployment: ' +
    FLINK +
    ' To fit, one of: taskmanager.memory.network.min: 149m (4768 buffers); taskmanager.memory.network.fraction: 0.117 (4792 buffers); taskmanager.numberOfTaskSlots: 3 (3576 buffers required); taskmanager.network.memory.buffers-per-channel: 1 (3184 buffers required).';

  it('with --tm-config: an error with Flink’s message and the fixes (JSON), in SARIF with its rule, in JUnit as a failure', () => {
    const json = runCli(['validate', JOB, '--tm-config', CONFIG, '--format', 'json']);
    expect(json.status).toBe(1);
    const findings = (JSON.parse(json.stdout) as { files: { findings: { rule: string; severity: string; message: string }[] }[] }).files[0]!
      .findings;
    expect(findings.filter((f) => f.rule === 'network/insufficient-buffers')).toEqual([
      expect.objectContaining({ rule: 'network/insufficient-buffers', severity: 'error', message }),
    ]);
    const sarif = JSON.parse(runCli(['validate', JOB, '--tm-config', CONFIG, '--format', 'sarif']).stdout) as {
      runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } } }[];
    };
    const rule = sarif.runs[0]!.tool.driver.rules.find((r) => r.id === 'network/insufficient-buffers');
    expect(rule?.shortDescription.text).toContain('Insufficient number of network buffers');
    const junit = runCli(['validate', JOB, '--tm-config', CONFIG, '--format', 'junit']).stdout;
    expect(junit).toContain('<failure type="network/insufficient-buffers"');
  });

  it('with --cluster: where the cluster places the job', () => {
    const run = runCli(['validate', JOB, '--cluster', CLUSTER]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `network/insufficient-buffers  on the cluster ${CLUSTER}, TaskManager tm-1 cannot serve the network buffers of the job's tasks placed there, and Flink fails them at deployment: ${FLINK}`,
    );
  });

  it('a job that fits has no such finding', () => {
    const run = runCli(['validate', 'fixtures/jobs/wordcount-streaming.yaml', '--tm-config', CONFIG]);
    expect(run.stdout).not.toContain('network/insufficient-buffers');
  });
});

describe('size: a shape whose TaskManagers cannot serve the buffers is rejected', () => {
  it('one shape: the count of slots, then rejected with Flink’s numbers; exit 1; JSON rejections (schema-valid)', () => {
    const text = runCli(['size', JOB, '--tm-config', CONFIG]);
    expect(text.status).toBe(1);
    expect(text.stdout.split('\n').slice(0, 4)).toEqual([
      'Rejected: job rebalance-then-keyby fails at deployment: the tasks on TaskManager tm-1 require 4752 network buffers, its pool has 4096',
      `  Flink: ${FLINK}`,
      '',
      '50 TaskManagers of 4 slots each (Flink 1.18, fine-grained SlotManager)',
    ]);
    const json = runCli(['size', JOB, '--tm-config', CONFIG, '--json']);
    const report = JSON.parse(json.stdout) as { rejections?: unknown[] };
    expect(validSize(report), JSON.stringify(validSize.errors)).toBe(true);
    expect(report.rejections).toEqual([
      { kind: 'network-buffers', job: 'rebalance-then-keyby', taskManager: 'tm-1', required: 4752, total: 4096, message: FLINK },
    ]);
  });

  it('--emit of a rejected shape: size/network-buffers, nothing emitted', () => {
    const run = runCli(['size', JOB, '--tm-config', CONFIG, '--emit', 'flink-conf']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'error the TaskManagers of this shape cannot serve the network buffers their tasks require, so there is nothing to emit: job rebalance-then-keyby requires 4752 network buffers on TaskManager tm-1, whose pool has 4096 [size/network-buffers]',
    );
  });

  it('--search: such shapes are not possible, with the reason; the ranked ones fit', () => {
    const run = runCli(['size', JOB, '--search', '--tm-memory', '1728m', '--slot-range', '2..4', '-j', '1', '--json']);
    const report = JSON.parse(run.stdout) as { shapes: { slotsPerTaskManager: number }[]; refused: { count: number; reason: string }[] };
    expect(validSearch(report), JSON.stringify(validSearch.errors)).toBe(true);
    expect(report.shapes.map((s) => s.slotsPerTaskManager).sort()).toEqual([2, 3]);
    expect(report.refused).toEqual([
      {
        count: 1,
        reason:
          'the slots suffice, but each TaskManager cannot serve the network buffers its tasks require: Flink fails them at deployment with "Insufficient number of network buffers" (more network memory per TaskManager, or fewer slots)',
      },
    ]);
  });
});
