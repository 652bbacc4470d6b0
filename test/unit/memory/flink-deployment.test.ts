/**
 * The Kubernetes operator's FlinkDeployment → the TaskManagers' configuration, by the operator's
 * FlinkConfigBuilder rules (src/memory/flink-deployment.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  deploymentCluster,
  kubernetesQuantityBytes,
  officialImageVersion,
  readFlinkDeployment,
} from '../../../src/memory/flink-deployment.js';

type Raw = Record<string, unknown>;
const GiB = 1024 ** 3;

function read(spec: Raw, metadata: Raw = { name: 'job' }) {
  const r = readFlinkDeployment({ apiVersion: 'flink.apache.org/v1beta1', kind: 'FlinkDeployment', metadata, spec });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.value;
}

function failure(spec: Raw): [string, string | undefined] {
  const r = readFlinkDeployment({ kind: 'FlinkDeployment', spec });
  if (r.ok) throw new Error('expected a failure');
  return [r.diagnostics[0]!.message, r.diagnostics[0]!.location?.pointer];
}

describe('kubernetesQuantityBytes', () => {
  it.each([
    ['2Gi', 2n * 1024n ** 3n],
    ['1.5Gi', 3n * 512n * 1024n ** 2n],
    ['2000M', 2_000_000_000n],
    ['1e9', 1_000_000_000n],
    ['512', 512n],
  ])('%s → %s bytes', (text, bytes) => expect(kubernetesQuantityBytes(text)).toBe(bytes));

  it.each(['2 parsecs', '', 'Gi'])('%j is no quantity', (text) => expect(kubernetesQuantityBytes(text)).toBeUndefined());
});

describe('taskManager.resource', () => {
  it('memory: a Flink MemorySize first (2g is 2 GiB), a Kubernetes quantity when that fails', () => {
    expect(read({ taskManager: { resource: { memory: '2g' } } }).config.get('taskmanager.memory.process.size')).toBe(`${2 * GiB}b`);
    expect(read({ taskManager: { resource: { memory: '2G' } } }).config.get('taskmanager.memory.process.size')).toBe(`${2 * GiB}b`);
    expect(read({ taskManager: { resource: { memory: '1.5Gi' } } }).config.get('taskmanager.memory.process.size')).toBe(`${1.5 * GiB}b`);
  });

  it('cpu → kubernetes.taskmanager.cpu.amount; before v1_17 also the old key', () => {
    const v120 = read({ flinkVersion: 'v1_20', taskManager: { resource: { cpu: 0.5 } } }).config;
    expect([v120.get('kubernetes.taskmanager.cpu.amount'), v120.get('kubernetes.taskmanager.cpu')]).toEqual(['0.5', undefined]);
    const v116 = read({ flinkVersion: 'v1_16', taskManager: { resource: { cpu: 2 } } }).config;
    expect([v116.get('kubernetes.taskmanager.cpu.amount'), v116.get('kubernetes.taskmanager.cpu')]).toEqual(['2', '2']);
  });

  it('the spec overrides spec.flinkConfiguration', () => {
    const d = read({ flinkConfiguration: { 'taskmanager.memory.process.size': '8g' }, taskManager: { resource: { memory: '2g' } } });
    expect(d.config.get('taskmanager.memory.process.size')).toBe(`${2 * GiB}b`);
  });

  it('a memory that is neither: located at the spec value', () => {
    expect(failure({ taskManager: { resource: { memory: '2 parsecs' } } })).toEqual([
      "taskManager.resource.memory '2 parsecs' is neither a Flink memory size nor a Kubernetes quantity",
      '/spec/taskManager/resource/memory',
    ]);
  });
});

describe('taskManager.resources (Kubernetes requests and limits, FLINK-33548)', () => {
  const resources = { requests: { memory: '4Gi', cpu: '500m' }, limits: { memory: '6Gi', cpu: '2' } };

  it('requests set the process memory and CPU; limits ÷ requests the limit factors', () => {
    const c = read({ flinkVersion: 'v1_20', taskManager: { resources } }).config;
    expect(c.get('taskmanager.memory.process.size')).toBe(`${4 * GiB}b`);
    expect(c.get('kubernetes.taskmanager.cpu.amount')).toBe('0.5');
    expect(c.get('kubernetes.taskmanager.cpu.limit-factor')).toBe('4');
    expect(c.get('kubernetes.taskmanager.memory.limit-factor')).toBe('1.5');
  });

  it('replace taskManager.resource entirely, as the operator does', () => {
    const c = read({ taskManager: { resources: { requests: { cpu: 1 } }, resource: { memory: '8g', cpu: 4 } } }).config;
    expect(c.get('kubernetes.taskmanager.cpu.amount')).toBe('1');
    expect(c.get('taskmanager.memory.process.size')).toBeUndefined();
  });

  it('a CPU request that is no amount is skipped with a warning', () => {
    const d = read({ taskManager: { resources: { requests: { cpu: 'lots' } } } });
    expect(d.config.get('kubernetes.taskmanager.cpu.amount')).toBeUndefined();
    expect(d.notes.filter((n) => n.severity === 'warning').map((n) => n.location?.pointer)).toEqual([
      '/spec/taskManager/resources/requests/cpu',
    ]);
  });
});

describe('the Flink release', () => {
  it('spec.flinkVersion v1_20 → 1.20; an unknown value is an error', () => {
    expect(read({ flinkVersion: 'v1_20' }).flinkVersion).toBe('1.20');
    expect(failure({ flinkVersion: '1.20' })).toEqual([
      "spec.flinkVersion '1.20' is not an operator version (v1_15 … v2_2)",
      '/spec/flinkVersion',
    ]);
  });

  it('an official image names the release the TaskManagers run; a disagreeing spec.flinkVersion gets a warning', () => {
    const d = read({ flinkVersion: 'v2_0', image: 'flink:2.2.0-scala_2.12-java17' });
    expect(d.flinkVersion).toBe('2.2');
    expect(d.notes.filter((n) => n.severity === 'warning').map((n) => n.message)).toEqual([
      "the image flink:2.2.0-scala_2.12-java17 runs Flink 2.2 (spec.flinkVersion says 2.0): 2.2's rules apply",
    ]);
    expect(read({ image: 'docker.io/apache/flink:1.19.1' }).flinkVersion).toBe('1.19');
  });

  it.each(['someone/flink:1.0.3', 'registry.example.com/team/job:1.20', '${FLINK_IMAGE}'])('%s is not an official Flink image', (image) => {
    expect(read({ flinkVersion: 'v1_18', image }).flinkVersion).toBe('1.18');
  });

  it('image names are printed with control characters escaped', () => {
    const d = read({ flinkVersion: 'v1_18', image: 'flink:1.20\u001b[2J' });
    expect(d.notes.map((n) => n.message).join('\n')).toContain('flink:1.20\\u001b[2J');
  });
});

describe('deploymentCluster', () => {
  it('native: an active Kubernetes ResourceManager', () => {
    const { cluster } = deploymentCluster(read({ flinkVersion: 'v1_20' }));
    expect([cluster.deploymentTarget, cluster.resourceAllocation, cluster.taskManagers]).toEqual(['kubernetes', 'active', undefined]);
  });

  it('standalone: replicas, else ceil(job.parallelism / slots)', () => {
    const slots = { 'taskmanager.numberOfTaskSlots': '4' };
    const replicas = deploymentCluster(read({ mode: 'standalone', flinkConfiguration: slots, taskManager: { replicas: 3 } }));
    expect(replicas.cluster.taskManagers).toEqual([{ id: 'taskmanager', count: 3 }]);
    const sized = deploymentCluster(read({ mode: 'standalone', flinkConfiguration: slots, job: { parallelism: 10 } }));
    expect(sized.cluster.taskManagers).toEqual([{ id: 'taskmanager', count: 3 }]);
    expect(sized.notes[0]).toContain('ceil(job.parallelism 10 / 4 slots)');
  });
});

describe("standalone mode: the Kubernetes CPU key is only the pod's request (StandaloneKubernetesTaskManagerParameters.getCpu)", () => {
  const cpuNotes = (spec: Raw): [string, string | undefined][] =>
    read(spec)
      .notes.filter((n) => n.code === 'deployment/cpu')
      .map((n) => [n.message, n.location?.pointer]);
  const slots = { 'taskmanager.numberOfTaskSlots': '4' };

  it('says it at the field, with the cores the TaskManager counts (its slots) and how to match them', () => {
    expect(
      cpuNotes({ mode: 'standalone', flinkVersion: 'v1_20', flinkConfiguration: slots, taskManager: { resource: { cpu: 0.5 } } }),
    ).toEqual([
      [
        "taskManager.resource.cpu 0.5 is the pod's CPU request; in standalone mode the TaskManager counts its 4 slots as 4 cores (set taskmanager.cpu.cores: 0.5 in flinkConfiguration to match)",
        '/spec/taskManager/resource/cpu',
      ],
    ]);
    // Before 1.17 the operator sets both keys: one note.
    expect(cpuNotes({ mode: 'standalone', flinkVersion: 'v1_16', taskManager: { resource: { cpu: 1 } } })).toEqual([
      [
        "taskManager.resource.cpu 1 is the pod's CPU request; in standalone mode the TaskManager counts its 1 slot as 1 core, as the pod requests",
        '/spec/taskManager/resource/cpu',
      ],
    ]);
    // The user's own key in flinkConfiguration is the pod's request too.
    expect(cpuNotes({ mode: 'standalone', flinkConfiguration: { ...slots, 'kubernetes.taskmanager.cpu.amount': 2 } })).toEqual([
      [
        "flinkConfiguration kubernetes.taskmanager.cpu.amount 2 is the pod's CPU request; in standalone mode the TaskManager counts its 4 slots as 4 cores (set taskmanager.cpu.cores: 2 in flinkConfiguration to match)",
        '/spec/flinkConfiguration/kubernetes.taskmanager.cpu.amount',
      ],
    ]);
  });

  it('nothing when taskmanager.cpu.cores decides, or in native mode (Flink reads the key there)', () => {
    const cores = { ...slots, 'taskmanager.cpu.cores': '1' };
    expect(cpuNotes({ mode: 'standalone', flinkConfiguration: cores, taskManager: { resource: { cpu: 1 } } })).toEqual([]);
    expect(cpuNotes({ mode: 'native', flinkConfiguration: slots, taskManager: { resource: { cpu: 1 } } })).toEqual([]);
  });

  it("deploymentCluster: a standalone cluster's worker has no Kubernetes CPU key; a native one keeps it", () => {
    const spec = { flinkVersion: 'v1_16', flinkConfiguration: slots, taskManager: { resource: { cpu: 1 } } };
    const keys = (mode: string): string[] =>
      Object.keys(((deploymentCluster(read({ ...spec, mode })).cluster.defaultWorker as Raw).flinkConfiguration as Raw) ?? {});
    expect(keys('standalone').filter((k) => k.startsWith('kubernetes.taskmanager.cpu'))).toEqual([]);
    expect(keys('native').filter((k) => k.startsWith('kubernetes.taskmanager.cpu'))).toEqual([
      'kubernetes.taskmanager.cpu.amount',
      'kubernetes.taskmanager.cpu',
    ]);
  });
});

describe('officialImageVersion: a tag no release has names no release (issue 27 §7)', () => {
  it('reads the release of official images', () => {
    expect(['flink:2.2.0-scala_2.12-java17', 'apache/flink:1.20', 'docker.io/library/flink:1.17'].map(officialImageVersion)).toEqual([
      '2.2',
      '1.20',
      '1.17',
    ]);
  });

  it('numbers beyond 2^53 or a million digits: not a release (it was Flink 1.Infinity), so the spec.flinkVersion applies', () => {
    expect(officialImageVersion(`flink:1.${'9'.repeat(1_000_000)}`)).toBeUndefined();
    expect(officialImageVersion('flink:18446744073709551616.0')).toBeUndefined();
    const read = readFlinkDeployment({ spec: { flinkVersion: 'v1_20', image: 'flink:1.18446744073709551616' } });
    expect(read.ok && read.value.flinkVersion).toBe('1.20');
  });
});
