/**
 * Flink's own refusals, end to end (issue 26 §3): a job whose slot sharing group declares resources
 * and produces an unbounded pipelined partition (refused while Flink builds the execution graph),
 * and network options a TaskManager refuses at start-up, located at the key in every command that
 * reads a TaskManager configuration.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

const HYBRID = 'fixtures/invalid/fine-grained-hybrid.yaml';
const FPG0 = 'fixtures/config/floating-buffers-zero.yaml';
const JOB = 'fixtures/jobs/wordcount-streaming.yaml';
const FPG = 'taskmanager.network.memory.floating-buffers-per-gate';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-flink-refusals-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const unbounded = (version: string, group: string, type: string, fix: string): string =>
  `Flink ${version} refuses this job while building its execution graph: slot sharing group '${group}' declares resources, so Flink adds the network memory its tasks announce, and 'source' produces a ${type} result (read by 'sink') whose buffer pool has no upper bound: Illegal to announce network memory requirement as Integer.MAX_VALUE, partition type: ${type}. Drop the group's declared resources, or exchange ${fix}`;

const pipelinedJob = (version: string): string => `flinkVersion: "${version}"
slotSharingGroups:
  - {name: g, resources: {cpuCores: 1, taskHeapMemory: 256mb}}
vertices:
  - {id: source, parallelism: 2, slotSharingGroup: g}
  - {id: sink, parallelism: 2, slotSharingGroup: g}
edges:
  - {source: source, target: sink, resultPartitionType: PIPELINED}
`;

describe('plan: a group with declared resources producing an unbounded partition is refused as Flink refuses it', () => {
  it('hybrid (1.16): exit 2, Flink’s message located at the edge, nothing on stdout', () => {
    const run = runCli(['plan', HYBRID]);
    const fix = 'through BLOCKING results (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING)';
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error ${HYBRID}:17:5 ${unbounded('1.16', 'default/region-1', 'HYBRID_FULL', fix)} (/edges/0) [plan/network-memory-unbounded]\n`,
    ]);
    const json = expectJsonError(runCli(['plan', HYBRID, '--json']));
    expect(json.error.code).toBe('plan/network-memory-unbounded');
  });

  it('PIPELINED: 1.13 plans the job (no group resources, nothing announced), 1.14 refuses it', () => {
    expect(runCli(['plan', file('pipelined-1-13.yaml', pipelinedJob('1.13'))]).status).toBe(0);
    const path = file('pipelined-1-14.yaml', pipelinedJob('1.14'));
    const run = runCli(['plan', path]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${path}:8:5 ${unbounded('1.14', 'g', 'PIPELINED', 'through PIPELINED_BOUNDED results')} (/edges/0) [plan/network-memory-unbounded]\n`,
    ]);
  });

  it('validate reports it as a finding of the file', () => {
    const run = runCli(['validate', HYBRID]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`${HYBRID}:17:5  error  plan/network-memory-unbounded  Flink 1.16 refuses this job`);
  });
});

describe('floating-buffers-per-gate: 0 in a TaskManager configuration', () => {
  const refusal = (version: string, where: string, pointer = `/${FPG}`): string =>
    `error ${where} a Flink ${version} TaskManager refuses to start with ${FPG}: 0: The configured floating buffer should be at least 1, please increase the value of ${FPG}. (${pointer}) [config/network-option]\n`;

  it('memory: 1.17 refuses it at the key’s line and column (exit 2)', () => {
    const run = runCli(['memory', FPG0, '--flink-version', '1.17']);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', refusal('1.17', `${FPG0}:6:55`)]);
  });

  it('memory: 1.16 starts the TaskManager and warns that tasks fail at deployment; 2.0 ignores the key', () => {
    const old = runCli(['memory', FPG0, '--flink-version', '1.16']);
    expect(old.status).toBe(0);
    expect(old.stdout).toContain(
      `warning Flink 1.16 starts the TaskManager with ${FPG}: 0, but every task with an input fails at deployment: IllegalArgumentException: Maximum number of memory segments (0) should not be smaller than minimum (1).`,
    );
    const next = runCli(['memory', FPG0, '--flink-version', '2.0']);
    expect(next.status).toBe(0);
    expect(next.stdout).toContain(`note '${FPG}' is not read by Flink 2.0 (removed in 2.0): ignored; Flink uses 8`);
  });

  it('a nested config.yaml (1.19) is refused at the nested key', () => {
    const path = file(
      'config.yaml',
      'taskmanager:\n  memory:\n    process.size: 1728m\n  network:\n    memory:\n      floating-buffers-per-gate: 0\n',
    );
    const run = runCli(['memory', path, '--flink-version', '1.19']);
    expect([run.status, run.stderr]).toEqual([2, refusal('1.19', `${path}:6:34`, '/taskmanager/network/memory/floating-buffers-per-gate')]);
  });

  it('plan --tm-config, size --tm-config, simulate --cluster and validate’s policy: the same refusal at the same place', () => {
    const policy = file('policy.yaml', `tmConfig: ${join(process.cwd(), FPG0)}\nminManagedMemory: 1m\n`);
    const runs = [
      runCli(['plan', JOB, '--tm-config', FPG0, '--flink-version', '1.17']),
      runCli(['size', JOB, '--tm-config', FPG0, '--flink-version', '1.17']),
      runCli(['simulate', '--cluster', FPG0, JOB, '--flink-version', '1.17']),
      runCli(['validate', JOB, '--policy', policy, '--flink-version', '1.17']),
    ];
    for (const run of runs) {
      expect(run.status).toBe(2);
      // validate names the file as the policy does (an absolute path); the others as given.
      const first = `${run.stderr.split('\n')[0]!}\n`.replace(join(process.cwd(), FPG0), FPG0);
      expect(first).toBe(refusal('1.17', `${FPG0}:6:55`));
    }
  });
});
