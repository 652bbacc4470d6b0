/**
 * The batch peak: scheduling regions of a batch job run in waves (a region starts once the regions
 * whose BLOCKING results it reads are finished; hybrid results may be read while produced), and a
 * wave holds the slots of the execution slot sharing groups of its subtasks.
 */
import { describe, expect, it } from 'vitest';
import { executionOf, surpriseJob } from '../../support/execution.js';

type Type = 'BLOCKING' | 'HYBRID_FULL' | 'HYBRID_SELECTIVE' | 'PIPELINED';

const chain = (parallelism: number, types: [Type, Type], distribution: 'POINTWISE' | 'ALL_TO_ALL' = 'POINTWISE') => ({
  mode: 'batch',
  vertices: ['a', 'b', 'c'].map((id) => ({ id, parallelism })),
  edges: [
    { source: 'a', target: 'b', distribution, resultPartitionType: types[0] },
    { source: 'b', target: 'c', distribution, resultPartitionType: types[1] },
  ],
});

const peakOf = (data: Record<string, unknown>) => {
  const peak = executionOf(data).batchPeak;
  if (peak === undefined) throw new Error('no batch peak');
  return peak;
};

describe('batch peak', () => {
  it.each(['POINTWISE', 'ALL_TO_ALL'] as const)(
    'a -> b -> c BLOCKING (%s), parallelism 10: peak 10, 3 waves, largest region 1 slot',
    (distribution) => {
      expect(peakOf(chain(10, ['BLOCKING', 'BLOCKING'], distribution))).toEqual({
        waves: 3,
        peakSlots: 10,
        peakWave: 0,
        // Wave 1 holds a's 10 slots; b and c hold as many, later.
        peakWaveSlotsPerSlotSharingGroup: [10, 0, 0],
        mostSlotsPerSlotSharingGroup: [10, 10, 10],
        largestRegionSlots: 1,
        unschedulableRegions: 0,
      });
    },
  );

  it.each(['HYBRID_FULL', 'HYBRID_SELECTIVE'] as const)('a -%s-> b: the consumer starts in its producer’s wave', (type) => {
    const peak = peakOf(chain(2, [type, 'BLOCKING']));
    expect(peak).toMatchObject({ waves: 2, peakSlots: 4, peakWave: 0, largestRegionSlots: 1, unschedulableRegions: 0 });
    expect(peakOf(chain(2, [type, type]))).toMatchObject({ waves: 1, peakSlots: 6, peakWave: 0 });
  });

  it('a pipelined edge makes one region holding the shared slots of both vertices', () => {
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 4 },
        { id: 'b', parallelism: 4 },
        { id: 'c', parallelism: 2 },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    expect(peakOf(job)).toEqual({
      waves: 2,
      peakSlots: 4,
      peakWave: 0,
      peakWaveSlotsPerSlotSharingGroup: [4, 0],
      mostSlotsPerSlotSharingGroup: [4, 2],
      largestRegionSlots: 4,
      unschedulableRegions: 0,
    });
  });

  it('the peak can come in a later wave', () => {
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 2 },
        { id: 'b', parallelism: 8 },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' }],
    };
    expect(peakOf(job)).toMatchObject({
      waves: 2,
      peakSlots: 8,
      peakWave: 1,
      peakWaveSlotsPerSlotSharingGroup: [0, 8],
      mostSlotsPerSlotSharingGroup: [2, 8],
      largestRegionSlots: 1,
    });
  });

  it('per group: the peak wave adds up to the peak; each group’s own peak, from different waves, to more', () => {
    // One named group for a (12) and c (4), another for b (8), BLOCKING between them: waves a, b, c.
    // The peak is a's 12 slots in wave 1; the groups' own peaks are 12 and 8: 20 slots never held at once.
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 12, slotSharingGroup: 'g1' },
        { id: 'b', parallelism: 8, slotSharingGroup: 'g2' },
        { id: 'c', parallelism: 4, slotSharingGroup: 'g1' },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    const e = executionOf(job);
    expect(e.topology.slotSharingGroups.map((g) => g.id)).toEqual(['g1', 'g2']);
    expect(e.batchPeak).toMatchObject({
      waves: 3,
      peakSlots: 12,
      peakWave: 0,
      peakWaveSlotsPerSlotSharingGroup: [12, 0],
      mostSlotsPerSlotSharingGroup: [12, 8],
    });
  });

  it('the peak wave’s breakdown is that of the first wave reaching the peak', () => {
    // Waves: {a 3, b 5} = 8, then j 8: the peak is first reached in wave 1, by two groups.
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 5 },
        { id: 'j', parallelism: 8 },
      ],
      edges: [
        { source: 'a', target: 'j', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
        { source: 'b', target: 'j', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    expect(peakOf(job)).toMatchObject({ peakSlots: 8, peakWave: 0, peakWaveSlotsPerSlotSharingGroup: [3, 5, 0] });
  });

  it('independent sources run in the same wave', () => {
    const job = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 5 },
        { id: 'j', parallelism: 4 },
      ],
      edges: [
        { source: 'a', target: 'j', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
        { source: 'b', target: 'j', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
      ],
    };
    expect(peakOf(job)).toMatchObject({ waves: 2, peakSlots: 8, peakWave: 0 });
  });

  it('a cycle between two logical regions (the §1.4 Surprise) is reported in unschedulableRegions', () => {
    // Both regions wait for each other: none can start, so there are no waves and no peak.
    expect(peakOf(surpriseJob(1, 'POINTWISE'))).toMatchObject({ unschedulableRegions: 2, waves: 0, peakSlots: 0 });
    // {v1, v3, v4} is one region (all-to-all inside), v2 gives two: all three wait for each other.
    expect(peakOf(surpriseJob(2, 'ALL_TO_ALL'))).toMatchObject({ unschedulableRegions: 3, waves: 0, peakSlots: 0 });
  });

  it('regions on a cycle never start and are left out of the waves', () => {
    const job = surpriseJob(1, 'POINTWISE') as { vertices: object[]; edges: object[] };
    job.vertices.push({ id: 'v0', parallelism: 3 });
    job.edges.push({ source: 'v0', target: 'v1', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' });
    expect(peakOf(job)).toMatchObject({ unschedulableRegions: 2, waves: 1, peakSlots: 3, peakWave: 0 });
  });

  it('a blocking all-to-all edge inside one region is internal, not a cycle', () => {
    const job = {
      mode: 'batch',
      vertices: ['A', 'B', 'C', 'D'].map((id) => ({ id, parallelism: 2 })),
      edges: [
        { source: 'A', target: 'B', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED' },
        { source: 'A', target: 'C', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED' },
        { source: 'B', target: 'C', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' },
        { source: 'C', target: 'D', distribution: 'POINTWISE', resultPartitionType: 'BLOCKING' },
      ],
    };
    expect(peakOf(job)).toMatchObject({ unschedulableRegions: 0, waves: 2, peakSlots: 2 });
  });

  it('is absent for streaming jobs', () => {
    expect(executionOf({ vertices: [{ id: 'a', parallelism: 2 }] }).batchPeak).toBeUndefined();
  });
});
