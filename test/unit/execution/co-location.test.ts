/**
 * DefaultExecutionTopology.ensureCoLocatedVerticesInSameRegion (graph-semantics.md §1.4, §2.3):
 * subtask i of every vertex of a co-location group must be in one scheduling region, else
 * IllegalStateException "co-located tasks must be in the same pipelined region".
 */
import { describe, expect, it } from 'vitest';
import { checkCoLocatedSubtasks } from '../../../src/execution/co-location.js';
import { analyzeExecution } from '../../../src/execution/analyze-execution.js';
import { analysisOf } from '../../support/jobs.js';
import { executionErrors, executionOf, explicitTopology, regionNames, regionsOf, subtasks } from '../../support/execution.js';

describe('co-located subtasks in different scheduling regions', () => {
  it('two unconnected co-located vertices of parallelism 3 (testErrorIfCoLocatedTasksAreNotInSameRegion)', () => {
    const t = explicitTopology({
      subtasks: [...subtasks('JV1', 3), ...subtasks('JV2', 3)],
      edges: [],
      slotSharingGroups: new Map([['ssg', ['JV1', 'JV2']]]),
      coLocationGroups: new Map([['cg', ['JV1', 'JV2']]]),
    });
    const d = checkCoLocatedSubtasks(t, regionsOf(t, true));
    expect(d).toMatchObject({ code: 'execution/colocation-across-regions', severity: 'error', flinkErrorType: 'IllegalStateException' });
    expect(d!.message).toContain('co-located tasks must be in the same pipelined region');
    expect(d!.message).toContain("co-location group 'cg'");
  });

  it('one logical region, but a(2) -> b(4) forward-rescale splits subtask 1 of a and b: an error only at subtask level', () => {
    // Regions {a#0, b#0, b#1} and {a#1, b#2, b#3}: a#1 and b#1 share constraint 1 but not a region.
    const job = {
      vertices: [
        { id: 'a', parallelism: 2, coLocationGroup: 'cg' },
        { id: 'b', parallelism: 4, coLocationGroup: 'cg' },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' }],
    };
    expect(analysisOf(job).regions.regions).toHaveLength(1);
    const errors = executionErrors(job);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'execution/colocation-across-regions',
      severity: 'error',
      flinkErrorType: 'IllegalStateException',
      location: { pointer: '/vertices/1/coLocationGroup' },
    });
    expect(errors[0]!.message).toContain('co-located tasks must be in the same pipelined region');
    expect(errors[0]!.message).toContain('b#1');
  });
});

describe('co-located subtasks in one scheduling region', () => {
  it('forward-connected co-located vertices pass', () => {
    const t = explicitTopology({
      subtasks: [...subtasks('head', 2), ...subtasks('tail', 2)],
      edges: [
        { source: 'head#0', target: 'tail#0', resultPartitionType: 'PIPELINED' },
        { source: 'head#1', target: 'tail#1', resultPartitionType: 'PIPELINED' },
      ],
      slotSharingGroups: new Map([['ssg', ['head', 'tail']]]),
      coLocationGroups: new Map([['cg', ['head', 'tail']]]),
    });
    expect(checkCoLocatedSubtasks(t, regionsOf(t, true))).toBeUndefined();
  });

  it('parallelism is not checked: a(2) => b(3) all-to-all is one region, b#2 has a constraint of its own', () => {
    const e = executionOf({
      vertices: [
        { id: 'a', parallelism: 2, coLocationGroup: 'cg' },
        { id: 'b', parallelism: 3, coLocationGroup: 'cg' },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'ALL_TO_ALL' }],
    });
    expect(e.regions.count).toBe(1);
    expect(e.sharing.count).toBe(3);
    expect(e.sharing.groupOf[0]).toBe(e.sharing.groupOf[2]);
    expect(e.sharing.groupOf[1]).toBe(e.sharing.groupOf[3]);
  });

  it('vertices without co-location are never checked', () => {
    const e = executionOf({
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 3 },
      ],
    });
    expect(e.regions.count).toBe(6);
  });

  // Flink <= 1.12 (PipelinedRegionComputeUtil.computePipelinedRegions): any co-location constraint
  // makes the whole job ONE region ("Cannot decompose the topology into individual failover regions
  // due to use of Co-Location constraints"), and DefaultExecutionTopology of that time computed the
  // scheduling regions from that util over the whole graph, so ensureCoLocatedVerticesInSameRegion
  // passes. flinkslot's logical analysis models this (one logical region, warning
  // regions/colocation-single-region), but analyzeExecution splits that region per subtask and
  // reports execution/colocation-across-regions for b#0.
  it('Flink 1.12: co-location makes the whole job one scheduling region, so unconnected co-located vertices pass', () => {
    const job = {
      flinkVersion: '1.12',
      vertices: [
        { id: 'a', parallelism: 3, coLocationGroup: 'cg' },
        { id: 'b', parallelism: 3, coLocationGroup: 'cg' },
      ],
    };
    expect(analysisOf(job).regions.regions).toEqual([[0, 1]]);
    const e = analyzeExecution(analysisOf(job));
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    expect(regionNames(e.value.topology, e.value.regions)).toEqual([[...subtasks('a', 3), ...subtasks('b', 3)]]);
  });
});
