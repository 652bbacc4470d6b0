/**
 * How many slots a batch job holds at once when its scheduling regions run one after another
 * (flink-runtime/.../scheduler/strategy/PipelinedRegionSchedulingStrategy.java
 * areRegionInputsAllConsumable): a region starts once the regions whose blocking results it reads
 * have finished (every partition ALL_DATA_PRODUCED); hybrid and approximate results may be read
 * while being produced, so their consumers may start with their producers. Model: every region takes one time step, so
 * regions fall into waves (longest path over blocking dependencies); a wave holds the slots of
 * the execution slot sharing groups its subtasks belong to. This is one schedule, with equal
 * durations: with other durations more regions can overlap. Regions on a cycle of dependencies,
 * or waiting for one, can never start (Flink would wait forever); they are counted apart.
 * Per slot sharing group, two different figures: the slots of the peak wave (they add up to the
 * peak), and each group's own most in any wave (groups peak in different waves, so these add up to
 * more). Also reported: the largest single region, the fewest slots with which the job can make
 * progress.
 * Blocking all-to-all dependencies go through one hub node each: O(subtasks + job edges).
 */
import type { ResultPartitionType } from '../model/job-graph.js';
import type { ExecutionSlotSharing } from './execution-slot-sharing.js';
import type { ExecutionTopology } from './execution-topology.js';
import { forEachPair } from './subtask-pairs.js';
import type { SchedulingRegions } from './scheduling-regions.js';

export interface BatchPeak {
  readonly waves: number;
  readonly peakSlots: number;
  /** 0-based wave in which the peak is first reached. */
  readonly peakWave: number;
  /** The slots each slot sharing group holds in the peak wave: they add up to peakSlots. */
  readonly peakWaveSlotsPerSlotSharingGroup: readonly number[];
  /**
   * Each slot sharing group's own most slots in any one wave. Groups can peak in different waves,
   * so these can add up to more than peakSlots: they are not a breakdown of the peak.
   */
  readonly mostSlotsPerSlotSharingGroup: readonly number[];
  readonly largestRegionSlots: number;
  /** Regions that can never start: on a cycle of dependencies, or downstream of one. */
  readonly unschedulableRegions: number;
}

interface DependencyGraph {
  readonly sources: number[];
  readonly targets: number[];
  readonly weights: number[];
  nodes: number;
}

function dependencies(
  t: ExecutionTopology,
  regions: SchedulingRegions,
  mustBePipelined: (r: ResultPartitionType) => boolean,
): DependencyGraph {
  const g: DependencyGraph = { sources: [], targets: [], weights: [], nodes: regions.count };
  const add = (from: number, to: number, w: number): void => {
    g.sources.push(from);
    g.targets.push(to);
    g.weights.push(w);
  };
  t.vertices.forEach((vertex, v) => {
    for (const input of vertex.inputs) {
      if (mustBePipelined(input.resultPartitionType)) continue;
      const w = input.resultPartitionType.startsWith('BLOCKING') ? 1 : 0;
      const pBase = t.offsets[input.producer]!;
      const cBase = t.offsets[v]!;
      if (input.pattern === 'ALL_TO_ALL') {
        const hub = g.nodes++;
        const producerRegions = new Set<number>();
        for (let p = pBase; p < t.offsets[input.producer + 1]!; p++) producerRegions.add(regions.regionOf[p]!);
        for (const r of producerRegions) add(r, hub, w);
        // A result read inside its own region is an internal dependency, not a scheduling one.
        for (let c = cBase; c < t.offsets[v + 1]!; c++) if (!producerRegions.has(regions.regionOf[c]!)) add(hub, regions.regionOf[c]!, 0);
        continue;
      }
      forEachPair(t, v, input, (p, c) => {
        if (regions.regionOf[p] !== regions.regionOf[c]) add(regions.regionOf[p]!, regions.regionOf[c]!, w);
      });
    }
  });
  return g;
}

/** Start step of every node: longest weighted path (Kahn's algorithm); -1 for nodes on a cycle. */
function startSteps(g: DependencyGraph): Int32Array {
  const n = g.nodes;
  const offsets = new Int32Array(n + 1);
  for (const source of g.sources) offsets[source + 1]!++;
  for (let x = 0; x < n; x++) offsets[x + 1]! += offsets[x]!;
  const cursor = offsets.slice(0, n);
  const edgeAt = new Int32Array(g.sources.length);
  g.sources.forEach((source, e) => (edgeAt[cursor[source]!++] = e));
  const inDegree = new Int32Array(n);
  for (const target of g.targets) inDegree[target]!++;
  const start = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let x = 0; x < n; x++) if (inDegree[x] === 0) queue[tail++] = x;
  for (let head = 0; head < tail; head++) {
    const x = queue[head]!;
    for (let k = offsets[x]!; k < offsets[x + 1]!; k++) {
      const e = edgeAt[k]!;
      const y = g.targets[e]!;
      start[y] = Math.max(start[y]!, start[x]! + g.weights[e]!);
      if (--inDegree[y]! === 0) queue[tail++] = y;
    }
  }
  for (let x = 0; x < n; x++) if (inDegree[x]! > 0) start[x] = -1;
  return start;
}

/** Subtasks listed by region (compressed rows). */
function subtasksByRegion(regions: SchedulingRegions): { offsets: Int32Array; subtasks: Int32Array } {
  const offsets = new Int32Array(regions.count + 1);
  for (let r = 0; r < regions.count; r++) offsets[r + 1] = offsets[r]! + regions.sizes[r]!;
  const cursor = offsets.slice(0, regions.count);
  const subtasks = new Int32Array(regions.regionOf.length);
  regions.regionOf.forEach((r, x) => (subtasks[cursor[r]!++] = x));
  return { offsets, subtasks };
}

/**
 * The wave (start step) of every scheduling region under the model above; -1 for a region that can
 * never start. Shared with the network-buffer plan: only the tasks of one wave run together.
 */
export function regionWaves(
  t: ExecutionTopology,
  regions: SchedulingRegions,
  mustBePipelined: (r: ResultPartitionType) => boolean,
): Int32Array {
  return startSteps(dependencies(t, regions, mustBePipelined)).subarray(0, regions.count);
}

export function computeBatchPeak(
  t: ExecutionTopology,
  regions: SchedulingRegions,
  sharing: ExecutionSlotSharing,
  mustBePipelined: (r: ResultPartitionType) => boolean,
): BatchPeak {
  const start = regionWaves(t, regions, mustBePipelined);
  const rows = subtasksByRegion(regions);
  let waves = 0;
  let unschedulableRegions = 0;
  for (let r = 0; r < regions.count; r++) {
    if (start[r]! < 0) unschedulableRegions++;
    else waves = Math.max(waves, start[r]! + 1);
  }
  const byWave: number[][] = Array.from({ length: waves }, () => []);
  for (let r = 0; r < regions.count; r++) if (start[r]! >= 0) byWave[start[r]!]!.push(r);
  const stamp = new Int32Array(sharing.count).fill(-1);
  const mostPerGroup = new Array<number>(t.slotSharingGroups.length).fill(0);
  const perGroup = new Array<number>(t.slotSharingGroups.length).fill(0);
  let peakSlots = 0;
  let peakWave = 0;
  let atPeak: Array<[number, number]> = [];
  byWave.forEach((members, wave) => {
    const touched: number[] = [];
    let slots = 0;
    for (const r of members) {
      for (let k = rows.offsets[r]!; k < rows.offsets[r + 1]!; k++) {
        const group = sharing.groupOf[rows.subtasks[k]!]!;
        if (stamp[group] === wave) continue;
        stamp[group] = wave;
        slots++;
        const ssg = sharing.slotSharingGroupOf[group]!;
        if (perGroup[ssg]!++ === 0) touched.push(ssg);
      }
    }
    if (slots > peakSlots) {
      peakSlots = slots;
      peakWave = wave;
      atPeak = touched.map((ssg) => [ssg, perGroup[ssg]!]);
    }
    // Only the groups this wave touched: O(subtasks) over all waves, not O(waves × groups).
    for (const ssg of touched) {
      mostPerGroup[ssg] = Math.max(mostPerGroup[ssg]!, perGroup[ssg]!);
      perGroup[ssg] = 0;
    }
  });
  const peakWavePerGroup = new Array<number>(t.slotSharingGroups.length).fill(0);
  for (const [ssg, slots] of atPeak) peakWavePerGroup[ssg] = slots;
  return {
    waves,
    peakSlots,
    peakWave,
    peakWaveSlotsPerSlotSharingGroup: peakWavePerGroup,
    mostSlotsPerSlotSharingGroup: mostPerGroup,
    largestRegionSlots: largestRegionSlots(regions, rows, sharing),
    unschedulableRegions,
  };
}

function largestRegionSlots(
  regions: SchedulingRegions,
  rows: { offsets: Int32Array; subtasks: Int32Array },
  sharing: ExecutionSlotSharing,
): number {
  const stamp = new Int32Array(sharing.count).fill(-1);
  let largest = 0;
  for (let r = 0; r < regions.count; r++) {
    let slots = 0;
    for (let k = rows.offsets[r]!; k < rows.offsets[r + 1]!; k++) {
      const group = sharing.groupOf[rows.subtasks[k]!]!;
      if (stamp[group] !== r) {
        stamp[group] = r;
        slots++;
      }
    }
    largest = Math.max(largest, slots);
  }
  return largest;
}
