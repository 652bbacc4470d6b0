/** Standalone Flink on Kubernetes from its manifest (src/memory/kubernetes-standalone.ts). */
import { describe, expect, it } from 'vitest';
import {
  type TaskManagerWorkload,
  containerNotes,
  readFlinkConfigMap,
  standaloneManifestCluster,
} from '../../../src/memory/kubernetes-standalone.js';
import { readConfigurationText } from '../../../src/memory/parse-flink-configuration.js';

const MiB = 1n << 20n;

const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: flink-config
data:
  flink-conf.yaml: |
    taskmanager.memory.process.size: 2048m
    taskmanager.numberOfTaskSlots: 4
`;

const taskManagers = (replicas: number, image = 'flink:1.18-scala_2.12-java11'): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: flink-taskmanager
spec:
  replicas: ${replicas}
  template:
    spec:
      containers:
        - name: tm
          image: ${image}
          args: ["taskmanager"]
          resources:
            limits: {cpu: "2", memory: "1Gi"}
`;

describe('a manifest with a ConfigMap of Flink’s file and a TaskManager Deployment', () => {
  const text = `${CONFIG_MAP}---\n${taskManagers(3)}`;

  it('the ConfigMap’s file is the configuration; the image names the release', () => {
    const r = readConfigurationText(text, 'k8s.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.config.get('taskmanager.numberOfTaskSlots')).toBe('4');
    expect(r.value.flinkVersion).toBe('1.18');
    expect(r.value.manifest?.taskManagers).toMatchObject({ name: 'flink-taskmanager', replicas: 3 });
    expect(r.value.locateKey!('taskmanager.numberOfTaskSlots')).toEqual({ pointer: '/data/flink-conf.yaml', line: 8, column: 5 });
  });

  it('becomes a standalone cluster of replicas TaskManagers', () => {
    const r = readConfigurationText(text, 'k8s.yaml');
    if (!r.ok || r.value.manifest === undefined) throw new Error('not read');
    const built = standaloneManifestCluster(r.value.manifest);
    expect(built.ok && built.value.cluster).toMatchObject({
      flinkVersion: '1.18',
      resourceAllocation: 'standalone',
      taskManagers: [{ id: 'taskmanager', count: 3 }],
    });
  });

  it('without a TaskManager Deployment it cannot be a cluster', () => {
    const m = readFlinkConfigMap({ kind: 'ConfigMap', data: { 'config.yaml': 'taskmanager:\n  numberOfTaskSlots: 2\n' } }, '', []);
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.value.config.get('taskmanager.numberOfTaskSlots')).toBe('2');
    const built = standaloneManifestCluster(m.value);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.diagnostics[0]!.code).toBe('manifest/no-task-managers');
  });
});

describe("the ConfigMap's embedded config.yaml", () => {
  const read = (embedded: string) => readFlinkConfigMap({ kind: 'ConfigMap', data: { 'config.yaml': embedded } }, '', []);
  const refusal = (embedded: string) => {
    const m = read(embedded);
    return m.ok ? undefined : [m.diagnostics[0]!.code, m.diagnostics[0]!.message, m.diagnostics[0]!.location?.pointer];
  };

  it('that is not YAML is refused at its key', () => {
    expect(refusal('a: [1,\n')).toEqual([
      'manifest/config-yaml',
      "the ConfigMap's config.yaml is not YAML: deficient indentation",
      '/data/config.yaml',
    ]);
  });

  it('gets the bounds of any document: a YAML bomb inside it is refused, not expanded', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`);
    const bomb = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]', ...levels, 'taskmanager.numberOfTaskSlots: *l9'].join('\n');
    expect(refusal(bomb)).toEqual([
      'manifest/config-yaml',
      "the ConfigMap's config.yaml: the document expands to more than 1,000,000 values through its YAML aliases (a YAML bomb?)",
      '/data/config.yaml',
    ]);
  });
});

describe('containerNotes', () => {
  const w = (limits: Record<string, string>, requests: Record<string, string> = {}): TaskManagerWorkload => ({
    name: 'tm',
    kind: 'Deployment',
    replicas: 1,
    image: undefined,
    limits,
    requests,
  });

  it('a process larger than the memory limit is a warning: Kubernetes kills it', () => {
    const notes = containerNotes(w({ memory: '1Gi' }), 2048n * MiB, 1);
    expect(notes.map((n) => [n.severity, n.message])).toEqual([
      [
        'warning',
        "taskmanager.memory.process.size (2048 MiB) exceeds the container's memory limit (1024 MiB): Kubernetes kills a TaskManager that uses it all",
      ],
    ]);
  });

  it('a CPU limit below what Flink declares, and a request below the process size, are noted', () => {
    const notes = containerNotes(w({ cpu: '500m' }, { memory: '1Gi' }), 2048n * MiB, 4).map((n) => n.code);
    expect(notes).toEqual(['manifest/memory-request', 'manifest/cpu-limit']);
  });
});
