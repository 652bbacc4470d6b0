/**
 * The live advice's limits (issue 25 §4): what Flink's SlotManager would stop at, checked against the
 * TaskManagers the answer needs, in the keys a user sets.
 */
import { describe, expect, it } from 'vitest';
import { liveAdvice } from '../../../src/app/deployment-advice.js';
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
