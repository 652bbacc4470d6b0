/**
 * Scheduling pipelined regions (graph-semantics.md §1.3–1.5) in both modes:
 * - whole graph (SchedulingPipelinedRegionComputeUtil: raw regions, then regions on a cycle of
 *   blocking dependencies are merged), and
 * - per logical region (DefaultExecutionTopology since 1.14: a logical region with an all-to-all
 *   edge inside is one region; otherwise the util runs inside the logical region only).
 */
import { describe, expect, it } from 'vitest';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import { asSets, explicitTopology, regionNames, regionsOf, subtasks, surpriseJob, topologyOf } from '../../support/execution.js';

const version = (text: string) => parseFlinkVersion(text)!;

/** Regions of a job in one mode, as subtask names. */
function regions(data: Record<string, unknown>, perLogicalRegion: boolean): string[][] {
  const t = topologyOf(data);
  return regionNames(t, regionsOf(t, perLogicalRegion));
}

const both = (data: Record<string, unknown>) => ({ whole: regions(data, false), perLogical: regions(data, true) });

describe('the Surprise of §1.4: a cycle between two logical regions', () => {
  it('parallelism 1: whole-graph mode merges everything, per-logical-region mode keeps {v1,v3,v4} and {v2}', () => {
    const r = both(surpriseJob(1, 'POINTWISE'));
    expect(r.whole).toEqual([['v1#0', 'v2#0', 'v3#0', 'v4#0']]);
    expect(r.perLogical).toEqual([['v1#0', 'v3#0', 'v4#0'], ['v2#0']]);
  });

  it('parallelism 2, all-to-all: whole graph one region of 8; per logical region 1 + 2 regions', () => {
    const r = both(surpriseJob(2, 'ALL_TO_ALL'));
    expect(r.whole).toEqual([['v1#0', 'v1#1', 'v2#0', 'v2#1', 'v3#0', 'v3#1', 'v4#0', 'v4#1']]);
    expect(r.perLogical).toEqual([['v1#0', 'v1#1', 'v3#0', 'v3#1', 'v4#0', 'v4#1'], ['v2#0'], ['v2#1']]);
  });

  it('parallelism 2, pointwise: whole graph merges per subtask index; per logical region does not', () => {
    const r = both(surpriseJob(2, 'POINTWISE'));
    expect(r.whole).toEqual([
      ['v1#0', 'v2#0', 'v3#0', 'v4#0'],
      ['v1#1', 'v2#1', 'v3#1', 'v4#1'],
    ]);
    expect(r.perLogical).toEqual([['v1#0', 'v3#0', 'v4#0'], ['v1#1', 'v3#1', 'v4#1'], ['v2#0'], ['v2#1']]);
  });
});

describe('logical regions with an all-to-all edge inside', () => {
  it('a pipelined all-to-all edge makes the whole logical region one region (pointwise members included)', () => {
    const job = {
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 2 },
        { id: 'c', parallelism: 2 },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED_BOUNDED' },
        { source: 'b', target: 'c', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' },
      ],
    };
    const expected = [[...subtasks('a', 3), ...subtasks('b', 2), ...subtasks('c', 2)]];
    expect(both(job)).toEqual({ whole: expected, perLogical: expected });
  });

  it('a BLOCKING all-to-all edge inside a logical region also makes it one region (it would close cycles)', () => {
    // a -> b and a -> c pointwise pipelined make {a, b, c} one logical region; b -> c is blocking all-to-all.
    const job = {
      vertices: ['a', 'b', 'c'].map((id) => ({ id, parallelism: 2 })),
      edges: [
        { source: 'a', target: 'b', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' },
        { source: 'a', target: 'c', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    const expected = [[...subtasks('a', 2), ...subtasks('b', 2), ...subtasks('c', 2)]];
    // Production: merged without Tarjan; util: raw regions {a#i, b#i, c#i} form a blocking cycle.
    expect(both(job)).toEqual({ whole: expected, perLogical: expected });
  });

  it('a streaming job with only pipelined all-to-all edges is one region', () => {
    const job = {
      vertices: [
        { id: 'src', parallelism: 4 },
        { id: 'agg', parallelism: 8 },
        { id: 'sink', parallelism: 1 },
      ],
      edges: [
        { source: 'src', target: 'agg', distribution: 'ALL_TO_ALL' },
        { source: 'agg', target: 'sink', distribution: 'ALL_TO_ALL' },
      ],
    };
    const t = topologyOf(job);
    const r = regionsOf(t, true);
    expect(r.count).toBe(1);
    expect([...r.sizes]).toEqual([13]);
  });
});

describe('pointwise-only logical regions split per subtask', () => {
  const chain = (pa: number, pb: number, extra?: number) => ({
    vertices: [
      { id: 'a', parallelism: pa },
      { id: 'b', parallelism: pb },
      ...(extra === undefined ? [] : [{ id: 'c', parallelism: extra }]),
    ],
    edges: [
      { source: 'a', target: 'b', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' },
      ...(extra === undefined ? [] : [{ source: 'b', target: 'c', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' }]),
    ],
  });

  it('a(4) -> b(4) -> c(4) forward: 4 regions {a#i, b#i, c#i}', () => {
    const expected = [0, 1, 2, 3].map((i) => [`a#${i}`, `b#${i}`, `c#${i}`]);
    expect(both(chain(4, 4, 4))).toEqual({ whole: expected, perLogical: expected });
  });

  it.each([
    [
      4,
      2,
      [
        ['a#0', 'a#1', 'b#0'],
        ['a#2', 'a#3', 'b#1'],
      ],
    ],
    [
      2,
      4,
      [
        ['a#0', 'b#0', 'b#1'],
        ['a#1', 'b#2', 'b#3'],
      ],
    ],
    [
      3,
      2,
      [
        ['a#0', 'b#0'],
        ['a#1', 'a#2', 'b#1'],
      ],
    ],
    [
      2,
      3,
      [
        ['a#0', 'b#0', 'b#1'],
        ['a#1', 'b#2'],
      ],
    ],
    [1, 3, [['a#0', 'b#0', 'b#1', 'b#2']]],
  ])('rescale a(%i) -> b(%i): %j', (pa, pb, expected) => {
    expect(both(chain(pa, pb))).toEqual({ whole: expected, perLogical: expected });
  });

  it('a(4) -> b(2) -> c(4): the rescale down then up joins pairs', () => {
    const expected = [
      ['a#0', 'a#1', 'b#0', 'c#0', 'c#1'],
      ['a#2', 'a#3', 'b#1', 'c#2', 'c#3'],
    ];
    expect(both(chain(4, 2, 4))).toEqual({ whole: expected, perLogical: expected });
  });

  it('10,000 forward subtasks: 10,000 regions of two', () => {
    const t = topologyOf(chain(10_000, 10_000));
    const r = regionsOf(t, true);
    expect(r.count).toBe(10_000);
    expect(r.sizes.every((s) => s === 2)).toBe(true);
    expect(r.regionOf[0]).toBe(r.regionOf[10_000]);
    expect(r.regionOf[9_999]).toBe(r.regionOf[19_999]);
  });
});

describe('edges that do not merge', () => {
  it('a blocking all-to-all edge between two logical regions merges nothing (batch a(3) -> b(2))', () => {
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 2 },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' }],
    };
    const expected = [['a#0'], ['a#1'], ['a#2'], ['b#0'], ['b#1']];
    expect(both(job)).toEqual({ whole: expected, perLogical: expected });
  });

  it('a blocking pointwise edge between two pipelined chains keeps them apart', () => {
    const job = {
      vertices: ['a', 'b', 'c', 'd'].map((id) => ({ id, parallelism: 2 })),
      edges: [
        { source: 'a', target: 'b', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' },
        { source: 'b', target: 'c', distribution: 'POINTWISE', resultPartitionType: 'BLOCKING' },
        { source: 'c', target: 'd', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED' },
      ],
    };
    const expected = [
      ['a#0', 'b#0'],
      ['a#1', 'b#1'],
      ['c#0', 'd#0'],
      ['c#1', 'd#1'],
    ];
    expect(both(job)).toEqual({ whole: expected, perLogical: expected });
  });

  it.each(['HYBRID_FULL', 'HYBRID_SELECTIVE', 'BLOCKING_PERSISTENT', 'PIPELINED_APPROXIMATE'])(
    '%s edges do not merge (Flink >= 1.16)',
    (type) => {
      const job = {
        mode: 'batch',
        vertices: ['a', 'b'].map((id) => ({ id, parallelism: 2 })),
        edges: [{ source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: type }],
      };
      const expected = [['a#0'], ['a#1'], ['b#0'], ['b#1']];
      expect(both(job)).toEqual({ whole: expected, perLogical: expected });
    },
  );

  it('PIPELINED_APPROXIMATE merges in Flink 1.12 (isPipelined) but not from 1.13 on', () => {
    const job = (flinkVersion: string) => ({
      flinkVersion,
      vertices: ['a', 'b'].map((id) => ({ id, parallelism: 2 })),
      edges: [{ source: 'a', target: 'b', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_APPROXIMATE' }],
    });
    const t12 = topologyOf(job('1.12'));
    expect(regionNames(t12, regionsOf(t12, true, version('1.12')))).toEqual([
      ['a#0', 'b#0'],
      ['a#1', 'b#1'],
    ]);
    const t13 = topologyOf(job('1.13'));
    expect(regionNames(t13, regionsOf(t13, true, version('1.13')))).toEqual([['a#0'], ['a#1'], ['b#0'], ['b#1']]);
  });
});

describe('explicit subtask graphs (SchedulingPipelinedRegionComputeUtil)', () => {
  it('cross-wired blocking edges between two pipelined pairs form a cycle and are merged', () => {
    const t = explicitTopology({
      subtasks: ['A#0', 'A#1', 'B#0', 'B#1'],
      edges: [
        { source: 'A#0', target: 'B#0', resultPartitionType: 'PIPELINED' },
        { source: 'A#1', target: 'B#1', resultPartitionType: 'PIPELINED' },
        { source: 'A#0', target: 'B#1', resultPartitionType: 'BLOCKING' },
        { source: 'A#1', target: 'B#0', resultPartitionType: 'BLOCKING' },
      ],
    });
    expect(regionNames(t, regionsOf(t, false))).toEqual([['A#0', 'A#1', 'B#0', 'B#1']]);
  });

  it('blocking edges in one direction only do not merge', () => {
    const t = explicitTopology({
      subtasks: ['A#0', 'A#1', 'B#0', 'B#1'],
      edges: [
        { source: 'A#0', target: 'B#0', resultPartitionType: 'PIPELINED' },
        { source: 'A#1', target: 'B#1', resultPartitionType: 'PIPELINED' },
        { source: 'A#0', target: 'B#1', resultPartitionType: 'BLOCKING' },
      ],
    });
    expect(regionNames(t, regionsOf(t, false))).toEqual([
      ['A#0', 'B#0'],
      ['A#1', 'B#1'],
    ]);
  });

  it('a chain of three raw regions closed by a blocking edge is merged (the SCC, not just pairs)', () => {
    const t = explicitTopology({
      subtasks: ['A#0', 'A#1', 'A#2', 'B#0', 'B#1', 'B#2', 'C#0'],
      edges: [
        { source: 'A#0', target: 'B#0', resultPartitionType: 'PIPELINED' },
        { source: 'A#1', target: 'B#1', resultPartitionType: 'PIPELINED' },
        { source: 'A#2', target: 'B#2', resultPartitionType: 'PIPELINED' },
        { source: 'A#0', target: 'B#1', resultPartitionType: 'BLOCKING' },
        { source: 'A#1', target: 'B#2', resultPartitionType: 'BLOCKING' },
        { source: 'A#2', target: 'B#0', resultPartitionType: 'BLOCKING' },
        { source: 'B#0', target: 'C#0', resultPartitionType: 'BLOCKING' },
      ],
    });
    expect(asSets(regionNames(t, regionsOf(t, false)))).toEqual([['A#0', 'A#1', 'A#2', 'B#0', 'B#1', 'B#2'], ['C#0']]);
  });
});

describe('region numbering and sizes', () => {
  it('regions are numbered by their smallest subtask; sizes count their members', () => {
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 2 },
        { id: 'b', parallelism: 2 },
        { id: 'c', parallelism: 3 },
      ],
      edges: [
        { source: 'a', target: 'c', distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    const t = topologyOf(job);
    const r = regionsOf(t, true);
    // Subtasks: a#0 a#1 | b#0 b#1 | c#0 c#1 c#2. {a, c} is one region (pipelined all-to-all).
    expect([...r.regionOf]).toEqual([0, 0, 1, 2, 0, 0, 0]);
    expect([...r.sizes]).toEqual([5, 1, 1]);
    expect(r.count).toBe(3);
  });
});
