/**
 * Counting alike TaskManagers once (network-buffer-alike.ts) changes no figure: on random jobs
 * (streaming and batch, all-to-all and pointwise, several slot sharing groups, every release) and
 * random placements (some slots unplaced) or TaskManagers filled in request order, the figures of
 * every TaskManager — required, exclusive and the requests in order — equal counting each TaskManager
 * on its own, and never more tasks are counted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeExecution } from '../../src/execution/analyze-execution.js';
import { buffersEveryTaskManager, buffersPerTaskManager } from '../../src/execution/network-buffer-demand.js';
import { type NetworkBufferPlan, networkBufferPlan } from '../../src/execution/network-buffer-plan.js';
import { type JobData, jobArb } from '../support/arbitraries.js';
import { analysisOf } from '../support/jobs.js';
import { inOrder } from '../support/network-buffers.js';

const RUNS = { numRuns: 150 };

const jobs: fc.Arbitrary<JobData> = jobArb({ maxVertices: 8, versions: ['1.10', '1.11', '1.12', '1.15', '1.17', '1.20', '2.0'] }).map(
  (job) => ({ ...job, vertices: job.vertices.map((v) => ({ ...v, parallelism: 1 + ((v.parallelism - 1) % 12) })) }),
);

function planOf(job: JobData): NetworkBufferPlan {
  const analysis = analysisOf(job);
  const execution = analyzeExecution(analysis);
  if (!execution.ok) throw new Error(JSON.stringify(execution.diagnostics));
  return networkBufferPlan(analysis.graph, execution.value);
}

function sameFigures(plan: NetworkBufferPlan, placement: Int32Array, taskManagers: number): void {
  const shared = { tasks: 0 };
  const every = { tasks: 0 };
  expect(buffersPerTaskManager(plan, placement, taskManagers, shared)).toEqual(
    buffersEveryTaskManager(plan, placement, taskManagers, every),
  );
  expect(shared.tasks).toBeLessThanOrEqual(every.tasks);
}

describe('TaskManagers counted alike (property)', () => {
  it('TaskManagers filled in request order: the same figures as counting each one', () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 1, max: 6 }), fc.boolean(), (job, slots, streaming) => {
        // Without waves (a streaming job's count) the shared counting is taken whenever no subtask
        // index matters; a batch plan and its copy without waves share their layout (and the memo).
        const plan = planOf(job);
        sameFigures(streaming ? { ...plan, waveOf: undefined } : plan, inOrder(plan.slotCount, slots), 0);
        sameFigures(plan, inOrder(plan.slotCount, slots), 0);
      }),
      RUNS,
    );
  });

  it('any placement, some slots not placed: the same figures as counting each one', () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 1, max: 5 }), fc.infiniteStream(fc.nat()), (job, taskManagers, stream) => {
        const plan = { ...planOf(job), waveOf: undefined };
        const placement = Int32Array.from({ length: plan.slotCount }, () => (stream.next().value % (taskManagers + 1)) - 1);
        sameFigures(plan, placement, taskManagers);
      }),
      RUNS,
    );
  });
});
