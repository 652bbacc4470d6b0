/**
 * `TaskBalancedPreferredSlotSharingStrategy` (Flink >= 1.19, taskmanager.load-balance.mode TASKS):
 * each slot sharing group gets as many execution slot sharing groups as its highest parallelism,
 * up front. Vertices in topological order: a vertex with that highest parallelism fills them
 * 0, 1, 2, …; any other continues round-robin from where the previous such vertex of its group
 * stopped. Co-located subtask i reuses its constraint's group, else takes the least-loaded group
 * holding no subtask of the vertex yet; after a co-located vertex below the highest parallelism
 * the round-robin continues at the least-loaded group. Guarantee: group sizes differ by ≤ 1.
 * (An older Flink version gave co-located subtask i of a widest vertex group i, which can put two
 * subtasks of one vertex into one slot; flinkslot follows the later, least-loaded rule.)
 * Complexity: O(subtasks), plus a scan of the groups for each co-located subtask.
 */
import type { ExecutionTopology } from './execution-topology.js';
import { type ExecutionSlotSharing, SlotAssignment } from './execution-slot-sharing.js';

export function computeTaskBalanced(t: ExecutionTopology): ExecutionSlotSharing {
  const a = new SlotAssignment(t.subtaskCount);
  const widest = t.slotSharingGroups.map(() => 0);
  for (const vertex of t.vertices) widest[vertex.slotSharingGroup] = Math.max(widest[vertex.slotSharingGroup]!, vertex.parallelism);
  const groups = widest.map((n, ssg) => Array.from({ length: n }, () => a.create(ssg)));
  const cursor = widest.map(() => 0);
  for (const v of t.topologicalOrder) {
    const vertex = t.vertices[v]!;
    const own = groups[vertex.slotSharingGroup]!;
    const base = t.offsets[v]!;
    for (let i = 0; i < vertex.parallelism; i++) {
      let group: number;
      if (vertex.coLocationGroup !== undefined) group = a.constraint(vertex.coLocationGroup, i) ?? leastLoaded(a, own, v);
      else if (vertex.parallelism === own.length) group = own[i]!;
      else group = own[(cursor[vertex.slotSharingGroup]! + i) % own.length]!;
      a.assign(base + i, group, v);
    }
    if (vertex.parallelism !== own.length) {
      const ssg = vertex.slotSharingGroup;
      cursor[ssg] =
        vertex.coLocationGroup === undefined
          ? (cursor[ssg]! + vertex.parallelism) % own.length
          : own.indexOf(leastLoaded(a, own, undefined));
    }
    a.recordConstraints(vertex.coLocationGroup, base, vertex.parallelism);
  }
  return a.result();
}

/** The first least-loaded group holding no subtask of vertex `v` (any group when v is undefined). */
function leastLoaded(a: SlotAssignment, own: readonly number[], v: number | undefined): number {
  let best = -1;
  for (const g of own) if ((v === undefined || a.isAvailable(g, v)) && (best < 0 || a.load[g]! < a.load[best]!)) best = g;
  return best;
}
