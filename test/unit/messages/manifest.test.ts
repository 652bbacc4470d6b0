/**
 * The exact diagnostics of Kubernetes manifests of several documents: a standalone cluster's
 * ConfigMap and TaskManager Deployment (src/memory/kubernetes-standalone.ts), and files flinkslot
 * cannot pick one document from (src/parse/kubernetes-manifest.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Diagnostic, memoryFromText, simulateJobsOnCluster } from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');
const JOB = { text: 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n', file: 'one-slot.yaml' };
/** A real GKE manifest: Namespace, ConfigMap with flink-conf.yaml, JobManager and TaskManager Deployments. */
const FILE = 'fixtures/real/23-k8s-standalone-1.18-configmap-2048m-4-slots/flink-deployment.yaml';
const STANDALONE = readFileSync(join(ROOT, FILE), 'utf8');

function only(ds: readonly Diagnostic[], code: string): Diagnostic {
  const found = ds.filter((d) => d.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function refusal(result: { ok: true } | { ok: false; diagnostics: Diagnostic[] }): Diagnostic[] {
  if (result.ok) throw new Error('expected the manifest to be refused');
  return result.diagnostics;
}

describe('a standalone cluster on Kubernetes, as its manifest says', () => {
  const r = simulateJobsOnCluster({ text: STANDALONE, file: FILE }, [JOB]);
  const notes = r.ok ? (r.value[0]!.notes ?? []) : [];

  it('manifest/config-map: the ConfigMap file the TaskManagers read', () => {
    expect(only(notes, 'manifest/config-map')).toEqual({
      code: 'manifest/config-map',
      severity: 'info',
      message: "read the ConfigMap's flink-conf.yaml as the TaskManagers' configuration",
      // The block scalar's first line.
      location: { pointer: '/data/flink-conf.yaml', file: FILE, line: 22, column: 1 },
    });
  });

  it('manifest/task-managers: the TaskManager Deployment, its replicas and image', () => {
    expect(only(notes, 'manifest/task-managers')).toEqual({
      code: 'manifest/task-managers',
      severity: 'info',
      message: 'flink-taskmanager: 2 TaskManager(s), image flink:1.18-scala_2.12-java11',
      location: { pointer: '', file: FILE, line: 15, column: 1 },
    });
  });

  it('manifest/cluster: the cluster simulated', () => {
    expect(only(notes, 'manifest/cluster')).toEqual({
      code: 'manifest/cluster',
      severity: 'info',
      message: 'standalone on Kubernetes: 2 TaskManager(s) of flink-taskmanager; Flink starts no others',
      location: { pointer: '', file: FILE, line: 15, column: 1 },
    });
  });
});

describe("'manifest/memory-limit': the container's memory limit against Flink's process size", () => {
  // memoryFromText keeps only the messages of these notes (src/app/memory.ts), so their code is not observable there.
  const notesOf = (text: string): string[] => {
    const r = memoryFromText(text, FILE);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    return r.value.notes ?? [];
  };
  const withTaskManagerLimit = (limit: string): string => {
    const [head, taskManager] = STANDALONE.split('# Flink TaskManager Deployment');
    return `${head}# Flink TaskManager Deployment${taskManager!.replace('memory: "4Gi"', `memory: "${limit}"`)}`;
  };

  it('a limit above the process size is room Flink does not use (info)', () => {
    expect(notesOf(STANDALONE)).toContain(
      'the container may use 4096 MiB; Flink sizes itself to 2048 MiB (taskmanager.memory.process.size)',
    );
  });

  it('a limit below the process size gets the TaskManager killed (warning)', () => {
    expect(notesOf(withTaskManagerLimit('1536Mi'))).toContain(
      "taskmanager.memory.process.size (2048 MiB) exceeds the container's memory limit (1536 MiB): Kubernetes kills a TaskManager that uses it all",
    );
  });
});

describe('input/several-documents: a manifest flinkslot cannot pick one document from', () => {
  const deployment = (name: string): string =>
    `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: ${name}\nspec:\n  flinkVersion: v1_20\n  taskManager:\n    resource: {memory: 2048m, cpu: 1}\n`;

  it('two FlinkDeployments (a blue/green pair in one file)', () => {
    const text = `${deployment('checkout-blue')}---\n${deployment('checkout-green')}`;
    const expected: Diagnostic = {
      code: 'input/several-documents',
      severity: 'error',
      message: 'the file holds 2 FlinkDeployments ("checkout-blue", "checkout-green"): flinkslot reads one, put each in its own file',
      // The --- that opens the second document.
      location: { pointer: '', file: 'checkout.yaml', line: 9, column: 1 },
    };
    expect(refusal(simulateJobsOnCluster({ text, file: 'checkout.yaml' }, [JOB]))).toEqual([expected]);
    expect(refusal(memoryFromText(text, 'checkout.yaml'))).toEqual([expected]);
  });

  it('documents of which none is a FlinkDeployment or a Flink ConfigMap (a JobManager Service and Deployment)', () => {
    const text = `apiVersion: v1
kind: Service
metadata:
  name: flink-jobmanager
spec:
  ports: [{name: rpc, port: 6123}, {name: ui, port: 8081}]
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: flink-jobmanager
spec:
  replicas: 1
`;
    expect(refusal(memoryFromText(text, 'jobmanager.yaml'))).toEqual([
      {
        code: 'input/several-documents',
        severity: 'error',
        message:
          'the file holds 2 YAML documents ("Service", "Deployment") and none is a FlinkDeployment or a ConfigMap with Flink\'s configuration: flinkslot reads one document per file',
        location: { pointer: '', file: 'jobmanager.yaml', line: 7, column: 1 },
      },
    ]);
  });
});
