/**
 * TaskBalancedPreferredSlotSharingStrategy (FLINK-33386; selectable with taskmanager.load-balance.mode from Flink 2.2,
 * TASKS; graph-semantics.md §5.2): per slot sharing group, `max parallelism` groups created up front;
 * a vertex with that parallelism fills them 0, 1, 2, …; any other continues a per-group round-robin
 * cursor. Guarantee asserted by Flink's test: per slot sharing group, max − min group size ≤ 1.
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionSlotSharing } from '../../../src/execution/execution-slot-sharing.js';
import type { ExecutionTopology } from '../../../src/execution/execution-topology.js';
import { computeTaskBalanced } from '../../../src/execution/task-balanced.js';
import { executionOf, explicitTopology, membersOf, subtasks, topologyOf } from '../../support/execution.js';

function groups(t: ExecutionTopology, sharing: ExecutionSlotSharing): string[][] {
  return membersOf(t, sharing.groupOf, sharing.count);
}

/** Per slot sharing group (by index), the sizes of its execution slot sharing groups. */
function sizesPerSlotSharingGroup(t: ExecutionTopology, sharing: ExecutionSlotSharing): number[][] {
  const size = new Array<number>(sharing.count).fill(0);
  for (const g of sharing.groupOf) size[g]!++;
  return t.slotSharingGroups.map((_, ssg) => size.filter((_, g) => sharing.slotSharingGroupOf[g] === ssg));
}

const spread = (sizes: number[]): number => Math.max(...sizes) - Math.min(...sizes);

describe('TaskBalanced: the FLINK-33386 example (testVerticesInDifferentSlotSharingGroups)', () => {
  // ssg1 = {A(1), B(2), C(3)}, ssg2 = {D(1), E(2), F(2)}, no edges, visited A..F.
  const t = explicitTopology({
    subtasks: [
      ...subtasks('A', 1),
      ...subtasks('B', 2),
      ...subtasks('C', 3),
      ...subtasks('D', 1),
      ...subtasks('E', 2),
      ...subtasks('F', 2),
    ],
    edges: [],
    slotSharingGroups: new Map([
      ['ssg1', ['A', 'B', 'C']],
      ['ssg2', ['D', 'E', 'F']],
    ]),
    topologicalOrder: ['A', 'B', 'C', 'D', 'E', 'F'],
  });
  const sharing = computeTaskBalanced(t);

  it('creates max-parallelism groups per slot sharing group: 3 + 2 = 5', () => {
    expect(sharing.count).toBe(5);
    expect(sharing.slotSharingGroupOf).toEqual([0, 0, 0, 1, 1]);
  });

  it('fills them round-robin: max-parallelism vertices from 0, the others continue the cursor', () => {
    expect(groups(t, sharing)).toEqual([
      ['A#0', 'C#0'],
      ['B#0', 'C#1'],
      ['B#1', 'C#2'],
      ['D#0', 'E#0', 'F#0'],
      ['E#1', 'F#1'],
    ]);
  });

  it('keeps every slot sharing group balanced (max − min ≤ 1); E#i and F#i share a slot', () => {
    for (const sizes of sizesPerSlotSharingGroup(t, sharing)) expect(spread(sizes)).toBeLessThanOrEqual(1);
    for (const i of [0, 1]) expect(sharing.groupOf[t.offsets[4]! + i]).toBe(sharing.groupOf[t.offsets[5]! + i]);
  });
});

describe('TaskBalanced on job graphs', () => {
  it('is selected by loadBalanceMode TASKS', () => {
    const e = executionOf({ loadBalanceMode: 'TASKS', vertices: [{ id: 'a', parallelism: 2 }] });
    expect(e.strategy).toBe('TASK_BALANCED');
    expect(executionOf({ vertices: [{ id: 'a', parallelism: 2 }] }).strategy).toBe('LOCAL_INPUT_PREFERRED');
    expect(executionOf({ loadBalanceMode: 'SLOTS', vertices: [{ id: 'a', parallelism: 2 }] }).strategy).toBe('LOCAL_INPUT_PREFERRED');
  });

  it('ignores input locality: a(4) -> b(2) forward-rescale puts b after the cursor, not with its producers', () => {
    // Local input would give b#0 -> a#0's slot and b#1 -> a#2's slot; task balancing starts b at slot 0
    // (cursor 0) and continues: b#0 -> slot 0, b#1 -> slot 1; then c(1) continues at slot 2.
    const job = {
      loadBalanceMode: 'TASKS',
      vertices: [
        { id: 'a', parallelism: 4 },
        { id: 'b', parallelism: 2 },
        { id: 'c', parallelism: 1 },
      ],
      edges: [
        { source: 'a', target: 'b', distribution: 'POINTWISE' },
        { source: 'b', target: 'c', distribution: 'POINTWISE' },
      ],
    };
    const e = executionOf(job);
    expect(membersOf(e.topology, e.sharing.groupOf, e.sharing.count)).toEqual([['a#0', 'b#0'], ['a#1', 'b#1'], ['a#2', 'c#0'], ['a#3']]);
  });

  it('balances many small vertices: sizes differ by at most one', () => {
    const parallelisms = [7, 3, 5, 2, 6, 1, 4, 7, 2, 3];
    const job = { loadBalanceMode: 'TASKS', vertices: parallelisms.map((parallelism, i) => ({ id: `v${i}`, parallelism })) };
    const t = topologyOf(job);
    const sharing = computeTaskBalanced(t);
    expect(sharing.count).toBe(7);
    const [sizes] = sizesPerSlotSharingGroup(t, sharing);
    expect(sizes!.reduce((a, b) => a + b, 0)).toBe(40);
    expect(spread(sizes!)).toBeLessThanOrEqual(1);
  });

  it('co-located max-parallelism vertices stay together', () => {
    const job = {
      loadBalanceMode: 'TASKS',
      vertices: [
        { id: 'h', parallelism: 3, coLocationGroup: 'c' },
        { id: 't', parallelism: 3, coLocationGroup: 'c' },
      ],
      edges: [{ source: 'h', target: 't', distribution: 'POINTWISE' }],
    };
    const e = executionOf(job);
    expect(membersOf(e.topology, e.sharing.groupOf, e.sharing.count)).toEqual([
      ['h#0', 't#0'],
      ['h#1', 't#1'],
      ['h#2', 't#2'],
    ]);
  });

  // Flink's TaskBalancedExecutionSlotSharingGroupBuilder.allocateCoLocatedVertices ends with
  // `updateSlotRoundRobinIndexIfNeeded(parallelism, ssg, getLeastUtilizeSlotIndex(groups, null))` for a
  // co-located vertex below the group's max parallelism, so the next non-co-located vertex starts at
  // the least-loaded group. Here: x(3) fills 0,1,2; h(2, co-located) takes 0,1 and moves the cursor to
  // 2 (least loaded); y(1) goes to group 2; t(2) follows h. Flink: {x0,h0,t0}, {x1,h1,t1}, {x2,y0}.
  // flinkslot never moves the cursor after a co-located vertex, so y#0 lands in group 0 (sizes 4, 3, 1).
  it('after a co-located vertex below max parallelism, the cursor moves to the least-loaded group (Flink), keeping sizes within 1', () => {
    const t = explicitTopology({
      subtasks: [...subtasks('x', 3), ...subtasks('h', 2), ...subtasks('y', 1), ...subtasks('t', 2)],
      edges: [
        { source: 'h#0', target: 't#0', resultPartitionType: 'PIPELINED' },
        { source: 'h#1', target: 't#1', resultPartitionType: 'PIPELINED' },
      ],
      slotSharingGroups: new Map([['ssg', ['x', 'h', 'y', 't']]]),
      coLocationGroups: new Map([['c', ['h', 't']]]),
      topologicalOrder: ['x', 'h', 'y', 't'],
    });
    const sharing = computeTaskBalanced(t);
    expect(groups(t, sharing)).toEqual([
      ['x#0', 'h#0', 't#0'],
      ['x#1', 'h#1', 't#1'],
      ['x#2', 'y#0'],
    ]);
    expect(spread(sizesPerSlotSharingGroup(t, sharing)[0]!)).toBeLessThanOrEqual(1);
  });
});
