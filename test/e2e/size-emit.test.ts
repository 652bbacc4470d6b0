/**
 * `flinkslot size --emit` (issue 16 §4): a FlinkDeployment or flink-conf.yaml keys to deploy, and
 * both read back as the same TaskManager: `memory` derives the same resources, `simulate
 * --cluster` on the FlinkDeployment meets the requirements with its replicas and not with one fewer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const CONF = 'fixtures/config/flink-conf.yaml';
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-emit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const save = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const totalOf = (file: string, ...args: string[]): unknown =>
  (JSON.parse(runCli(['memory', file, '--json', ...args]).stdout) as { taskManagerTotalResource: unknown }).taskManagerTotalResource;

describe('size --emit flinkdeployment', () => {
  const size = () => runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flinkdeployment']);

  it('writes a standalone FlinkDeployment of N replicas: what was proven in its header, the placeholders in comments', () => {
    const run = size();
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      [
        '# Written by flinkslot size: 3 TaskManager(s) of 4 slot(s), Flink 1.20.',
        '# Proven by the embedded fine-grained SlotManager: on 3 every requirement is met, on 2 it is partly-met.',
        '# job wordcount: largest vertex parallelism 8',
        '# Note: with taskManager.replicas the operator sets parallelism.default to 3 × 4 = 12, not job.parallelism 8; it changes only the operators that set no parallelism of their own.',
        "# Note: the job graph's vertices run at different parallelisms, and parallelism.default 12 reaches only the vertices that set none of their own: if the job was built with parallelism.default 8, these set their own and keep it: Python UDF at 2; Source: Kafka, Sink: Kafka at 4.",
        'apiVersion: flink.apache.org/v1beta1',
        'kind: FlinkDeployment',
        'metadata:',
        '  name: wordcount  # placeholder: your deployment’s name',
        'spec:',
        '  image: flink:1.20  # placeholder: an image with your job’s jar (flinkslot sized the release only)',
        '  flinkVersion: v1_20',
        '  serviceAccount: flink  # placeholder: the operator’s default account; yours if you use another',
        '  mode: standalone',
        '  flinkConfiguration:',
        "    taskmanager.cpu.cores: '4'",
        "    taskmanager.numberOfTaskSlots: '4'",
        '  jobManager:  # placeholder: not sized by flinkslot',
        '    resource:',
        '      memory: 1600m',
        '      cpu: 1',
        '  taskManager:',
        '    replicas: 3',
        '    resource:',
        '      memory: 1728m',
        '      cpu: 4',
        '  job:',
        '    jarURI: local:///opt/flink/usrlib/wordcount.jar  # placeholder: your job’s jar',
        '    parallelism: 8',
        '    upgradeMode: stateless  # placeholder: savepoint or last-state for a job with state (with state.savepoints.dir / checkpoints)',
        '',
      ].join('\n'),
    );
  });

  it('vertices at 4/8/8 and parallelism.default = 2 × 4 = 8: the header names the vertices it would not touch', () => {
    const run = runCli(['size', 'fixtures/jobs/keyed-window.yaml', '--tm-config', CONF, '--slots', '4', '--emit', 'flinkdeployment']);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').slice(2, 5)).toEqual([
      '# job clicks-per-user: largest vertex parallelism 8',
      "# Note: the job graph's vertices run at different parallelisms, and parallelism.default 8 reaches only the vertices that set none of their own: if the job was built with parallelism.default 8, these set their own and keep it: Source: Kafka clicks at 4.",
      'apiVersion: flink.apache.org/v1beta1',
    ]);
  });

  it('docs/commands/size.md shows what it writes', () => {
    const args = ['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flinkdeployment'];
    expect(readFileSync('docs/commands/size.md', 'utf8')).toContain(`$ npx flinkslot ${args.join(' ')}\n${size().stdout}`);
  });

  it('round-trips: memory derives the same TaskManager, simulate meets on N and not on N - 1', () => {
    const emitted = save('deployment.yaml', size().stdout);
    const sized = JSON.parse(runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--json']).stdout) as { taskManager: unknown };
    expect(totalOf(emitted)).toEqual(sized.taskManager);
    expect(runCli(['simulate', '--cluster', emitted, WORDCOUNT]).status).toBe(0);
    const fewer = save('fewer.yaml', readFileSync(emitted, 'utf8').replace('replicas: 3', 'replicas: 2'));
    expect(runCli(['simulate', '--cluster', fewer, WORDCOUNT]).status).toBe(1);
  });

  it('a FlinkDeployment as the shape round-trips too', () => {
    const shape = 'fixtures/clusters/flink-deployment-max-slots.yaml';
    const run = runCli(['size', WORDCOUNT, '--tm-config', shape, '--emit', 'flinkdeployment']);
    expect(run.status).toBe(0);
    expect(totalOf(save('from-deployment.yaml', run.stdout))).toEqual(totalOf(shape));
  });
});

describe('size --emit flink-conf', () => {
  it('writes the answer into the --tm-config file: only the slots line changes; memory and size read it back the same', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flink-conf']);
    expect(run.status).toBe(0);
    const source = readFileSync(CONF, 'utf8');
    expect(run.stdout).toBe(source.replace('\ntaskmanager.numberOfTaskSlots: 1\n', '\ntaskmanager.numberOfTaskSlots: 4\n'));
    expect(run.stdout).not.toBe(source);
    expect(run.stderr).toBe(
      [
        `flinkslot size: 3 TaskManager(s) of 4 slot(s), proven by the embedded fine-grained SlotManager; 1 change(s) to ${CONF}:`,
        `--- ${CONF}`,
        `+++ ${CONF} (patched)`,
        '@@ -91 +91 @@',
        '-taskmanager.numberOfTaskSlots: 1',
        '+taskmanager.numberOfTaskSlots: 4',
        '',
      ].join('\n'),
    );
    const emitted = save('flink-conf.yaml', run.stdout);
    expect(totalOf(emitted, '--flink-version', '1.20')).toEqual(
      totalOf(CONF, '--flink-version', '1.20', '--set', 'taskmanager.numberOfTaskSlots=4'),
    );
    const again = JSON.parse(runCli(['size', WORDCOUNT, '--tm-config', emitted, '--json']).stdout) as { taskManagers: number };
    expect(again.taskManagers).toBe(3);
  });

  it('from a FlinkDeployment shape (no configuration file to write into): the keys alone', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', 'fixtures/clusters/flink-deployment-max-slots.yaml', '--emit', 'flink-conf']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const keys = run.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(keys.every((l) => /^taskmanager\.[\w.-]+: /.test(l))).toBe(true);
    const sized = JSON.parse(
      runCli(['size', WORDCOUNT, '--tm-config', 'fixtures/clusters/flink-deployment-max-slots.yaml', '--json']).stdout,
    ) as { slotsPerTaskManager: number };
    expect(keys).toContain(`taskmanager.numberOfTaskSlots: '${sized.slotsPerTaskManager}'`);
  });

  it('--base: a configuration with keys flinkslot does not use (external resources, custom keys) keeps them and its comments', () => {
    const base = save(
      'gpu-conf.yaml',
      [
        '# my cluster',
        'taskmanager.memory.process.size: 2048m',
        'taskmanager.numberOfTaskSlots: 2',
        'external-resources: gpu',
        'external-resource.gpu.amount: 1',
        '# the driver',
        'external-resource.gpu.driver-factory.class: org.apache.flink.externalresource.gpu.GPUDriverFactory',
        'my.custom.key: 1',
        '',
      ].join('\n'),
    );
    const run = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flink-conf', '--base', base]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      readFileSync(base, 'utf8')
        .replace('process.size: 2048m', 'process.size: 1728m')
        .replace('numberOfTaskSlots: 2', 'numberOfTaskSlots: 4'),
    );
  });
});

describe('size --emit flinkdeployment --base', () => {
  const BASE = 'fixtures/real/48-operator-checkpoint-ha-native-savepoint-flat-v1_20/flink-deployment.yaml';

  it('writes a flink-conf.yaml shape into a FlinkDeployment: its resources become the shape’s, and read back the same', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flinkdeployment', '--base', BASE, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { taskManager: unknown; emitted: { text: string; changes: { path: string; to: string }[] } };
    expect(report.emitted.changes).toEqual([
      { path: '/spec/taskManager/resource/memory', from: '2048m', to: '1728m' },
      { path: '/spec/flinkConfiguration/taskmanager.numberOfTaskSlots', from: '2', to: '4' },
      { path: '/spec/taskManager/resource/cpu', from: '1', to: '4' },
    ]);
    expect(totalOf(save('based.yaml', report.emitted.text))).toEqual(report.taskManager);
  });

  // job.parallelism is Flink's parallelism.default: it sets only operators without their own.
  const KEYED = 'fixtures/jobs/keyed-window.yaml';
  const emitInto = (job: string, parallelism: number) => {
    const base = save(
      `native-p${parallelism}.yaml`,
      readFileSync(BASE, 'utf8').replace('    parallelism: 2\n', `    parallelism: ${parallelism}\n`),
    );
    const run = runCli(['size', job, '--tm-config', base, '--slots', '4', '--emit', 'flinkdeployment', '--json']);
    expect(run.status).toBe(0);
    return {
      base,
      emitted: (JSON.parse(run.stdout) as { emitted: { text: string; changes: { path: string }[]; notes: string[] } }).emitted,
    };
  };

  it('native, job.parallelism 4 and vertices at 4/8/8: job.parallelism stays 4, and the notes say why', () => {
    const { base, emitted } = emitInto(KEYED, 4);
    expect(emitted.changes.map((c) => c.path)).toEqual(['/spec/flinkConfiguration/taskmanager.numberOfTaskSlots']);
    expect(emitted.text).toBe(
      readFileSync(base, 'utf8').replace('taskmanager.numberOfTaskSlots: "2"', 'taskmanager.numberOfTaskSlots: "4"'),
    );
    expect(emitted.notes).toContain(
      "job.parallelism 4 kept: it is Flink's parallelism.default, which sets only the operators without a parallelism of their own, and the job graph sized runs its vertices at different parallelisms (Source: Kafka clicks at 4; TumblingEventTimeWindows -> Count, KeyedProcess: dedup -> Sink: Kafka at 8)",
    );
  });

  it('native, every vertex at 8 and job.parallelism 4: job.parallelism becomes 8', () => {
    const uniform = save('uniform.yaml', readFileSync(KEYED, 'utf8').replace('parallelism: 4', 'parallelism: 8'));
    const { emitted } = emitInto(uniform, 4);
    expect(emitted.changes.map((c) => c.path)).toEqual(['/spec/flinkConfiguration/taskmanager.numberOfTaskSlots', '/spec/job/parallelism']);
    expect(emitted.text).toContain('    parallelism: 8\n');
    expect(emitted.notes).toContain('job.parallelism 4 → 8: every vertex of the job graph sized runs at 8');
  });

  it('a base of another kind, or a FlinkDeployment without a spec, is refused', () => {
    const graph = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--emit', 'flinkdeployment', '--base', WORDCOUNT]);
    expect([graph.status, graph.stderr]).toEqual([
      2,
      `error --base ${WORDCOUNT} is a job graph: --emit flinkdeployment writes the answer into a FlinkDeployment [size/emit-base]\n`,
    ]);
    const deployment = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--emit', 'flink-conf', '--base', BASE]);
    expect(deployment.stderr).toBe(
      `error --base ${BASE} is a flink deployment: --emit flink-conf writes the answer into a Flink configuration (flink-conf.yaml or config.yaml) [size/emit-base]\n`,
    );
    const empty = save('no-spec.yaml', 'apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: x\n');
    const noSpec = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--emit', 'flinkdeployment', '--base', empty]);
    expect([noSpec.status, noSpec.stderr]).toEqual([
      2,
      `error ${empty} has no FlinkDeployment with a spec to write the answer into [size/emit-base]\n`,
    ]);
  });

  it('--base without --emit is a usage error', () => {
    expect(runCli(['size', WORDCOUNT, '--tm-config', CONF, '--base', BASE]).status).toBe(2);
  });
});

describe('size --emit refusals', () => {
  it('a shape given as resources has no configuration to emit', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', 'fixtures/clusters/standalone-4x4.yaml', '--emit', 'flink-conf']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'error this shape is given as resources (defaultWorker.totalResources), not as a Flink configuration: give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment to emit one [size/emit]\n',
    ]);
  });
});

describe('size --emit --json', () => {
  it('the report with the file in `emitted`: the same text, the changed paths, the diff', () => {
    const json = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flink-conf', '--json']);
    const text = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flink-conf']);
    const report = JSON.parse(json.stdout) as {
      taskManagers: number;
      emitted: { base: string; text: string; changes: unknown[]; diff: string };
    };
    expect(report.taskManagers).toBe(3);
    expect(report.emitted.base).toBe(CONF);
    expect(report.emitted.text).toBe(text.stdout);
    expect(report.emitted.changes).toEqual([{ path: '/taskmanager.numberOfTaskSlots', from: '1', to: '4' }]);
    expect(text.stderr).toContain(report.emitted.diff);
  });
});
