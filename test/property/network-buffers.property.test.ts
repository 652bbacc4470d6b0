/**
 * Properties of the network-buffer count (docs/research/network-buffers.md §2.5, §3) on random jobs
 * (parallelism ≤ 8, ≤ 8 vertices) and placements:
 * - per TaskManager it equals a brute-force count that enumerates every producer–consumer subtask pair;
 * - a TaskManager fits iff no request fails, and `required` is the sum of its requests;
 * - pool minima never shrink when a TaskManager gets more of the job's slots, and two TaskManagers
 *   merged never require more than both did. (The total itself CAN shrink with more slots per
 *   TaskManager — producers moving in turn remote channels local; network-buffer-demand.test.ts
 *   shows a case — so "required never decreases" is not a property of Flink's count.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeExecution } from '../../src/execution/analyze-execution.js';
import { type BufferRequest, buffersPerTaskManager } from '../../src/execution/network-buffer-demand.js';
import { firstFailingRequest } from '../../src/execution/network-buffer-failure.js';
import { type NetworkBufferPlan, networkBufferPlan } from '../../src/execution/network-buffer-plan.js';
import { gateBuffers, partitionMinimum } from '../../src/execution/network-buffer-rules.js';
import { pointwiseRange } from '../../src/execution/pointwise.js';
import { type JobData, jobArb } from '../support/arbitraries.js';
import { analysisOf } from '../support/jobs.js';
import { inOrder } from '../support/network-buffers.js';

const RUNS = { numRuns: 100 };

const jobs: fc.Arbitrary<JobData> = jobArb({ maxVertices: 8, versions: ['1.10', '1.11', '1.12', '1.15', '1.17', '1.20', '2.0'] }).map(
  (job) => ({
    ...job,
    vertices: job.vertices.map((v) => ({ ...v, parallelism: 1 + ((v.parallelism - 1) % 8) })),
  }),
);

function planOf(job: JobData): NetworkBufferPlan {
  const analysis = analysisOf(job);
  const execution = analyzeExecution(analysis);
  if (!execution.ok) throw new Error(JSON.stringify(execution.diagnostics));
  return networkBufferPlan(analysis.graph, execution.value);
}

/** Does consumer subtask c of a t-wide vertex read producer subtask p of an s-wide one? */
function reads(pattern: string, s: number, t: number, p: number, c: number): boolean {
  if (pattern === 'ALL_TO_ALL') return true;
  const r = pointwiseRange(s, t, c);
  return p >= r.start && p < r.end;
}

/** Every pair enumerated: O(Σ s × t), the definition the linear count must agree with. */
function bruteForce(plan: NetworkBufferPlan, placement: Int32Array, taskManagers: number): number[] {
  const out = new Array<number>(taskManagers).fill(0);
  const tmOf = (x: number): number => placement[plan.groupOf[x]!]!;
  plan.vertices.forEach((vertex) => {
    for (let i = 0; i < vertex.parallelism; i++) {
      const tm = tmOf(vertex.offset + i);
      for (const partition of vertex.partitions) {
        const consumer = plan.vertices[partition.consumer]!;
        let subs = 0;
        for (let c = 0; c < consumer.parallelism; c++) if (reads(partition.pattern, vertex.parallelism, consumer.parallelism, i, c)) subs++;
        out[tm]! += partitionMinimum(plan.rules, partition.type, subs);
      }
      for (const gate of vertex.gates) {
        const producer = plan.vertices[gate.producer]!;
        let all = 0;
        let remote = 0;
        for (let p = 0; p < producer.parallelism; p++) {
          if (!reads(gate.pattern, producer.parallelism, vertex.parallelism, p, i)) continue;
          all++;
          if (tmOf(producer.offset + p) !== tm) remote++;
        }
        const spec = gateBuffers(plan.rules, gate.type, all);
        out[tm]! += spec.minimum + spec.exclusivePerChannel * remote;
      }
    }
  });
  return out;
}

const sum = (requests: readonly BufferRequest[]): number => requests.reduce((s, r) => s + r.size * r.count, 0);

describe('network buffers per TaskManager (property)', () => {
  it('equal the brute-force count over every subtask pair, for any placement; required = Σ requests', () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 1, max: 5 }), fc.infiniteStream(fc.nat()), (job, taskManagers, stream) => {
        // Every task counted (a batch job's waves aside): the brute force knows no waves.
        const plan = { ...planOf(job), waveOf: undefined };
        const placement = Int32Array.from({ length: plan.slotCount }, () => stream.next().value % taskManagers);
        const tms = buffersPerTaskManager(plan, placement, taskManagers);
        expect(tms.map((t) => t.required)).toEqual(bruteForce(plan, placement, taskManagers));
        for (const tm of tms) expect(sum(tm.requests)).toBe(tm.required);
      }),
      RUNS,
    );
  });

  it('a TaskManager fits iff no request fails; the failing request is one of the requests and exceeds what is left', () => {
    const requests = fc.array(fc.record({ size: fc.integer({ min: 1, max: 600 }), count: fc.integer({ min: 1, max: 50 }) }), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(requests, fc.nat({ max: 20000 }), fc.nat({ max: 20000 }), (list, a, b) => {
        // What earlier requests hold never exceeds the pool (Flink refused the one that would).
        const [already, total] = [Math.min(a, b), Math.max(a, b)];
        const failing = firstFailingRequest(already, list, total);
        expect(failing === undefined).toBe(already + sum(list) <= total);
        if (failing === undefined) return;
        expect(list.some((r) => r.size === failing.required)).toBe(true);
        expect(failing.required).toBeGreaterThan(failing.available);
      }),
      RUNS,
    );
  });

  it('a TaskManager’s pool minima never shrink when it holds more of the job’s slots (its exclusive buffers can: remote channels turn local)', () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 1, max: 8 }), (job, slots) => {
        const plan = planOf(job);
        // Every channel local: only the pools are left.
        const pools = (s: number): number[] =>
          buffersPerTaskManager({ ...plan, rules: { ...plan.rules, buffersPerChannel: 0 } }, inOrder(plan.slotCount, s)).map(
            (t) => t.required,
          );
        expect(pools(slots + 1)[0]!).toBeGreaterThanOrEqual(pools(slots)[0]!);
        expect(Math.max(...pools(slots + 1))).toBeGreaterThanOrEqual(Math.min(...pools(slots)));
      }),
      RUNS,
    );
  });

  it('two TaskManagers merged into one never require more than both did, nor less than their pools', () => {
    fc.assert(
      fc.property(jobs, fc.integer({ min: 2, max: 5 }), fc.infiniteStream(fc.nat()), (job, taskManagers, stream) => {
        const plan = planOf(job);
        const placement = Int32Array.from({ length: plan.slotCount }, () => stream.next().value % taskManagers);
        const merged = placement.map((tm) => (tm === 1 ? 0 : tm));
        const apart = buffersPerTaskManager(plan, placement, taskManagers);
        const together = buffersPerTaskManager(plan, merged, taskManagers)[0]!.required;
        const noChannels = { ...plan, rules: { ...plan.rules, buffersPerChannel: 0 } };
        const pools = buffersPerTaskManager(noChannels, merged, taskManagers)[0]!.required;
        // Batch: each TaskManager counts its own worst wave, so the merged one is bounded by the sum.
        expect(together).toBeLessThanOrEqual(apart[0]!.required + apart[1]!.required);
        expect(together).toBeGreaterThanOrEqual(plan.waveOf === undefined ? pools : 0);
      }),
      RUNS,
    );
  });
});
