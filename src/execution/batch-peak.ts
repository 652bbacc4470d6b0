/**
 * How many slots a batch job holds at once when its scheduling regions run one after another
 * (PipelinedRegionSchedulingStrategy): a region starts once the regions whose blocking results
 * it reads have finished; hybrid and approximate results may be read while being produced, so
 * their consumers may start with their producers. Model: every region takes one time step, so
 * regions fall into waves (longest path over blocking dependencies); a wave holds the slots of
 * the execution slot sharing groups its subtasks belong to.
 * Also reported: the largest single region, the fewest slots with which the job can make progress.
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
  readonly peakSlotsPerSlotSharingGroup: readonly number[];
  readonly largestRegionSlots: number;
  /** Regions left out of the waves because they depend on each other in a cycle. */
  readonly regionsOnCycles: number;
}

interface DependencyGraph {
  readonly sources: number[];
  readonly targets: number[];
  readonly weights: number[];
  nodes: number;
}

function dependencies(t: ExecutionTopology, regions: SchedulingRegions, mustBePipelined: (r: ResultPartitionType) => boolean): DependencyGraph {
  const g: DependencyGraph = { sources: [], targets: [], weights: [], nodes: regions.count };
  const add = (from: number, to: number, w: number): void => {
    g.sources.push(from), g.targets.push(to), g.weights.push(w);
  };
  t.vertices.forEach((vertex, v) => {
    for (const input of vertex.inputs) {
      if (mustBePipelined(input.resultPartitionType)) continue;
      const w = input.resultPartitionType.startsWith('BLOCKING') ? 1 : 0;
      const pBase = t.offsets[input.producer]!;
      const cBase = t.offsets[v]!;
      if (input.pattern === 'ALL_TO_ALL') {
        const hub = g.nodes++;
        for (let p = pBase; p < t.offsets[input.producer + 1]!; p++) add(regions.regionOf[p]!, hub, w);
        for (let c = cBase; c < t.offsets[v + 1]!; c++) add(hub, regions.regionOf[c]!, 0);
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

export function computeBatchPeak(
  t: ExecutionTopology,
  regions: SchedulingRegions,
  sharing: ExecutionSlotSharing,
  mustBePipelined: (r: ResultPartitionType) => boolean,
): BatchPeak {
  const start = startSteps(dependencies(t, regions, mustBePipelined));
  const rows = subtasksByRegion(regions);
  let waves = 0;
  let regionsOnCycles = 0;
  for (let r = 0; r < regions.count; r++) {
    if (start[r]! < 0) regionsOnCycles++;
    else waves = Math.max(waves, start[r]! + 1);
  }
  // Regions on a cycle cannot be ordered: count them in one extra wave of their own.
  const waveOf = (r: number): number => (start[r]! < 0 ? waves : start[r]!);
  const totalWaves = waves + (regionsOnCycles > 0 ? 1 : 0);
  const byWave: number[][] = Array.from({ length: totalWaves }, () => []);
  for (let r = 0; r < regions.count; r++) byWave[waveOf(r)]!.push(r);
  const stamp = new Int32Array(sharing.count).fill(-1);
  const ssgCount = t.slotSharingGroups.length;
  const peakPerGroup = new Array<number>(ssgCount).fill(0);
  let peakSlots = 0;
  let peakWave = 0;
  byWave.forEach((members, wave) => {
    const perGroup = new Array<number>(ssgCount).fill(0);
    let slots = 0;
    for (const r of members) {
      for (let k = rows.offsets[r]!; k < rows.offsets[r + 1]!; k++) {
        const group = sharing.groupOf[rows.subtasks[k]!]!;
        if (stamp[group] === wave) continue;
        stamp[group] = wave;
        slots++;
        perGroup[sharing.slotSharingGroupOf[group]!]!++;
      }
    }
    if (slots > peakSlots) (peakSlots = slots), (peakWave = wave);
    perGroup.forEach((n, g) => (peakPerGroup[g] = Math.max(peakPerGroup[g]!, n)));
  });
  return {
    waves: totalWaves,
    peakSlots,
    peakWave,
    peakSlotsPerSlotSharingGroup: peakPerGroup,
    largestRegionSlots: largestRegionSlots(regions, rows, sharing),
    regionsOnCycles,
  };
}

function largestRegionSlots(regions: SchedulingRegions, rows: { offsets: Int32Array; subtasks: Int32Array }, sharing: ExecutionSlotSharing): number {
  const stamp = new Int32Array(sharing.count).fill(-1);
  let largest = 0;
  for (let r = 0; r < regions.count; r++) {
    let slots = 0;
    for (let k = rows.offsets[r]!; k < rows.offsets[r + 1]!; k++) {
      const group = sharing.groupOf[rows.subtasks[k]!]!;
      if (stamp[group] !== r) (stamp[group] = r), slots++;
    }
    largest = Math.max(largest, slots);
  }
  return largest;
}
