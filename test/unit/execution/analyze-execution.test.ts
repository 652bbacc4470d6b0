/**
 * analyzeExecution as a whole: the 10^7 subtask bound, large jobs analysed without expanding
 * all-to-all edges (results only, no timing), the production region path per Flink version, and
 * the execution report.
 */
import { describe, expect, it } from 'vitest';
import { analyzeJob } from '../../../src/plan/analyze-job.js';
import { analyzeExecution } from '../../../src/execution/analyze-execution.js';
import { MAX_SUBTASKS, checkSubtaskBound } from '../../../src/execution/from-job-graph.js';
import { jobGraphFromData } from '../../../src/parse/parse-job-graph.js';
import { MEMBERS_BY_DEFAULT_UP_TO, buildExecutionReport } from '../../../src/report/execution-report.js';
import { executionOf, regionNames, regionsOf, surpriseJob } from '../../support/execution.js';

describe('the subtask bound (execution/too-many-subtasks)', () => {
  it('is 10,000,000 subtasks, inclusive', () => {
    expect(MAX_SUBTASKS).toBe(10_000_000);
    expect(checkSubtaskBound(10_000_000)).toBeUndefined();
    expect(checkSubtaskBound(10_000_001)).toMatchObject({
      code: 'execution/too-many-subtasks',
      severity: 'error',
      location: { pointer: '/vertices' },
    });
  });

  it('refuses a valid job of 501 × 20,000 subtasks before allocating anything per subtask', () => {
    const data = {
      vertices: Array.from({ length: 501 }, (_, i) => ({ id: `v${i}`, parallelism: 20_000, maxParallelism: 32_768 })),
    };
    const graph = jobGraphFromData(data);
    expect(graph.ok).toBe(true);
    if (!graph.ok) return;
    const analysis = analyzeJob(graph.value);
    expect(analysis.ok).toBe(true);
    if (!analysis.ok) return;
    expect(analysis.value.minimumSlots).toBe(20_000);
    const execution = analyzeExecution(analysis.value);
    expect(execution.ok).toBe(false);
    if (execution.ok) return;
    expect(execution.diagnostics).toHaveLength(1);
    expect(execution.diagnostics[0]).toMatchObject({
      code: 'execution/too-many-subtasks',
      severity: 'error',
      location: { pointer: '/vertices' },
    });
    expect(execution.diagnostics[0]!.message).toContain('10020000 subtasks');
    expect(execution.diagnostics[0]!.message).toContain('10,000,000');
  });

  it('counts subtasks without overflow even for the largest parallelism Flink allows', () => {
    const data = { vertices: Array.from({ length: 400 }, (_, i) => ({ id: `v${i}`, parallelism: 32_768, maxParallelism: 32_768 })) };
    const graph = jobGraphFromData(data);
    if (!graph.ok) throw new Error(JSON.stringify(graph.diagnostics));
    const analysis = analyzeJob(graph.value);
    if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
    const execution = analyzeExecution(analysis.value);
    expect(execution.ok).toBe(false);
    if (!execution.ok) expect(execution.diagnostics[0]!.message).toContain(`${400 * 32_768} subtasks`);
  });
});

describe('performance smoke (results only): 10,000 × 10,000 all-to-all', () => {
  const pair = (mode: 'batch' | 'streaming', resultPartitionType: string) => ({
    mode,
    vertices: [
      { id: 'source', parallelism: 10_000 },
      { id: 'sink', parallelism: 10_000 },
    ],
    edges: [{ source: 'source', target: 'sink', distribution: 'ALL_TO_ALL', resultPartitionType }],
  });

  it('BLOCKING, batch: 20,000 regions, 20,000 shared slots, batch peak 10,000 in 2 waves', () => {
    const e = executionOf(pair('batch', 'BLOCKING'));
    expect(e.topology.subtaskCount).toBe(20_000);
    expect(e.regions.count).toBe(20_000);
    expect(e.sharing.count).toBe(20_000);
    expect(e.batchPeak).toMatchObject({ peakSlots: 10_000, waves: 2, largestRegionSlots: 1, unschedulableRegions: 0 });
    const report = buildExecutionReport(e, { members: false });
    expect(report.schedulingRegions).toEqual({ count: 20_000, sizes: [{ size: 1, count: 20_000 }] });
    expect(report.executionSlotSharingGroups.members).toBeUndefined();
    expect(report.allAtOnceSlots).toBe(20_000);
    // The util (whole-graph) mode goes through one hub node for the blocking all-to-all edge.
    expect(regionsOf(e.topology, false).count).toBe(20_000);
  });

  it('PIPELINED, streaming: one region of 20,000 subtasks in 10,000 shared slots', () => {
    const e = executionOf(pair('streaming', 'PIPELINED_BOUNDED'));
    expect(e.regions.count).toBe(1);
    expect(e.regions.sizes[0]).toBe(20_000);
    expect(e.sharing.count).toBe(10_000);
    expect(e.batchPeak).toBeUndefined();
  });

  it('BLOCKING, streaming (one slot sharing group): 20,000 regions in 10,000 shared slots', () => {
    const e = executionOf(pair('streaming', 'BLOCKING'));
    expect(e.regions.count).toBe(20_000);
    expect(e.sharing.count).toBe(10_000);
  });
});

describe('the production region path', () => {
  it('Flink >= 1.14 computes scheduling regions per logical region: the Surprise cycle is not merged, and warned about', () => {
    for (const flinkVersion of ['1.14', '1.18', undefined]) {
      const e = executionOf(surpriseJob(1, 'POINTWISE', flinkVersion));
      expect(regionNames(e.topology, e.regions)).toEqual([['v1#0', 'v3#0', 'v4#0'], ['v2#0']]);
      expect(e.warnings.map((w) => w.code)).toEqual(['execution/region-cycle']);
    }
  });

  // Before FLINK-22773 (1.14) DefaultExecutionTopology.fromExecutionGraph ran the region computation
  // over ALL execution vertices (1.13: SchedulingPipelinedRegionComputeUtil.computePipelinedRegions(
  // executionVerticesList); 1.11/1.12: PipelinedRegionComputeUtil with the FLINK-17330 cycle merge),
  // so the production result in 1.13 is the util's: one merged region. flinkslot always uses the
  // per-logical-region path and returns two regions (and a warning that Flink "does not merge them").
  it('Flink 1.13 computes scheduling regions over the whole graph: the Surprise cycle is merged', () => {
    const e = executionOf(surpriseJob(1, 'POINTWISE', '1.13'));
    expect(regionNames(e.topology, e.regions)).toEqual([['v1#0', 'v2#0', 'v3#0', 'v4#0']]);
  });
});

describe('the execution report', () => {
  it(`lists members by default up to ${MEMBERS_BY_DEFAULT_UP_TO} subtasks, beyond that only on request`, () => {
    const small = executionOf({ vertices: [{ id: 'a', parallelism: MEMBERS_BY_DEFAULT_UP_TO }] });
    expect(buildExecutionReport(small, { members: false }).schedulingRegions.members).toHaveLength(MEMBERS_BY_DEFAULT_UP_TO);
    const large = executionOf({ vertices: [{ id: 'a', parallelism: MEMBERS_BY_DEFAULT_UP_TO + 1 }] });
    expect(buildExecutionReport(large, { members: false }).schedulingRegions.members).toBeUndefined();
    expect(buildExecutionReport(large, { members: false }).executionSlotSharingGroups.members).toBeUndefined();
    const listed = buildExecutionReport(large, { members: true });
    expect(listed.schedulingRegions.members).toHaveLength(MEMBERS_BY_DEFAULT_UP_TO + 1);
    expect(listed.executionSlotSharingGroups.members![0]).toEqual(['a#0']);
    expect(listed.executionSlotSharingGroups.slotProfiles![0]).toBe('UNKNOWN');
    // Text output lists only the rows it shows: no names are built for the others.
    const cut = buildExecutionReport(large, { members: true, rows: 3 });
    expect(cut.schedulingRegions.members).toHaveLength(3);
    expect(cut.executionSlotSharingGroups.slotProfiles).toHaveLength(3);
  });

  it('summarises sizes largest first and slots per slot sharing group', () => {
    const e = executionOf({
      vertices: [
        { id: 'a', parallelism: 2 },
        { id: 'b', parallelism: 4 },
        { id: 'c', parallelism: 1, slotSharingGroup: 'side' },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'POINTWISE' }],
    });
    const report = buildExecutionReport(e, { members: false });
    expect(report.subtasks).toBe(7);
    expect(report.slotSharingStrategy).toBe('LOCAL_INPUT_PREFERRED');
    // Regions {a#0, b#0, b#1}, {a#1, b#2, b#3}, {c#0}.
    expect(report.schedulingRegions.sizes).toEqual([
      { size: 3, count: 2 },
      { size: 1, count: 1 },
    ]);
    expect(report.schedulingRegions.members).toEqual([['a#0', 'b#0', 'b#1'], ['a#1', 'b#2', 'b#3'], ['c#0']]);
    // Slots {a#0, b#0}, {a#1, b#2}, {b#1}, {b#3}, {c#0}.
    expect(report.executionSlotSharingGroups.count).toBe(5);
    expect(report.executionSlotSharingGroups.perSlotSharingGroup).toEqual([
      { slotSharingGroup: 'default', slots: 4 },
      { slotSharingGroup: 'side', slots: 1 },
    ]);
    expect(report.executionSlotSharingGroups.sizes).toEqual([
      { size: 2, count: 2 },
      { size: 1, count: 3 },
    ]);
    expect(report.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 5 }]);
    expect(report.allAtOnceSlots).toBe(5);
    expect(report.batch).toBeNull();
    expect(report.warnings).toEqual([]);
  });
});
