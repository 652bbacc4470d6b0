/**
 * The CPU of an operator FlinkDeployment in standalone mode, end to end on the operator's own
 * examples (fixtures/real/40, 49): `taskManager.resource(s)` CPU is only the pod's request there
 * (flink-kubernetes-standalone/.../StandaloneKubernetesTaskManagerParameters.getCpu), the operator
 * sets no taskmanager.cpu.cores, so the TaskManager registers one core per slot. memory and
 * simulate --cluster say so in the operator's fields, never "set execution.target" (the operator
 * sets it), and the TaskManager they compute has Flink's CPU. Another target's CPU key in a
 * configuration gets a note naming only the ways to set the target that exist where it is shown.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const BASIC = 'fixtures/real/40-operator-basic-reactive-standalone-1.20-2-slots-p2/flink-deployment.yaml';
const REQUESTS = 'fixtures/real/49-operator-reactive-standalone-savepoint-v2_2/flink-deployment.yaml';
const JOB = 'fixtures/real/25-rest-job-details-1.15-state-machine-p2-hash/job-details.json';
const NOTE = (field: string): string =>
  `${field} 1 is the pod's CPU request; in standalone mode the TaskManager counts its 2 slots as 2 cores (set taskmanager.cpu.cores: 1 in flinkConfiguration to match)`;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-standalone-cpu-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface MemoryJson {
  notes: string[];
  cpu: { cores: number; source: string };
  taskManagerTotalResource: { cpuCores: number };
}

function memoryJson(file: string): MemoryJson {
  const run = runCli(['memory', file, '--json']);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as MemoryJson;
}

describe('memory on a standalone-mode FlinkDeployment', () => {
  it.each([
    [BASIC, 'taskManager.resource.cpu'],
    [REQUESTS, 'taskManager.resources.requests.cpu'],
  ])("%s: the note in the operator's terms, and the CPU Flink registers (2 slots → 2 cores)", (file, field) => {
    const report = memoryJson(file);
    expect(report.notes).toContain(NOTE(field));
    expect(report.notes.join('\n')).not.toContain('execution.target');
    expect(report.notes.join('\n')).not.toContain('--target');
    expect(report.cpu).toEqual({ cores: 2, source: 'taskmanager.numberOfTaskSlots' });
    expect(report.taskManagerTotalResource.cpuCores).toBe(2);
  });

  it('following the advice (taskmanager.cpu.cores: 1) registers the requested core, and the note is gone', () => {
    const fixed = join(dir, 'cores.yaml');
    const source = readFileSync(join(ROOT, BASIC), 'utf8');
    writeFileSync(
      fixed,
      source.replace(
        '    taskmanager.numberOfTaskSlots: "2"\n',
        '    taskmanager.numberOfTaskSlots: "2"\n    taskmanager.cpu.cores: "1"\n',
      ),
    );
    const report = memoryJson(fixed);
    expect(report.cpu).toEqual({ cores: 1, source: 'taskmanager.cpu.cores' });
    expect(report.notes.join('\n')).not.toContain("pod's CPU request");
  });

  it('in native mode the same field is the Kubernetes option Flink reads: no note, the CPU is the request', () => {
    const native = join(dir, 'native.yaml');
    writeFileSync(native, readFileSync(join(ROOT, BASIC), 'utf8').replace('  mode: standalone\n', '  mode: native\n'));
    const report = memoryJson(native);
    expect(report.cpu).toEqual({ cores: 1, source: 'kubernetes.taskmanager.cpu.amount' });
    expect(report.notes.join('\n')).not.toContain("pod's CPU request");
  });
});

describe('simulate --cluster on a standalone-mode FlinkDeployment', () => {
  it('the same note, no execution.target or cluster-file advice, TaskManagers of 2 cores', () => {
    const run = runCli(['simulate', '--cluster', BASIC, JOB, '--json']);
    expect(run.status, run.stderr).toBe(0);
    const text = runCli(['simulate', '--cluster', BASIC, JOB]).stdout;
    expect(text).toContain(`note: ${NOTE('taskManager.resource.cpu')}\n`);
    expect(text).not.toContain('execution.target');
    expect(text).not.toContain('deploymentTarget');
    const report = JSON.parse(run.stdout) as {
      taskManagers: { total: { cpuCores: number }; slots: unknown[] }[];
      notes: { code: string; message: string; location: { line: number } }[];
    };
    expect(report.taskManagers.map((tm) => [tm.total.cpuCores, tm.slots.length])).toEqual([[2, 2]]);
    const cpu = report.notes.filter((n) => n.code === 'deployment/cpu' || n.code === 'config/other-target');
    expect(cpu.map((n) => [n.code, n.message, n.location.line])).toEqual([['deployment/cpu', NOTE('taskManager.resource.cpu'), 23]]);
  });
});

describe("another target's CPU key: the note names only the ways to set the target that the command has", () => {
  // A configuration with Flink's keys and others (issue 25 §1), kubernetes.taskmanager.cpu among them, no execution.target.
  const CONFIG = 'fixtures/config/custom-keys.yaml';
  const IGNORED =
    "'kubernetes.taskmanager.cpu' (deprecated since Flink 1.17: the key is now 'kubernetes.taskmanager.cpu.amount') is read only when TaskManagers run on Kubernetes; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application)";
  const noteLine = (out: string): string => out.split('\n').find((l) => l.includes("'kubernetes.taskmanager.cpu'")) ?? '';

  it('memory has --target: it is offered', () => {
    const run = runCli(['memory', CONFIG, '--flink-version', '1.20']);
    expect(run.status, run.stderr).toBe(0);
    expect(noteLine(run.stdout)).toBe(`  note ${IGNORED}, or give memory --target kubernetes`);
  });

  it.each([
    [['size', JOB, '--tm-config', CONFIG]],
    [['plan', JOB, '--tm-config', CONFIG]],
    [['validate', JOB, '--tm-config', CONFIG]],
    [['simulate', '--cluster', CONFIG, JOB]],
  ])('%j has no --target: execution.target only', (args) => {
    const run = runCli([...args, '--flink-version', '1.20']);
    const line = noteLine(run.stdout + run.stderr);
    expect(line).toContain(IGNORED);
    expect(line).not.toContain('--target');
    expect(line).not.toContain('deploymentTarget');
  });

  it("a standalone manifest's TaskManagers are its own pods: no way to name another target is offered", () => {
    const manifest = join(dir, 'manifest.yaml');
    const source = readFileSync(join(ROOT, 'fixtures/real/23-k8s-standalone-1.18-configmap-2048m-4-slots/flink-deployment.yaml'), 'utf8');
    writeFileSync(
      manifest,
      source.replace(
        '    taskmanager.numberOfTaskSlots: 4\n',
        '    taskmanager.numberOfTaskSlots: 4\n    kubernetes.taskmanager.cpu.amount: 2\n',
      ),
    );
    const NOTE =
      "'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes; the deployment target here is standalone, so it is ignored";
    const memory = runCli(['memory', manifest]).stdout;
    expect(memory).toContain(`  note ${NOTE}\n`);
    expect(memory).toContain('CPU: 4 from taskmanager.numberOfTaskSlots (deployment target standalone)');
    expect(runCli(['simulate', '--cluster', manifest, JOB]).stdout).toContain(`note: ${NOTE}\n`);
  });

  it('a flinkslot cluster file: its deploymentTarget, and execution.target only while the file sets no deploymentTarget', () => {
    const cluster = (extra: string): string => {
      const file = join(dir, `cluster${extra === '' ? '' : '-target'}.yaml`);
      writeFileSync(
        file,
        `flinkVersion: "1.20"\n${extra}resourceAllocation: standalone\ndefaultWorker:\n  flinkConfiguration:\n    taskmanager.memory.process.size: 2g\n    kubernetes.taskmanager.cpu.amount: 3\ntaskManagers:\n  - id: tm\n    count: 1\n`,
      );
      return file;
    };
    const HEAD =
      "'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes; the deployment target here is standalone";
    const open = runCli(['simulate', '--cluster', cluster(''), JOB]).stdout;
    expect(open).toContain(
      `note: ${HEAD} (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application), or set the cluster file's deploymentTarget: kubernetes\n`,
    );
    const fixed = runCli(['simulate', '--cluster', cluster('deploymentTarget: standalone\n'), JOB]).stdout;
    expect(fixed).toContain(`note: ${HEAD}, so it is ignored: set the cluster file's deploymentTarget: kubernetes\n`);
  });
});
