/**
 * The network buffers of each TaskManager at the end of a run, from the actual placement (issue 26
 * §1; docs/research/network-buffers.md §2.5, §3): the slots each job holds get the job's execution
 * slot sharing groups in Flink's request order (group i → the job's i-th slot, TaskManagers in the
 * order the SlotManager lists them, each TaskManager's slots in order; with several requested
 * profiles, group i → the next slot of its profile), then per TaskManager N = its network memory /
 * segment size and the jobs' requests, jobs in submission order. The first request of a job that the
 * pool cannot serve after the jobs before it (those that fit there) fails the job at deployment with
 * Flink's message (rt/io/network/buffer/NetworkBufferPool.java, rt/ =
 * flink-runtime/src/main/java/org/apache/flink/runtime/).
 *
 * Jobs without a job graph (bare requirements) have no plan and are not counted; a TaskManager whose
 * total gives no network memory (ANY, or 0) gets no figure. Linear: every slot is visited once, and
 * each job's tasks are counted over the TaskManagers that job holds (dense local indices), never over
 * all TaskManagers.
 */
import type { ShuffleOptions } from '../model/job-graph.js';
import { type ResourceProfile, profileKey } from '../model/resource-profile.js';
import { type TaskManagerBuffers, buffersPerTaskManager } from '../execution/network-buffer-demand.js';
import { firstFailingRequest, insufficientNetworkBuffersMessage, networkBufferCount } from '../execution/network-buffer-failure.js';
import type { NetworkBufferPlan } from '../execution/network-buffer-plan.js';
import { networkBufferRules } from '../execution/network-buffer-rules.js';
import type { JobDefinition, JobNetwork } from './scenario/scenario.js';
import type { TaskManagerView } from './slotmanager/slot-manager.js';

const DEFAULT_SEGMENT_SIZE = 32768n;

/** One TaskManager's pool: N, what the jobs placed on it require together, and whether that fits. */
export interface TaskManagerNetworkBuffers {
  readonly total: number;
  readonly required: number;
  readonly fits: boolean;
  readonly segmentSize: number;
}

/** The request Flink refuses first for a job, on the first TaskManager (in the SlotManager's order) where one is refused. */
export interface NetworkBufferFailure {
  readonly taskManager: string;
  /** Flink's R: the refused request. */
  readonly required: number;
  /** Flink's A: what the earlier requests left. */
  readonly available: number;
  readonly total: number;
  readonly segmentSize: number;
  /** What the job's tasks there require in all (with the jobs before it that fit: `alreadyRequired`). */
  readonly jobRequired: number;
  readonly alreadyRequired: number;
  readonly message: string;
}

export interface NetworkBufferOutcome {
  readonly taskManagers: ReadonlyMap<string, TaskManagerNetworkBuffers>;
  readonly failures: ReadonlyMap<string, NetworkBufferFailure>;
  /** Steps taken (slots visited, subtasks and TaskManagers counted, requests checked): the linearity tests read it. */
  readonly work: number;
}

export interface NetworkBufferInputs {
  /** In the order they were submitted: a TaskManager serves the earlier job's requests first. */
  readonly jobs: readonly JobDefinition[];
  readonly taskManagers: readonly TaskManagerView[];
  /** The TaskManagers' network options (the cluster's Flink configuration); undefined: Flink's defaults. */
  readonly shuffleOptions: ShuffleOptions | undefined;
  /** Jobs whose tasks run (every slot they require held); the others deploy nothing yet. */
  readonly running: (job: string) => boolean;
}

interface HeldSlots {
  readonly taskManagers: number[];
  readonly profiles: ResourceProfile[];
}

interface Placed {
  readonly job: string;
  readonly buffers: TaskManagerBuffers;
}

export function networkBuffersAtEnd(inputs: NetworkBufferInputs): NetworkBufferOutcome {
  const counter = { work: 0 };
  const segmentSize = inputs.shuffleOptions?.segmentSize ?? DEFAULT_SEGMENT_SIZE;
  const counted = new Map(inputs.jobs.filter((j) => j.network !== undefined && inputs.running(j.id)).map((j) => [j.id, j.network!]));
  const held = heldSlots(inputs.taskManagers, counted, counter);
  const perTaskManager: Placed[][] = inputs.taskManagers.map(() => []);
  for (const [job, network] of counted) {
    const slots = held.get(job);
    const placement = slots === undefined ? undefined : placeGroups(network, slots);
    if (placement === undefined) continue;
    const buffers = jobBuffers(network.plan, inputs.shuffleOptions, placement, counter);
    placement.taskManagers.forEach((k, local) => perTaskManager[k]!.push({ job, buffers: buffers[local]! }));
  }
  return { ...judgeEach(inputs.taskManagers, perTaskManager, segmentSize, counter), work: counter.work };
}

/**
 * Every TaskManager judged, in the SlotManager's order. A TaskManager holding one job whose figures it
 * shares with an earlier one (buffersPerTaskManager counts alike TaskManagers once), with as many
 * buffers, is judged alike without counting again: the same requests against the same pool, and the
 * job's failure, if any, was recorded on the earlier one.
 */
function judgeEach(
  tms: readonly TaskManagerView[],
  perTaskManager: readonly (readonly Placed[])[],
  segmentSize: bigint,
  counter: { work: number },
): Pick<NetworkBufferOutcome, 'taskManagers' | 'failures'> {
  const taskManagers = new Map<string, TaskManagerNetworkBuffers>();
  const failures = new Map<string, NetworkBufferFailure>();
  const judged = new Map<TaskManagerBuffers, { job: string; figures: TaskManagerNetworkBuffers }>();
  tms.forEach((tm, k) => {
    const total = totalBuffers(tm, segmentSize);
    const placed = perTaskManager[k]!;
    if (total === undefined || placed.length === 0) return;
    const only = placed.length === 1 ? placed[0]! : undefined;
    const seen = only === undefined ? undefined : judged.get(only.buffers);
    if (seen !== undefined && seen.job === only!.job && seen.figures.total === total) {
      counter.work += only!.buffers.requests.length;
      taskManagers.set(tm.id, seen.figures);
      return;
    }
    const figures = judgeTaskManager(tm.id, total, Number(segmentSize), placed, failures, counter);
    if (only !== undefined) judged.set(only.buffers, { job: only.job, figures });
    taskManagers.set(tm.id, figures);
  });
  return { taskManagers, failures };
}

/** The TaskManager of each slot the counted jobs hold, in the SlotManager's order, with the slot's profile. */
function heldSlots(
  taskManagers: readonly TaskManagerView[],
  counted: ReadonlyMap<string, JobNetwork>,
  counter: { work: number },
): Map<string, HeldSlots> {
  const held = new Map<string, HeldSlots>();
  taskManagers.forEach((tm, k) => {
    for (const slot of tm.slots) {
      counter.work++;
      if (slot.job === undefined || !counted.has(slot.job)) continue;
      let list = held.get(slot.job);
      if (list === undefined) held.set(slot.job, (list = { taskManagers: [], profiles: [] }));
      list.taskManagers.push(k);
      list.profiles.push(slot.profile);
    }
  });
  return held;
}

/**
 * Group i → the TaskManager of its slot, as a dense index over the TaskManagers this job holds
 * (`taskManagers[local]` = the SlotManager's index); undefined when the job holds too few slots.
 */
function placeGroups(network: JobNetwork, slots: HeldSlots): { local: Int32Array; taskManagers: number[] } | undefined {
  const { slotCount } = network.plan;
  if (slots.taskManagers.length < slotCount) return undefined;
  const order = network.slotProfiles === undefined ? slots.taskManagers.slice(0, slotCount) : byProfile(network.slotProfiles, slots);
  if (order === undefined) return undefined;
  const localOf = new Map<number, number>();
  const taskManagers: number[] = [];
  const local = new Int32Array(slotCount);
  order.forEach((k, g) => {
    let index = localOf.get(k);
    if (index === undefined) {
      index = taskManagers.length;
      localOf.set(k, index);
      taskManagers.push(k);
    }
    local[g] = index;
  });
  return { local, taskManagers };
}

/**
 * Several requested profiles: each group takes the next held slot of its own profile (a fine-grained
 * slot is cut to the requested profile); a group whose profile no slot carries (a default slot given
 * to an UNKNOWN request) takes the next slot of a profile no group requests.
 */
function byProfile(profiles: readonly ResourceProfile[], slots: HeldSlots): number[] | undefined {
  const requested = new Set(profiles.map(profileKey));
  const queues = new Map<string, number[]>();
  const other: number[] = [];
  slots.taskManagers.forEach((k, i) => {
    const key = profileKey(slots.profiles[i]!);
    if (!requested.has(key)) other.push(k);
    else {
      const queue = queues.get(key);
      if (queue === undefined) queues.set(key, [k]);
      else queue.push(k);
    }
  });
  const next = new Map<string, number>();
  let nextOther = 0;
  const order: number[] = [];
  for (const profile of profiles) {
    const key = profileKey(profile);
    const queue = queues.get(key);
    const at = next.get(key) ?? 0;
    if (queue !== undefined && at < queue.length) {
      order.push(queue[at]!);
      next.set(key, at + 1);
    } else if (nextOther < other.length) order.push(other[nextOther++]!);
    else return undefined;
  }
  return order;
}

/**
 * Per plan, the buffers of placements already counted: `size --search` places one job the same way on
 * every shape with the same slots per TaskManager (only N differs), so each placement is counted once.
 * A cache of pure results, keyed by the plan object: the same inputs give the same answer.
 */
const counted = new WeakMap<NetworkBufferPlan, Map<string, { local: Int32Array; buffers: TaskManagerBuffers[] }>>();
const PLACEMENTS_KEPT = 64;

function jobBuffers(
  original: NetworkBufferPlan,
  options: ShuffleOptions | undefined,
  placement: { local: Int32Array; taskManagers: number[] },
  counter: { work: number },
): TaskManagerBuffers[] {
  let byPlacement = counted.get(original);
  if (byPlacement === undefined) counted.set(original, (byPlacement = new Map()));
  // The placement by a hash of it, compared in full on a hit (a string of every slot costs more).
  const key = `${JSON.stringify(options ?? null, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}|${hashOf(placement.local)}`;
  // Counted as if computed: the bound holds for a placement seen the first time.
  counter.work += placement.local.length + placement.taskManagers.length + original.vertexOf.length;
  const known = byPlacement.get(key);
  if (known !== undefined && sameValues(known.local, placement.local)) return known.buffers;
  const plan = withTaskManagerRules(original, options);
  const buffers = buffersPerTaskManager(plan, placement.local, placement.taskManagers.length);
  if (byPlacement.size >= PLACEMENTS_KEPT) byPlacement.clear();
  byPlacement.set(key, { local: placement.local, buffers });
  return buffers;
}

/** FNV-1a over the values, with the length. */
function hashOf(values: Int32Array): string {
  let h = 0x811c9dc5;
  for (const v of values) h = Math.imul(h ^ v, 0x01000193);
  return `${values.length}:${h >>> 0}`;
}

function sameValues(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The TaskManager's code and configuration decide what a task requests: the cluster's network options replace the job file's. */
function withTaskManagerRules(plan: NetworkBufferPlan, options: ShuffleOptions | undefined): NetworkBufferPlan {
  return options === undefined ? plan : { ...plan, rules: networkBufferRules(plan.rules.flinkVersion, options) };
}

/** N (rt/taskmanager/NettyShuffleEnvironmentConfiguration.calculateNumberOfNetworkBuffers); undefined when the total names no network memory. */
function totalBuffers(tm: TaskManagerView, segmentSize: bigint): number | undefined {
  if (tm.total.kind !== 'SPECIFIED' || tm.total.networkMemory <= 0n) return undefined;
  return networkBufferCount(tm.total.networkMemory, segmentSize);
}

/**
 * Jobs in submission order on one TaskManager: each job's requests after those of the jobs before it
 * that fit; a job with a refused request fails there (its tasks release what they took, so it leaves
 * nothing for the jobs after it).
 */
function judgeTaskManager(
  taskManager: string,
  total: number,
  segmentSize: number,
  placed: readonly Placed[],
  failures: Map<string, NetworkBufferFailure>,
  counter: { work: number },
): TaskManagerNetworkBuffers {
  let used = 0;
  let required = 0;
  for (const { job, buffers } of placed) {
    counter.work += buffers.requests.length;
    required += buffers.required;
    const refused = firstFailingRequest(used, buffers.requests, total);
    if (refused === undefined) {
      used += buffers.required;
      continue;
    }
    if (failures.has(job)) continue;
    failures.set(job, {
      taskManager,
      required: refused.required,
      available: refused.available,
      total,
      segmentSize,
      jobRequired: buffers.required,
      alreadyRequired: used,
      message: insufficientNetworkBuffersMessage(refused.required, refused.available, total, segmentSize),
    });
  }
  return { total, required, fits: required <= total, segmentSize };
}
