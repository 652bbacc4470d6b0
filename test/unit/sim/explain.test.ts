/**
 * Why a slot is missing, in words a person acts on (issue 15 §3, issue 25 §5): the cluster's free
 * slots first, then the closest TaskManager; sizes in binary units (exact bytes when the two
 * amounts print alike); the remainder of dividing a TaskManager into slots never shown as room.
 */
import { describe, expect, it } from 'vitest';
import { simulateJobsOnCluster } from '../../../src/app/simulate.js';

const cluster = (heap: string, slots = 1, cpu = 1) => ({
  text: `flinkVersion: "1.20"\nresourceAllocation: standalone\ndefaultWorker:\n  totalResources: {cpuCores: ${cpu}, taskHeapMemory: ${heap}}\n  numberOfTaskSlots: ${slots}\ntaskManagers:\n  - {id: tm}\n`,
  file: 'cluster.yaml',
});
const job = (cpu: number, heap: string) => ({
  text: `name: j\nslotSharingGroups:\n  - {name: g, resources: {cpuCores: ${cpu}, taskHeapMemory: ${heap}}}\nvertices:\n  - {id: a, parallelism: 1, slotSharingGroup: g}\n`,
  file: 'job.yaml',
});
const unknownJob = (parallelism: number) => ({ text: `name: u\nvertices:\n  - {id: a, parallelism: ${parallelism}}\n`, file: 'u.yaml' });

function run(c: { text: string; file: string }, j: { text: string; file: string }) {
  const r = simulateJobsOnCluster(c, [j]);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.value[0]!;
}
const reasons = (c: { text: string; file: string }, j: { text: string; file: string }) =>
  run(c, j).jobs[0]!.explanations.flatMap((e) => e.reasons);

describe('explanations of a missing slot', () => {
  it('a few bytes short is a real shortage (no slot divides to it): said in exact bytes; the data keeps the shortfalls', () => {
    const [closest] = reasons(cluster('1073741824b'), job(2, '1073741827b'));
    expect(closest!.message).toBe(
      '1 free slot; closest TaskManager tm: CPU 1 free of 2 needed (short by 1); task heap 1073741824 B free of 1073741827 B needed (short by 3 B)',
    );
    expect(closest!.shortfalls).toEqual([
      { dimension: 'cpuCores', required: '2', available: '1', shortBy: '1' },
      { dimension: 'taskHeapMemory', required: '1073741827b', available: '1gb', shortBy: '3b' },
    ]);
  });

  it('a real memory shortage in binary units, after the free slots', () => {
    const [closest] = reasons(cluster('1g'), job(1, '1536m'));
    expect(closest!.message).toBe('1 free slot; closest TaskManager tm: task heap 1 GiB free of 1.5 GiB needed (short by 512 MiB)');
  });

  it('every slot taken: the slots, not the remainder of the division (1 GiB + 1 B over 3 slots leaves 2 B, cpu 1 leaves 1e-8)', () => {
    const report = run(cluster('1073741825b', 3), unknownJob(4));
    const [first] = report.jobs[0]!.explanations.flatMap((e) => e.reasons);
    expect(first!.message).toBe('0 free slots: all 3 slots of 1 TaskManager are taken');
    // The exact remainder stays in the data: free and remainder are equal, to the byte.
    const tm = report.taskManagers[0]!;
    expect(tm.free).toEqual(tm.remainder);
    expect(tm.remainder).toEqual({
      cpuCores: 1e-8,
      taskHeapMemory: 2,
      taskOffHeapMemory: 0,
      managedMemory: 0,
      networkMemory: 0,
      extendedResources: {},
    });
  });

  it('a division that leaves nothing has no remainder', () => {
    const report = run(cluster('1g', 2, 2), unknownJob(3));
    expect(report.taskManagers[0]!.remainder).toBeUndefined();
    expect(report.jobs[0]!.explanations[0]!.reasons[0]!.message).toBe('0 free slots: all 2 slots of 1 TaskManager are taken');
  });
});
