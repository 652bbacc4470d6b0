/**
 * The network buffers each TaskManager's tasks require, for one placement of the job's slots
 * (docs/research/network-buffers.md §2.5 and §3): per task its partitions' pool minima, its gates' pool
 * minima and the exclusive buffers of its remote channels (a channel is remote when the producer
 * subtask's slot is on another TaskManager), listed as the requests reach the pool.
 * Order: the job's slots in request order, inside a slot the tasks in topological order;
 * 1.12+ every pool first, then every remote channel's exclusive buffers ('two-phase'); 1.10–1.11 per
 * task its partitions, then per gate its remote channels and the gate pool ('per-task').
 * A batch job counts the tasks of its most demanding wave on each TaskManager.
 * Complexity: O(subtasks + job edges + pointwise channels + explicit edges); an all-to-all gate's local
 * channels are counted from the producers per TaskManager, never enumerated. TaskManagers that hold the
 * same slot contents in the same order are counted once (network-buffer-alike.ts): a job of alike slots
 * costs O(slots) plus the tasks of one TaskManager per pattern.
 */
import type { NetworkBufferGate, NetworkBufferPartition, NetworkBufferPlan } from './network-buffer-plan.js';
import { alikeTaskManagers } from './network-buffer-alike.js';
import { gateBuffers, partitionMinimum, requestOrder } from './network-buffer-rules.js';
import { pointwiseRange } from './pointwise.js';

/** `count` consecutive requests of `size` buffers each. */
export interface BufferRequest {
  readonly size: number;
  readonly count: number;
}

export interface TaskManagerBuffers {
  /** Σ size × count of the requests. */
  readonly required: number;
  readonly requests: readonly BufferRequest[];
  /** Of `required`, the exclusive buffers of remote channels (the rest are pool minima). */
  readonly exclusive: number;
}

/** Consecutive equal requests merged into runs; requests of 0 buffers never reach the pool's check. */
class Runs {
  readonly list: BufferRequest[] = [];
  total = 0;
  exclusive = 0;
  push(size: number, count = 1, exclusive = false): void {
    if (size <= 0 || count <= 0) return;
    this.total += size * count;
    if (exclusive) this.exclusive += size * count;
    const last = this.list[this.list.length - 1];
    if (last !== undefined && last.size === size) this.list[this.list.length - 1] = { size, count: last.count + count };
    else this.list.push({ size, count });
  }
}

/** How the tasks of one TaskManager see the placement. */
interface Placed {
  readonly plan: NetworkBufferPlan;
  readonly placement: Int32Array;
  /** Per job vertex read all-to-all: TaskManager → its subtasks there. */
  readonly producersOn: ReadonlyArray<Map<number, number> | undefined>;
}

/**
 * Per TaskManager index (0 … max(placement, taskManagers − 1)), what the job's tasks there require.
 * `placement[g]`: the TaskManager of execution slot sharing group g; negative: not placed (its tasks
 * are not counted, and channels reading them count as remote).
 */
export function buffersPerTaskManager(
  plan: NetworkBufferPlan,
  placement: Int32Array,
  taskManagers = 0,
  work?: { tasks: number },
): TaskManagerBuffers[] {
  const count = taskManagerCount(plan, placement, taskManagers);
  const shares = alikeTaskManagers(plan, placement, count);
  if (shares === undefined) return buffersEveryTaskManager(plan, placement, count, work);
  // Only the first TaskManager of each pattern is counted; the others hold the same tasks alike.
  const tasks = tasksPerTaskManager(plan, placement, count, (tm) => shares[tm] === tm);
  const placed: Placed = { plan, placement, producersOn: producersOnCounted(plan, tasks) };
  const counted = tasks.map((list, tm) => (shares[tm] === tm ? taskManagerBuffers(placed, tm, list, work) : undefined));
  return counted.map((buffers, tm) => buffers ?? counted[shares[tm]!]!);
}

/** Every TaskManager counted on its own: the definition the shared counting must agree with. */
export function buffersEveryTaskManager(
  plan: NetworkBufferPlan,
  placement: Int32Array,
  taskManagers = 0,
  work?: { tasks: number },
): TaskManagerBuffers[] {
  const count = taskManagerCount(plan, placement, taskManagers);
  const placed: Placed = { plan, placement, producersOn: producersPerTaskManager(plan, placement) };
  return tasksPerTaskManager(plan, placement, count).map((tasks, tm) => taskManagerBuffers(placed, tm, tasks, work));
}

/** TaskManager indices 0 … max(placement, taskManagers − 1). */
function taskManagerCount(plan: NetworkBufferPlan, placement: Int32Array, taskManagers: number): number {
  let count = taskManagers;
  for (let g = 0; g < plan.slotCount; g++) count = Math.max(count, placement[g]! + 1);
  return count;
}

/** The job vertices read all-to-all by some gate: those whose subtasks per TaskManager are counted. */
function allToAllProducers(plan: NetworkBufferPlan): Array<Map<number, number> | undefined> {
  const producersOn: Array<Map<number, number> | undefined> = plan.vertices.map(() => undefined);
  for (const vertex of plan.vertices)
    for (const gate of vertex.gates) if (gate.pattern === 'ALL_TO_ALL') producersOn[gate.producer] ??= new Map();
  return producersOn;
}

function producersPerTaskManager(plan: NetworkBufferPlan, placement: Int32Array): Array<Map<number, number> | undefined> {
  const producersOn = allToAllProducers(plan);
  producersOn.forEach((counts, v) => {
    if (counts === undefined) return;
    const { offset, parallelism } = plan.vertices[v]!;
    for (let x = offset; x < offset + parallelism; x++) {
      const tm = placement[plan.groupOf[x]!]!;
      counts.set(tm, (counts.get(tm) ?? 0) + 1);
    }
  });
  return producersOn;
}

/** The same counts, for the TaskManagers whose tasks are listed only (each subtask is listed on its TaskManager). */
function producersOnCounted(plan: NetworkBufferPlan, tasks: readonly (readonly number[])[]): Array<Map<number, number> | undefined> {
  const producersOn = allToAllProducers(plan);
  tasks.forEach((list, tm) => {
    for (const x of list) {
      const counts = producersOn[plan.vertexOf[x]!];
      if (counts !== undefined) counts.set(tm, (counts.get(tm) ?? 0) + 1);
    }
  });
  return producersOn;
}

/** The subtasks of each TaskManager: its slots in request order, each slot's tasks in topological order. */
function tasksPerTaskManager(plan: NetworkBufferPlan, placement: Int32Array, count: number, listed = (_tm: number) => true): number[][] {
  const out: number[][] = Array.from({ length: count }, () => []);
  for (let g = 0; g < plan.slotCount; g++) {
    if (placement[g]! < 0 || !listed(placement[g]!)) continue;
    const list = out[placement[g]!]!;
    for (let k = plan.groupStart[g]!; k < plan.groupStart[g + 1]!; k++) list.push(plan.tasks[k]!);
  }
  return out;
}

function taskManagerBuffers(placed: Placed, tm: number, tasks: readonly number[], work?: { tasks: number }): TaskManagerBuffers {
  if (work !== undefined) work.tasks += tasks.length;
  const running = placed.plan.waveOf === undefined ? tasks : worstWave(placed, tm, tasks);
  const runs = new Runs();
  if (requestOrder(placed.plan.rules.flinkVersion) === 'two-phase') {
    for (const x of running) pools(placed, tm, x, runs);
    for (const x of running) exclusives(placed, tm, x, runs);
  } else for (const x of running) perTask(placed, tm, x, runs);
  return { required: runs.total, requests: runs.list, exclusive: runs.exclusive };
}

/**
 * Batch: the tasks of the wave whose tasks require the most here (the earliest on a tie). Tasks of
 * regions that can never start (wave -1: a cycle of blocking dependencies) are never deployed, so
 * they request no buffers: a TaskManager holding only those runs nothing.
 */
function worstWave(placed: Placed, tm: number, tasks: readonly number[]): number[] {
  const waveOf = placed.plan.waveOf!;
  const sums = new Map<number, number>();
  for (const x of tasks) {
    const wave = waveOf[x]!;
    if (wave < 0) continue;
    const runs = new Runs();
    perTask(placed, tm, x, runs);
    sums.set(wave, (sums.get(wave) ?? 0) + runs.total);
  }
  let best = -1;
  let most = -1;
  for (const [wave, sum] of sums) if (sum > most || (sum === most && wave < best)) [best, most] = [wave, sum];
  return best < 0 ? [] : tasks.filter((x) => waveOf[x] === best);
}

function pools(placed: Placed, tm: number, x: number, runs: Runs): void {
  const { plan } = placed;
  const v = plan.vertexOf[x]!;
  const index = x - plan.vertices[v]!.offset;
  for (const partition of plan.vertices[v]!.partitions)
    runs.push(partitionMinimum(plan.rules, partition.type, subpartitions(plan, v, index, partition)));
  for (const gate of plan.vertices[v]!.gates)
    runs.push(gateBuffers(plan.rules, gate.type, channels(placed, tm, v, index, gate).all).minimum);
}

function exclusives(placed: Placed, tm: number, x: number, runs: Runs): void {
  const { plan } = placed;
  const v = plan.vertexOf[x]!;
  const index = x - plan.vertices[v]!.offset;
  for (const gate of plan.vertices[v]!.gates) {
    const c = channels(placed, tm, v, index, gate);
    runs.push(gateBuffers(plan.rules, gate.type, c.all).exclusivePerChannel, c.remote, true);
  }
}

/** 1.10–1.11: partitions, then per gate the remote channels' exclusive buffers and then the gate pool. */
function perTask(placed: Placed, tm: number, x: number, runs: Runs): void {
  const { plan } = placed;
  const v = plan.vertexOf[x]!;
  const index = x - plan.vertices[v]!.offset;
  for (const partition of plan.vertices[v]!.partitions)
    runs.push(partitionMinimum(plan.rules, partition.type, subpartitions(plan, v, index, partition)));
  for (const gate of plan.vertices[v]!.gates) {
    const c = channels(placed, tm, v, index, gate);
    const spec = gateBuffers(plan.rules, gate.type, c.all);
    runs.push(spec.exclusivePerChannel, c.remote, true);
    runs.push(spec.minimum);
  }
}

/**
 * Subpartitions of producer subtask `index` of vertex v: the consumer's parallelism (ALL_TO_ALL); the
 * consumers that read it (POINTWISE, pointwise.ts: 1 when s ≥ t, else ⌈(i+1)t/s⌉ − ⌈it/s⌉).
 */
function subpartitions(plan: NetworkBufferPlan, v: number, index: number, partition: NetworkBufferPartition): number {
  if (partition.subpartitions !== undefined) return partition.subpartitions[index]!;
  const t = plan.vertices[partition.consumer]!.parallelism;
  if (partition.pattern === 'ALL_TO_ALL') return t;
  const s = plan.vertices[v]!.parallelism;
  return s >= t ? 1 : Math.ceil(((index + 1) * t) / s) - Math.ceil((index * t) / s);
}

/** Channels of the gate of consumer subtask `index` of vertex v, and how many read another TaskManager. */
function channels(placed: Placed, tm: number, v: number, index: number, gate: NetworkBufferGate): { all: number; remote: number } {
  const { plan, placement } = placed;
  const producer = plan.vertices[gate.producer]!;
  if (gate.pattern === 'ALL_TO_ALL') {
    const local = placed.producersOn[gate.producer]!.get(tm) ?? 0;
    return { all: producer.parallelism, remote: producer.parallelism - local };
  }
  const remoteOf = (p: number): number => (placement[plan.groupOf[producer.offset + p]!] === tm ? 0 : 1);
  let remote = 0;
  if (gate.consumed !== undefined) {
    const list = gate.consumed[index]!;
    for (const p of list) remote += remoteOf(p);
    return { all: list.length, remote };
  }
  const range = pointwiseRange(producer.parallelism, plan.vertices[v]!.parallelism, index);
  for (let p = range.start; p < range.end; p++) remote += remoteOf(p);
  return { all: range.end - range.start, remote };
}

/** What the tasks of one job vertex on one TaskManager require. */
export interface VertexBuffers {
  readonly vertex: number;
  readonly subtasks: number;
  readonly required: number;
}

/**
 * The tasks of TaskManager `tm` grouped by job vertex (vertices in the order their first task is set
 * up): which exchanges make its requirement. A batch plan counts the same wave `buffersPerTaskManager` does.
 */
export function buffersPerVertex(plan: NetworkBufferPlan, placement: Int32Array, tm: number): VertexBuffers[] {
  const placed: Placed = { plan, placement, producersOn: producersPerTaskManager(plan, placement) };
  const tasks: number[] = [];
  for (let g = 0; g < plan.slotCount; g++)
    if (placement[g] === tm) for (let k = plan.groupStart[g]!; k < plan.groupStart[g + 1]!; k++) tasks.push(plan.tasks[k]!);
  const running = plan.waveOf === undefined ? tasks : worstWave(placed, tm, tasks);
  const byVertex = new Map<number, { subtasks: number; required: number }>();
  for (const x of running) {
    const runs = new Runs();
    perTask(placed, tm, x, runs);
    const v = plan.vertexOf[x]!;
    const entry = byVertex.get(v) ?? { subtasks: 0, required: 0 };
    byVertex.set(v, { subtasks: entry.subtasks + 1, required: entry.required + runs.total });
  }
  return [...byVertex].map(([vertex, e]) => ({ vertex, ...e }));
}
