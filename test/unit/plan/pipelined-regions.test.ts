import { describe, expect, it } from 'vitest';
import { computeConnectedComponents } from '../../../src/plan/connected-components.js';
import { computeLogicalPipelinedRegions } from '../../../src/plan/pipelined-regions.js';
import { isHybrid, mustBePipelinedConsumed } from '../../../src/plan/result-partition-type.js';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import { RESULT_PARTITION_TYPES, type ResultPartitionType } from '../../../src/model/job-graph.js';
import { analysisOf, graphOf, regionIds } from '../../support/jobs.js';

const version = (text: string) => parseFlinkVersion(text)!;

function regionsOf(data: object): string[][] {
  const graph = graphOf(data);
  return computeLogicalPipelinedRegions(graph).regions.map((r) => r.map((v) => graph.vertices[v]!.id));
}

const pair = (resultPartitionType: ResultPartitionType, flinkVersion?: string) => ({
  mode: 'batch',
  flinkVersion,
  vertices: [{ id: 'a' }, { id: 'b' }],
  edges: [{ source: 'a', target: 'b', resultPartitionType }],
});

describe('mustBePipelinedConsumed', () => {
  it.each([
    ['1.10', ['PIPELINED', 'PIPELINED_BOUNDED', 'PIPELINED_APPROXIMATE']],
    ['1.11', ['PIPELINED', 'PIPELINED_BOUNDED', 'PIPELINED_APPROXIMATE']],
    ['1.12', ['PIPELINED', 'PIPELINED_BOUNDED', 'PIPELINED_APPROXIMATE']],
    ['1.13', ['PIPELINED', 'PIPELINED_BOUNDED']],
    ['1.15', ['PIPELINED', 'PIPELINED_BOUNDED']],
    ['1.16', ['PIPELINED', 'PIPELINED_BOUNDED']],
    ['2.1', ['PIPELINED', 'PIPELINED_BOUNDED']],
  ])('Flink %s merges exactly %j', (v, merging) => {
    expect(RESULT_PARTITION_TYPES.filter((t) => mustBePipelinedConsumed(t, version(v)))).toEqual(merging);
  });

  it('knows the hybrid types', () => {
    expect(RESULT_PARTITION_TYPES.filter(isHybrid)).toEqual(['HYBRID_FULL', 'HYBRID_SELECTIVE']);
  });
});

describe('computeLogicalPipelinedRegions', () => {
  it.each([
    ['PIPELINED', [['a', 'b']]],
    ['PIPELINED_BOUNDED', [['a', 'b']]],
    ['BLOCKING', [['a'], ['b']]],
    ['BLOCKING_PERSISTENT', [['a'], ['b']]],
    ['PIPELINED_APPROXIMATE', [['a'], ['b']]],
    ['HYBRID_FULL', [['a'], ['b']]],
    ['HYBRID_SELECTIVE', [['a'], ['b']]],
  ] as const)('an edge of type %s gives regions %j (default version)', (type, expected) => {
    expect(regionsOf(pair(type))).toEqual(expected);
  });

  it('PIPELINED_APPROXIMATE merges only up to Flink 1.12 (isPipelined) (testPipelinedApproximateDifferentRegions)', () => {
    expect(regionsOf(pair('PIPELINED_APPROXIMATE', '1.12'))).toEqual([['a', 'b']]);
    expect(regionsOf(pair('PIPELINED_APPROXIMATE', '1.13'))).toEqual([['a'], ['b']]);
    expect(regionsOf(pair('PIPELINED_APPROXIMATE', '1.20'))).toEqual([['a'], ['b']]);
  });

  it('chains: pipelined-pipelined is one region, blocking-blocking is one per vertex', () => {
    const chain = (t: string) => ({
      vertices: [{ id: 'v1' }, { id: 'v2' }, { id: 'v3' }],
      edges: [
        { source: 'v1', target: 'v2', resultPartitionType: t },
        { source: 'v2', target: 'v3', resultPartitionType: t },
      ],
    });
    expect(regionsOf(chain('PIPELINED'))).toEqual([['v1', 'v2', 'v3']]);
    expect(regionsOf(chain('BLOCKING'))).toEqual([['v1'], ['v2'], ['v3']]);
  });

  it('the distribution pattern does not matter', () => {
    for (const distribution of ['POINTWISE', 'ALL_TO_ALL']) {
      const job = {
        vertices: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
        edges: [
          { source: 'a', target: 'b', distribution, resultPartitionType: 'PIPELINED_BOUNDED' },
          { source: 'b', target: 'c', distribution, resultPartitionType: 'BLOCKING' },
        ],
      };
      expect(regionsOf(job)).toEqual([['a', 'b'], ['c']]);
    }
  });

  it('one input splitting into a pipelined and a blocking consumer', () => {
    const job = {
      vertices: [{ id: 'src' }, { id: 'p' }, { id: 'b' }],
      edges: [
        { source: 'src', target: 'p', resultPartitionType: 'PIPELINED' },
        { source: 'src', target: 'b', resultPartitionType: 'BLOCKING' },
      ],
    };
    expect(regionsOf(job)).toEqual([['src', 'p'], ['b']]);
  });

  it('does not merge logical regions that depend on each other through blocking edges', () => {
    // testCyclicDependentRegionsAreMerged's shape: only scheduling-level regions merge the cycle
    const job = {
      vertices: [{ id: 'v1' }, { id: 'v2' }, { id: 'v3' }, { id: 'v4' }],
      edges: [
        { source: 'v1', target: 'v2', resultPartitionType: 'BLOCKING' },
        { source: 'v1', target: 'v3', resultPartitionType: 'PIPELINED' },
        { source: 'v2', target: 'v4', resultPartitionType: 'BLOCKING' },
        { source: 'v3', target: 'v4', resultPartitionType: 'PIPELINED' },
      ],
    };
    expect(regionsOf(job)).toEqual([['v1', 'v3', 'v4'], ['v2']]);
  });

  it('orders regions by their first vertex and members by vertex position, whatever the edge direction', () => {
    const graph = graphOf({
      vertices: [{ id: 'x' }, { id: 'y' }, { id: 'z' }, { id: 'w' }],
      edges: [
        { source: 'w', target: 'y', resultPartitionType: 'PIPELINED' },
        { source: 'z', target: 'x', resultPartitionType: 'PIPELINED' },
      ],
    });
    const regions = computeLogicalPipelinedRegions(graph);
    expect(regions.regions).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect([...regions.regionOf]).toEqual([0, 1, 0, 1]);
    expect(regions.mergedForCoLocation).toBe(false);
  });

  it('isolated vertices are regions of their own', () => {
    expect(regionsOf({ vertices: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] })).toEqual([['a'], ['b'], ['c']]);
  });

  describe('co-location', () => {
    const coLocated = (flinkVersion: string) => ({
      flinkVersion,
      vertices: [{ id: 'head', coLocationGroup: 'iteration' }, { id: 'tail', coLocationGroup: 'iteration' }, { id: 'other' }],
    });

    it('Flink <= 1.12 makes the whole job one region as soon as co-location is used', () => {
      for (const v of ['1.10', '1.11', '1.12']) {
        const a = analysisOf(coLocated(v));
        expect(regionIds(a)).toEqual([['head', 'tail', 'other']]);
        expect(a.regions.mergedForCoLocation).toBe(true);
        expect(a.warnings.map((w) => [w.code, w.message, w.location?.pointer])).toEqual([
          [
            'regions/colocation-single-region',
            'Flink <= 1.12 makes the whole job one pipelined region because it uses co-location constraints',
            '/vertices',
          ],
        ]);
      }
    });

    it('Flink >= 1.13 keeps the regions', () => {
      const graph = graphOf({ ...coLocated('1.13'), edges: [{ source: 'head', target: 'tail' }] });
      const regions = computeLogicalPipelinedRegions(graph);
      expect(regions.regions.map((r) => r.map((v) => graph.vertices[v]!.id))).toEqual([['head', 'tail'], ['other']]);
      expect(regions.mergedForCoLocation).toBe(false);
    });

    it('Flink <= 1.12: the regions before the co-location constraints are the plain ones', () => {
      const graph = graphOf(coLocated('1.12'));
      expect(computeLogicalPipelinedRegions(graph, false).regions).toEqual([[0], [1], [2]]);
      expect(computeLogicalPipelinedRegions(graph, false).mergedForCoLocation).toBe(false);
    });

    it('Flink 1.12 without co-location keeps the regions', () => {
      expect(regionsOf({ flinkVersion: '1.12', vertices: [{ id: 'a' }, { id: 'b' }] })).toEqual([['a'], ['b']]);
    });
  });
});

describe('computeConnectedComponents', () => {
  it('links vertices by any edge, whatever its type', () => {
    const graph = graphOf({
      mode: 'batch',
      vertices: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }],
      edges: [
        { source: 'a', target: 'b', resultPartitionType: 'BLOCKING' },
        { source: 'd', target: 'b', resultPartitionType: 'HYBRID_FULL' },
        { source: 'c', target: 'e', resultPartitionType: 'PIPELINED' },
      ],
    });
    expect(computeConnectedComponents(graph)).toEqual([
      [0, 1, 3],
      [2, 4],
    ]);
    expect(computeLogicalPipelinedRegions(graph).regions).toEqual([[0], [1], [2, 4], [3]]);
  });
});
