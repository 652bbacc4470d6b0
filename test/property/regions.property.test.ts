import { Graph, alg } from '@dagrejs/graphlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeJob } from '../../src/plan/analyze-job.js';
import { computeConnectedComponents } from '../../src/plan/connected-components.js';
import { computeLogicalPipelinedRegions } from '../../src/plan/pipelined-regions.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';
import { type JobData, canonical, indexOf, jobArb } from '../support/arbitraries.js';

const RUNS = { numRuns: 200 };

function graphOf(job: JobData) {
  const r = jobGraphFromData(job);
  if (!r.ok) throw new Error(`generated job rejected: ${JSON.stringify(r.diagnostics)}`);
  return r.value;
}

/** Connected components by graphlib, over the edges `keep` selects (edges taken as undirected). */
function graphlibComponents(job: JobData, keep: (e: JobData['edges'][number]) => boolean): number[][] {
  const g = new Graph({ directed: false });
  job.vertices.forEach((_, i) => g.setNode(String(i)));
  for (const e of job.edges) if (keep(e)) g.setEdge(String(indexOf(e.source)), String(indexOf(e.target)));
  return canonical(alg.components(g));
}

const MUST_BE_PIPELINED = new Set(['PIPELINED', 'PIPELINED_BOUNDED']);

describe('logical pipelined regions of random DAGs', () => {
  it('partition the vertex set; members ascending, regions ordered by first member, regionOf consistent', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const graph = graphOf(job);
        const { regions, regionOf } = computeLogicalPipelinedRegions(graph);
        const n = job.vertices.length;
        expect(regions.flat().sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        regions.forEach((members, r) => {
          expect(members.length).toBeGreaterThan(0);
          for (let k = 1; k < members.length; k++) expect(members[k - 1]! < members[k]!).toBe(true);
          for (const v of members) expect(regionOf[v]).toBe(r);
          if (r > 0) expect(regions[r - 1]![0]! < members[0]!).toBe(true);
        });
      }),
      RUNS,
    );
  });

  it('the two ends of every PIPELINED / PIPELINED_BOUNDED edge share a region', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const graph = graphOf(job);
        const { regionOf } = computeLogicalPipelinedRegions(graph);
        for (const e of job.edges) {
          if (MUST_BE_PIPELINED.has(e.resultPartitionType)) expect(regionOf[indexOf(e.source)]).toBe(regionOf[indexOf(e.target)]);
        }
      }),
      RUNS,
    );
  });

  it('equal graphlib components of the must-be-pipelined subgraph (default version)', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const regions = computeLogicalPipelinedRegions(graphOf(job)).regions;
        expect(canonical(regions)).toEqual(graphlibComponents(job, (e) => MUST_BE_PIPELINED.has(e.resultPartitionType)));
      }),
      RUNS,
    );
  });

  // PIPELINED_APPROXIMATE exists from 1.12 on (older versions reject it as input).
  it('follow each version: PIPELINED_APPROXIMATE also merges in 1.12', () => {
    fc.assert(
      fc.property(jobArb({ versions: ['1.12', '1.13', '1.15', '1.16', '1.19', '2.0', '2.1'] }), (job) => {
        const old = job.flinkVersion === '1.12';
        const merging = (e: JobData['edges'][number]) =>
          MUST_BE_PIPELINED.has(e.resultPartitionType) || (old && e.resultPartitionType === 'PIPELINED_APPROXIMATE');
        const regions = computeLogicalPipelinedRegions(graphOf(job)).regions;
        expect(canonical(regions)).toEqual(graphlibComponents(job, merging));
      }),
      RUNS,
    );
  });

  it('connected components equal graphlib components of the whole graph; regions refine them', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const graph = graphOf(job);
        const components = computeConnectedComponents(graph);
        expect(canonical(components)).toEqual(graphlibComponents(job, () => true));
        const componentOf = new Map(components.flatMap((c, i) => c.map((v) => [v, i] as const)));
        for (const region of computeLogicalPipelinedRegions(graph).regions) {
          expect(new Set(region.map((v) => componentOf.get(v))).size).toBe(1);
        }
      }),
      RUNS,
    );
  });

  it('analyzeJob reports the same regions and components', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const graph = graphOf(job);
        const a = analyzeJob(graph);
        expect(a.ok).toBe(true);
        if (!a.ok) return;
        expect(a.value.regions.regions).toEqual(computeLogicalPipelinedRegions(graph).regions);
        expect(a.value.components).toEqual(computeConnectedComponents(graph));
      }),
      { numRuns: 100 },
    );
  });
});
