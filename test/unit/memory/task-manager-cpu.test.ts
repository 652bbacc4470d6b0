/**
 * A TaskManager's CPU per deployment target (src/memory/task-manager-cpu.ts), from
 * TaskExecutorProcessUtils.getCpuCoresWithFallback and the Kubernetes and YARN worker factories.
 */
import { describe, expect, it } from 'vitest';
import { otherTargetCpuNotes, taskManagerCpu, targetOfConfiguration } from '../../../src/memory/task-manager-cpu.js';
import { type FlinkVersion, parseFlinkVersion } from '../../../src/model/flink-version.js';
import { memoryFromText } from '../../../src/index.js';

const v = (text: string): FlinkVersion => parseFlinkVersion(text)!;
const conf = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

describe('taskManagerCpu', () => {
  it('standalone: taskmanager.cpu.cores, else the number of slots', () => {
    expect(taskManagerCpu(conf({}), v('2.2'), 'standalone', 3)).toEqual({ cores: 3, source: 'taskmanager.numberOfTaskSlots' });
    expect(taskManagerCpu(conf({ 'taskmanager.cpu.cores': '1.5' }), v('2.2'), 'standalone', 3)).toEqual({
      cores: 1.5,
      source: 'taskmanager.cpu.cores',
    });
    // A target's option means nothing to a standalone TaskManager.
    expect(taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu.amount': '0.4' }), v('2.2'), 'standalone', 2).cores).toBe(2);
  });

  it('Kubernetes: kubernetes.taskmanager.cpu.amount from 1.17 (the old key still read), kubernetes.taskmanager.cpu before', () => {
    expect(taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu.amount': '0.4' }), v('2.2'), 'kubernetes', 2)).toEqual({
      cores: 0.4,
      source: 'kubernetes.taskmanager.cpu.amount',
    });
    expect(taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu': '1.5' }), v('1.20'), 'kubernetes', 2)).toEqual({
      cores: 1.5,
      source: 'kubernetes.taskmanager.cpu',
    });
    expect(taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu': '2' }), v('1.16'), 'kubernetes', 4).cores).toBe(2);
    // 1.16 does not know the new key.
    expect(taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu.amount': '2' }), v('1.16'), 'kubernetes', 4).cores).toBe(4);
    expect(
      taskManagerCpu(conf({ 'kubernetes.taskmanager.cpu.amount': '0.4', 'taskmanager.cpu.cores': '3' }), v('2.2'), 'kubernetes', 2).source,
    ).toBe('taskmanager.cpu.cores');
  });

  it('Kubernetes on 1.10 ignores taskmanager.cpu.cores', () => {
    expect(taskManagerCpu(conf({ 'taskmanager.cpu.cores': '3' }), v('1.10'), 'kubernetes', 2)).toEqual({
      cores: 2,
      source: 'taskmanager.numberOfTaskSlots',
    });
  });

  it('YARN: yarn.containers.vcores; the result rounded up to whole vcores, at least 1', () => {
    expect(taskManagerCpu(conf({ 'yarn.containers.vcores': '2' }), v('1.20'), 'yarn', 4)).toEqual({
      cores: 2,
      source: 'yarn.containers.vcores',
    });
    expect(taskManagerCpu(conf({ 'taskmanager.cpu.cores': '2.5' }), v('1.20'), 'yarn', 4)).toEqual({
      cores: 3,
      source: 'taskmanager.cpu.cores',
      roundedUp: true,
    });
    expect(taskManagerCpu(conf({ 'taskmanager.cpu.cores': '0.2' }), v('1.20'), 'yarn', 4).cores).toBe(1);
    expect(taskManagerCpu(conf({}), v('1.20'), 'yarn', 3).cores).toBe(3);
  });

  it('a CPU of 0 or less is Flink’s IllegalConfigurationException', () => {
    expect(() => taskManagerCpu(conf({ 'taskmanager.cpu.cores': '0' }), v('2.2'), 'kubernetes', 2)).toThrow(/positive number of CPU cores/);
  });

  it('execution.target names the target', () => {
    expect(targetOfConfiguration(conf({ 'execution.target': 'kubernetes-application' }))).toBe('kubernetes');
    expect(targetOfConfiguration(conf({ 'execution.target': 'yarn-per-job' }))).toBe('yarn');
    expect(targetOfConfiguration(conf({ 'execution.target': 'remote' }))).toBe('standalone');
    expect(targetOfConfiguration(conf({}))).toBeUndefined();
  });
});

describe('memory with a deployment target', () => {
  it('Kubernetes 2.2, 2 slots, kubernetes.taskmanager.cpu.amount 0.4: the TaskManager has 0.4 CPU, a slot 0.2', () => {
    const text = 'taskmanager.memory.process.size: 1024m\ntaskmanager.numberOfTaskSlots: 2\nkubernetes.taskmanager.cpu.amount: 0.4\n';
    const r = memoryFromText(text, 'config.yaml', { flinkVersion: '2.2', deploymentTarget: 'kubernetes' });
    if (!r.ok) throw new Error(r.diagnostics[0]!.message);
    expect([r.value.deploymentTarget, r.value.cpu]).toEqual(['kubernetes', { cores: 0.4, source: 'kubernetes.taskmanager.cpu.amount' }]);
    expect(typeof r.value.defaultSlotResourceProfile === 'object' && r.value.defaultSlotResourceProfile.cpuCores).toBe(0.2);
    const standalone = memoryFromText(text, 'config.yaml', { flinkVersion: '2.2' });
    expect(standalone.ok && [standalone.value.deploymentTarget, standalone.value.cpu.cores]).toEqual(['standalone', 2]);
    const fromConfig = memoryFromText(`${text}execution.target: kubernetes-session\n`, 'config.yaml', { flinkVersion: '2.2' });
    expect(fromConfig.ok && fromConfig.value.cpu.cores).toBe(0.4);
  });

  it('from 1.14 a slot’s CPU keeps 8 decimals (Resource.MAX_VALUE_SCALE), 16 before', () => {
    const text = 'taskmanager.memory.process.size: 4g\ntaskmanager.numberOfTaskSlots: 3\ntaskmanager.cpu.cores: 2\n';
    const cpu = (version: string): unknown => {
      const r = memoryFromText(text, 'c.yaml', { flinkVersion: version });
      return r.ok && typeof r.value.defaultSlotResourceProfile === 'object' ? r.value.defaultSlotResourceProfile.cpuCores : undefined;
    };
    expect(cpu('1.13')).toBe(0.6666666666666666);
    expect(cpu('1.14')).toBe(0.66666666);
  });
});

describe("otherTargetCpuNotes: a CPU key another target reads ('config/other-target')", () => {
  const K8S = "'kubernetes.taskmanager.cpu' is read only when TaskManagers run on Kubernetes";
  const both = conf({ 'kubernetes.taskmanager.cpu': '3', 'yarn.containers.vcores': '2' });

  it('names the key and how to set the target where it was given; nothing when taskmanager.cpu.cores is set or the target reads it', () => {
    // memory: execution.target in the file, or its --target flag.
    expect(otherTargetCpuNotes(both, 'standalone', v('1.16'), { flag: true }).map((n) => [n.code, n.message])).toEqual([
      [
        'config/other-target',
        `${K8S}; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application), or give memory --target kubernetes`,
      ],
      [
        'config/other-target',
        "'yarn.containers.vcores' is read only when TaskManagers run on YARN; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: yarn-session (or yarn-application), or give memory --target yarn",
      ],
    ]);
    expect(otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu.amount': '3' }), 'yarn', v('2.2'))[0]!.message).toContain(
      'the deployment target here is yarn, so it is ignored',
    );
    expect(otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu.amount': '3' }), 'kubernetes', v('2.2'))).toEqual([]);
    expect(otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu': '3', 'taskmanager.cpu.cores': '2' }), 'standalone', v('2.2'))).toEqual(
      [],
    );
  });

  it("size, plan, validate and simulate have no --target: the configuration's execution.target only", () => {
    const [k8s, yarn] = otherTargetCpuNotes(both, 'standalone', v('1.16')).map((n) => n.message);
    expect(k8s).toBe(
      `${K8S}; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application)`,
    );
    expect(yarn).not.toContain('--target');
  });

  it("a cluster file's defaultWorker: its deploymentTarget, and execution.target only when the file sets no deploymentTarget", () => {
    const open = otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu.amount': '3' }), 'standalone', v('2.2'), { clusterFile: true });
    expect(open[0]!.message).toBe(
      "'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application), or set the cluster file's deploymentTarget: kubernetes",
    );
    const fixed = otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu.amount': '3' }), 'standalone', v('2.2'), {
      clusterFile: true,
      executionTarget: false,
    });
    expect(fixed[0]!.message).toBe(
      "'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes; the deployment target here is standalone, so it is ignored: set the cluster file's deploymentTarget: kubernetes",
    );
  });

  it('a FlinkDeployment: the operator sets the target; in standalone mode its Kubernetes CPU is explained by the reader', () => {
    expect(otherTargetCpuNotes(both, 'standalone', v('1.16'), { deployment: 'standalone' }).map((n) => n.message)).toEqual([
      "'yarn.containers.vcores' is read only when TaskManagers run on YARN; the operator's TaskManagers run on Kubernetes, so it is ignored",
    ]);
    expect(otherTargetCpuNotes(both, 'kubernetes', v('1.16'), { deployment: 'native' }).map((n) => n.message)).toEqual([
      "'yarn.containers.vcores' is read only when TaskManagers run on YARN; the operator's TaskManagers run on Kubernetes, so it is ignored",
    ]);
  });

  it('kubernetes.taskmanager.cpu from 1.17 (FLINK-29372) names the key it became', () => {
    const [at117] = otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu': '3' }), 'standalone', v('1.17')).map((n) => n.message);
    expect(at117).toBe(
      "'kubernetes.taskmanager.cpu' (deprecated since Flink 1.17: the key is now 'kubernetes.taskmanager.cpu.amount') is read only when TaskManagers run on Kubernetes; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application)",
    );
    expect(otherTargetCpuNotes(conf({ 'kubernetes.taskmanager.cpu': '3' }), 'standalone', v('1.16'))[0]!.message).not.toContain(
      'deprecated',
    );
  });

  it('memory shows it, and the CPU stays the slot count as Flink has it', () => {
    const r = memoryFromText(
      'taskmanager.memory.process.size: 2g\ntaskmanager.numberOfTaskSlots: 4\nkubernetes.taskmanager.cpu.amount: 3\n',
      'c.yaml',
    );
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.cpu).toEqual({ cores: 4, source: 'taskmanager.numberOfTaskSlots' });
    expect(
      r.value.notes?.some((n) => n.startsWith("'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes")),
    ).toBe(true);
  });
});
