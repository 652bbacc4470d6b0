/**
 * The SlotManager limit to raise when it stops the jobs on a cluster that starts TaskManagers
 * (src/app/limit-advice.ts, issue 25 §4): the least value, found by running the SlotManager.
 */
import { describe, expect, it } from 'vitest';
import { simulateJobsWithAdvice } from '../../../src/app/simulate-with-advice.js';

// 6 slots, one vertex: 3 TaskManagers of 2 slots.
const job = { text: 'name: six\nflinkVersion: "1.20"\nvertices:\n  - {id: only, parallelism: 6}\n', file: 'six.yaml' };
const cluster = (defaultWorker: string, options = ''): { text: string; file: string } => ({
  text: `flinkVersion: "1.20"\nresourceAllocation: active\ndefaultWorker: ${defaultWorker}\n${options}`,
  file: 'cluster.yaml',
});
const raise = (c: { text: string; file: string }) => {
  const r = simulateJobsWithAdvice(c, [job]);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value[0]!.raiseLimits;
};

describe('raiseLimitsAdvice', () => {
  it("a limit in the cluster file's default worker configuration is named there", () => {
    const c = cluster(
      '{flinkConfiguration: {taskmanager.numberOfTaskSlots: "2", taskmanager.memory.process.size: 2g, slotmanager.number-of-slots.max: "2"}}',
    );
    expect(raise(c)).toEqual([
      expect.objectContaining({
        setIn: 'configuration',
        from: '2',
        to: '6',
        notAt: '5',
        instruction: 'raise slotmanager.number-of-slots.max in defaultWorker.flinkConfiguration from 2 to 6',
      }),
    ]);
  });

  it('a limit that does not bind is not advised; only the one that does', () => {
    const c = cluster(
      '{totalResources: {cpuCores: 1, taskHeapMemory: 1g}, numberOfTaskSlots: 2}',
      'options: {maxTotalCpu: 2, maxTotalMemory: 100g}\n',
    );
    expect(raise(c)).toEqual([expect.objectContaining({ option: 'maxTotalCpu', from: '2', to: '3', notAt: '2.99999999' })]);
  });

  it('no advice when even without limits the jobs would not run (a slot larger than any TaskManager)', () => {
    const big = {
      text: 'name: big\nflinkVersion: "1.20"\nslotSharingGroups:\n  - {name: g, resources: {cpuCores: 8, taskHeapMemory: 1g}}\nvertices:\n  - {id: only, parallelism: 2, slotSharingGroup: g}\n',
      file: 'big.yaml',
    };
    const c = cluster('{totalResources: {cpuCores: 2, taskHeapMemory: 4g}, numberOfTaskSlots: 2}', 'options: {maxSlots: 2}\n');
    const r = simulateJobsWithAdvice(c, [big]);
    expect(r.ok && r.value[0]!.verdict !== 'met').toBe(true);
    expect(r.ok ? r.value[0]!.raiseLimits : 'failed').toBeUndefined();
  });
});
