/**
 * `LocalInputPreferredSlotSharingStrategy` (Flink's default): job vertices in topological order,
 * their subtasks in index order, two passes per vertex.
 * 1. Co-located subtask i joins the group of constraint i when there is one. Otherwise it looks
 *    at its consumed partition groups in order; for a producer in the same slot sharing group,
 *    the candidates are the producers' execution slot sharing groups, computed once per
 *    partition group and consumed as they are inspected; the first one still free of this
 *    vertex is taken.
 * 2. The rest take the first group of their slot sharing group still free of this vertex, in
 *    creation order, or a new one.
 * Complexity: O(subtasks + pointwise subtask edges + groups per vertex); an all-to-all input
 * costs one candidate list shared by all its consumers.
 */
import type { ExecutionInput, ExecutionTopology } from './execution-topology.js';
import { type ExecutionSlotSharing, SlotAssignment } from './execution-slot-sharing.js';
import { pointwiseRange } from './pointwise.js';

/**
 * Candidate lists of the ConsumedPartitionGroups shared between consumers of one input, which
 * are consumed as they are inspected: an all-to-all input has one group for all its consumers;
 * a pointwise input with fewer producers than consumers has one group per partition, shared by
 * the consecutive consumers of that partition. (Other groups belong to one consumer only.)
 */
interface SharedCandidates {
  groups: Int32Array | undefined;
  next: number;
  /** Pointwise s < t: the partition whose group was inspected last. */
  partition: number;
}

export function computeLocalInputPreferred(t: ExecutionTopology): ExecutionSlotSharing {
  const a = new SlotAssignment(t.subtaskCount);
  const bySlotSharingGroup: number[][] = t.slotSharingGroups.map(() => []);
  for (const v of t.topologicalOrder) {
    const vertex = t.vertices[v]!;
    const base = t.offsets[v]!;
    const shared: SharedCandidates[] = vertex.inputs.map(() => ({ groups: undefined, next: 0, partition: -1 }));
    const remaining: number[] = [];
    for (let i = 0; i < vertex.parallelism; i++) {
      const group = a.constraint(vertex.coLocationGroup, i) ?? preferredByInputs(t, a, v, i, shared);
      if (group === undefined) remaining.push(i);
      else a.assign(base + i, group, v);
    }
    const own = bySlotSharingGroup[vertex.slotSharingGroup]!;
    let cursor = 0;
    for (const i of remaining) {
      while (cursor < own.length && !a.isAvailable(own[cursor]!, v)) cursor++;
      if (cursor === own.length) own.push(a.create(vertex.slotSharingGroup));
      a.assign(base + i, own[cursor]!, v);
    }
    a.recordConstraints(vertex.coLocationGroup, base, vertex.parallelism);
  }
  return a.result();
}

function preferredByInputs(t: ExecutionTopology, a: SlotAssignment, v: number, i: number, shared: SharedCandidates[]): number | undefined {
  const vertex = t.vertices[v]!;
  for (let k = 0; k < vertex.inputs.length; k++) {
    const input = vertex.inputs[k]!;
    if (t.vertices[input.producer]!.slotSharingGroup !== vertex.slotSharingGroup) continue;
    const found = firstAvailable(t, a, v, i, input, shared[k]!);
    if (found !== undefined) return found;
  }
  return undefined;
}

function firstAvailable(
  t: ExecutionTopology,
  a: SlotAssignment,
  v: number,
  i: number,
  input: ExecutionInput,
  state: SharedCandidates,
): number | undefined {
  const base = t.offsets[input.producer]!;
  const s = t.vertices[input.producer]!.parallelism;
  const n = t.vertices[v]!.parallelism;
  const pick = (group: number): boolean => a.isAvailable(group, v);
  if (input.pattern === 'ALL_TO_ALL') {
    state.groups ??= a.groupOf.slice(base, base + s);
    while (state.next < state.groups.length) {
      const group = state.groups[state.next++]!;
      if (pick(group)) return group;
    }
    return undefined;
  }
  if (input.pattern === 'EXPLICIT') return (input.consumed[i] ?? []).map((p) => a.groupOf[base + p]!).find(pick);
  const { start, end } = pointwiseRange(s, n, i);
  if (s < n) {
    // The partition's group is shared with the previous consumers; its one candidate is used up once inspected.
    if (state.partition === start) return undefined;
    state.partition = start;
  }
  for (let p = start; p < end; p++) if (pick(a.groupOf[base + p]!)) return a.groupOf[base + p]!;
  return undefined;
}
