import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JobAnalysis, analyzeJob } from '../../src/plan/analyze-job.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';
import { type JobData, jobArb } from '../support/arbitraries.js';

const RUNS = { numRuns: 200 };

function analysisOf(job: JobData): JobAnalysis {
  const graph = jobGraphFromData(job);
  if (!graph.ok) throw new Error(`generated job rejected: ${JSON.stringify(graph.diagnostics)}`);
  const a = analyzeJob(graph.value);
  if (!a.ok) throw new Error(`analysis failed: ${JSON.stringify(a.diagnostics)}`);
  return a.value;
}

const nameOf = (v: JobData['vertices'][number]): string => v.slotSharingGroup ?? 'default';

describe('slot sharing groups and slots of random jobs', () => {
  it('group vertices as StreamingJobGraphGenerator does', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const a = analysisOf(job);
        const { groupOf, groups } = a.slotSharing;
        expect(groups.flatMap((g) => g.vertices).sort((x, y) => x - y)).toEqual([...job.vertices.keys()]);
        const perRegion = job.mode === 'batch';
        job.vertices.forEach((u, i) => {
          expect(groups[groupOf[i]!]!.name).toBe(nameOf(u));
          job.vertices.forEach((v, j) => {
            const same = groupOf[i] === groupOf[j];
            if (nameOf(u) !== nameOf(v)) expect(same).toBe(false);
            else if (nameOf(u) !== 'default' || !perRegion) expect(same).toBe(true);
            else expect(same).toBe(a.regions.regionOf[i] === a.regions.regionOf[j]);
          });
        });
      }),
      RUNS,
    );
  });

  it('slots of every group = its highest parallelism; minimumSlots = sum over groups = sum of requirements', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const a = analysisOf(job);
        let total = 0;
        for (const plan of a.slotSharingGroups) {
          const widest = Math.max(...plan.group.vertices.map((v) => job.vertices[v]!.parallelism));
          expect(plan.slots).toBe(widest);
          expect(job.vertices[plan.widestVertex]!.parallelism).toBe(widest);
          expect(plan.group.vertices.includes(plan.widestVertex)).toBe(true);
          total += widest;
        }
        expect(a.minimumSlots).toBe(total);
        expect(a.requirements.reduce((s, r) => s + r.numberOfRequiredSlots, 0)).toBe(total);
      }),
      RUNS,
    );
  });

  it('raising one vertex parallelism never lowers minimumSlots', () => {
    fc.assert(
      fc.property(
        jobArb().chain((job) => fc.tuple(fc.constant(job), fc.nat({ max: job.vertices.length - 1 }), fc.integer({ min: 1, max: 64 }))),
        ([job, vertex, extra]) => {
          const before = analysisOf(job).minimumSlots;
          const raised = structuredClone(job);
          raised.vertices[vertex]!.parallelism += extra;
          const after = analysisOf(raised).minimumSlots;
          expect(after).toBeGreaterThanOrEqual(before);
          expect(after - before).toBeLessThanOrEqual(extra);
        },
      ),
      RUNS,
    );
  });
});
