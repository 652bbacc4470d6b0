import { describe, expect, it } from 'vitest';
import { profileToJson } from '../../../src/model/profile-json.js';
import { analysisErrors, analysisOf, groupIds } from '../../support/jobs.js';

/**
 * a -BLOCKING-> b -PIPELINED_BOUNDED-> c, plus d alone (bounded: a group declaring resources may not
 * produce unbounded PIPELINED results from Flink 1.14, plan/network-memory.ts).
 */
const shape = (mode: string | undefined, groups: Record<string, string> = {}, extra: object = {}) => ({
  mode,
  ...extra,
  vertices: ['a', 'b', 'c', 'd'].map((id) => ({ id, parallelism: 1, ...(groups[id] ? { slotSharingGroup: groups[id] } : {}) })),
  edges: [
    { source: 'a', target: 'b', resultPartitionType: 'BLOCKING' },
    { source: 'b', target: 'c', resultPartitionType: 'PIPELINED_BOUNDED' },
  ],
});

describe('computeSlotSharing', () => {
  it('streaming: every default vertex joins one job-wide group, across regions', () => {
    const a = analysisOf(shape('streaming'));
    expect(groupIds(a)).toEqual({ default: ['a', 'b', 'c', 'd'] });
    const group = a.slotSharing.groups[0]!;
    expect(group.name).toBe('default');
    expect(group.region).toBeUndefined();
    expect(group.groupProfile).toEqual({ kind: 'UNKNOWN' });
    expect([...a.slotSharing.groupOf]).toEqual([0, 0, 0, 0]);
  });

  it('batch: one default group per logical pipelined region', () => {
    const a = analysisOf(shape('batch'));
    expect(groupIds(a)).toEqual({ 'default/region-1': ['a'], 'default/region-2': ['b', 'c'], 'default/region-3': ['d'] });
    expect(a.slotSharing.groups.map((g) => [g.name, g.region])).toEqual([
      ['default', 1],
      ['default', 2],
      ['default', 3],
    ]);
    expect([...a.slotSharing.groupOf]).toEqual([0, 1, 1, 2]);
  });

  it('allVerticesInSameSlotSharingGroupByDefault overrides the mode', () => {
    expect(groupIds(analysisOf(shape('batch', {}, { allVerticesInSameSlotSharingGroupByDefault: true })))).toEqual({
      default: ['a', 'b', 'c', 'd'],
    });
    expect(groupIds(analysisOf(shape('streaming', {}, { allVerticesInSameSlotSharingGroupByDefault: false })))).toEqual({
      'default/region-1': ['a'],
      'default/region-2': ['b', 'c'],
      'default/region-3': ['d'],
    });
  });

  it('a named group is one group across the whole job, regions ignored (batch)', () => {
    const a = analysisOf(shape('batch', { a: 'g', d: 'g' }));
    expect(groupIds(a)).toEqual({ g: ['a', 'd'], 'default/region-2': ['b', 'c'] });
    expect(a.slotSharing.groups[0]!.region).toBeUndefined();
  });

  it('named groups and the default group in streaming mode; "default" written out is the default group', () => {
    const a = analysisOf(shape('streaming', { b: 'python', c: 'default' }));
    expect(groupIds(a)).toEqual({ default: ['a', 'c', 'd'], python: ['b'] });
  });

  it('every per-region default group carries the FLIP-156 profile registered for "default"', () => {
    const a = analysisOf(
      // On the default scheduler: the unset vertices run at 1 (the AdaptiveBatchScheduler would leave the network memory unknown).
      shape(
        'batch',
        { d: 'other' },
        {
          configuration: { 'jobmanager.scheduler': 'Default' },
          slotSharingGroups: [{ name: 'default', resources: { cpuCores: 0.5, taskHeapMemory: '64mb' } }],
        },
      ),
    );
    expect(groupIds(a)).toEqual({ 'default/region-1': ['a'], 'default/region-2': ['b', 'c'], other: ['d'] });
    const expected = {
      cpuCores: 0.5,
      taskHeapMemory: 67108864,
      taskOffHeapMemory: 0,
      managedMemory: 0,
      networkMemory: 0,
      extendedResources: {},
    };
    expect(profileToJson(a.slotSharing.groups[0]!.groupProfile)).toEqual(expected);
    expect(profileToJson(a.slotSharing.groups[1]!.groupProfile)).toEqual(expected);
    expect(a.slotSharing.groups[2]!.groupProfile).toEqual({ kind: 'UNKNOWN' });
  });

  describe('hybrid shuffle', () => {
    const hybrid = (type: string, group?: string) => ({
      mode: 'batch',
      vertices: [{ id: 'a' }, { id: 'b', ...(group ? { slotSharingGroup: group } : {}) }],
      edges: [{ source: 'a', target: 'b', resultPartitionType: type }],
    });

    it('rejects a user-named group when the job has a hybrid result partition', () => {
      for (const type of ['HYBRID_FULL', 'HYBRID_SELECTIVE']) {
        expect(analysisErrors(hybrid(type, 'g'))).toEqual([
          {
            code: 'slot-sharing/hybrid-with-named-group',
            severity: 'error',
            message: 'hybrid shuffle mode currently does not support setting non-default slot sharing group.',
            location: { pointer: '/vertices/1/slotSharingGroup' },
            flinkErrorType: 'IllegalStateException',
          },
        ]);
      }
    });

    it('accepts hybrid edges with default groups only (one group per region)', () => {
      expect(groupIds(analysisOf(hybrid('HYBRID_FULL')))).toEqual({ 'default/region-1': ['a'], 'default/region-2': ['b'] });
      expect(groupIds(analysisOf(hybrid('HYBRID_SELECTIVE', 'default')))).toEqual({ 'default/region-1': ['a'], 'default/region-2': ['b'] });
    });

    it('a named group is fine without hybrid edges', () => {
      expect(groupIds(analysisOf(hybrid('BLOCKING', 'g')))).toEqual({ 'default/region-1': ['a'], g: ['b'] });
    });
  });

  describe('co-location', () => {
    it('groups co-located vertices of one slot sharing group', () => {
      const a = analysisOf({
        vertices: [
          { id: 'head', coLocationGroup: 'it' },
          { id: 'body' },
          { id: 'tail', coLocationGroup: 'it' },
          { id: 'x', slotSharingGroup: 'g', coLocationGroup: 'other' },
        ],
        edges: [
          { source: 'head', target: 'body' },
          { source: 'body', target: 'tail' },
        ],
      });
      expect(a.slotSharing.coLocationGroups).toEqual([
        { name: 'it', slotSharingGroup: 0, vertices: [0, 2] },
        { name: 'other', slotSharingGroup: 1, vertices: [3] },
      ]);
    });

    it('rejects co-location across slot sharing groups', () => {
      const errors = analysisErrors({
        vertices: [{ id: 'head', coLocationGroup: 'it' }, { id: 'mid' }, { id: 'tail', slotSharingGroup: 'other', coLocationGroup: 'it' }],
      });
      expect(errors).toEqual([
        {
          code: 'slot-sharing/colocation-across-groups',
          severity: 'error',
          message: "Cannot co-locate operators from different slot sharing groups (co-location group 'it': 'head' and 'tail')",
          location: { pointer: '/vertices/2/coLocationGroup' },
          flinkErrorType: 'IllegalStateException',
        },
      ]);
    });

    it('>= 1.13: co-located vertices in different pipelined regions are rejected', () => {
      const job = (flinkVersion: string) => ({
        flinkVersion,
        vertices: [
          { id: 'a', parallelism: 3, coLocationGroup: 'cg' },
          { id: 'b', parallelism: 3, coLocationGroup: 'cg' },
        ],
      });
      expect(analysisErrors(job('1.13')).map((e) => [e.code, e.message, e.flinkErrorType])).toEqual([
        [
          'slot-sharing/colocation-across-regions',
          "co-located tasks must be in the same pipelined region (co-location group 'cg': 'a' and 'b' are in different pipelined regions)",
          'IllegalStateException',
        ],
      ]);
      // 1.12 made the whole job one region because of the co-location constraint
      expect(analysisOf(job('1.12')).regions.regions).toHaveLength(1);
    });

    it('batch (>= 1.13): default vertices of different regions are different group objects', () => {
      const job = (flinkVersion: string) => ({
        mode: 'batch',
        flinkVersion,
        vertices: [
          { id: 'a', coLocationGroup: 'it' },
          { id: 'b', coLocationGroup: 'it' },
        ],
        edges: [{ source: 'a', target: 'b', resultPartitionType: 'BLOCKING' }],
      });
      expect(analysisErrors(job('1.13')).map((e) => e.message)).toEqual([
        "Cannot co-locate operators from different slot sharing groups (co-location group 'it': 'a' and 'b')",
      ]);
      // 1.12 merges the whole job into one region only once the co-location constraints are set,
      // after the slot sharing groups were built from the plain regions: the same error.
      expect(analysisErrors(job('1.12')).map((e) => e.message)).toEqual([
        "Cannot co-locate operators from different slot sharing groups (co-location group 'it': 'a' and 'b')",
      ]);
    });
  });
});
