import { describe, expect, it } from 'vitest';
import { thrown } from '../../../support/thrown.js';
import { UNKNOWN } from '../../../../src/model/resource-profile.js';
import {
  type VertexInformation,
  calculateRequiredSlots,
  determineParallelism,
  minimumRequiredSlots,
  slotSharingGroupMetaInfos,
  sortByParallelismRange,
} from '../../../../src/sim/scheduler/slot-sharing-slot-allocator.js';

const v = (id: string, slotSharingGroup: string, parallelism: number, minParallelism?: number): VertexInformation => ({
  id,
  slotSharingGroup,
  parallelism,
  minParallelism,
});
const asObject = (m: Map<string, number> | undefined) => (m === undefined ? undefined : Object.fromEntries(m));

const BASIC = [v('v1', 'ssg1', 4), v('v2', 'ssg1', 2), v('v3', 'ssg2', 3)];

describe('required and minimum slots', () => {
  it('declares the sum of the largest parallelism per group, as UNKNOWN slots', () => {
    const required = calculateRequiredSlots(BASIC);
    expect(required.get(UNKNOWN)).toBe(7);
    expect(required.size).toBe(1);
  });

  it('needs the sum of the largest lower bound per group (default lower bound 1)', () => {
    expect(minimumRequiredSlots(BASIC)).toBe(2);
    expect(minimumRequiredSlots([v('a', 'g', 2, 2), v('b', 'g', 8, 8), v('c', 'h', 5, 3)])).toBe(11);
  });

  it('collects group bounds in first-appearance order', () => {
    const infos = [...slotSharingGroupMetaInfos([v('a', 'g', 5, 2), v('b', 'h', 1), v('c', 'g', 3, 3)]).values()];
    expect(infos).toEqual([
      { group: 'g', minLowerBound: 2, maxLowerBound: 3, maxUpperBound: 5 },
      { group: 'h', minLowerBound: 1, maxLowerBound: 1, maxUpperBound: 1 },
    ]);
  });
});

describe('determineParallelism', () => {
  it('gives every group its minimum when only the minimum is free', () => {
    expect(asObject(determineParallelism(BASIC, 2))).toEqual({ v1: 1, v2: 1, v3: 1 });
    expect(asObject(determineParallelism([v('a', 'g', 2, 2), v('b', 'g', 8, 8)], 8))).toEqual({ a: 2, b: 8 });
  });

  it('finds no parallelism below the minimum', () => {
    expect(determineParallelism(BASIC, 1)).toBeUndefined();
    expect(determineParallelism([v('a', 'g', 2, 2), v('b', 'g', 8, 8)], 7)).toBeUndefined();
  });

  it('caps every vertex at its own parallelism when slots abound', () => {
    expect(asObject(determineParallelism(BASIC, 50))).toEqual({ v1: 4, v2: 2, v3: 3 });
  });

  it('serves narrow groups first and passes their unused share to wider ones', () => {
    // a: 1..8 (range 7), b: 10..10 (range 0) → b first takes 10, a gets the other 3.
    expect(asObject(determineParallelism([v('v1', 'a', 8, 1), v('v2', 'b', 10, 10)], 13))).toEqual({ v1: 3, v2: 10 });
    expect(asObject(determineParallelism([v('v11', 'ssg1', 4), v('v12', 'ssg1', 1), v('v2', 'ssg2', 2)], 6))).toEqual({
      v11: 4,
      v12: 1,
      v2: 2,
    });
  });

  it('shares optional slots by integer division', () => {
    // Three groups 1..10, five slots: shares 0, 1, 1 on top of the minimum.
    const groups = [v('x', 'g1', 10), v('y', 'g2', 10), v('z', 'g3', 10)];
    expect(asObject(determineParallelism(groups, 5))).toEqual({ x: 1, y: 2, z: 2 });
  });

  it('breaks ties between equal ranges by first appearance, which can change the outcome', () => {
    const a = v('a', 'A', 3, 1);
    const b = v('b', 'B', 7, 5);
    expect(sortByParallelismRange(slotSharingGroupMetaInfos([a, b]).values()).map((i) => i.group)).toEqual(['A', 'B']);
    expect(asObject(determineParallelism([a, b], 9))).toEqual({ a: 2, b: 7 });
    expect(asObject(determineParallelism([b, a], 9))).toEqual({ b: 6, a: 3 });
  });

  it('returns an empty assignment for a job without vertices', () => {
    expect(asObject(determineParallelism([], 0))).toEqual({});
    expect(asObject(determineParallelism([], 5))).toEqual({});
    expect(minimumRequiredSlots([])).toBe(0);
    expect(calculateRequiredSlots([]).isEmpty()).toBe(true);
  });

  it('rejects impossible bounds and negative slot counts', () => {
    expect(thrown(() => determineParallelism([v('a', 'g', 2, 3)], 5)).errorType).toBe('IllegalArgumentException');
    expect(thrown(() => determineParallelism([v('a', 'g', 0)], 5)).errorType).toBe('IllegalArgumentException');
    expect(thrown(() => determineParallelism(BASIC, -1)).errorType).toBe('IllegalArgumentException');
  });
});
