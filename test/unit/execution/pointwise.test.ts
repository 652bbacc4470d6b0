/**
 * POINTWISE subtask wiring (graph-semantics.md §1.6, EdgeManagerBuildUtil): consumer i of t reads
 * [floor(i·s/t), floor((i+1)·s/t) − 1] when s ≥ t; when s < t partition p feeds consumers
 * [ceil(p·t/s), ceil((p+1)·t/s) − 1] and each consumer reads exactly one partition.
 */
import { describe, expect, it } from 'vitest';
import { pointwiseRange, sharesPartitionGroups } from '../../../src/execution/pointwise.js';

/** Partitions read by each consumer, as lists. */
function consumed(s: number, t: number): number[][] {
  return Array.from({ length: t }, (_, i) => {
    const { start, end } = pointwiseRange(s, t, i);
    return Array.from({ length: end - start }, (_, k) => start + k);
  });
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => from + k);

describe('pointwiseRange: the examples of graph-semantics.md §1.6', () => {
  it.each([
    [
      4,
      2,
      [
        [0, 1],
        [2, 3],
      ],
    ],
    [2, 4, [[0], [0], [1], [1]]],
    [3, 2, [[0], [1, 2]]],
    [2, 3, [[0], [0], [1]]],
    [16, 3, [range(0, 4), range(5, 9), range(10, 15)]],
    [1, 1, [[0]]],
    [5, 5, [[0], [1], [2], [3], [4]]],
    [7, 1, [range(0, 6)]],
    [1, 4, [[0], [0], [0], [0]]],
  ])('%i -> %i: %j', (s, t, expected) => {
    expect(consumed(s, t)).toEqual(expected);
  });

  it('3 -> 16: partition 0 feeds 6 consumers, partitions 1 and 2 feed 5 each', () => {
    const reads = consumed(3, 16);
    expect(reads.map((r) => r.length)).toEqual(Array(16).fill(1));
    expect(reads.flat()).toEqual([...Array(6).fill(0), ...Array(5).fill(1), ...Array(5).fill(2)]);
  });

  it('s == t is the identity (forward)', () => {
    for (let n = 1; n <= 64; n++) expect(consumed(n, n)).toEqual(Array.from({ length: n }, (_, i) => [i]));
  });
});

describe('pointwiseRange for every 1 <= s, t <= 40 (PointwisePatternTest)', () => {
  const pairs: Array<[number, number]> = [];
  for (let s = 1; s <= 40; s++) for (let t = 1; t <= 40; t++) pairs.push([s, t]);

  it('every partition is consumed; exactly once when s >= t', () => {
    for (const [s, t] of pairs) {
      const uses = new Array<number>(s).fill(0);
      for (const reads of consumed(s, t)) for (const p of reads) uses[p]!++;
      if (s >= t) expect(uses, `${s}->${t}`).toEqual(Array(s).fill(1));
      else
        expect(
          uses.every((u) => u >= 1),
          `${s}->${t}`,
        ).toBe(true);
    }
  });

  it('s >= t: each consumer reads a contiguous, ascending range of floor(s/t) or floor(s/t)+1 partitions, in consumer order', () => {
    for (const [s, t] of pairs.filter(([s, t]) => s >= t)) {
      const reads = consumed(s, t);
      const low = Math.floor(s / t);
      for (const r of reads) {
        expect(r.length === low || r.length === low + 1, `${s}->${t}`).toBe(true);
        for (let k = 1; k < r.length; k++) expect(r[k]).toBe(r[k - 1]! + 1);
      }
      // Concatenated in consumer order they are exactly 0..s-1.
      expect(reads.flat()).toEqual(range(0, s - 1));
    }
  });

  it('s < t: each consumer reads exactly one partition; partition p feeds consumers [ceil(p·t/s), ceil((p+1)·t/s) − 1]', () => {
    for (const [s, t] of pairs.filter(([s, t]) => s < t)) {
      const reads = consumed(s, t);
      for (const r of reads) expect(r.length).toBe(1);
      const low = Math.floor(t / s);
      for (let p = 0; p < s; p++) {
        // The notes' formula, written with integer arithmetic as EdgeManagerBuildUtil does.
        const first = Math.floor((p * t + s - 1) / s);
        const last = Math.floor(((p + 1) * t + s - 1) / s) - 1;
        const consumers = reads.flatMap((r, i) => (r[0] === p ? [i] : []));
        expect(consumers, `${s}->${t} partition ${p}`).toEqual(range(first, last));
        expect(consumers.length === low || consumers.length === low + 1).toBe(true);
      }
    }
  });

  it('the maximum number of inputs of a consumer is ceil(s/t) (computeMaxEdgesToTargetExecutionVertex)', () => {
    for (const [s, t] of pairs) expect(Math.max(...consumed(s, t).map((r) => r.length))).toBe(Math.ceil(s / t));
  });
});

describe('sharesPartitionGroups', () => {
  it('only when s < t do several consumers share one ConsumedPartitionGroup', () => {
    expect(sharesPartitionGroups(2, 4)).toBe(true);
    expect(sharesPartitionGroups(3, 16)).toBe(true);
    expect(sharesPartitionGroups(4, 4)).toBe(false);
    expect(sharesPartitionGroups(4, 2)).toBe(false);
  });
});
