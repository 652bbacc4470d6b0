/**
 * Properties of the subtask-level analysis on random DAG jobs (parallelism ≤ 16, ≤ 10 vertices):
 * scheduling regions in both modes (graph-semantics.md §1.3–1.5), the two slot sharing strategies
 * (§5) and the `--execution` JSON report.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JobAnalysis, analyzeJob } from '../../src/plan/analyze-job.js';
import { logicalRegionCycleWarnings } from '../../src/plan/logical-region-cycles.js';
import { mustBePipelinedConsumed } from '../../src/plan/result-partition-type.js';
import { type ExecutionAnalysis, analyzeExecution } from '../../src/execution/analyze-execution.js';
import type { ExecutionSlotSharing } from '../../src/execution/execution-slot-sharing.js';
import type { ExecutionTopology } from '../../src/execution/execution-topology.js';
import { computeLocalInputPreferred } from '../../src/execution/local-input-preferred.js';
import { type SchedulingRegions, computeSchedulingRegions } from '../../src/execution/scheduling-regions.js';
import { computeTaskBalanced } from '../../src/execution/task-balanced.js';
import { planFromText } from '../../src/index.js';
import type { ResultPartitionType } from '../../src/model/job-graph.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';
import { type JobData, jobArb } from '../support/arbitraries.js';

const RUNS = { numRuns: 100 };

type ExecutionJob = JobData & { loadBalanceMode?: 'NONE' | 'SLOTS' | 'TASKS' };

/** Random jobs with parallelism 1..16 (jobArb's 1..64 folded), some with the task-balanced strategy. */
const jobs: fc.Arbitrary<ExecutionJob> = fc
  .tuple(
    jobArb({ maxVertices: 10, versions: [undefined, '1.14', '1.16', '1.19', '2.0', '2.2'], resources: true }),
    fc.constantFrom<ExecutionJob['loadBalanceMode']>(undefined, 'NONE', 'SLOTS', 'TASKS'),
  )
  .map(([job, loadBalanceMode]) => {
    const out: ExecutionJob = { ...job, vertices: job.vertices.map((v) => ({ ...v, parallelism: 1 + ((v.parallelism - 1) % 16) })) };
    // TASKS is a taskmanager.load-balance.mode value from Flink 2.2 on.
    const modern = job.flinkVersion === undefined || job.flinkVersion === '2.2';
    if (loadBalanceMode !== undefined && (loadBalanceMode !== 'TASKS' || modern)) out.loadBalanceMode = loadBalanceMode;
    return out;
  });

interface Analysed {
  job: ExecutionJob;
  analysis: JobAnalysis;
  execution: ExecutionAnalysis;
  t: ExecutionTopology;
  mustBePipelined: (type: ResultPartitionType) => boolean;
}

function analyse(job: ExecutionJob): Analysed {
  const graph = jobGraphFromData(job);
  if (!graph.ok) throw new Error(`generated job rejected: ${JSON.stringify(graph.diagnostics)}`);
  const analysis = analyzeJob(graph.value);
  if (!analysis.ok) throw new Error(`analysis failed: ${JSON.stringify(analysis.diagnostics)}`);
  const execution = analyzeExecution(analysis.value);
  if (!execution.ok) throw new Error(`subtask-level analysis failed: ${JSON.stringify(execution.diagnostics)}`);
  const version = graph.value.flinkVersion;
  return {
    job,
    analysis: analysis.value,
    execution: execution.value,
    t: execution.value.topology,
    mustBePipelined: (type) => mustBePipelinedConsumed(type, version),
  };
}

const vertexOf = (t: ExecutionTopology, x: number): number => {
  let v = 0;
  while (t.offsets[v + 1]! <= x) v++;
  return v;
};

/** Producer/consumer subtask index pairs of a POINTWISE edge, from the partition-centric formulas of §1.6. */
function pointwisePairs(s: number, t: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (s >= t) {
    for (let i = 0; i < t; i++) for (let p = Math.floor((i * s) / t); p < Math.floor(((i + 1) * s) / t); p++) out.push([p, i]);
  } else {
    for (let p = 0; p < s; p++) for (let i = Math.ceil((p * t) / s); i < Math.ceil(((p + 1) * t) / s); i++) out.push([p, i]);
  }
  return out;
}

function expectPartition(t: ExecutionTopology, r: SchedulingRegions): void {
  expect(r.regionOf.length).toBe(t.subtaskCount);
  const sizes = new Array<number>(r.count).fill(0);
  let nextNew = 0;
  for (let x = 0; x < t.subtaskCount; x++) {
    const region = r.regionOf[x]!;
    expect(region >= 0 && region < r.count).toBe(true);
    // Numbered by smallest subtask: a region id is first seen right after all smaller ones.
    if (region === nextNew) nextNew++;
    else expect(region).toBeLessThan(nextNew);
    sizes[region]!++;
  }
  expect(nextNew).toBe(r.count);
  expect([...r.sizes]).toEqual(sizes);
  expect(sizes.every((s) => s > 0)).toBe(true);
}

/** Is every block of `fine` inside one block of `coarse`? */
function refines(fine: SchedulingRegions, coarse: ArrayLike<number>): boolean {
  const blockOf = new Map<number, number>();
  for (let x = 0; x < fine.regionOf.length; x++) {
    const known = blockOf.get(fine.regionOf[x]!);
    if (known === undefined) blockOf.set(fine.regionOf[x]!, coarse[x]!);
    else if (known !== coarse[x]) return false;
  }
  return true;
}

describe('scheduling regions of random jobs', () => {
  it('partition the subtasks, in both modes, numbered by smallest subtask', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t, mustBePipelined } = analyse(job);
        for (const perLogicalRegion of [true, false])
          expectPartition(t, computeSchedulingRegions(t, { perLogicalRegion, mustBePipelined }));
      }),
      RUNS,
    );
  });

  it('per logical region: every region lies inside one logical region and inside one whole-graph region', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t, execution, analysis, mustBePipelined } = analyse(job);
        const perLogical = execution.regions;
        const logicalOfSubtask = new Int32Array(t.subtaskCount);
        for (let x = 0; x < t.subtaskCount; x++) logicalOfSubtask[x] = analysis.regions.regionOf[vertexOf(t, x)]!;
        expect(refines(perLogical, logicalOfSubtask)).toBe(true);
        const whole = computeSchedulingRegions(t, { perLogicalRegion: false, mustBePipelined });
        expect(refines(perLogical, whole.regionOf)).toBe(true);
      }),
      RUNS,
    );
  });

  it('without a cycle between logical regions, both modes give the same regions', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t, execution, analysis, mustBePipelined } = analyse(job);
        fc.pre(logicalRegionCycleWarnings(analysis.graph, analysis.regions).length === 0);
        const whole = computeSchedulingRegions(t, { perLogicalRegion: false, mustBePipelined });
        expect(whole.count).toBe(execution.regions.count);
        expect([...whole.regionOf]).toEqual([...execution.regions.regionOf]);
      }),
      RUNS,
    );
  });

  it('subtasks joined by a must-be-pipelined edge share a region (pointwise pairs; all-to-all: all of both vertices)', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t, mustBePipelined } = analyse(job);
        const index = new Map(t.vertices.map((v, i) => [v.id, i]));
        for (const perLogicalRegion of [true, false]) {
          const { regionOf } = computeSchedulingRegions(t, { perLogicalRegion, mustBePipelined });
          for (const e of job.edges) {
            if (!mustBePipelined(e.resultPartitionType)) continue;
            const [a, b] = [index.get(e.source)!, index.get(e.target)!];
            const [s, n] = [t.vertices[a]!.parallelism, t.vertices[b]!.parallelism];
            const [pa, pb] = [t.offsets[a]!, t.offsets[b]!];
            if (e.distribution === 'POINTWISE') {
              for (const [p, c] of pointwisePairs(s, n)) expect(regionOf[pa + p]).toBe(regionOf[pb + c]);
            } else {
              for (let x = 0; x < s; x++) expect(regionOf[pa + x]).toBe(regionOf[pb]);
              for (let y = 0; y < n; y++) expect(regionOf[pb + y]).toBe(regionOf[pb]);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('per logical region: a logical region with an all-to-all edge inside is exactly one region', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t, execution, analysis } = analyse(job);
        const index = new Map(t.vertices.map((v, i) => [v.id, i]));
        for (const e of job.edges) {
          const [a, b] = [index.get(e.source)!, index.get(e.target)!];
          if (e.distribution !== 'ALL_TO_ALL' || analysis.regions.regionOf[a] !== analysis.regions.regionOf[b]) continue;
          const members = analysis.regions.regions[analysis.regions.regionOf[a]!]!;
          const subtaskRegions = new Set<number>();
          for (const v of members)
            for (let x = t.offsets[v]!; x < t.offsets[v + 1]!; x++) subtaskRegions.add(execution.regions.regionOf[x]!);
          expect(subtaskRegions.size).toBe(1);
          const total = members.reduce((sum, v) => sum + t.vertices[v]!.parallelism, 0);
          expect(execution.regions.sizes[[...subtaskRegions][0]!]).toBe(total);
        }
      }),
      RUNS,
    );
  });
});

/** Sizes of the execution slot sharing groups of each slot sharing group. */
function groupSizes(t: ExecutionTopology, sharing: ExecutionSlotSharing): number[][] {
  const size = new Array<number>(sharing.count).fill(0);
  for (const g of sharing.groupOf) size[g]!++;
  return t.slotSharingGroups.map((_, ssg) => size.filter((_, g) => sharing.slotSharingGroupOf[g] === ssg));
}

function expectWellFormed(t: ExecutionTopology, sharing: ExecutionSlotSharing): void {
  expect(sharing.groupOf.length).toBe(t.subtaskCount);
  expect(sharing.slotSharingGroupOf).toHaveLength(sharing.count);
  const seen = new Set<string>();
  t.vertices.forEach((vertex, v) => {
    for (let x = t.offsets[v]!; x < t.offsets[v + 1]!; x++) {
      const g = sharing.groupOf[x]!;
      expect(g >= 0 && g < sharing.count).toBe(true);
      // Only vertices of one slot sharing group ...
      expect(sharing.slotSharingGroupOf[g]).toBe(vertex.slotSharingGroup);
      // ... and at most one subtask of each vertex.
      const key = `${g}/${v}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });
  // No empty group.
  expect(new Set(sharing.groupOf).size).toBe(sharing.count);
}

const maxParallelismPerGroup = (t: ExecutionTopology): number[] =>
  t.slotSharingGroups.map((_, ssg) => Math.max(0, ...t.vertices.filter((v) => v.slotSharingGroup === ssg).map((v) => v.parallelism)));

describe('execution slot sharing groups of random jobs', () => {
  it('LocalInputPreferred: one subtask per vertex and one slot sharing group per shared slot; max parallelism slots per group', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t } = analyse(job);
        const sharing = computeLocalInputPreferred(t);
        expectWellFormed(t, sharing);
        expect(groupSizes(t, sharing).map((s) => s.length)).toEqual(maxParallelismPerGroup(t));
      }),
      RUNS,
    );
  });

  it('TaskBalanced: same shape, and per slot sharing group max − min size ≤ 1', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { t } = analyse(job);
        const sharing = computeTaskBalanced(t);
        expectWellFormed(t, sharing);
        const sizes = groupSizes(t, sharing);
        expect(sizes.map((s) => s.length)).toEqual(maxParallelismPerGroup(t));
        for (const s of sizes) if (s.length > 0) expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('analyzeExecution uses the strategy the job selects; slot profiles line up with the groups', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { execution, t } = analyse(job);
        expect(execution.strategy).toBe(job.loadBalanceMode === 'TASKS' ? 'TASK_BALANCED' : 'LOCAL_INPUT_PREFERRED');
        const expected = execution.strategy === 'TASK_BALANCED' ? computeTaskBalanced(t) : computeLocalInputPreferred(t);
        expect([...execution.sharing.groupOf]).toEqual([...expected.groupOf]);
        expect(execution.slotProfiles).toHaveLength(execution.sharing.count);
        expect(execution.requirements.reduce((n, r) => n + r.numberOfRequiredSlots, 0)).toBe(execution.sharing.count);
      }),
      RUNS,
    );
  });

  it('batch peak: present exactly for batch jobs; largest region ≤ peak ≤ all slots at once', () => {
    fc.assert(
      fc.property(jobs, (job) => {
        const { execution } = analyse(job);
        const peak = execution.batchPeak;
        expect(peak !== undefined).toBe(job.mode === 'batch');
        if (peak === undefined) return;
        expect(peak.peakSlots).toBeLessThanOrEqual(execution.sharing.count);
        // Regions that can never start are left out of the waves, and so of the peak.
        if (peak.unschedulableRegions === 0) {
          expect(peak.largestRegionSlots).toBeLessThanOrEqual(peak.peakSlots);
          expect(peak.peakWave).toBeLessThan(peak.waves);
        }
        expect(peak.unschedulableRegions).toBeLessThanOrEqual(execution.regions.count);
        // The peak wave's breakdown adds up to the peak; each group's own peak is at least its share of it.
        const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
        expect(sum(peak.peakWaveSlotsPerSlotSharingGroup)).toBe(peak.peakSlots);
        peak.peakWaveSlotsPerSlotSharingGroup.forEach((slots, g) =>
          expect(peak.mostSlotsPerSlotSharingGroup[g]).toBeGreaterThanOrEqual(slots),
        );
        expect(sum(peak.mostSlotsPerSlotSharingGroup)).toBeGreaterThanOrEqual(peak.peakSlots);
      }),
      RUNS,
    );
  });
});

describe('the --execution JSON report of random jobs', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

  it('validates against schemas/plan.schema.json, with and without members; batch is non-null only for batch jobs', () => {
    fc.assert(
      fc.property(jobs, fc.boolean(), (job, members) => {
        const result = planFromText(JSON.stringify(job), 'job.json', { execution: true, members });
        if (!result.ok) throw new Error(`plan failed: ${JSON.stringify(result.diagnostics)}`);
        const report = JSON.parse(JSON.stringify(result.value)) as {
          execution: { batch: unknown; subtasks: number; schedulingRegions: { members?: string[][] } };
        };
        const valid = validate(report);
        expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
        expect(valid).toBe(true);
        expect(report.execution.batch !== null).toBe(job.mode === 'batch');
        expect(report.execution.subtasks).toBe(job.vertices.reduce((n, v) => n + v.parallelism, 0));
        const listed = report.execution.schedulingRegions.members;
        expect(listed !== undefined).toBe(members || report.execution.subtasks <= 100);
        if (listed !== undefined) expect(listed.flat()).toHaveLength(report.execution.subtasks);
      }),
      RUNS,
    );
  });
});
