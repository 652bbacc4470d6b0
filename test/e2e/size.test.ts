/**
 * `flinkslot size` end to end (issue 16 §1): the least number of TaskManagers of a shape, its proof
 * (met on N, not on N - 1) and the use of each resource; the proof is checked again with
 * `simulate --cluster` on a cluster file of N and N - 1 such TaskManagers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const KEYED = 'fixtures/jobs/keyed-window.yaml';
const CONF = 'fixtures/config/flink-conf.yaml';
const validateSize = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/size.schema.json'), 'utf8')) as object,
);

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-size-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('flinkslot size JOB... --tm-config CONFIG', () => {
  it('answers with N, its proof and the idle resources (text)', () => {
    const run = runCli(['size', WORDCOUNT, KEYED, '--tm-config', CONF, '--slots', '4']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      [
        '5 TaskManagers of 4 slots each (Flink 1.20, fine-grained SlotManager)',
        '  TaskManager: cpu 4, heap 384 MiB, managed 512 MiB, network 128 MiB',
        '  slot: cpu 1, heap 96 MiB, managed 128 MiB, network 32 MiB',
        '  jobs: wordcount (10 slots), clicks-per-user (8 slots)',
        "  floor per slot: managed memory 512 MiB (flinkslot's default for managed memory: job wordcount (group 'default') uses it for keyed state in rocksdb (STATE_BACKEND); --slot-min managed=… replaces it)",
        "  warning each slot is below flinkslot's default floor for a job that uses managed memory: managed memory 128 MiB per slot, 384 MiB short of 512 MiB; sized anyway, as the shape is yours (--search rejects such shapes; --slot-min managed=… sets the floor) [size/below-default-floor]",
        '',
        'Proof (the embedded SlotManager, every job declaring at once)',
        '  on 5 TaskManagers: met',
        '  on 4 TaskManagers: partly-met, missing clicks-per-user 2 × UNKNOWN',
        '',
        'Use of the 5 TaskManagers',
        '  RESOURCE       TOTAL    USED     IDLE     USE',
        '  slots          20       18       2        90%',
        '  CPU cores      20       18       2        90%',
        '  task heap      1.9 GiB  1.7 GiB  192 MiB  90%',
        '  task off-heap  0 B      0 B      0 B      0%',
        '  managed        2.5 GiB  2.3 GiB  256 MiB  90%',
        '  network        640 MiB  576 MiB  64 MiB   90%',
        '  binding: slots (3 SlotManager runs)',
        '',
      ].join('\n'),
    );
  });

  it('--json matches schemas/size.schema.json, and simulate agrees: N met, N - 1 not', () => {
    const run = runCli(['size', WORDCOUNT, KEYED, '--tm-config', CONF, '--slots', '4', '--json']);
    const report = JSON.parse(run.stdout) as { taskManagers: number; proof: { fewer: { taskManagers: number; verdict: string } } };
    expect(validateSize(report), JSON.stringify(validateSize.errors)).toBe(true);
    expect([report.taskManagers, report.proof.fewer.taskManagers, report.proof.fewer.verdict]).toEqual([5, 4, 'partly-met']);
    const cluster = (count: number): string => {
      const path = join(dir, `cluster-${count}.yaml`);
      const config = '{taskmanager.memory.process.size: 1728m, taskmanager.numberOfTaskSlots: 4}';
      writeFileSync(
        path,
        `flinkVersion: "1.20"\nresourceAllocation: standalone\ndefaultWorker: {flinkConfiguration: ${config}}\ntaskManagers: [{id: tm, count: ${count}}]\n`,
      );
      return path;
    };
    expect(runCli(['simulate', '--cluster', cluster(5), WORDCOUNT, KEYED]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', cluster(4), WORDCOUNT, KEYED]).status).toBe(1);
  });

  it('a cluster file gives its default worker as the shape', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', 'fixtures/clusters/standalone-4x4.yaml', '--json']);
    const report = JSON.parse(run.stdout) as { taskManagers: number; slotsPerTaskManager: number; bindingDimension: string };
    expect([run.status, report.taskManagers, report.slotsPerTaskManager, report.bindingDimension]).toEqual([0, 3, 4, 'slots']);
  });

  it('requirements no number of TaskManagers can meet: exit 1, with what each TaskManager must have', () => {
    const run = runCli(['size', 'fixtures/jobs/fine-grained-flip156.yaml', '--tm-config', CONF, '--slots', '4']);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'error no number of these TaskManagers meets the requirements: job fraud-scoring asks for slots of cpu 2, heap 1 GiB, off-heap 128 MiB, managed 512 MiB, network 1.1 MiB, gpu 1, larger than one TaskManager of this shape; give each TaskManager at least task heap 1 GiB (it has 384 MiB), task off-heap 128 MiB (it has 0 B), gpu 1 (it has 0); this TaskManager configuration has no gpu: give it external-resources: gpu and external-resource.gpu.amount (per TaskManager; Flink 1.13 and later divide it among the slots) [size/never-met]\n',
    );
  });

  it('a job graph given as the shape is named in one line', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', KEYED]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${KEYED}:1:1 this is a flinkslot job graph, not a TaskManager configuration; try \`flinkslot plan ${KEYED}\` [input/wrong-kind]\n`,
    ]);
  });
});
