/**
 * `size`'s proof, checked on another path: for random jobs and TaskManager shapes, the answer N
 * runs every job on a cluster file of N such TaskManagers (simulateJobsOnCluster reads it as a
 * user's file) and N - 1 does not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateJobsOnCluster, sizeJobs } from '../../src/index.js';

const arbJob = fc.record({
  vertices: fc.array(fc.record({ parallelism: fc.integer({ min: 1, max: 12 }), group: fc.constantFrom('default', 'a', 'b') }), {
    minLength: 1,
    maxLength: 4,
  }),
});

const jobText = (job: { vertices: { parallelism: number; group: string }[] }, k: number, version: string): string =>
  [
    `name: job-${k}`,
    `flinkVersion: "${version}"`,
    'vertices:',
    ...job.vertices.map((v, i) => `  - {id: v${i}, parallelism: ${v.parallelism}, slotSharingGroup: ${v.group}}`),
  ].join('\n') + '\n';

const config = (slots: number, processSize: string): string =>
  `taskmanager.memory.process.size: ${processSize}\ntaskmanager.numberOfTaskSlots: ${slots}\n`;

const cluster = (slots: number, processSize: string, count: number, version: string): string =>
  [
    `flinkVersion: "${version}"`,
    'resourceAllocation: standalone',
    'defaultWorker:',
    `  flinkConfiguration: {taskmanager.memory.process.size: ${processSize}, taskmanager.numberOfTaskSlots: ${slots}}`,
    `taskManagers: ${count === 0 ? '[]' : `[{id: tm, count: ${count}}]`}`,
  ].join('\n') + '\n';

describe('size: N TaskManagers meet the requirements, N - 1 do not', () => {
  it('for random jobs and shapes, checked by simulate on a cluster file', () => {
    fc.assert(
      fc.property(
        fc.array(arbJob, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('1728m', '4g'),
        // 1.17: the DeclarativeSlotManager's static slots; 1.20: the FineGrainedSlotManager's dynamic ones.
        fc.constantFrom('1.17', '1.20'),
        (jobs, slots, processSize, version) => {
          const graphs = jobs.map((j, k) => ({ text: jobText(j, k, version), file: `job-${k}.yaml` }));
          const sized = sizeJobs({ text: config(slots, processSize), file: 'flink-conf.yaml' }, graphs);
          if (!sized.ok) throw new Error(JSON.stringify(sized.diagnostics));
          const n = sized.value.taskManagers;
          const verdict = (count: number) => {
            const r = simulateJobsOnCluster({ text: cluster(slots, processSize, count, version), file: 'cluster.yaml' }, graphs);
            if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
            return r.value[0]!.verdict;
          };
          expect(verdict(n)).toBe('met');
          expect(verdict(n - 1)).not.toBe('met');
          expect([sized.value.proof.met.verdict, sized.value.proof.fewer?.verdict]).toEqual(['met', verdict(n - 1)]);
          expect(sized.value.slotManager).toBe(version === '1.17' ? 'declarative' : 'fine-grained');
        },
      ),
      { numRuns: 40 },
    );
  });
});
