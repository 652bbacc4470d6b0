/**
 * ExecutionAnalysis → the `execution` part of the plan report: counts and size distributions
 * always, members (subtask names per region / per shared slot) for small jobs or on request.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { ExecutionAnalysis } from '../execution/analyze-execution.js';
import { subtaskName } from '../execution/execution-topology.js';
import { type ResourceProfileJson, profileToJson } from './profile-json.js';

/** Jobs up to this many subtasks list region and slot members without being asked. */
export const MEMBERS_BY_DEFAULT_UP_TO = 100;

export interface SizeCount {
  size: number;
  count: number;
}

export interface ExecutionReport {
  subtasks: number;
  slotSharingStrategy: string;
  schedulingRegions: { count: number; sizes: SizeCount[]; members?: string[][] };
  executionSlotSharingGroups: {
    count: number;
    perSlotSharingGroup: Array<{ slotSharingGroup: string; slots: number }>;
    sizes: SizeCount[];
    members?: string[][];
  };
  requirements: Array<{ resourceProfile: ResourceProfileJson; numberOfRequiredSlots: number }>;
  allAtOnceSlots: number;
  batch: {
    waves: number;
    peakSlots: number;
    peakWave: number;
    peakSlotsPerSlotSharingGroup: Array<{ slotSharingGroup: string; slots: number }>;
    largestRegionSlots: number;
    regionsOnCycles: number;
  } | null;
  warnings: Diagnostic[];
}

/** Multiset of sizes as [{size, count}], largest first. */
function sizeDistribution(sizes: ArrayLike<number>): SizeCount[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < sizes.length; i++) counts.set(sizes[i]!, (counts.get(sizes[i]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[0] - a[0]).map(([size, count]) => ({ size, count }));
}

function members(e: ExecutionAnalysis, groupOf: Int32Array, count: number): string[][] {
  const out: string[][] = Array.from({ length: count }, () => []);
  groupOf.forEach((g, x) => out[g]!.push(subtaskName(e.topology, x)));
  return out;
}

export function buildExecutionReport(e: ExecutionAnalysis, withMembers: boolean): ExecutionReport {
  const t = e.topology;
  const listMembers = withMembers || t.subtaskCount <= MEMBERS_BY_DEFAULT_UP_TO;
  const ssgName = (i: number): string => t.slotSharingGroups[i]!.id;
  const slotsPerGroup = t.slotSharingGroups.map(() => 0);
  for (const ssg of e.sharing.slotSharingGroupOf) slotsPerGroup[ssg]!++;
  const slotSizes = new Int32Array(e.sharing.count);
  for (const g of e.sharing.groupOf) slotSizes[g]!++;
  const peak = e.batchPeak;
  return {
    subtasks: t.subtaskCount,
    slotSharingStrategy: e.strategy,
    schedulingRegions: {
      count: e.regions.count,
      sizes: sizeDistribution(e.regions.sizes),
      ...(listMembers ? { members: members(e, e.regions.regionOf, e.regions.count) } : {}),
    },
    executionSlotSharingGroups: {
      count: e.sharing.count,
      perSlotSharingGroup: slotsPerGroup.map((slots, i) => ({ slotSharingGroup: ssgName(i), slots })),
      sizes: sizeDistribution(slotSizes),
      ...(listMembers ? { members: members(e, e.sharing.groupOf, e.sharing.count) } : {}),
    },
    requirements: e.requirements.map((r) => ({ resourceProfile: profileToJson(r.resourceProfile), numberOfRequiredSlots: r.numberOfRequiredSlots })),
    allAtOnceSlots: e.sharing.count,
    batch:
      peak === undefined
        ? null
        : {
            waves: peak.waves,
            peakSlots: peak.peakSlots,
            peakWave: peak.peakWave,
            peakSlotsPerSlotSharingGroup: peak.peakSlotsPerSlotSharingGroup.map((slots, i) => ({ slotSharingGroup: ssgName(i), slots })),
            largestRegionSlots: peak.largestRegionSlots,
            regionsOnCycles: peak.regionsOnCycles,
          },
    warnings: [...e.warnings],
  };
}
