/**
 * ExecutionAnalysis → the `execution` part of the plan report: counts and size distributions
 * always, members (subtask names per region / per shared slot) for small jobs or on request.
 */
import type { PlanJson, SizeDistribution } from '../model/json/plan.js';
import type { ExecutionAnalysis } from '../execution/analyze-execution.js';
import { subtaskName } from '../execution/execution-topology.js';
import { profileToJson } from '../model/profile-json.js';

/** Jobs up to this many subtasks list region and slot members without being asked. */
export const MEMBERS_BY_DEFAULT_UP_TO = 100;

/** Listing every member of a larger job in full would print hundreds of megabytes. */
export const MEMBERS_AT_MOST = 1_000_000;

export interface MemberOptions {
  /** List members even above MEMBERS_BY_DEFAULT_UP_TO subtasks. */
  readonly members: boolean;
  /** List only the first rows (text output); undefined = all (JSON). */
  readonly rows?: number;
}

/** The `execution` part of the plan report, as schemas/plan.schema.json describes it (generated type). */
export type ExecutionReport = NonNullable<PlanJson['execution']>;
export type SizeCount = SizeDistribution[number];

/** Multiset of sizes as [{size, count}], largest first. */
function sizeDistribution(sizes: ArrayLike<number>): SizeCount[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < sizes.length; i++) counts.set(sizes[i]!, (counts.get(sizes[i]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[0] - a[0]).map(([size, count]) => ({ size, count }));
}

/** Subtask names of the first `rows` groups; the other subtasks cost a comparison, not a string. */
function members(e: ExecutionAnalysis, groupOf: Int32Array, count: number, rows: number): string[][] {
  const out: string[][] = Array.from({ length: Math.min(count, rows) }, () => []);
  groupOf.forEach((g, x) => {
    if (g < rows) out[g]!.push(subtaskName(e.topology, x));
  });
  return out;
}

export function buildExecutionReport(e: ExecutionAnalysis, options: MemberOptions): ExecutionReport {
  const t = e.topology;
  const listMembers = options.members || t.subtaskCount <= MEMBERS_BY_DEFAULT_UP_TO;
  const rows = options.rows ?? Number.MAX_SAFE_INTEGER;
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
      ...(listMembers ? { members: members(e, e.regions.regionOf, e.regions.count, rows) } : {}),
    },
    executionSlotSharingGroups: {
      count: e.sharing.count,
      perSlotSharingGroup: slotsPerGroup.map((slots, i) => ({ slotSharingGroup: ssgName(i), slots })),
      sizes: sizeDistribution(slotSizes),
      ...(listMembers
        ? { members: members(e, e.sharing.groupOf, e.sharing.count, rows), slotProfiles: e.slotProfiles.slice(0, rows).map(profileToJson) }
        : {}),
    },
    requirements: e.requirements.map((r) => ({
      resourceProfile: profileToJson(r.resourceProfile),
      numberOfRequiredSlots: r.numberOfRequiredSlots,
    })),
    allAtOnceSlots: e.sharing.count,
    batch:
      peak === undefined
        ? null
        : {
            waves: peak.waves,
            peakSlots: peak.peakSlots,
            peakWave: peak.peakWave,
            peakWaveSlotsPerSlotSharingGroup: peak.peakWaveSlotsPerSlotSharingGroup.map((slots, i) => ({
              slotSharingGroup: ssgName(i),
              slots,
            })),
            mostSlotsPerSlotSharingGroup: peak.mostSlotsPerSlotSharingGroup.map((slots, i) => ({ slotSharingGroup: ssgName(i), slots })),
            largestRegionSlots: peak.largestRegionSlots,
            unschedulableRegions: peak.unschedulableRegions,
          },
    warnings: [...e.warnings],
  };
}
