/** The TaskManager pod's requests and limits on Kubernetes (src/memory/kubernetes-pod.ts). */
import { describe, expect, it } from 'vitest';
import { kubernetesPodResources } from '../../../src/memory/kubernetes-pod.js';
import { thrown } from '../../support/thrown.js';

const MiB = 1n << 20n;
const V1_14 = { major: 1, minor: 14 };
const V1_20 = { major: 1, minor: 20 };
const conf = (entries: Record<string, string> = {}) => new Map(Object.entries(entries));

describe('kubernetesPodResources', () => {
  it('requests: the worker CPU and the process memory in whole MiB; limits equal them by default', () => {
    expect(kubernetesPodResources(conf(), V1_20, 0.4, 1024n * MiB + 1000n)).toEqual({
      cpuRequest: 0.4,
      cpuLimit: 0.4,
      memoryRequestMiB: 1024,
      memoryLimitMiB: 1024,
    });
  });

  it('limits × the limit factors (memory truncated like Java’s (int) cast)', () => {
    const factors = conf({ 'kubernetes.taskmanager.cpu.limit-factor': '1.5', 'kubernetes.taskmanager.memory.limit-factor': '1.3' });
    expect(kubernetesPodResources(factors, V1_20, 2, 1000n * MiB)).toMatchObject({ cpuLimit: 3, memoryLimitMiB: 1300 });
    expect(kubernetesPodResources(factors, V1_20, 2, 1001n * MiB).memoryLimitMiB).toBe(1301);
  });

  it('before Flink 1.15 there are no limit factors: limits equal requests', () => {
    const factors = conf({ 'kubernetes.taskmanager.cpu.limit-factor': '2' });
    expect(kubernetesPodResources(factors, V1_14, 2, 1024n * MiB).cpuLimit).toBe(2);
  });

  it('a factor below 1 fails as Flink’s checkArgument does', () => {
    const e = thrown(() => kubernetesPodResources(conf({ 'kubernetes.taskmanager.memory.limit-factor': '0.5' }), V1_20, 1, MiB));
    expect([e.errorType, e.message]).toEqual([
      'IllegalArgumentException',
      'kubernetes.taskmanager.memory.limit-factor should be greater or equal to 1.',
    ]);
  });
});
