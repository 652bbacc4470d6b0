/**
 * Who starts a cluster's TaskManagers, from its configuration (issue 25 §4): the keys each kind of
 * deployment writes, strongest first, and the sentence a person reads.
 */
import { describe, expect, it } from 'vitest';
import { describeDeployment, recogniseDeployment, startsTaskManagers } from '../../../src/memory/deployment.js';

const of = (entries: Record<string, string>) => recogniseDeployment(new Map(Object.entries(entries)));

describe('recogniseDeployment', () => {
  it('execution.target names the deployment and its mode', () => {
    expect(of({ 'execution.target': 'kubernetes-session', 'kubernetes.cluster-id': 'c' })).toEqual({
      kind: 'native-kubernetes',
      mode: 'session',
      clusterId: 'c',
      evidence: ['execution.target: kubernetes-session'],
    });
    expect(of({ 'execution.target': 'kubernetes-application' })).toMatchObject({ kind: 'native-kubernetes', mode: 'application' });
    expect(of({ 'execution.target': 'yarn-per-job', 'yarn.application.id': 'application_1_2' })).toMatchObject({
      kind: 'yarn',
      mode: 'per-job',
      clusterId: 'application_1_2',
    });
    expect(of({ 'execution.target': 'yarn-application' })).toMatchObject({ kind: 'yarn', mode: 'application' });
    expect(of({ 'execution.target': 'remote' })).toMatchObject({ kind: 'standalone', mode: 'session' });
    expect(of({ 'execution.target': 'local' })).toMatchObject({ kind: 'local' });
  });

  it("without a target: native Kubernetes's entrypoint class, YARN's application id", () => {
    const entrypoint = 'org.apache.flink.kubernetes.entrypoint.KubernetesApplicationClusterEntrypoint';
    expect(of({ 'kubernetes.internal.jobmanager.entrypoint.class': entrypoint })).toEqual({
      kind: 'native-kubernetes',
      mode: 'application',
      evidence: [`kubernetes.internal.jobmanager.entrypoint.class: ${entrypoint}`],
    });
    expect(of({ 'yarn.application.id': 'application_9_1' })).toEqual({
      kind: 'yarn',
      clusterId: 'application_9_1',
      evidence: ['yarn.application.id: application_9_1'],
    });
  });

  it('the operator: $internal.flink.version (native), kubernetes.internal.taskmanager.replicas (its standalone mode)', () => {
    const native = of({ 'execution.target': 'kubernetes-application', '$internal.flink.version': 'v1_20', 'kubernetes.cluster-id': 'app' });
    expect(native).toEqual({
      kind: 'native-kubernetes',
      mode: 'application',
      operator: 'native',
      clusterId: 'app',
      evidence: ['execution.target: kubernetes-application', '$internal.flink.version: v1_20'],
    });
    expect(describeDeployment(native)).toBe("native Kubernetes application cluster 'app' under the Kubernetes operator (mode native)");
    const standalone = of({
      'execution.target': 'kubernetes-session',
      'kubernetes.internal.taskmanager.replicas': '3',
      '$internal.flink.version': 'v1_18',
    });
    expect(standalone).toEqual({
      kind: 'standalone',
      mode: 'session',
      operator: 'standalone',
      replicas: 3,
      evidence: ['kubernetes.internal.taskmanager.replicas: 3'],
    });
    expect(startsTaskManagers(standalone)).toBe(false);
  });

  it('nothing that tells: standalone, with no evidence', () => {
    const d = of({ 'taskmanager.numberOfTaskSlots': '4', 'kubernetes.cluster-id': 'ignored-alone' });
    expect(d).toEqual({ kind: 'standalone', evidence: [] });
    expect(describeDeployment(d)).toBe('standalone cluster');
    expect(startsTaskManagers(d)).toBe(false);
  });

  it('active deployments start TaskManagers themselves', () => {
    expect(startsTaskManagers(of({ 'execution.target': 'yarn-session' }))).toBe(true);
    expect(describeDeployment(of({ 'execution.target': 'yarn-session', 'yarn.application.id': 'a' }))).toBe("YARN session cluster 'a'");
  });
});
