/**
 * GPUs end to end (issue 25 §1): a TaskManager configuration's external resources are shown by
 * `memory`, met by `simulate` only on TaskManagers that have them, sized by `size` (with a clear
 * refusal when the configuration has none) and carried by `--emit`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const JOB = 'fixtures/gpu/gpu-inference.yaml';
const MEMORY = 'taskmanager.memory.process.size: 4g\ntaskmanager.numberOfTaskSlots: 4\n';
const GPU = 'external-resources: gpu\nexternal-resource.gpu.amount: 1\nexternal-resource.gpu.kubernetes.config-key: nvidia.com/gpu\n';
const compile = (schema: string) =>
  new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
    JSON.parse(readFileSync(join(ROOT, 'schemas', schema), 'utf8')) as object,
  );

let dir: string;
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-gpu-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memory: external resources of the TaskManager and of each slot', () => {
  it('text and --json (valid against schemas/memory.schema.json)', () => {
    const config = file(
      'gpu-3.yaml',
      'taskmanager.memory.process.size: 4g\ntaskmanager.numberOfTaskSlots: 2\nexternal-resources: gpu\nexternal-resource.gpu.amount: 3\n',
    );
    const text = runCli(['memory', config, '--flink-version', '1.20']);
    expect(text.stdout).toContain('TaskManager resources: cpu 2, heap 1.4 GiB, managed 1.3 GiB, network 343 MiB, gpu 3\n');
    expect(text.stdout).toContain('Slots: 2 × cpu 1, heap 729.6 MiB, managed 686.1 MiB, network 171.5 MiB, gpu 1.5\n');
    expect(text.stdout).toContain('External resources: gpu 3 per TaskManager; divided among the slots above\n');
    const run = runCli(['memory', config, '--flink-version', '1.20', '--json']);
    const report = JSON.parse(run.stdout);
    expect(compile('memory.schema.json')(report)).toBe(true);
    expect(report.externalResources).toEqual([{ name: 'gpu', amount: 3, inResourceProfile: true }]);
    expect(report.defaultSlotResourceProfile.extendedResources).toEqual({ gpu: 1.5 });
  });

  it('an amount Flink cannot read is refused at the key, exit 2', () => {
    const config = file('bad.yaml', `${MEMORY}external-resources: gpu\nexternal-resource.gpu.amount: one\n`);
    const run = runCli(['memory', config]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `error ${config}:4:31 Could not parse value 'one' for key 'external-resource.gpu.amount'.\n  caused by: For input string: "one" (/external-resource.gpu.amount) [config/memory]\n`,
    );
  });
});

describe('simulate --cluster: a GPU slot is met only on a TaskManager with a free GPU', () => {
  const cluster = (gpus: boolean): string =>
    file(
      `cluster-${gpus}.yaml`,
      [
        'flinkVersion: "1.20"',
        'resourceAllocation: standalone',
        'defaultWorker:',
        '  flinkConfiguration:',
        ...(MEMORY + (gpus ? GPU : ''))
          .trim()
          .split('\n')
          .map((l) => `    ${l}`),
        'taskManagers:',
        '  - {id: tm, count: 2}',
      ].join('\n'),
    );

  it('two TaskManagers of one GPU each hold two of the three GPU slots; the third is short of gpu', () => {
    // The example of docs/commands/memory.md: fixtures/gpu/cluster-1-gpu-tms.yaml is cluster(true) as a file.
    const run = runCli(['simulate', '--cluster', 'fixtures/gpu/cluster-1-gpu-tms.yaml', JOB]);
    expect(runCli(['simulate', '--cluster', cluster(true), JOB]).stdout).toContain('acquired  2 × cpu 1, heap 256 MiB, gpu 1');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('acquired  2 × cpu 1, heap 256 MiB, gpu 1');
    expect(run.stdout).toMatch(/closest TaskManager tm-\d: gpu 0 free of 1 needed \(short by 1\)/);
    expect(run.stdout).toContain(
      'add 1 TaskManager like the default worker (4 slots each, cpu 4, heap 1.4 GiB, managed 1.3 GiB, network 343 MiB, gpu 1)',
    );
  });

  it('without GPUs in the configuration nothing is met, and the reason names the gpu dimension', () => {
    const run = runCli(['simulate', '--cluster', cluster(false), JOB]);
    expect(run.stdout).toContain('acquired  none');
    expect(run.stdout).toContain('no new worker can hold it: gpu 0 free of 1 needed (short by 1)');
  });
});

describe('size: GPU jobs size GPU TaskManagers', () => {
  it('three GPU slots on TaskManagers of one GPU: 3 of them, gpu binds (--json valid against schemas/size.schema.json)', () => {
    const tm = file('tm-gpu.yaml', MEMORY + GPU);
    const run = runCli(['size', JOB, '--tm-config', tm, '--json']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const report = JSON.parse(run.stdout);
    expect(compile('size.schema.json')(report)).toBe(true);
    expect(report.taskManagers).toBe(3);
    expect(report.bindingDimension).toBe('gpu');
    expect(report.usage.find((u: { dimension: string }) => u.dimension === 'gpu')).toEqual({
      dimension: 'gpu',
      total: 3,
      used: 3,
      unused: 0,
      utilisation: 1,
    });
    const text = runCli(['size', JOB, '--tm-config', tm]).stdout;
    expect(text).toMatch(/\n {2}gpu +3 +3 +0 +100%\n {2}binding: gpu /);
  });

  it('the example of docs/commands/memory.md: Flink’s documented GPU configuration as a file, 4 GiB and 4 slots on Kubernetes, sizes 2 TaskManagers', () => {
    const fixture = 'fixtures/gpu/tm-config-2-gpus-kubernetes.yaml';
    const real = 'fixtures/real/45-flink-docs-2.x-gpu-plugin-kubernetes-yarn/config.yaml';
    // Every line of Flink's documented configuration is in the fixture, which adds only what -D gave.
    const lines = (path: string) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'));
    expect(lines(fixture).filter((l) => !lines(real).includes(l))).toEqual([
      'execution.target: kubernetes-session',
      'taskmanager.memory.process.size: 4g',
      'taskmanager.numberOfTaskSlots: 4',
    ]);
    const tmLine = (out: string) => out.split('\n').find((l) => l.startsWith('TaskManager resources:'));
    const withFlags = runCli([
      'memory',
      real,
      '--flink-version',
      '2.2',
      '-D',
      'taskmanager.memory.process.size=4g',
      '-D',
      'taskmanager.numberOfTaskSlots=4',
      '--target',
      'kubernetes',
    ]);
    expect(tmLine(runCli(['memory', fixture, '--flink-version', '2.2']).stdout)).toBe(tmLine(withFlags.stdout));
    const run = runCli(['size', JOB, '--tm-config', fixture]);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      '2 TaskManagers of 4 slots each (Flink 1.20, fine-grained SlotManager)',
      '  TaskManager: cpu 4, heap 1.4 GiB, managed 1.3 GiB, network 343 MiB, gpu 2',
    ]);
    expect(run.stdout).toContain('  on 1 TaskManager: not-met, missing gpu-inference 1 × cpu 1, heap 256 MiB, gpu 1\n');
    expect(run.stdout).toMatch(/\n {2}gpu +4 +3 +1 +75%\n {2}binding: gpu /);
    expect(readFileSync(join(ROOT, 'docs/commands/memory.md'), 'utf8')).toContain(
      `$ npx flinkslot size ${JOB} --tm-config ${fixture}\n${run.stdout}`,
    );
  });

  it('a configuration without the GPU is refused with what to set (exit 1)', () => {
    const run = runCli(['size', JOB, '--tm-config', file('tm-none.yaml', MEMORY)]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'error no number of these TaskManagers meets the requirements: job gpu-inference asks for slots of cpu 1, heap 256 MiB, gpu 1, larger than one TaskManager of this shape; give each TaskManager at least gpu 1 (it has 0); this TaskManager configuration has no gpu: give it external-resources: gpu and external-resource.gpu.amount (per TaskManager; Flink 1.13 and later divide it among the slots) [size/never-met]\n',
    );
  });

  it('--emit flink-conf carries the external-resource keys, and memory reads the same GPUs back', () => {
    const tm = file('tm-emit.yaml', MEMORY + GPU);
    const run = runCli(['size', JOB, '--tm-config', tm, '--emit', 'flink-conf']);
    // The given file is the base: already the answer, it is printed as it is.
    expect([run.status, run.stderr]).toEqual([
      0,
      `flinkslot size: 3 TaskManager(s) of 4 slot(s), proven by the embedded fine-grained SlotManager; ${tm} needs no change\n`,
    ]);
    expect(run.stdout).toBe(MEMORY + GPU);
    const back = JSON.parse(runCli(['memory', file('emitted.yaml', run.stdout), '--json']).stdout);
    expect(back.taskManagerTotalResource.extendedResources).toEqual({ gpu: 1 });
  });

  it('--search from a GPU configuration ranks GPU shapes; without one every shape is refused for the missing gpu', () => {
    const shapes = ['--tm-memory', '2g', '--slot-range', '1..2'];
    const withGpu = runCli(['size', JOB, '--search', '--tm-config', file('base-gpu.yaml', GPU), ...shapes, '--json']);
    expect([withGpu.status, withGpu.stderr]).toEqual([0, '']);
    expect(JSON.parse(withGpu.stdout).shapes[0].size.taskManager.extendedResources).toEqual({ gpu: 1 });
    const without = runCli(['size', JOB, '--search', ...shapes]);
    expect(without.status).toBe(1);
    expect(without.stderr).toContain('this TaskManager configuration has no gpu');
  });
});

describe('Flink 1.14 to 1.17: a GPU job on the declarative SlotManager the release picks by default', () => {
  const OPTION = 'cluster.fine-grained-resource-management.enabled: true';
  const HINT =
    'a static slot (cpu 1, heap 729.6 MiB, managed 686.1 MiB, network 171.5 MiB, gpu 0.5) serves only UNKNOWN or an exactly equal profile; ' +
    'Flink 1.15 runs the declarative SlotManager unless the configuration sets cluster.fine-grained-resource-management.enabled: true, ' +
    'which carves each slot to the profile a job asks for';
  const CONFIG =
    'taskmanager.memory.process.size: 4g\ntaskmanager.numberOfTaskSlots: 2\nexternal-resources: gpu\nexternal-resource.gpu.amount: 1\n';
  const job115 = (): string =>
    file('gpu-inference-1.15.yaml', readFileSync(JOB, 'utf8').replace(/flinkVersion: .*/, 'flinkVersion: "1.15"'));

  it('size refuses it naming the option that picks the fine-grained SlotManager (exit 1)', () => {
    const run = runCli(['size', job115(), '--tm-config', file('gpu-1.15.yaml', CONFIG)]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'error no number of these TaskManagers meets the requirements: on 3 of them (one per requested slot) the jobs are still not-met ' +
        `(6 slots are free but none matches cpu 1, heap 256 MiB, gpu 1: ${HINT}) [size/never-met]\n`,
    );
  });

  it('with the option set, size sizes fine-grained GPU TaskManagers (exit 0)', () => {
    const run = runCli(['size', job115(), '--tm-config', file('gpu-1.15-fg.yaml', `${CONFIG}${OPTION}\n`), '--json']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const report = JSON.parse(run.stdout);
    expect(report.slotManager).toBe('fine-grained');
    expect(report.taskManagers).toBe(3);
    expect(report.bindingDimension).toBe('gpu');
  });

  it('simulate --cluster CONFIG explains the missing slots with the option too', () => {
    const run = runCli(['simulate', '--cluster', file('gpu-1.15-cluster.yaml', CONFIG), job115()]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`    - 2 slots are free but none matches cpu 1, heap 256 MiB, gpu 1: ${HINT}\n`);
  });

  it('a cluster that chose the declarative SlotManager (slotManager: declarative) is not told to switch', () => {
    const cluster = file(
      'declarative.yaml',
      'flinkVersion: "1.15"\nslotManager: declarative\ndefaultWorker:\n  flinkConfiguration:\n' +
        CONFIG.replace(/^/gm, '    ').trimEnd() +
        '\ntaskManagers:\n  - {id: tm, count: 1}\n',
    );
    const run = runCli(['simulate', '--cluster', cluster, job115()]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('serves only UNKNOWN or an exactly equal profile\n');
    expect(run.stdout).not.toContain('fine-grained-resource-management');
  });
});
