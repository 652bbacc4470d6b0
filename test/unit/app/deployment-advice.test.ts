/**
 * The live advice's limits (issue 25 §4): what Flink's SlotManager would stop at, checked against the
 * TaskManagers the answer needs, in the keys a user sets.
 */
import { describe, expect, it } from 'vitest';
import { inUserTerms, liveAdvice } from '../../../src/app/deployment-advice.js';
import { recogniseDeployment } from '../../../src/memory/deployment.js';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import type { TaskManagerReport } from '../../../src/report/simulation-report.js';

const GIB = 1 << 30;
const tm = (id: string): TaskManagerReport => ({
  id,
  total: { cpuCores: 2, taskHeapMemory: GIB, taskOffHeapMemory: 0, managedMemory: GIB, networkMemory: 0, extendedResources: {} },
  free: { cpuCores: 0, taskHeapMemory: 0, taskOffHeapMemory: 0, managedMemory: 0, networkMemory: 0, extendedResources: {} },
  registeredSlots: 2,
  freeSlots: 0,
  slots: [],
  released: false,
  blocked: false,
});

function advise(config: Record<string, string>) {
  const map = new Map(Object.entries({ 'execution.target': 'kubernetes-session', ...config }));
  const version = parseFlinkVersion('1.16')!;
  return liveAdvice({
    deployment: recogniseDeployment(map),
    config: map,
    flinkVersion: version,
    answers: [{ kind: 'needs-task-managers', count: 3, like: 'a', slotsEach: 2 }],
    taskManagers: [tm('a'), tm('b')],
    slotsTotal: 4,
  });
}

describe('liveAdvice on native Kubernetes', () => {
  it('slotmanager.max-total-resource.cpu and .memory below what 2 running and 3 new TaskManagers take: raise them', () => {
    const lines = advise({ 'slotmanager.max-total-resource.cpu': '6', 'slotmanager.max-total-resource.memory': '8g' });
    expect(lines.slice(1, 3)).toEqual([
      '  slotmanager.max-total-resource.cpu is 6: raise it to at least 10',
      '  slotmanager.max-total-resource.memory is 8g: raise it to at least 10 GiB (task heap, off-heap, managed and network memory of every TaskManager)',
    ]);
  });

  it('a limit that leaves room is said to, and Flink 1.16 names kubernetes.taskmanager.cpu', () => {
    const lines = advise({ 'slotmanager.number-of-slots.max': '10', 'kubernetes.taskmanager.cpu': '2' });
    expect(lines[1]).toBe('  slotmanager.number-of-slots.max 10 leaves room for them (10 slots)');
    expect(lines[2]).toContain('and cpu 2 (kubernetes.taskmanager.cpu)');
  });
});

describe('liveAdvice for the other answers', () => {
  const version = parseFlinkVersion('1.20')!;
  const base = { config: undefined, flinkVersion: version, taskManagers: [tm('a')], slotsTotal: 2 };

  it("a slot larger than any TaskManager: bigger TaskManagers in the deployment's keys", () => {
    const answers = [{ kind: 'does-not-fit' as const, reason: 'x' }];
    const yarn = recogniseDeployment(new Map([['execution.target', 'yarn-per-job']]));
    expect(liveAdvice({ ...base, deployment: yarn, answers })).toEqual([
      'a slot the new jobs ask for is larger than a TaskManager: give TaskManagers more resources (taskmanager.memory.process.size and yarn.containers.vcores) or fewer slots each (taskmanager.numberOfTaskSlots)',
    ]);
    const operator = recogniseDeployment(
      new Map([
        ['execution.target', 'kubernetes-application'],
        ['$internal.flink.version', 'v1_20'],
      ]),
    );
    expect(liveAdvice({ ...base, deployment: operator, answers })[0]).toContain('(spec.taskManager.resource (memory, cpu))');
  });

  it('fits now, or only if jobs stop: nothing to change', () => {
    const native = recogniseDeployment(new Map([['execution.target', 'kubernetes-session']]));
    expect(liveAdvice({ ...base, deployment: native, answers: [{ kind: 'fits-now' }] })).toEqual([]);
    expect(liveAdvice({ ...base, deployment: native, answers: [{ kind: 'fits-if-jobs-stop', stop: ['a'] }] })).toEqual([]);
  });

  it('a local MiniCluster: local.number-taskmanager', () => {
    const local = recogniseDeployment(new Map([['execution.target', 'local']]));
    const answers = [{ kind: 'needs-task-managers' as const, count: 1, like: 'a', slotsEach: 2 }];
    expect(liveAdvice({ ...base, deployment: local, answers })[0]).toBe(
      'a local cluster (MiniCluster): raise local.number-taskmanager by 1, or taskmanager.numberOfTaskSlots',
    );
  });
});

describe('inUserTerms: the reasons and the advice of a file-based cluster in its own fields', () => {
  const report = {
    flinkVersion: '1.20',
    flinkVersionSource: 'file',
    slotManager: 'fine-grained',
    resourceAllocation: 'standalone',
    endTime: 0,
    verdict: 'partly-met',
    jobs: [
      {
        id: 'j',
        verdict: 'partly-met',
        requirements: [],
        acquired: [],
        missing: [],
        notEnoughResourcesNotifications: 0,
        explanations: [{ profile: 'UNKNOWN', count: 1, reasons: [{ kind: 'standalone', message: 'cluster-file words' }] }],
        submittedAt: 0,
        firstFullyMetAt: null,
        lostAt: [],
        regainedAt: [],
        slotsBeforeFullyMet: 0,
      },
    ],
    taskManagers: [tm('a'), tm('b')],
    pendingTaskManagers: [],
    workersStarted: 0,
    advice: { addTaskManagers: 2, slotsPerTaskManager: 2, taskManager: tm('a').total },
  } as const satisfies Parameters<typeof inUserTerms>[0];

  it('a flinkslot cluster file keeps its words; a standalone Flink configuration is told to start TaskManagers with it', () => {
    expect(inUserTerms(report, { kind: 'cluster-file' })).toEqual(report);
    const conf = inUserTerms(report, { kind: 'flink-configuration', deployment: recogniseDeployment(new Map()) });
    expect(conf.jobs[0]!.explanations[0]!.reasons[0]!.message).toBe(
      'Flink starts no TaskManager on a standalone cluster (the configuration names no Kubernetes or YARN execution.target): only the TaskManagers started with it can hold the slot',
    );
    expect(conf.advice!.instruction).toBe('start 2 more TaskManagers with this configuration (taskmanager.numberOfTaskSlots 2)');
    const deployment = inUserTerms(report, { kind: 'flink-deployment', mode: 'standalone' });
    expect(deployment.advice!.instruction).toBe(
      'raise spec.taskManager.replicas from 2 to 4 (2 slots each, taskmanager.numberOfTaskSlots)',
    );
  });
});
