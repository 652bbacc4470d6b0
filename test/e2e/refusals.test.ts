/**
 * Refusals name the file at fault (issue 15 §5–§6), found by test/hostile and kept with their exact
 * words: a file named by a policy is refused together with the policy line that named it; input
 * text that could turn a terminal line around or hide part of it is escaped; a word longer than a
 * screen is cut; a map where a value was expected does not crash the configuration reader.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-refusals-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const JOB = 'fixtures/jobs/wordcount-streaming.yaml';

describe('validate --policy: what the policy names is refused with the policy line', () => {
  it('a cluster the policy names that does not exist', () => {
    const policy = file('missing-cluster.yaml', 'maxSlots: 8\ncluster: no-such-cluster.yaml\n');
    const run = runCli(['validate', JOB, '--policy', policy]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${join(dir, 'no-such-cluster.yaml')} cannot read: no such file [input/unreadable]\n` +
        `note ${policy}:2:10 cluster in the policy file names it (a relative path is read from the policy file's folder) (/cluster) [policy/path]\n`,
    ]);
  });

  it('a TaskManager configuration the policy names that is wrong', () => {
    file('bad-tm.yaml', 'taskmanager.memory.process.size: 12 parsecs\n');
    const policy = file('bad-tm-policy.yaml', 'tmConfig: bad-tm.yaml\n');
    const run = runCli(['validate', JOB, '--policy', policy]);
    expect(run.status).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^error ${join(dir, 'bad-tm.yaml')}:1:\\d+ `));
    expect(lines.at(-1)).toBe(
      `note ${policy}:1:11 tmConfig in the policy file names it (a relative path is read from the policy file's folder) (/tmConfig) [policy/path]`,
    );
  });

  it('minManagedMemory from the policy without a TaskManager configuration blames the policy, not a flag', () => {
    const policy = file('min-policy.yaml', 'maxSlots: 8\nminManagedMemory: 64m\n');
    const run = runCli(['validate', JOB, '--policy', policy]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${policy}:2:19 minManagedMemory needs tmConfig in the policy file or --tm-config (the managed memory of a slot comes from it) (/minManagedMemory) [usage/min-managed-memory]\n`,
    ]);
    const json = JSON.parse(runCli(['validate', JOB, '--policy', policy, '--json']).stdout) as { error: { code: string } };
    expect(json.error.code).toBe('usage/min-managed-memory');
    const flag = runCli(['validate', JOB, '--min-managed-memory', '64m']);
    expect(flag.stderr).toBe(
      'error --min-managed-memory needs --tm-config (the managed memory of a slot comes from it) [usage/min-managed-memory]\n',
    );
  });

  it('--json: the refusal and the note are both in the JSON object', () => {
    const policy = file('json-policy.yaml', 'cluster: nowhere.yaml\n');
    const run = runCli(['validate', JOB, '--policy', policy, '--json']);
    const report = JSON.parse(run.stdout) as { diagnostics: { code: string; file?: string; line?: number }[] };
    expect(report.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['input/unreadable', join(dir, 'nowhere.yaml'), undefined],
      ['policy/path', policy, 1],
    ]);
  });
});

describe('input text that would change how a line reads is escaped', () => {
  it('a right-to-left override and a Unicode line separator in a job name, in text and JSON', () => {
    const job = file('bidi.json', '{"name":"rtl\\u202eevil\\u202c ls\\u2028ps","vertices":[{"id":"v","parallelism":1}]}');
    for (const args of [[], ['--json']]) {
      const out = runCli(['plan', job, ...args]).stdout;
      expect(out).not.toMatch(/[\u202a-\u202e\u2028\u2029]/);
      expect(out).toContain('rtl\\u202eevil\\u202c ls\\u2028ps');
    }
  });

  it('a word longer than a screen (a path of thousands of characters) is cut in the middle', () => {
    const long = 'd'.repeat(5000);
    const policy = file('long-policy.yaml', `cluster: ${long}.yaml\n`);
    const run = runCli(['validate', JOB, '--policy', policy]);
    const first = run.stderr.split('\n')[0]!;
    expect(run.status).toBe(2);
    const path = join(dir, `${long}.yaml`);
    expect(first).toBe(
      `error ${path.slice(0, 100)}…[${(path.length - 200).toLocaleString('en')} more characters]…${path.slice(-100)} cannot read: its name is too long [input/unreadable]`,
    );
  });
});

describe('a Flink configuration whose values are maps', () => {
  it("a list holding a map with a 'toString' key is read as text, not a crash", () => {
    const config = file('to-string.yaml', 'taskmanager.memory.process.size: 2g\nenv.java.opts.all: [{toString: 1}]\n');
    const run = runCli(['memory', config]);
    expect([run.status, run.stderr]).toEqual([0, '']);
  });
});

describe('a FlinkDeployment whose fields hold maps where Kubernetes wants scalars', () => {
  const deployment = (resource: string, extra = ''): string =>
    `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata: {name: {toString: 1}}\nspec:\n  image: {toString: 1}\n  flinkVersion: v1_20\n${extra}  taskManager:\n    replicas: {toString: 1}\n    resource: {${resource}}\n`;

  it('a map as the CPU is refused at its key, not a crash', () => {
    const path = file('cpu-map.yaml', deployment('memory: 2g, cpu: {toString: 1}'));
    const run = runCli(['memory', path]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${path}:9:33 taskManager.resource.cpu '{"toString":1}' is not a number (the FlinkDeployment CRD declares a number: Kubernetes refuses the resource) (/spec/taskManager/resource/cpu) [deployment/cpu]\n`,
    ]);
  });

  it('a map as the memory is refused at its key', () => {
    const path = file('memory-map.yaml', deployment('memory: {toString: 1}, cpu: 1'));
    const run = runCli(['memory', path]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${path}:9:24 taskManager.resource.memory '{"toString":1}' is neither a Flink memory size nor a Kubernetes quantity (/spec/taskManager/resource/memory) [deployment/memory]\n`,
    ]);
  });

  it('an empty spec.flinkVersion is no version (kubectl apply drops a null field)', () => {
    const path = file('null-version.yaml', deployment('memory: 2g, cpu: 1').replace('flinkVersion: v1_20', 'flinkVersion:'));
    const run = runCli(['memory', path]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('TaskManager memory (Flink 2.2 rules, assumed)');
  });
});

describe('a Flink configuration given as the cluster', () => {
  it('is read as the cluster (issue 25 §1), not as 40 unknown keys: its TaskManagers, one when standalone', () => {
    const run = runCli(['simulate', '--cluster', 'fixtures/config/flink-conf.yaml', JOB]);
    expect(run.stderr).toBe('');
    expect([0, 1]).toContain(run.status);
    expect(run.stdout).toContain('simulated with one, as the default conf/workers (localhost) starts');
  });

  it('given as the job graph, it is named in one line with the commands that read it', () => {
    const run = runCli(['plan', 'fixtures/config/flink-conf.yaml']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'error fixtures/config/flink-conf.yaml:1:1 this is a Flink configuration, not a job graph; try `flinkslot memory fixtures/config/flink-conf.yaml` or `flinkslot plan JOB --tm-config fixtures/config/flink-conf.yaml` [input/wrong-kind]\n',
    ]);
  });
});
