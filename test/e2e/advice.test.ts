/**
 * Advice in the user's own terms (issue 25 §4, §5), end to end: a running cluster is recognised
 * from GET /jobmanager/config (native Kubernetes, under the operator or not, YARN, standalone,
 * the operator's standalone mode) and told what to change in Flink's options or the operator's
 * fields; a FlinkDeployment or a Kubernetes manifest gets its replicas, a GET /taskmanagers answer
 * its TaskManagers, and only a flinkslot cluster file its own keys. The fake JobManager serves the
 * recorded native-Kubernetes session of fixtures/real/rest-clusters/ on 127.0.0.1, with its
 * configuration changed per case; nothing else is asked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli, runCliAsync } from '../support/cli.js';
import { startFakeJobManager } from '../support/fake-jobmanager.js';

const NATIVE = join(ROOT, 'fixtures/real/rest-clusters/1.20-fine-grained-native-k8s-1x4-slots-state-machine-p2');
const CONFIG = JSON.parse(readFileSync(join(NATIVE, 'jobmanager/config.json'), 'utf8')) as { key: string; value: string }[];

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas/simulation.schema.json'), 'utf8')));
const validateFit = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/cluster-fit.schema.json'), 'utf8')));

let dir: string;
let big: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-advice-'));
  big = join(dir, 'big.yaml');
  // 8 slots on a cluster of one 4-slot TaskManager whose running job holds 2.
  writeFileSync(big, 'name: big\nvertices:\n  - {id: only, parallelism: 8}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The recorded cluster with its configuration changed: keys dropped, then keys set. */
async function live(args: string[], change: { drop?: string[]; set?: Record<string, string> } = {}) {
  const config = [
    ...CONFIG.filter((e) => !(change.drop ?? []).includes(e.key) && !(e.key in (change.set ?? {}))),
    ...Object.entries(change.set ?? {}).map(([key, value]) => ({ key, value })),
  ];
  const jm = await startFakeJobManager({ folder: NATIVE, answers: { '/jobmanager/config': { body: JSON.stringify(config) } } });
  try {
    const run = await runCliAsync(args.map((a) => (a === 'URL' ? jm.url : a)));
    return { ...run, url: jm.url };
  } finally {
    await jm.close();
  }
}

/** The lines under the "What to do" heading. */
const whatToDo = (stdout: string): string[] => {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('What to do on this '));
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
};

describe('a running cluster: advice in Flink options and the operator fields, never flinkslot cluster-file keys', () => {
  it('native Kubernetes session: Flink starts the pods itself; the limits and the pod size are what to check', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(whatToDo(run.stdout)).toEqual([
      "What to do on this native Kubernetes session cluster 'localtest-session-cluster'",
      "  Flink's ResourceManager starts TaskManagers itself here: the new jobs make it ask Kubernetes for 2 more TaskManagers (pods, 4 slots each), unless a limit stops it:",
      '    no slotmanager.number-of-slots.max or slotmanager.max-total-resource.* is set: Flink sets no limit of its own',
      "    each pod asks Kubernetes for taskmanager.memory.process.size 1728m and cpu 4 (kubernetes.taskmanager.cpu.amount unset: the slot count): the namespace's quota and the nodes must have room for them",
      "  or lower the new jobs' parallelism: parallelism.default, or `flink run -p N` (`flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs)",
    ]);
    expect(run.stdout).toContain(
      `  a native Kubernetes session cluster 'localtest-session-cluster', as GET ${run.url}/jobmanager/config says (execution.target: kubernetes-session) [rest/deployment]`,
    );
    expect(run.stdout).toContain('Flink 1.20, fine-grained SlotManager, the TaskManagers running now, as a fixed set; the cluster settled');
    expect(run.stdout).toContain('    - 0 free slots: all 4 slots of 1 TaskManager are taken\n');
    expect(run.stdout).toContain(
      "    - the simulation holds the TaskManagers running now as a fixed set; on this native Kubernetes session cluster 'localtest-session-cluster' Flink's ResourceManager starts more as jobs need slots (see what to do above)",
    );
    expect(run.stdout).not.toContain('resourceAllocation');
    // The remainder of dividing the TaskManager into 4 slots (heap 2 B, network 2 B) is not free room.
    // The running job's tasks (from its job graph) take 8 of the TaskManager's 4096 network buffers; the partly met new job deploys none.
    expect(run.stdout).toMatch(
      /localtest-session-cluster-taskmanager-1-1: 4\/4 slots used; [^\n]*; free cpu 0; network buffers 8 of 4096\n/,
    );
  });

  it('--json: the deployment and the advice, the exact free bytes and the remainder kept', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big, '--json']);
    const report = JSON.parse(run.stdout);
    expect(validateFit(report), JSON.stringify(validateFit.errors)).toBe(true);
    expect(report.deployment).toEqual({
      kind: 'native-kubernetes',
      mode: 'session',
      clusterId: 'localtest-session-cluster',
      evidence: ['execution.target: kubernetes-session'],
      description: "native Kubernetes session cluster 'localtest-session-cluster'",
    });
    expect(report.advice).toHaveLength(4);
    const tm = report.simulation.taskManagers[0];
    expect(tm.free).toEqual(tm.remainder);
    expect([tm.free.taskHeapMemory, tm.free.networkMemory, tm.free.managedMemory]).toEqual([2, 2, 0]);
  });

  it('slotmanager.number-of-slots.max below what the job needs: raise it, to the slot', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big], { set: { 'slotmanager.number-of-slots.max': '8' } });
    expect(whatToDo(run.stdout)[2]).toBe('    slotmanager.number-of-slots.max is 8: raise it to at least 12 (4 running + 2 × 4)');
  });

  it('under the Kubernetes operator (native): spec.taskManager.resource and spec.job.parallelism', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big], { set: { '$internal.flink.version': 'v1_20' } });
    const lines = whatToDo(run.stdout);
    expect(lines[0]).toBe(
      "What to do on this native Kubernetes session cluster 'localtest-session-cluster' under the Kubernetes operator (mode native)",
    );
    expect(lines[3]).toContain('; under the operator both are spec.taskManager.resource (memory, cpu): ');
    expect(lines[4]).toBe(
      "  or lower the new jobs' parallelism: spec.job.parallelism of their FlinkDeployment or FlinkSessionJob (`flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs)",
    );
  });

  it('YARN session: containers from YARN, yarn.containers.vcores', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big], {
      drop: ['kubernetes.cluster-id', 'kubernetes.internal.jobmanager.entrypoint.class'],
      set: { 'execution.target': 'yarn-session', 'yarn.application.id': 'application_1686200000000_0007' },
    });
    const lines = whatToDo(run.stdout);
    expect(lines[0]).toBe("What to do on this YARN session cluster 'application_1686200000000_0007'");
    expect(lines[1]).toBe(
      "  Flink's ResourceManager starts TaskManagers itself here: the new jobs make it ask YARN for 2 more TaskManagers (containers, 4 slots each), unless a limit stops it:",
    );
    expect(lines[3]).toBe(
      '    each container asks YARN for taskmanager.memory.process.size 1728m and yarn.containers.vcores (default: the slot count): the queue must have room for them',
    );
  });

  it("the operator's standalone mode: spec.taskManager.replicas", async () => {
    const run = await live(['simulate', '--cluster', 'URL', big], { set: { 'kubernetes.internal.taskmanager.replicas': '1' } });
    const lines = whatToDo(run.stdout);
    expect(lines[0]).toBe(
      "What to do on this standalone Kubernetes session cluster 'localtest-session-cluster' under the Kubernetes operator (mode standalone)",
    );
    expect(lines[1]).toBe(
      "  raise spec.taskManager.replicas of the FlinkDeployment from 1 to 3 (4 slots each; Flink starts no TaskManager in the operator's standalone mode)",
    );
    expect(run.stdout).toContain(
      '    - the Kubernetes operator runs spec.taskManager.replicas TaskManagers (standalone mode) and Flink starts no others',
    );
  });

  it('no key naming a deployment: a standalone cluster, started by hand', async () => {
    const run = await live(['simulate', '--cluster', 'URL', big], {
      drop: ['execution.target', 'kubernetes.internal.jobmanager.entrypoint.class'],
    });
    expect(whatToDo(run.stdout).slice(0, 3)).toEqual([
      'What to do on this standalone cluster',
      '  Flink starts no TaskManager on a standalone cluster: start 2 more TaskManagers with taskmanager.numberOfTaskSlots 4 (`bin/taskmanager.sh start` on another host, or more replicas of the TaskManager Deployment on Kubernetes)',
      "  or give the TaskManagers more slots (taskmanager.numberOfTaskSlots, with taskmanager.memory.process.size to keep each slot's memory)",
    ]);
    expect(run.stdout).toContain(
      `  a standalone cluster: no key of GET ${run.url}/jobmanager/config names another deployment (execution.target, kubernetes.internal.*, yarn.application.id) [rest/deployment]`,
    );
    expect(run.stdout).toContain('    - Flink starts no TaskManager on a standalone cluster: only the running ones can hold it');
  });

  it('report --cluster URL: the same advice under the answer', async () => {
    const out = join(dir, 'live.html');
    const run = await live(['report', '--cluster', 'URL', big, '-o', out]);
    expect(run.status).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<p>What to do on this native Kubernetes session cluster &#39;localtest-session-cluster&#39;:</p>');
    expect(html).toContain(
      '<p>no slotmanager.number-of-slots.max or slotmanager.max-total-resource.* is set: Flink sets no limit of its own</p>',
    );
    expect(html).not.toContain('resourceAllocation');
  });
});

describe('Flink files as the cluster: advice in their own fields', () => {
  const huge = () => {
    const path = join(dir, 'huge.yaml');
    writeFileSync(path, 'name: huge\nvertices:\n  - {id: only, parallelism: 20}\n');
    return path;
  };

  it("a FlinkDeployment in standalone mode (the operator's basic-reactive example): spec.taskManager.replicas", () => {
    const run = runCli([
      'simulate',
      '--cluster',
      'fixtures/real/40-operator-basic-reactive-standalone-1.20-2-slots-p2/flink-deployment.yaml',
      big,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '  raise spec.taskManager.replicas from 1 to 4 (2 slots each, taskmanager.numberOfTaskSlots): met with them, not with one fewer\n',
    );
    expect(run.stdout).toContain(
      '    - mode standalone: the operator runs spec.taskManager.replicas TaskManagers and Flink starts no others (raise spec.taskManager.replicas, or set spec.mode: native to let Flink start TaskManagers as jobs need them)',
    );
    expect(run.stdout).not.toContain('resourceAllocation');
    expect(run.stdout).not.toContain('default worker');
  });

  it("a FlinkDeployment whose TaskManager cannot be sized: the error points into its spec, not at flinkslot's defaultWorker", () => {
    const source = readFileSync(
      join(ROOT, 'fixtures/real/40-operator-basic-reactive-standalone-1.20-2-slots-p2/flink-deployment.yaml'),
      'utf8',
    );
    const small = join(dir, 'small-deployment.yaml');
    writeFileSync(
      small,
      source.replace('  taskManager:\n    resource:\n      memory: "2048m"', '  taskManager:\n    resource:\n      memory: "100m"'),
    );
    const run = runCli(['simulate', '--cluster', small, big]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`error ${small}:6:3 TaskManager memory configuration failed: `);
    expect(run.stderr).toContain('(/spec) [config/memory]');
    expect(run.stderr).not.toContain('defaultWorker');
  });

  it('a standalone Kubernetes manifest: scale its TaskManager Deployment; the division remainders are not free room', () => {
    const manifest = 'fixtures/real/23-k8s-standalone-1.18-configmap-2048m-4-slots/flink-deployment.yaml';
    const run = runCli(['simulate', '--cluster', manifest, huge()]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '  scale deployment/flink-taskmanager from 2 to 5 replicas (`kubectl scale deployment/flink-taskmanager --replicas=5`; 4 slots each): met with them, not with one fewer\n',
    );
    expect(run.stdout).toContain(
      '    - standalone on Kubernetes: Flink starts no TaskManager; the replicas of deployment/flink-taskmanager are all there are',
    );
    expect(run.stdout).toContain('    - 0 free slots: all 8 slots of 2 TaskManagers are taken\n');
    expect(run.stdout).toContain('  taskmanager-1: 4/4 slots used; huge, huge, huge, huge; free cpu 0\n');
    expect(run.stdout).not.toMatch(/free [^\n]* \d B/);
    // --json keeps the exact bytes: 1 B of heap and 3 B of managed memory the division leaves.
    const json = JSON.parse(runCli(['simulate', '--cluster', manifest, huge(), '--json']).stdout);
    expect(json.taskManagers[0].free).toMatchObject({ cpuCores: 0, taskHeapMemory: 1, managedMemory: 3 });
    expect(json.taskManagers[0].remainder).toEqual(json.taskManagers[0].free);
    expect(json.advice.instruction).toBe(
      'scale deployment/flink-taskmanager from 2 to 5 replicas (`kubectl scale deployment/flink-taskmanager --replicas=5`; 4 slots each)',
    );
    // The page's free column says none, not "heap 1 B".
    const out = join(dir, 'manifest.html');
    expect(runCli(['report', '--cluster', manifest, huge(), '-o', out]).status).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<td class="n">4/4</td><td>none</td>');
    expect(html).toContain('<b>Scale deployment/flink-taskmanager from 2 to 5 replicas');
  });

  it("GET /taskmanagers saved to a file: the listed TaskManagers, and how to read the cluster's deployment", () => {
    const run = runCli(['simulate', '--cluster', 'fixtures/real/10-rest-taskmanagers-flink-size-7g-2tms/taskmanagers.json', big]);
    expect(run.stdout).toContain(
      '    - these are the TaskManagers GET /taskmanagers listed, as a fixed set; on native Kubernetes or YARN Flink would start more (`flinkslot simulate --cluster http://JOBMANAGER:8081 JOB` reads how the cluster is deployed)',
    );
    expect(run.stdout).not.toContain('resourceAllocation');
  });

  it('a flinkslot cluster file keeps its own keys', () => {
    const run = runCli(['simulate', '--cluster', 'fixtures/clusters/standalone-4x4.yaml', huge()]);
    expect(run.stdout).toContain(
      '    - the ResourceManager is standalone: it cannot start new workers (use resourceAllocation: active for Kubernetes or YARN)',
    );
    expect(run.stdout).toContain('  add 1 TaskManager like the default worker (4 slots each, ');
  });
});

describe('simulate without --cluster', () => {
  it('a job graph given alone: the command with --cluster first', () => {
    const run = runCli(['simulate', 'fixtures/jobs/keyed-window.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'error fixtures/jobs/keyed-window.yaml:1:1 this is a flinkslot job graph, not a scenario; try `flinkslot simulate --cluster CLUSTER fixtures/jobs/keyed-window.yaml` or `flinkslot plan fixtures/jobs/keyed-window.yaml` [input/wrong-kind]\n',
    );
  });

  it('a Flink configuration given alone: as the cluster first, since simulate --cluster reads one (issue 25 §1)', () => {
    const run = runCli(['simulate', 'fixtures/config/flink-conf.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'error fixtures/config/flink-conf.yaml:1:1 this is a Flink configuration, not a scenario; try `flinkslot simulate --cluster fixtures/config/flink-conf.yaml JOB...` or `flinkslot memory fixtures/config/flink-conf.yaml` or `flinkslot plan JOB --tm-config fixtures/config/flink-conf.yaml` [input/wrong-kind]\n',
    );
  });
});
