/**
 * Why a slot is missing, in words a person acts on (issue 15 §3): sizes in binary units, and the
 * 1–7 byte remainders of dividing a TaskManager into slots never shown as the shortage next to a
 * real one.
 */
import { describe, expect, it } from 'vitest';
import { simulateJobsOnCluster } from '../../../src/app/simulate.js';

const cluster = (heap: string) => ({
  text: `flinkVersion: "1.20"\nresourceAllocation: standalone\ndefaultWorker:\n  totalResources: {cpuCores: 1, taskHeapMemory: ${heap}}\n  numberOfTaskSlots: 1\ntaskManagers:\n  - {id: tm}\n`,
  file: 'cluster.yaml',
});
const job = (cpu: number, heap: string) => ({
  text: `name: j\nslotSharingGroups:\n  - {name: g, resources: {cpuCores: ${cpu}, taskHeapMemory: ${heap}}}\nvertices:\n  - {id: a, parallelism: 1, slotSharingGroup: g}\n`,
  file: 'job.yaml',
});

function reasons(c: ReturnType<typeof cluster>, j: ReturnType<typeof job>) {
  const r = simulateJobsOnCluster(c, [j]);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.value[0]!.jobs[0]!.explanations.flatMap((e) => e.reasons);
}

describe('explanations of a missing slot', () => {
  it('a few bytes short next to a real shortage: only the real one, in binary units; the exact amounts stay in the data', () => {
    const [closest] = reasons(cluster('1073741824b'), job(2, '1073741827b'));
    expect(closest!.message).toBe('closest TaskManager tm: cpuCores 1 free of 2 needed (short by 1)');
    expect(closest!.shortfalls).toEqual([
      { dimension: 'cpuCores', required: '2', available: '1', shortBy: '1' },
      { dimension: 'taskHeapMemory', required: '1073741827b', available: '1gb', shortBy: '3b' },
    ]);
  });

  it('only a few bytes short: said as the remainder it is (Flink still refuses the slot)', () => {
    const [closest] = reasons(cluster('1073741824b'), job(1, '1073741827b'));
    expect(closest!.message).toBe(
      'closest TaskManager tm: taskHeapMemory 1073741824 bytes free of 1073741827 needed: short by 3 bytes, the remainder of dividing the TaskManager into slots',
    );
  });

  it('a real memory shortage in binary units', () => {
    const [closest] = reasons(cluster('1g'), job(1, '1536m'));
    expect(closest!.message).toBe('closest TaskManager tm: taskHeapMemory 1 GiB free of 1.5 GiB needed (short by 512 MiB)');
  });
});
