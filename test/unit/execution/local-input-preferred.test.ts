/**
 * LocalInputPreferredSlotSharingStrategy (graph-semantics.md §5.1, Flink's default): job vertices in
 * topological order; a subtask first joins its co-location constraint's group, else the first
 * still-available group of its producers in the same slot sharing group, else the first available
 * group of its slot sharing group in creation order, else a new group.
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionSlotSharing } from '../../../src/execution/execution-slot-sharing.js';
import type { ExecutionTopology } from '../../../src/execution/execution-topology.js';
import { computeLocalInputPreferred } from '../../../src/execution/local-input-preferred.js';
import { type Data, executionOf, explicitTopology, membersOf, topologyOf } from '../../support/execution.js';

function groups(t: ExecutionTopology, sharing: ExecutionSlotSharing = computeLocalInputPreferred(t)): string[][] {
  return membersOf(t, sharing.groupOf, sharing.count);
}

const sharedSlots = (data: Data): string[][] => groups(topologyOf(data));

const pair = (
  pa: number,
  pb: number,
  distribution: 'POINTWISE' | 'ALL_TO_ALL',
  extra: Partial<Record<'ga' | 'gb', string>> = {},
): Data => ({
  vertices: [
    { id: 'a', parallelism: pa, ...(extra.ga ? { slotSharingGroup: extra.ga } : {}) },
    { id: 'b', parallelism: pb, ...(extra.gb ? { slotSharingGroup: extra.gb } : {}) },
  ],
  edges: [{ source: 'a', target: 'b', distribution, resultPartitionType: 'PIPELINED_BOUNDED' }],
});

describe('LocalInputPreferred: pointwise neighbours share slots', () => {
  it('forward a(3) -> b(3): subtask i of both in one slot', () => {
    expect(sharedSlots(pair(3, 3, 'POINTWISE'))).toEqual([
      ['a#0', 'b#0'],
      ['a#1', 'b#1'],
      ['a#2', 'b#2'],
    ]);
  });

  it('a(4) -> b(2): each consumer joins the first producer of its range', () => {
    expect(sharedSlots(pair(4, 2, 'POINTWISE'))).toEqual([['a#0', 'b#0'], ['a#1'], ['a#2', 'b#1'], ['a#3']]);
  });

  it('a(2) -> b(4): the shared partition group serves only its first consumer; the others get new slots', () => {
    expect(sharedSlots(pair(2, 4, 'POINTWISE'))).toEqual([['a#0', 'b#0'], ['a#1', 'b#2'], ['b#1'], ['b#3']]);
  });

  it('a chain a(2) -> b(2) -> c(2) stacks subtask i', () => {
    const job = {
      vertices: ['a', 'b', 'c'].map((id) => ({ id, parallelism: 2 })),
      edges: [
        { source: 'a', target: 'b', distribution: 'POINTWISE' },
        { source: 'b', target: 'c', distribution: 'POINTWISE' },
      ],
    };
    expect(sharedSlots(job)).toEqual([
      ['a#0', 'b#0', 'c#0'],
      ['a#1', 'b#1', 'c#1'],
    ]);
  });

  it('an explicit cross-wired graph follows the wiring, not the subtask index', () => {
    const t = explicitTopology({
      subtasks: ['JV1#0', 'JV1#1', 'JV2#0', 'JV2#1'],
      edges: [
        { source: 'JV1#0', target: 'JV2#1', resultPartitionType: 'PIPELINED' },
        { source: 'JV1#1', target: 'JV2#0', resultPartitionType: 'PIPELINED' },
      ],
      slotSharingGroups: new Map([['ssg', ['JV1', 'JV2']]]),
    });
    expect(groups(t)).toEqual([
      ['JV1#0', 'JV2#1'],
      ['JV1#1', 'JV2#0'],
    ]);
  });
});

describe('LocalInputPreferred: different slot sharing groups never share', () => {
  it('a in g1, b in g2: four slots of one subtask each (testVerticesInDifferentSlotSharingGroups)', () => {
    const t = topologyOf(pair(2, 2, 'POINTWISE', { ga: 'g1', gb: 'g2' }));
    const sharing = computeLocalInputPreferred(t);
    expect(groups(t, sharing)).toEqual([['a#0'], ['a#1'], ['b#0'], ['b#1']]);
    const ssgOf = (name: string) => t.slotSharingGroups.findIndex((g) => g.id === name);
    expect(sharing.slotSharingGroupOf).toEqual([ssgOf('g1'), ssgOf('g1'), ssgOf('g2'), ssgOf('g2')]);
  });

  it('a consumer in another group skips that input and prefers a producer of its own group', () => {
    // c reads a (group g1) first and b (default) second: it joins b's slots.
    const job = {
      vertices: [
        { id: 'a', parallelism: 2, slotSharingGroup: 'g1' },
        { id: 'b', parallelism: 2 },
        { id: 'c', parallelism: 2 },
      ],
      edges: [
        { source: 'a', target: 'c', distribution: 'POINTWISE' },
        { source: 'b', target: 'c', distribution: 'POINTWISE' },
      ],
    };
    expect(sharedSlots(job)).toEqual([['a#0'], ['a#1'], ['b#0', 'c#0'], ['b#1', 'c#1']]);
  });

  it('unconnected vertices of one group share slots by subtask order (testDisjointVerticesInOneGroup)', () => {
    const job = {
      vertices: [
        { id: 'a', parallelism: 2 },
        { id: 'b', parallelism: 3 },
      ],
    };
    expect(sharedSlots(job)).toEqual([['a#0', 'b#0'], ['a#1', 'b#1'], ['b#2']]);
  });
});

describe('LocalInputPreferred: all-to-all consumers fill existing slots', () => {
  it('a(2) => b(4): b#0 and b#1 join the producers, b#2 and b#3 need new slots', () => {
    expect(sharedSlots(pair(2, 4, 'ALL_TO_ALL'))).toEqual([['a#0', 'b#0'], ['a#1', 'b#1'], ['b#2'], ['b#3']]);
  });

  it('a(4) => b(2): the consumers take the first two producer slots', () => {
    expect(sharedSlots(pair(4, 2, 'ALL_TO_ALL'))).toEqual([['a#0', 'b#0'], ['a#1', 'b#1'], ['a#2'], ['a#3']]);
  });

  it('a(3) => b(3) => c(5): every slot is filled before a new one is created', () => {
    const job = {
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 3 },
        { id: 'c', parallelism: 5 },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'ALL_TO_ALL' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL' },
      ],
    };
    expect(sharedSlots(job)).toEqual([['a#0', 'b#0', 'c#0'], ['a#1', 'b#1', 'c#1'], ['a#2', 'b#2', 'c#2'], ['c#3'], ['c#4']]);
  });

  it('a 10,000 × 10,000 all-to-all pair shares 10,000 slots without expanding edges', () => {
    const t = topologyOf(pair(10_000, 10_000, 'ALL_TO_ALL'));
    const sharing = computeLocalInputPreferred(t);
    expect(sharing.count).toBe(10_000);
    for (const i of [0, 1, 4_999, 9_999]) expect(sharing.groupOf[i]).toBe(sharing.groupOf[10_000 + i]);
  });
});

describe('LocalInputPreferred: co-location', () => {
  it('co-location beats input locality (testCoLocationConstraintIsRespected)', () => {
    const t = explicitTopology({
      subtasks: ['JV1#0', 'JV1#1', 'JV2#0', 'JV2#1'],
      edges: [
        { source: 'JV1#0', target: 'JV2#1', resultPartitionType: 'PIPELINED' },
        { source: 'JV1#1', target: 'JV2#0', resultPartitionType: 'PIPELINED' },
      ],
      slotSharingGroups: new Map([['ssg', ['JV1', 'JV2']]]),
      coLocationGroups: new Map([['cg', ['JV1', 'JV2']]]),
    });
    expect(groups(t)).toEqual([
      ['JV1#0', 'JV2#0'],
      ['JV1#1', 'JV2#1'],
    ]);
  });

  it('an iteration: head#i and tail#i share a slot even with another vertex in between', () => {
    const job = {
      vertices: [
        { id: 'src', parallelism: 2 },
        { id: 'head', parallelism: 3, slotSharingGroup: 'it', coLocationGroup: 'cg' },
        { id: 'step', parallelism: 3, slotSharingGroup: 'it' },
        { id: 'tail', parallelism: 3, slotSharingGroup: 'it', coLocationGroup: 'cg' },
      ],
      edges: [
        { source: 'src', target: 'head', distribution: 'ALL_TO_ALL' },
        { source: 'head', target: 'step', distribution: 'ALL_TO_ALL' },
        { source: 'step', target: 'tail', distribution: 'ALL_TO_ALL' },
      ],
    };
    const e = executionOf(job);
    const slots = membersOf(e.topology, e.sharing.groupOf, e.sharing.count);
    expect(slots).toEqual([
      ['src#0'],
      ['src#1'],
      ['head#0', 'step#0', 'tail#0'],
      ['head#1', 'step#1', 'tail#1'],
      ['head#2', 'step#2', 'tail#2'],
    ]);
  });

  it('co-location wins over the first free slot: tail#i follows head#i although step filled slots in another order', () => {
    // step reads head through an explicit crossing, so slot k holds head#k and step#(1-k); input
    // locality would put tail#i with step#i (the other slot), but co-location forces tail#i to head#i.
    const t = explicitTopology({
      subtasks: ['head#0', 'head#1', 'step#0', 'step#1', 'tail#0', 'tail#1'],
      edges: [
        { source: 'head#0', target: 'step#1', resultPartitionType: 'PIPELINED' },
        { source: 'head#1', target: 'step#0', resultPartitionType: 'PIPELINED' },
        { source: 'step#0', target: 'tail#0', resultPartitionType: 'PIPELINED' },
        { source: 'step#1', target: 'tail#1', resultPartitionType: 'PIPELINED' },
      ],
      slotSharingGroups: new Map([['it', ['head', 'step', 'tail']]]),
      coLocationGroups: new Map([['cg', ['head', 'tail']]]),
    });
    expect(groups(t)).toEqual([
      ['head#0', 'step#1', 'tail#0'],
      ['head#1', 'step#0', 'tail#1'],
    ]);
  });
});

describe('LocalInputPreferred: number of slots', () => {
  it('without co-location, each slot sharing group gets exactly its maximum parallelism', () => {
    const job = {
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 5 },
        { id: 'c', parallelism: 2 },
        { id: 'd', parallelism: 4, slotSharingGroup: 'g1' },
        { id: 'e', parallelism: 1, slotSharingGroup: 'g1' },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'POINTWISE' },
        { source: 'b', target: 'c', distribution: 'ALL_TO_ALL' },
        { source: 'c', target: 'd', distribution: 'ALL_TO_ALL' },
        { source: 'd', target: 'e', distribution: 'POINTWISE' },
      ],
    };
    const t = topologyOf(job);
    const sharing = computeLocalInputPreferred(t);
    const perGroup = t.slotSharingGroups.map((_, g) => sharing.slotSharingGroupOf.filter((x) => x === g).length);
    const byName = Object.fromEntries(t.slotSharingGroups.map((g, i) => [g.id, perGroup[i]]));
    expect(byName).toEqual({ default: 5, g1: 4 });
    expect(sharing.count).toBe(9);
  });

  it('every subtask is placed, and a slot holds at most one subtask of each vertex', () => {
    const t = topologyOf(pair(7, 3, 'POINTWISE'));
    const sharing = computeLocalInputPreferred(t);
    expect(sharing.groupOf.every((g) => g >= 0 && g < sharing.count)).toBe(true);
    for (let v = 0; v < t.vertices.length; v++) {
      const used = new Set<number>();
      for (let x = t.offsets[v]!; x < t.offsets[v + 1]!; x++) {
        expect(used.has(sharing.groupOf[x]!)).toBe(false);
        used.add(sharing.groupOf[x]!);
      }
    }
  });
});
