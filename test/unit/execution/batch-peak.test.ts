/**
 * The batch peak: scheduling regions of a batch job run in waves (a region starts once the regions
 * whose BLOCKING results it reads are finished; hybrid results may be read while produced), and a
 * wave holds the slots of the execution slot sharing groups of its subtasks.
 */
import { describe, expect, it } from 'vitest';
import { executionOf, surpriseJob } from './support.js';

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
  it.each(['POINTWISE', 'ALL_TO_ALL'] as const)('a -> b -> c BLOCKING (%s), parallelism 10: peak 10, 3 waves, largest region 1 slot', (distribution) => {
    expect(peakOf(chain(10, ['BLOCKING', 'BLOCKING'], distribution))).toEqual({
      waves: 3,
      peakSlots: 10,
      peakWave: 0,
      peakSlotsPerSlotSharingGroup: [10, 10, 10],
      largestRegionSlots: 1,
      regionsOnCycles: 0,
    });
  });

  it.each(['HYBRID_FULL', 'HYBRID_SELECTIVE'] as const)('a -%s-> b: the consumer starts in its producer’s wave', (type) => {
    const peak = peakOf(chain(2, [type, 'BLOCKING']));
    expect(peak).toMatchObject({ waves: 2, peakSlots: 4, peakWave: 0, largestRegionSlots: 1, regionsOnCycles: 0 });
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
      peakSlotsPerSlotSharingGroup: [4, 2],
      largestRegionSlots: 4,
      regionsOnCycles: 0,
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
    expect(peakOf(job)).toMatchObject({ waves: 2, peakSlots: 8, peakWave: 1, peakSlotsPerSlotSharingGroup: [2, 8], largestRegionSlots: 1 });
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

  it('a cycle between two logical regions (the §1.4 Surprise) is reported in regionsOnCycles', () => {
    expect(peakOf(surpriseJob(1, 'POINTWISE'))).toMatchObject({ regionsOnCycles: 2, waves: 1, peakSlots: 2 });
    // {v1, v3, v4} is one region (all-to-all inside), v2 gives two: all three wait for each other.
    expect(peakOf(surpriseJob(2, 'ALL_TO_ALL'))).toMatchObject({ regionsOnCycles: 3, waves: 1 });
  });

  it('regions on a cycle are counted in one last wave after the ordered ones', () => {
    const job = surpriseJob(1, 'POINTWISE') as { vertices: object[]; edges: object[] };
    job.vertices.push({ id: 'v0', parallelism: 3 });
    job.edges.push({ source: 'v0', target: 'v1', distribution: 'ALL_TO_ALL', resultPartitionType: 'BLOCKING' });
    expect(peakOf(job)).toMatchObject({ regionsOnCycles: 2, waves: 2, peakSlots: 3, peakWave: 0 });
  });

  it('is absent for streaming jobs', () => {
    expect(executionOf({ vertices: [{ id: 'a', parallelism: 2 }] }).batchPeak).toBeUndefined();
  });
});
