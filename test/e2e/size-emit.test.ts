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

  it('writes a standalone FlinkDeployment of N replicas, with what was proven in its header', () => {
    const run = size();
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      [
        '# Written by flinkslot size: 3 TaskManager(s) of 4 slot(s), Flink 1.20.',
        '# Proven by the embedded fine-grained SlotManager: on 3 every requirement is met, on 2 it is partly-met.',
        '# job wordcount: largest vertex parallelism 8',
        'apiVersion: flink.apache.org/v1beta1',
        'kind: FlinkDeployment',
        'metadata:',
        '  name: wordcount',
        'spec:',
        '  image: flink:1.20',
        '  flinkVersion: v1_20',
        '  mode: standalone',
        '  flinkConfiguration:',
        "    taskmanager.cpu.cores: '4'",
        "    taskmanager.numberOfTaskSlots: '4'",
        '  jobManager:',
        '    resource:',
        '      memory: 1600m',
        '      cpu: 1',
        '  taskManager:',
        '    replicas: 3',
        '    resource:',
        '      memory: 1728m',
        '      cpu: 4',
        '  job:',
        '    jarURI: local:///opt/flink/usrlib/wordcount.jar',
        '    parallelism: 8',
        '    upgradeMode: stateless',
        '',
      ].join('\n'),
    );
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
  it('writes the keys; memory and size read them back as the same TaskManager and the same N', () => {
    const run = runCli(['size', WORDCOUNT, '--tm-config', CONF, '--slots', '4', '--emit', 'flink-conf']);
    expect(run.stdout.split('\n').filter((l) => !l.startsWith('#'))).toEqual([
      "taskmanager.cpu.cores: '4'",
      'taskmanager.memory.process.size: 1728m',
      "taskmanager.numberOfTaskSlots: '4'",
      '',
    ]);
    const emitted = save('flink-conf.yaml', run.stdout);
    expect(totalOf(emitted, '--flink-version', '1.20')).toEqual(
      totalOf(CONF, '--flink-version', '1.20', '--set', 'taskmanager.numberOfTaskSlots=4'),
    );
    const again = JSON.parse(runCli(['size', WORDCOUNT, '--tm-config', emitted, '--json']).stdout) as { taskManagers: number };
    expect(again.taskManagers).toBe(3);
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

  it('--emit and --json together are a usage error', () => {
    expect(runCli(['size', WORDCOUNT, '--tm-config', CONF, '--emit', 'flink-conf', '--json']).status).toBe(2);
  });
});
