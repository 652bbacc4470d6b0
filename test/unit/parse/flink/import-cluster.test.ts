import { describe, expect, it } from 'vitest';
import { importCluster } from '../../../../src/parse/flink/import-cluster.js';

const MIB = 1024 * 1024;
const tm = (id: string, extra: object = {}) => ({
  id,
  slotsNumber: 2,
  freeSlots: 1,
  totalResource: {
    cpuCores: 2.0,
    taskHeapMemory: 1000,
    taskOffHeapMemory: 0,
    managedMemory: 500,
    networkMemory: 100,
    extendedResources: {},
  },
  ...extra,
});

describe('importCluster (GET /taskmanagers)', () => {
  it('MiB figures become bytes (a lower bound) without memoryConfiguration', () => {
    const r = importCluster({ taskmanagers: [tm('a')] });
    if (!r.ok) throw new Error('import failed');
    const written = (r.value.cluster.taskManagers as { totalResources: Record<string, number>; numberOfTaskSlots: number }[])[0]!;
    expect(written.totalResources).toEqual({
      cpuCores: 2,
      taskHeapMemory: 1000 * MIB,
      taskOffHeapMemory: 0,
      managedMemory: 500 * MIB,
      networkMemory: 100 * MIB,
    });
    expect(written.numberOfTaskSlots).toBe(2);
    expect(r.value.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining(['import/mib-memory', 'import/slots-in-use', 'import/standalone']),
    );
  });

  it('exact bytes from memoryConfiguration when they agree with the MiB figures', () => {
    const memoryConfiguration = { taskHeap: 1000 * MIB + 123, taskOffHeap: 0, managedMemory: 500 * MIB + 7, networkMemory: 100 * MIB };
    const r = importCluster({ taskmanagers: [tm('a', { memoryConfiguration })] });
    if (!r.ok) throw new Error('import failed');
    const written = (r.value.cluster.taskManagers as { totalResources: Record<string, number> }[])[0]!;
    expect(written.totalResources.taskHeapMemory).toBe(1000 * MIB + 123);
    expect(r.value.taskManagers[0]!.totalResource?.taskHeapMemory).toBe(1000n * BigInt(MIB));
    expect(r.value.notes.find((n) => n.code === 'import/exact-memory')).toEqual({
      code: 'import/exact-memory',
      message: 'memory of 1 TaskManager in exact bytes from memoryConfiguration (totalResource states whole MiB)',
      pointer: '',
    });
  });

  it('disagreeing memoryConfiguration is not used; TaskManagers reporting zeros are left out with a note', () => {
    const zero = { cpuCores: 0, taskHeapMemory: 0, taskOffHeapMemory: 0, managedMemory: 0, networkMemory: 0 };
    const r = importCluster({
      taskmanagers: [
        tm('a', { memoryConfiguration: { taskHeap: 5, taskOffHeap: 0, managedMemory: 0, networkMemory: 0 } }),
        tm('b', { totalResource: zero }),
      ],
    });
    if (!r.ok) throw new Error('import failed');
    expect((r.value.cluster.taskManagers as unknown[]).length).toBe(1);
    expect(r.value.notes.map((n) => n.code)).toEqual(expect.arrayContaining(['import/mib-memory', 'import/no-total-resource']));
  });

  it('a broken answer is a located error', () => {
    const r = importCluster({ taskmanagers: [{ id: 'a' }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.message).toContain('slotsNumber');
  });
});
