import { describe, expect, it } from 'vitest';
import { groupLabel, regionLabel } from '../../../../src/report/diff/region-label.js';
import { vertexLabeler } from '../../../../src/report/vertex-label.js';

const HEX_A = 'cbc357ccb763df2852fee8c4fc7d55f2';
const HEX_B = '90bea66de1c231edf33913ecd54406c1';
const label = vertexLabeler({ [HEX_A]: 'Source: Kafka', [HEX_B]: 'HashJoin[23] -> Calc[24]' });

describe('diff: regions named by their vertices (issue 25 §5)', () => {
  it("names a region by its vertices, Flink's generated ids by their names", () => {
    expect(regionLabel([HEX_A, HEX_B], label)).toBe('region {Source: Kafka, HashJoin[23] -> Calc[24]}');
    expect(regionLabel(['scan', 'agg'], label)).toBe('region {scan, agg}');
  });

  it('the first vertices, then how many more', () => {
    expect(regionLabel(['a', 'b', 'c', 'd', 'e'], label)).toBe('region {a, b, c, +2 more}');
    expect(regionLabel(['a', 'b', 'c'], label)).toBe('region {a, b, c}');
  });

  it("a per-region default group is named by its region, a named group by its name; input's control characters escaped", () => {
    const side = {
      id: 'default/region-2',
      name: 'default',
      slots: 4,
      widestVertex: 'a',
      vertices: ['a\u001b'],
      resourceProfile: 'UNKNOWN' as const,
    };
    expect(groupLabel({ ...side, perRegion: true }, label)).toBe('region {a\\u001b}');
    expect(groupLabel({ ...side, id: 'python', name: 'python' }, label)).toBe('python');
  });
});
