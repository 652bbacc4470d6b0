import { describe, expect, it } from 'vitest';
import { simulateScenario } from '../../../src/index.js';

function run(data: unknown, trace = true) {
  const result = simulateScenario({ text: JSON.stringify(data), file: 's.json' }, { trace });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.value[0]!;
}

const cluster = {
  resourceAllocation: 'standalone',
  defaultWorker: { totalResources: { cpuCores: 4, taskHeapMemory: '4g' }, numberOfTaskSlots: 4 },
  options: { slotIdleTimeout: '20s' },
  taskManagers: [{ id: 'tm' }],
};

describe('scenario details', () => {
  it('a profile may refer to one defined later in the file', () => {
    const report = run({
      profiles: { a: 'b x2', b: { cpuCores: 1, taskHeapMemory: '1g' } },
      cluster: { ...cluster, defaultWorker: { totalResources: 'a x2', numberOfTaskSlots: 4 } },
      jobs: [{ id: 'j', requirements: [{ profile: 'b', count: 1 }] }],
    });
    expect(report.taskManagers[0]!.total).toMatchObject({ cpuCores: 4 });
    expect(report.jobs[0]!.verdict).toBe('met');
  });

  it('excess slots go back slot.idle.timeout after the requirements were lowered, not after the first declaration', () => {
    const report = run({
      cluster,
      events: [
        { at: 0, declare: { a: [{ profile: 'UNKNOWN', count: 4 }] } },
        { at: '5s', declare: { a: [{ profile: 'UNKNOWN', count: 2 }] } },
        { at: '6s', declare: { b: [{ profile: 'UNKNOWN', count: 2 }] } },
      ],
      until: '40s',
    });
    const release = report.trace!.find((t) => t.message.includes('returns 2 idle excess'));
    expect(release?.time).toBe(25_000);
    expect(report.jobs.find((j) => j.id === 'b')!.verdict).toBe('met');
  });

  it('a job finished by an event reports when it finished', () => {
    const report = run({
      cluster,
      jobs: [{ id: 'j', requirements: [{ profile: 'UNKNOWN', count: 2 }] }],
      events: [{ at: '3s', finishJob: 'j' }],
    });
    expect(report.jobs[0]!.finishedAt).toBe(3000);
    expect(report.taskManagers[0]!.slots).toEqual([]);
  });

  it('a declarative cluster counts a TaskManager of its configuration as a running worker, though its slots do not add up to the total', () => {
    // 4096m and 3 slots: task heap, managed and network memory do not divide by 3, so slots × 3 falls a
    // few bytes short of the TaskManager's total. Flink registers the total (TaskExecutorResourceUtils);
    // the ResourceManager must count tm-1 and start 2 workers for 8 slots, not 4.
    const report = run(
      {
        cluster: {
          flinkVersion: '1.15',
          resourceAllocation: 'active',
          defaultWorker: { flinkConfiguration: { 'taskmanager.memory.process.size': '4096m', 'taskmanager.numberOfTaskSlots': 3 } },
          taskManagers: [{ id: 'tm' }],
        },
        jobs: [{ id: 'j', requirements: [{ profile: 'UNKNOWN', count: 8 }] }],
      },
      false,
    );
    expect(report.slotManager).toBe('declarative');
    expect(report.jobs[0]!.verdict).toBe('met');
    expect(report.taskManagers.map((tm) => tm.id)).toEqual(['tm', 'worker-1', 'worker-2']);
    expect(report.taskManagers[0]!.total).toEqual(report.taskManagers[1]!.total);
  });
});
