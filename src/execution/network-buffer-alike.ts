/**
 * Which TaskManagers of a placement are counted alike (issue 26 §1, `size --search` speed): when no
 * task's requests depend on its subtask index, a task's requests depend only on its job vertex and on
 * how many subtasks of each all-to-all producer share its TaskManager; the tasks of a TaskManager are
 * its slots' tasks in request order (network-buffer-demand.ts). So two TaskManagers holding the same
 * sequence of slot contents (the job vertices of each slot's subtasks, in order) hold the same tasks in
 * the same order with the same local producers, and require exactly the same buffers: one is counted
 * and the other shares its figures. A full TaskManager of a job whose slots look alike (one slot
 * sharing group, all-to-all exchanges) is then counted once per distinct pattern, not once per
 * TaskManager.
 *
 * No subtask index matters when the job is streaming (a batch wave is per subtask), no exchange is
 * EXPLICIT (per-subtask lists), and every POINTWISE exchange has as many producers as consumers with
 * producer i in the same slot as consumer i (one subpartition each, and one channel, always local).
 * Otherwise every TaskManager is counted.
 * Linear: the slot contents are named once per plan (O(subtasks)), a placement in O(slots).
 */
import type { NetworkBufferPlan, NetworkBufferVertex } from './network-buffer-plan.js';

/** Per plan (its subtask layout, shared by the copies that only change the rules): the id of each slot's content, or undefined. */
const contentsOf = new WeakMap<
  Int32Array,
  { vertices: readonly NetworkBufferVertex[]; groupOf: Int32Array; content: Int32Array | undefined }
>();

/**
 * Per TaskManager index (0 … max(placement, taskManagers − 1)), the TaskManager whose figures it shares (itself for those counted), or
 * undefined when each TaskManager must be counted on its own.
 */
export function alikeTaskManagers(plan: NetworkBufferPlan, placement: Int32Array, taskManagers: number): Int32Array | undefined {
  const content = slotContents(plan);
  if (content === undefined) return undefined;
  let count = taskManagers;
  for (let g = 0; g < plan.slotCount; g++) count = Math.max(count, placement[g]! + 1);
  const sequence: number[][] = Array.from({ length: count }, () => []);
  for (let g = 0; g < plan.slotCount; g++) if (placement[g]! >= 0) sequence[placement[g]!]!.push(content[g]!);
  const first = new Map<string, number>();
  const shares = new Int32Array(count);
  sequence.forEach((slots, tm) => {
    const key = slots.join(',');
    const seen = first.get(key);
    if (seen === undefined) first.set(key, tm);
    shares[tm] = seen ?? tm;
  });
  return shares;
}

/** An id per distinct slot content (the job vertices of its subtasks, in set-up order); undefined when subtask indices matter. */
function slotContents(plan: NetworkBufferPlan): Int32Array | undefined {
  // A batch job counts per-subtask waves; checked on every call, as a copy of a plan may drop or add them.
  if (plan.waveOf !== undefined) return undefined;
  const known = contentsOf.get(plan.tasks);
  if (known !== undefined && known.vertices === plan.vertices && known.groupOf === plan.groupOf) return known.content;
  const content = indexFree(plan) ? nameContents(plan) : undefined;
  contentsOf.set(plan.tasks, { vertices: plan.vertices, groupOf: plan.groupOf, content });
  return content;
}

function nameContents(plan: NetworkBufferPlan): Int32Array {
  const ids = new Map<string, number>();
  const content = new Int32Array(plan.slotCount);
  for (let g = 0; g < plan.slotCount; g++) {
    const vertices: number[] = [];
    for (let k = plan.groupStart[g]!; k < plan.groupStart[g + 1]!; k++) vertices.push(plan.vertexOf[plan.tasks[k]!]!);
    const key = vertices.join(',');
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    content[g] = id;
  }
  return content;
}

/**
 * No task's requests depend on its subtask index (see the file comment). Each partition is the other
 * end of one gate (network-buffer-plan.ts), so the gates decide: a one-to-one POINTWISE gate makes
 * its partition one subpartition for every producer subtask.
 */
function indexFree(plan: NetworkBufferPlan): boolean {
  return plan.vertices.every((vertex, v) =>
    vertex.gates.every((gate) => gate.pattern === 'ALL_TO_ALL' || (gate.pattern === 'POINTWISE' && sameSlots(plan, gate.producer, v))),
  );
}

/** A one-to-one POINTWISE exchange whose producer i shares the slot of consumer i: every channel is local. */
function sameSlots(plan: NetworkBufferPlan, producer: number, consumer: number): boolean {
  const p = plan.vertices[producer]!;
  const c = plan.vertices[consumer]!;
  if (p.parallelism !== c.parallelism) return false;
  for (let i = 0; i < c.parallelism; i++) if (plan.groupOf[p.offset + i] !== plan.groupOf[c.offset + i]) return false;
  return true;
}
