import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeJob } from '../../src/plan/analyze-job.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';
import { buildPlanReport } from '../../src/report/plan-report.js';
import { jobArb } from '../support/arbitraries.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

describe('the plan report of random jobs', () => {
  it('validates against schemas/plan.schema.json, for every modelled Flink version', () => {
    fc.assert(
      fc.property(
        jobArb({ versions: [undefined, '1.10', '1.11', '1.12', '1.13', '1.14', '1.16', '1.20', '2.0'], resources: true }),
        (job) => {
          const graph = jobGraphFromData(job);
          if (!graph.ok) throw new Error(`generated job rejected: ${JSON.stringify(graph.diagnostics)}`);
          const analysis = analyzeJob(graph.value);
          if (!analysis.ok) throw new Error(`analysis failed: ${JSON.stringify(analysis.diagnostics)}`);
          const report = JSON.parse(JSON.stringify(buildPlanReport(analysis.value))) as unknown;
          const valid = validate(report);
          expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
          expect(valid).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is plain JSON data that names every vertex and operator once', () => {
    fc.assert(
      fc.property(jobArb({ resources: true }), (job) => {
        const graph = jobGraphFromData(job);
        if (!graph.ok) throw new Error(JSON.stringify(graph.diagnostics));
        const analysis = analyzeJob(graph.value);
        if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
        const report = buildPlanReport(analysis.value);
        expect(JSON.parse(JSON.stringify(report))).toEqual(report);
        const ids = job.vertices.map((v) => v.id).sort();
        expect(report.regions.flat().sort()).toEqual(ids);
        expect(report.components.flat().sort()).toEqual(ids);
        expect(report.slotSharingGroups.flatMap((g) => g.vertices).sort()).toEqual(ids);
        expect(report.operators.map((o) => o.id).sort()).toEqual(job.vertices.flatMap((v) => v.operators.map((o) => o.id)).sort());
        expect(report.job).toMatchObject({ vertices: job.vertices.length, edges: job.edges.length, mode: job.mode });
        expect(report.minimumSlots).toBe(report.slotSharingGroups.reduce((s, g) => s + g.slots, 0));
      }),
      { numRuns: 100 },
    );
  });
});
