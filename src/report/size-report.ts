/**
 * What `flinkslot size` found (schemas/size.schema.json): the least number of TaskManagers of
 * the shape, the two SlotManager runs that prove it, and how much of each resource the jobs use
 * on that many. Amounts are exact (bytes, CPU cores); the text report rounds them.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { printable } from '../util/printable.js';
import { ZERO_DECIMAL, addDecimal, decimalFromNumber, decimalToNumber, subtractDecimal } from '../model/decimal.js';
import { type ResourceProfile, type SpecifiedProfile, isSpecified } from '../model/resource-profile.js';
import type { SimulationOutcome } from '../sim/simulation-outcome.js';
import { bytesToJson, profileToJson } from '../model/profile-json.js';
import { pushAll } from '../util/push-all.js';
import type { SizeRejection, SlotFloor } from '../model/slot-floor.js';
import type { Rejection, Run, SizeJson } from '../model/json/size.js';
import { type FloorRejectionJson, belowFloorError, floorToJson, rejectionToJson } from './slot-floor-report.js';

export type SizeDimension = 'slots' | 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';

/** A SizeDimension, or the name of an extended resource of the TaskManagers (`gpu`). */
export type UsageDimension = SizeDimension | (string & {});

// The report's types are generated from schemas/size.schema.json (src/model/json/size.ts).
export type SizeReport = SizeJson;
export type DimensionUse = SizeJson['usage'][number];
export type SizeRun = Run;
/** What to deploy (`size --emit`): the shape's configuration, its resources, N replicas. */
export type SizeDeployment = NonNullable<SizeJson['deployment']>;
/** A sized job: its largest vertex parallelism and each vertex's (none when the job gives requirements only). */
export type SizedJob = SizeDeployment['jobs'][number];
/**
 * A shape whose TaskManagers hold the slots but cannot serve the network buffers the tasks placed on
 * them require: the job fails at deployment (`required` buffers on `taskManager`, whose pool has `total`).
 */
export type NetworkBuffersRejection = Extract<Rejection, { kind: 'network-buffers' }>;
/** Why a shape is not an answer, by kind. */
export type SizeRejectionJson = Rejection;

/** `size --emit` of a shape whose TaskManagers cannot serve the network buffers: nothing to deploy. */
export function networkBuffersEmitError(rejections: readonly NetworkBuffersRejection[]): Diagnostic {
  const why = rejections
    .map(
      (r) =>
        `job ${printable(r.job)} requires ${r.required} network buffers on TaskManager ${printable(r.taskManager)}, whose pool has ${r.total}`,
    )
    .join('; ');
  return error(
    'size/network-buffers',
    `the TaskManagers of this shape cannot serve the network buffers their tasks require, so there is nothing to emit: ${why}`,
  );
}

/** `size --emit` of a rejected shape: the floor's refusal when a slot is below it, else the network buffers'. */
export function sizeRejectionError(rejections: readonly SizeRejectionJson[]): Diagnostic {
  const below = rejections.filter((r): r is FloorRejectionJson => r.kind === 'slot-below-floor');
  if (below.length > 0) return belowFloorError(below);
  return networkBuffersEmitError(rejections.filter((r): r is NetworkBuffersRejection => r.kind === 'network-buffers'));
}

/** One rejection per job failing at deployment for want of network buffers on the sized count. */
export function networkBufferRejections(outcome: SimulationOutcome): NetworkBuffersRejection[] {
  return outcome.jobs.flatMap((j) => {
    const failure = j.networkBuffers;
    if (failure === undefined) return [];
    const required = outcome.networkBuffers.get(failure.taskManager)?.required ?? failure.jobRequired;
    return [
      {
        kind: 'network-buffers' as const,
        job: j.id,
        taskManager: failure.taskManager,
        required,
        total: failure.total,
        message: failure.message,
      },
    ];
  });
}

export interface SizeFindings {
  readonly count: number;
  readonly slotsPerTaskManager: number;
  readonly taskManager: ResourceProfile;
  readonly met: SimulationOutcome;
  readonly fewer: SimulationOutcome | undefined;
  readonly simulations: number;
  readonly deployment: SizeDeployment | undefined;
  readonly notes: Diagnostic[];
  readonly slot: ResourceProfile;
  readonly floor: SlotFloor;
  readonly rejections: readonly SizeRejection[];
}

const MEMORY: readonly SizeDimension[] = ['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory'];

export function buildSizeReport(f: SizeFindings): SizeReport {
  const usage = usageOf(f);
  return {
    flinkVersion: f.met.flinkVersion,
    slotManager: f.met.slotManager,
    taskManagers: f.count,
    slotsPerTaskManager: f.slotsPerTaskManager,
    taskManager: profileToJson(f.taskManager),
    slot: profileToJson(f.slot),
    floor: floorToJson(f.floor),
    rejections: [...f.rejections.map(rejectionToJson), ...networkBufferRejections(f.met)],
    jobs: f.met.jobs.map((j) => ({ id: j.id, ...(j.source === undefined ? {} : { source: j.source }), slots: slotCount(j.requirements) })),
    proof: { met: sizeRun(f.count, f.met), fewer: f.fewer === undefined ? null : sizeRun(f.count - 1, f.fewer) },
    usage,
    unused: Object.fromEntries(usage.map((u) => [u.dimension, u.unused])),
    bindingDimension: binding(f, usage),
    simulations: f.simulations,
    ...(f.deployment === undefined ? {} : { deployment: f.deployment }),
    ...(f.notes.length === 0 ? {} : { notes: f.notes }),
  };
}

const slotCount = (counts: readonly { readonly count: number }[]): number => counts.reduce((s, c) => s + c.count, 0);

function sizeRun(taskManagers: number, outcome: SimulationOutcome): SizeRun {
  const missing = outcome.jobs.flatMap((j) => j.missing.map((m) => ({ job: j.id, profile: profileToJson(m.profile), count: m.count })));
  return { taskManagers, verdict: outcome.verdict, missing };
}

/** Totals and what is free, summed over the TaskManagers of the met run. */
function usageOf(f: SizeFindings): DimensionUse[] {
  const used = slotCount(f.met.jobs.flatMap((j) => j.acquired));
  const slots = f.count * f.slotsPerTaskManager;
  const out: DimensionUse[] = [{ dimension: 'slots', total: slots, used, unused: slots - used, utilisation: ratio(used, slots) }];
  const tms = f.met.taskManagers.filter((tm) => isSpecified(tm.total) && isSpecified(tm.free));
  if (tms.length === 0) return out;
  const totals = tms.map((tm) => tm.total as SpecifiedProfile);
  const frees = tms.map((tm) => tm.free as SpecifiedProfile);
  // Summed as decimals, as Flink's BigDecimal does: 0.1 × 3 is 0.3.
  const cpu = (ps: SpecifiedProfile[]) => decimalToNumber(ps.reduce((s, p) => addDecimal(s, p.cpuCores), ZERO_DECIMAL));
  const [cpuTotal, cpuFree] = [cpu(totals), cpu(frees)];
  const cpuUsed = decimalToNumber(subtractDecimal(decimalFromNumber(cpuTotal), decimalFromNumber(cpuFree)));
  out.push({ dimension: 'cpuCores', total: cpuTotal, used: cpuUsed, unused: cpuFree, utilisation: ratio(cpuUsed, cpuTotal) });
  for (const dimension of MEMORY) {
    const key = dimension as 'taskHeapMemory';
    const total = totals.reduce((s, p) => s + p[key], 0n);
    const free = frees.reduce((s, p) => s + p[key], 0n);
    const usedBytes = total - free;
    out.push({
      dimension,
      total: bytesToJson(total),
      used: bytesToJson(usedBytes),
      unused: bytesToJson(free),
      utilisation: total === 0n ? 0 : Number((usedBytes * 1_000_000n) / total) / 1_000_000,
    });
  }
  pushAll(out, extendedUse(totals, frees));
  return out;
}

/** Each extended resource the TaskManagers have (external-resources: gpu), summed as decimals. */
function extendedUse(totals: SpecifiedProfile[], frees: SpecifiedProfile[]): DimensionUse[] {
  const names = [...new Set(totals.flatMap((p) => [...p.extendedResources.keys()]))].sort();
  return names.map((name) => {
    const sum = (ps: SpecifiedProfile[]) => ps.reduce((s, p) => addDecimal(s, p.extendedResources.get(name) ?? ZERO_DECIMAL), ZERO_DECIMAL);
    const [total, free] = [sum(totals), sum(frees)];
    const used = decimalToNumber(subtractDecimal(total, free));
    return {
      dimension: name,
      total: decimalToNumber(total),
      used,
      unused: decimalToNumber(free),
      utilisation: ratio(used, decimalToNumber(total)),
    };
  });
}

const ratio = (used: number, total: number): number => (total === 0 ? 0 : used / total);

/** The dimension short most often one TaskManager fewer; without shortfalls (static slots), the most used one. */
function binding(f: SizeFindings, usage: DimensionUse[]): UsageDimension {
  const short = new Map<UsageDimension, number>();
  for (const job of f.fewer?.jobs ?? [])
    for (const e of job.explanations)
      for (const r of e.reasons) for (const s of r.shortfalls ?? []) short.set(s.dimension, (short.get(s.dimension) ?? 0) + 1);
  // Static slots, or only default slots (UNKNOWN profiles, each a 1/n share of every resource): slots bind.
  const defaultSlotsOnly = f.met.jobs.every((j) => j.requirements.every((r) => r.profile.kind === 'UNKNOWN'));
  if (f.met.slotManager === 'declarative' || defaultSlotsOnly) return 'slots';
  if (short.size === 0) return usage.reduce((best, u) => (u.utilisation > best.utilisation ? u : best)).dimension;
  return [...short].reduce((best, s) => (s[1] > best[1] ? s : best))[0];
}
