/**
 * What `size --search` found (schemas/size-search.schema.json): every shape tried, those that can
 * run the jobs ranked by what they ask in total (memory, then CPU; or price), each with its size
 * and proof, and the shapes that cannot, with why.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { bytesToJson } from '../model/profile-json.js';
import type { SizeReport } from './size-report.js';
import type { SlotFloor } from '../model/slot-floor.js';
import type { SizeSearchJson } from '../model/json/size-search.js';
import { type FloorRejectionJson, floorText, floorToJson } from './slot-floor-report.js';
import { dimensionName } from '../model/dimension-names.js';

export interface ShapeCandidate {
  readonly shape: { readonly memory: bigint; readonly slots: number; readonly cpu: number };
  readonly report?: SizeReport;
  readonly refusal?: Diagnostic;
}

// The report's types are generated from schemas/size-search.schema.json (src/model/json/size-search.ts).
export type ShapeSearchReport = SizeSearchJson;
export type RankedShape = SizeSearchJson['shapes'][number];
/** A shape that runs the jobs by the count of slots, but whose slots hold less than the floor. */
export type RejectedShape = SizeSearchJson['rejected'][number];

interface Limits {
  readonly node?: { readonly cpu: number; readonly memory: bigint };
  readonly cost?: { readonly cpu: number; readonly memoryGiB: number };
}

const GIB = 1024 ** 3;

/** A shape rejected for network buffers (size-report.ts), grouped under one reason. */
const NETWORK_BUFFERS =
  'the slots suffice, but each TaskManager cannot serve the network buffers its tasks require: Flink fails them at deployment with "Insufficient number of network buffers" (more network memory per TaskManager, or fewer slots)';

export function buildShapeSearchReport(
  candidates: readonly ShapeCandidate[],
  limits: Limits,
  defaultSlotsOnly: boolean,
  notes: Diagnostic[],
  floor: SlotFloor = [],
): ShapeSearchReport {
  // Slots below the floor are listed shape by shape; shapes that fail only on network buffers are counted under one reason.
  const floorRejections = (c: ShapeCandidate): FloorRejectionJson[] =>
    (c.report?.rejections ?? []).filter((r): r is FloorRejectionJson => r.kind === 'slot-below-floor');
  const below = (c: ShapeCandidate): boolean => floorRejections(c).length > 0;
  const rejected = (c: ShapeCandidate): boolean => !below(c) && (c.report?.rejections.length ?? 0) > 0;
  const sized = candidates.filter((c) => c.report !== undefined && !below(c) && !rejected(c)).map((c) => ranked(c, limits));
  const byCost = limits.cost !== undefined;
  sized.sort((a, b) => (byCost ? a.cost! - b.cost! : 0) || compareBig(a.total, b.total) || a.cpu - b.cpu || a.slots - b.slots);
  const refused = new Map<string, number>();
  for (const c of candidates) if (c.refusal !== undefined) refused.set(reasonOf(c.refusal), (refused.get(reasonOf(c.refusal)) ?? 0) + 1);
  for (const c of candidates) if (rejected(c)) refused.set(NETWORK_BUFFERS, (refused.get(NETWORK_BUFFERS) ?? 0) + 1);
  return {
    tried: candidates.length,
    rankedBy: byCost ? 'cost' : 'memory',
    shapes: sized.map((s, i) => ({ ...s.row, rank: i + 1 })),
    refused: [...refused].map(([reason, count]) => ({ count, reason })),
    defaultSlotsOnly,
    floor: floorToJson(floor),
    slotsOnly: defaultSlotsOnly && floor.length === 0,
    rejected: candidates.filter(below).map((c) => ({
      processMemory: bytesToJson(c.shape.memory),
      slotsPerTaskManager: c.shape.slots,
      cpuCores: c.shape.cpu,
      slot: c.report!.slot,
      rejections: floorRejections(c),
    })),
    ...(notes.length === 0 ? {} : { notes }),
  };
}

function ranked(c: ShapeCandidate, limits: Limits) {
  const report = c.report!;
  const n = report.taskManagers;
  const total = c.shape.memory * BigInt(n);
  const cpu = c.shape.cpu * n;
  const cost = limits.cost === undefined ? undefined : round(cpu * limits.cost.cpu + (Number(total) / GIB) * limits.cost.memoryGiB);
  const slotsUse = report.usage.find((u) => u.dimension === 'slots')!;
  const row: Omit<RankedShape, 'rank'> = {
    processMemory: bytesToJson(c.shape.memory),
    slotsPerTaskManager: c.shape.slots,
    cpuCores: c.shape.cpu,
    taskManagers: n,
    totalMemory: bytesToJson(total),
    totalCpuCores: cpu,
    ...(cost === undefined ? {} : { cost }),
    ...(limits.node === undefined ? {} : { nodes: nodesFor(n, c.shape, limits.node) }),
    idleSlots: Number(slotsUse.unused),
    bindingDimension: report.bindingDimension,
    slot: report.slot,
    size: report,
  };
  return { row, total, cpu, slots: c.shape.slots, cost };
}

/** TaskManager pods per node (as many as its CPU and memory hold), then nodes for n pods. */
function nodesFor(n: number, shape: { memory: bigint; cpu: number }, node: { cpu: number; memory: bigint }): number {
  const perNode = Math.min(Math.floor(node.cpu / shape.cpu), Number(node.memory / shape.memory));
  return perNode <= 0 ? n : Math.ceil(n / perNode);
}

const compareBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** The reason without the numbers of one shape, so equal reasons group. */
function reasonOf(d: Diagnostic): string {
  return (
    d.message
      .replace(/\(closest TaskManager.*$/s, '')
      // The amounts differ per shape; the advice on a missing external resource (gpu) does not.
      .replace(/; give each TaskManager at least .*?(?=; this TaskManager configuration has no |$)/s, '')
      .replace(/on [\d,]+ of them/, 'on any number of them')
      .trim()
  );
}

/** When no shape can run the jobs: one error for the search, then one per reason with its count. */
export function noShapeRuns(report: ShapeSearchReport): Diagnostic[] {
  const below = new Map<string, number>();
  for (const s of report.rejected) for (const r of s.rejections) below.set(r.dimension, (below.get(r.dimension) ?? 0) + 1);
  const floor = new Map(report.floor.map((f) => [f.dimension as string, f]));
  return [
    error('size/never-met', `none of the ${report.tried} shapes tried can run the jobs`),
    ...report.refused.map((r) => error('size/never-met', `${r.count} shape(s): ${r.reason}`)),
    ...[...below].map(([dimension, n]) =>
      error(
        'size/never-met',
        `${n} shape(s): each slot holds less ${dimensionName(dimension)} than the floor, ${floorText(floor.get(dimension)!)}`,
      ),
    ),
  ];
}
