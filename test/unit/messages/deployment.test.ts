/**
 * The exact diagnostics of a Kubernetes operator FlinkDeployment given as the cluster
 * (src/memory/flink-deployment.ts, src/app/simulate.ts): how it was read, and what is wrong with it.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, memoryFromText, simulateJobsOnCluster } from '../../../src/index.js';

const JOB = { text: 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n', file: 'one-slot.yaml' };
const FILE = 'flink-deployment.yaml';

/** A FlinkDeployment as `kubectl apply` takes it; `taskManager` is the block under spec.taskManager, `version` null leaves spec.flinkVersion out. */
function deployment({ image = 'flink:1.20', version = 'v1_20' as string | null, mode = 'native', taskManager = '' } = {}): string {
  return `apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: orders-enrichment
spec:
  image: ${image}
${version === null ? '' : `  flinkVersion: ${version}\n`}  mode: ${mode}
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "4"
  serviceAccount: flink
  taskManager:
${taskManager}  job:
    jarURI: local:///opt/flink/usrlib/orders-enrichment.jar
    parallelism: 6
`;
}

const RESOURCE = '    resource:\n      memory: "2048m"\n      cpu: 1\n';

function notesOf(text: string): Diagnostic[] {
  const r = simulateJobsOnCluster({ text, file: FILE }, [JOB]);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value[0]!.notes ?? [];
}

function only(ds: readonly Diagnostic[], code: string): Diagnostic {
  const found = ds.filter((d) => d.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function failureOf(text: string): Diagnostic[] {
  const r = simulateJobsOnCluster({ text, file: FILE }, [JOB]);
  if (r.ok) throw new Error('expected the FlinkDeployment to be refused');
  return r.diagnostics;
}

describe('how a FlinkDeployment was read', () => {
  const notes = notesOf(deployment({ taskManager: RESOURCE }));

  it('deployment/read', () => {
    expect(only(notes, 'deployment/read')).toEqual({
      code: 'deployment/read',
      severity: 'info',
      message: 'read as a FlinkDeployment (Kubernetes operator): its flinkConfiguration with the TaskManager spec on top',
      location: { pointer: '', file: FILE, line: 1, column: 1 },
    });
  });

  it('deployment/memory: the TaskManager memory, as the operator turns it into the process size', () => {
    expect(only(notes, 'deployment/memory')).toEqual({
      code: 'deployment/memory',
      severity: 'info',
      message: 'taskManager.resource.memory 2048m → taskmanager.memory.process.size 2147483648 bytes',
      location: { pointer: '/spec/taskManager/resource/memory', file: FILE, line: 14, column: 15 },
    });
  });

  it('deployment/memory from taskManager.resources.requests (Kubernetes units)', () => {
    const requests = '    resources:\n      requests:\n        memory: 2Gi\n        cpu: 1\n';
    expect(only(notesOf(deployment({ taskManager: requests })), 'deployment/memory')).toEqual({
      code: 'deployment/memory',
      severity: 'info',
      message: 'taskManager.resources.requests.memory 2Gi → taskmanager.memory.process.size 2147483648 bytes',
      location: { pointer: '/spec/taskManager/resources/requests/memory', file: FILE, line: 15, column: 17 },
    });
  });

  it('deployment/cluster, native mode: Flink starts the TaskManagers', () => {
    expect(only(notes, 'deployment/cluster')).toEqual({
      code: 'deployment/cluster',
      severity: 'info',
      message: "mode native: Flink's Kubernetes ResourceManager starts TaskManagers of this configuration as the jobs need slots",
      location: { pointer: '', file: FILE, line: 1, column: 1 },
    });
  });

  it('deployment/cluster, standalone mode: replicas, else ceil(job.parallelism / slots)', () => {
    const standalone = notesOf(deployment({ mode: 'standalone', taskManager: RESOURCE }));
    expect(only(standalone, 'deployment/cluster')).toEqual({
      code: 'deployment/cluster',
      severity: 'info',
      message: 'mode standalone: the operator runs 2 TaskManager(s) (ceil(job.parallelism 6 / 4 slots))',
      location: { pointer: '', file: FILE, line: 1, column: 1 },
    });
    const replicas = notesOf(deployment({ mode: 'standalone', taskManager: `    replicas: 3\n${RESOURCE}` }));
    expect(only(replicas, 'deployment/cluster').message).toBe('mode standalone: the operator runs 3 TaskManager(s) (taskManager.replicas)');
  });

  it('deployment/image-version: an official image of another release than spec.flinkVersion is a warning', () => {
    const notes = notesOf(deployment({ image: 'flink:1.19.1-scala_2.12-java11', taskManager: RESOURCE }));
    expect(only(notes, 'deployment/image-version')).toEqual({
      code: 'deployment/image-version',
      severity: 'warning',
      message: "the image flink:1.19.1-scala_2.12-java11 runs Flink 1.19 (spec.flinkVersion says 1.20): 1.19's rules apply",
      location: { pointer: '/spec/image', file: FILE, line: 6, column: 10 },
    });
  });

  it('deployment/image-version: without spec.flinkVersion the image names the release (a note)', () => {
    const notes = notesOf(deployment({ image: 'apache/flink:1.18.1-java11', version: null, taskManager: RESOURCE }));
    expect(only(notes, 'deployment/image-version')).toEqual({
      code: 'deployment/image-version',
      severity: 'info',
      message: "the image apache/flink:1.18.1-java11 runs Flink 1.18: 1.18's rules apply",
      location: { pointer: '/spec/image', file: FILE, line: 6, column: 10 },
    });
  });

  it('deployment/cpu: a CPU request the operator cannot read is skipped, with a warning', () => {
    const requests = '    resources:\n      requests:\n        memory: 2Gi\n        cpu: 2 cores\n';
    expect(only(notesOf(deployment({ taskManager: requests })), 'deployment/cpu')).toEqual({
      code: 'deployment/cpu',
      severity: 'warning',
      message: "taskManager.resources.requests.cpu '2 cores' is not a CPU amount: the operator skips it",
      location: { pointer: '/spec/taskManager/resources/requests/cpu', file: FILE, line: 16, column: 14 },
    });
  });

  it('deployment/limit-factor: limits over requests become the limit factors', () => {
    const resources =
      '    resources:\n      requests:\n        memory: 2Gi\n        cpu: 500m\n      limits:\n        memory: 3Gi\n        cpu: "1"\n';
    const factors = notesOf(deployment({ taskManager: resources })).filter((d) => d.code === 'deployment/limit-factor');
    expect(factors).toEqual([
      {
        code: 'deployment/limit-factor',
        severity: 'info',
        message: 'taskManager.resources limits.cpu / requests.cpu → kubernetes.taskmanager.cpu.limit-factor 2',
        location: { pointer: '/spec/taskManager/resources/limits/cpu', file: FILE, line: 19, column: 14 },
      },
      {
        code: 'deployment/limit-factor',
        severity: 'info',
        message: 'taskManager.resources limits.memory / requests.memory → kubernetes.taskmanager.memory.limit-factor 1.5',
        location: { pointer: '/spec/taskManager/resources/limits/memory', file: FILE, line: 18, column: 17 },
      },
    ]);
  });
});

describe('a FlinkDeployment flinkslot refuses', () => {
  it('deployment/memory: neither a Flink memory size nor a Kubernetes quantity', () => {
    // "2GiB" mixes the two notations: Flink writes 2g or 2gb, Kubernetes 2Gi.
    const text = deployment({ taskManager: '    resource:\n      memory: 2GiB\n      cpu: 1\n' });
    const expected: Diagnostic = {
      code: 'deployment/memory',
      severity: 'error',
      message: "taskManager.resource.memory '2GiB' is neither a Flink memory size nor a Kubernetes quantity",
      location: { pointer: '/spec/taskManager/resource/memory', file: FILE, line: 14, column: 15 },
    };
    expect(failureOf(text)).toEqual([expected]);
    const memory = memoryFromText(text, FILE);
    expect(memory.ok ? [] : memory.diagnostics).toEqual([expected]);
  });

  it('deployment/flink-version: spec.flinkVersion is the operator enum (v1_20), not a release number', () => {
    expect(failureOf(deployment({ version: 'v1.20', taskManager: RESOURCE }))).toEqual([
      {
        code: 'deployment/flink-version',
        severity: 'error',
        message: "spec.flinkVersion 'v1.20' is not an operator version (v1_15 … v2_2)",
        location: { pointer: '/spec/flinkVersion', file: FILE, line: 7, column: 17 },
      },
    ]);
  });
});
