/**
 * `plan --tm-config`: do the TaskManagers of the configuration hold the network buffers the job's
 * tasks require (issue 26 §1)? N = the TaskManager's network memory / segment size; the job's slots
 * fill TaskManagers in request order (TaskManager k holds slots k·s … k·s + s − 1, s =
 * taskmanager.numberOfTaskSlots); R = the most demanding TaskManager's requirement. When R > N: the
 * request Flink refuses (with Flink's message) and what would fit, each figure computed again through
 * the memory model: the network memory (min/max or fraction), the most slots per TaskManager that fit,
 * and buffers-per-channel 1 (a key up to 1.20).
 */
import { atLeast } from '../model/flink-version.js';
import type { JobGraph } from '../model/job-graph.js';
import { type TaskManagerBuffers, buffersPerTaskManager, buffersPerVertex } from './network-buffer-demand.js';
import { firstFailingRequest, insufficientNetworkBuffersMessage, networkBufferCount } from './network-buffer-failure.js';
import { type NetworkBufferExecution, type NetworkBufferPlan, networkBufferPlan } from './network-buffer-plan.js';

/** The TaskManager of a configuration, as far as network buffers go (the use case reads it through the memory model). */
export interface TaskManagerNetwork {
  readonly networkMemory: bigint;
  readonly numberOfTaskSlots: number;
  readonly totalFlinkMemory: bigint;
  /** The network memory with `keys` set in the configuration; undefined when Flink refuses that configuration. */
  readonly networkMemoryWith: (keys: Readonly<Record<string, string>>) => bigint | undefined;
}

export interface NetworkBufferAdvice {
  /** Keys to set and the buffers the TaskManager then has (undefined: none of this kind helps). */
  readonly networkMemory?: { readonly keys: Record<string, string>; readonly total: number };
  readonly fraction?: { readonly keys: Record<string, string>; readonly total: number };
  /** The most slots per TaskManager with which every TaskManager fits (0: not even one slot). */
  readonly slotsPerTaskManager?: { readonly slots: number; readonly required: number };
  /** `taskmanager.network.memory.buffers-per-channel: 1` (1.10–1.20): what the TaskManager then requires. */
  readonly buffersPerChannel?: { readonly required: number; readonly fits: boolean };
}

export interface NetworkBufferCheck {
  /** N: buffers of one TaskManager. */
  readonly total: number;
  /** R: what the most demanding TaskManager's tasks require. */
  readonly required: number;
  readonly fits: boolean;
  readonly segmentSize: number;
  readonly networkMemory: bigint;
  readonly slotsPerTaskManager: number;
  /** The job's slots and the TaskManagers they fill. */
  readonly slots: number;
  readonly taskManagers: number;
  /** Index of the most demanding TaskManager (the first of them); batch: among its wave's TaskManagers. */
  readonly mostDemanding: number;
  /** Batch: the wave (0-based) whose tasks run on the most demanding TaskManager. */
  readonly mostDemandingWave?: number;
  /** R split: pool minima (partitions, gates) and exclusive buffers of remote channels. */
  readonly pools: number;
  readonly exclusive: number;
  /** The most demanding TaskManager's requirement by job vertex: which exchanges make it. */
  readonly perVertex: readonly { readonly vertex: string; readonly subtasks: number; readonly required: number }[];
  /** The sizes of the most demanding TaskManager's requests, each once, in Flink's set-up order: Flink prints one of them. */
  readonly requestSizes: readonly number[];
  /** Streaming: every task at once; batch: on each TaskManager, the wave whose tasks require most. */
  readonly counted: 'all-tasks' | 'worst-wave';
  /** When R > N: the request Flink refuses first in the order flinkslot lists them, and its message. */
  readonly failure?: { readonly required: number; readonly available: number; readonly message: string };
  readonly advice?: NetworkBufferAdvice;
}

const MIB = 1024n * 1024n;

/** Fully used TaskManagers in request order. */
export function slotsInRequestOrder(slots: number, slotsPerTaskManager: number): Int32Array {
  return Int32Array.from({ length: slots }, (_, g) => Math.floor(g / slotsPerTaskManager));
}

/** Where the job's slots are counted, and how many TaskManagers the job fills at most at once. */
export interface CountedPlacement {
  readonly placement: Int32Array;
  readonly taskManagers: number;
  /** Batch: per wave, the index of its first TaskManager in `placement` (one more entry at the end). */
  readonly firstTaskManagerOfWave?: Int32Array;
}

/**
 * Streaming: the job's slots on fully used TaskManagers in request order. Batch: the slots of each wave
 * packed the same way on TaskManagers of their own (a wave runs on slots its predecessors freed), so a
 * TaskManager holds one wave's tasks and every channel from an earlier wave counts as remote (the data
 * may sit anywhere by then: the larger count).
 */
export function countedPlacement(plan: NetworkBufferPlan, slotsPerTaskManager: number): CountedPlacement {
  if (plan.waveOf === undefined) {
    const placement = slotsInRequestOrder(plan.slotCount, slotsPerTaskManager);
    return { placement, taskManagers: Math.ceil(plan.slotCount / slotsPerTaskManager) };
  }
  const waveOfGroup = new Int32Array(plan.slotCount);
  let waves = 0;
  for (let g = 0; g < plan.slotCount; g++) {
    // The wave of a slot's first task (a slot's tasks share a slot sharing group, hence, but for named groups, a wave).
    const wave = plan.waveOf[plan.tasks[plan.groupStart[g]!]!]!;
    waveOfGroup[g] = wave < 0 ? -1 : wave;
    waves = Math.max(waves, wave + 1);
  }
  // Never-running slots (a cycle of blocking dependencies) go last, as a wave of their own.
  const slotsPerWave = new Int32Array(waves + 1);
  for (let g = 0; g < plan.slotCount; g++) slotsPerWave[waveOfGroup[g]! < 0 ? waves : waveOfGroup[g]!]!++;
  const firstTaskManager = new Int32Array(waves + 2);
  let widest = 0;
  for (let w = 0; w <= waves; w++) {
    const taskManagers = Math.ceil(slotsPerWave[w]! / slotsPerTaskManager);
    firstTaskManager[w + 1] = firstTaskManager[w]! + taskManagers;
    if (w < waves) widest = Math.max(widest, taskManagers);
  }
  const rank = new Int32Array(waves + 1);
  const placement = new Int32Array(plan.slotCount);
  for (let g = 0; g < plan.slotCount; g++) {
    const w = waveOfGroup[g]! < 0 ? waves : waveOfGroup[g]!;
    placement[g] = firstTaskManager[w]! + Math.floor(rank[w]!++ / slotsPerTaskManager);
  }
  return { placement, taskManagers: widest, firstTaskManagerOfWave: firstTaskManager };
}

/** A TaskManager index of `countedPlacement` as the index within its wave, for batch. */
function inWave(counted: CountedPlacement, k: number): { mostDemanding: number; mostDemandingWave?: number } {
  const first = counted.firstTaskManagerOfWave;
  if (first === undefined) return { mostDemanding: k };
  let w = 0;
  while (w + 1 < first.length && first[w + 1]! <= k) w++;
  return { mostDemanding: k - first[w]!, mostDemandingWave: w };
}

function mostDemanding(tms: readonly TaskManagerBuffers[]): number {
  let best = 0;
  tms.forEach((tm, k) => {
    if (tm.required > tms[best]!.required) best = k;
  });
  return best;
}

function requiredWith(plan: NetworkBufferPlan, slotsPerTaskManager: number): number {
  const tms = buffersPerTaskManager(plan, countedPlacement(plan, slotsPerTaskManager).placement);
  return tms.reduce((most, tm) => Math.max(most, tm.required), 0);
}

export function checkNetworkBuffers(
  graph: JobGraph,
  execution: NetworkBufferExecution,
  taskManager: TaskManagerNetwork,
): NetworkBufferCheck {
  const plan = networkBufferPlan(graph, execution);
  const slotsPerTaskManager = taskManager.numberOfTaskSlots;
  const segmentSize = plan.rules.segmentSize;
  const networkMemory = taskManager.networkMemory;
  const total = networkBufferCount(networkMemory, BigInt(segmentSize));
  const counted = countedPlacement(plan, slotsPerTaskManager);
  const tms = buffersPerTaskManager(plan, counted.placement);
  const k = mostDemanding(tms);
  const worst = tms[k] ?? { required: 0, requests: [], exclusive: 0 };
  const failing = firstFailingRequest(0, worst.requests, total);
  const check: NetworkBufferCheck = {
    total,
    required: worst.required,
    fits: failing === undefined,
    segmentSize,
    networkMemory,
    slotsPerTaskManager,
    slots: plan.slotCount,
    taskManagers: counted.taskManagers,
    ...inWave(counted, k),
    pools: worst.required - worst.exclusive,
    exclusive: worst.exclusive,
    requestSizes: [...new Set(worst.requests.map((r) => r.size))],
    perVertex: buffersPerVertex(plan, counted.placement, k).map((v) => ({ ...v, vertex: plan.vertices[v.vertex]!.id })),
    counted: plan.waveOf === undefined ? 'all-tasks' : 'worst-wave',
  };
  if (failing === undefined) return check;
  const message = insufficientNetworkBuffersMessage(failing.required, failing.available, total, segmentSize);
  return { ...check, failure: { ...failing, message }, advice: advise(plan, check, taskManager) };
}

function advise(plan: NetworkBufferPlan, check: NetworkBufferCheck, taskManager: TaskManagerNetwork): NetworkBufferAdvice {
  const needed = BigInt(check.required) * BigInt(check.segmentSize);
  const mib = (needed + MIB - 1n) / MIB;
  const advice: {
    networkMemory?: NetworkBufferAdvice['networkMemory'];
    fraction?: NetworkBufferAdvice['fraction'];
    slotsPerTaskManager?: NetworkBufferAdvice['slotsPerTaskManager'];
    buffersPerChannel?: NetworkBufferAdvice['buffersPerChannel'];
  } = {};
  const networkMemory =
    withKeys(taskManager, check, { 'taskmanager.memory.network.min': `${mib}m` }) ??
    withKeys(taskManager, check, { 'taskmanager.memory.network.min': `${mib}m`, 'taskmanager.memory.network.max': `${mib}m` });
  if (networkMemory !== undefined) advice.networkMemory = networkMemory;
  const flink = taskManager.totalFlinkMemory;
  if (flink > 0n) {
    // Thousandths, rounded up; Flink multiplies a float, so one more when that falls a few bytes short.
    const least = (needed * 1000n + flink - 1n) / flink;
    for (const thousandths of [least, least + 1n]) {
      if (thousandths >= 1000n || advice.fraction !== undefined) continue;
      const fraction = withKeys(taskManager, check, { 'taskmanager.memory.network.fraction': (Number(thousandths) / 1000).toString() });
      if (fraction !== undefined) advice.fraction = fraction;
    }
  }
  advice.slotsPerTaskManager = fewerSlotsThatFit(check.slotsPerTaskManager, widestWave(plan), check.total, (s) =>
    requiredWith(plan, s),
  ) ?? {
    slots: 0,
    required: requiredWith(plan, 1),
  };
  // 2.0 removed the key (NettyShuffleEnvironmentConfiguration hard-codes 2).
  if (!atLeast(plan.rules.flinkVersion, 2, 0) && plan.rules.buffersPerChannel > 1) {
    const one = { ...plan, rules: { ...plan.rules, buffersPerChannel: 1 } };
    const required = requiredWith(one, check.slotsPerTaskManager);
    advice.buffersPerChannel = { required, fits: required <= check.total };
  }
  return advice;
}

/**
 * The slots per TaskManager the search for fewer slots counts, most first: `slots` − 1 down to 1, but
 * more than `widest` (the most slots running at once: a streaming job's slots, a batch job's widest
 * wave) place the job as `widest` do, so those are counted once, as `widest` (a 2-slot job on
 * TaskManagers of 128 slots is counted twice, not 127 times).
 */
export function slotCountsToCount(slots: number, widest: number): number[] {
  const out: number[] = [];
  for (let s = Math.min(slots - 1, Math.max(1, widest)); s >= 1; s--) out.push(s);
  return out;
}

/** The most slots per TaskManager below `slots` whose TaskManagers require at most `total` (`requiredWith` counts them). */
export function fewerSlotsThatFit(
  slots: number,
  widest: number,
  total: number,
  requiredWith: (slotsPerTaskManager: number) => number,
): { slots: number; required: number } | undefined {
  for (const s of slotCountsToCount(slots, widest)) {
    const required = requiredWith(s);
    // Every count from `widest` to `slots` − 1 requires the same: the most of them is the answer.
    if (required <= total) return { slots: s >= widest ? slots - 1 : s, required };
  }
  return undefined;
}

/** The most slots of the job that hold tasks at once: all of a streaming job's, a batch job's widest wave (never-running slots as a wave). */
function widestWave(plan: NetworkBufferPlan): number {
  if (plan.waveOf === undefined) return plan.slotCount;
  const perWave = new Map<number, number>();
  let widest = 0;
  for (let g = 0; g < plan.slotCount; g++) {
    const wave = Math.max(-1, plan.waveOf[plan.tasks[plan.groupStart[g]!]!]!);
    const slots = (perWave.get(wave) ?? 0) + 1;
    perWave.set(wave, slots);
    widest = Math.max(widest, slots);
  }
  return widest;
}

/** The configuration with `keys` set, set up again: its buffers, when Flink accepts it and they suffice. */
function withKeys(
  taskManager: TaskManagerNetwork,
  check: NetworkBufferCheck,
  keys: Record<string, string>,
): { keys: Record<string, string>; total: number } | undefined {
  const network = taskManager.networkMemoryWith(keys);
  if (network === undefined) return undefined;
  const total = networkBufferCount(network, BigInt(check.segmentSize));
  return total >= check.required ? { keys, total } : undefined;
}
