/**
 * A size's floor per slot and the shapes below it (issue 26 §2), as report data (exact bytes and
 * cores, schemas/size.schema.json#/$defs/floor and /rejection) and as text, one wording for `size`
 * and `size --search`.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { decimalFromNumber, decimalToNumber, decimalToString } from '../model/decimal.js';
import { dimensionName, flagName } from '../model/dimension-names.js';
import { formatBytes } from '../model/memory-size.js';
import type { FloorAmount, FloorDimension, FloorSource, SizeRejection, SlotFloor } from '../model/slot-floor.js';
import { printable } from '../util/printable.js';
import { type BytesJson, bytesToJson } from '../model/profile-json.js';
import type { Floor, Rejection } from '../model/json/size.js';

// Generated from schemas/size.schema.json ($defs/floor, $defs/rejection).
export type FloorJson = Floor;
/** A SizeRejection with its amounts as JSON numbers (bytes as text beyond 2^53). */
export type FloorRejectionJson = Extract<Rejection, { kind: 'slot-below-floor' }>;

const amountJson = (a: FloorAmount): BytesJson => (typeof a === 'bigint' ? bytesToJson(a) : decimalToNumber(a));

/** The source as JSON data: the same fields, its use cases a fresh array. */
const sourceJson = (from: FloorSource): FloorJson['from'] =>
  from.kind === 'managed-memory-default' ? { ...from, useCases: [...from.useCases] } : from;

export function floorToJson(floor: SlotFloor): FloorJson[] {
  return floor.map((e) => ({ dimension: e.dimension, minimum: amountJson(e.minimum), from: sourceJson(e.from) }));
}

export function rejectionToJson(r: SizeRejection): FloorRejectionJson {
  return {
    kind: r.kind,
    dimension: r.dimension,
    floor: amountJson(r.floor),
    slot: amountJson(r.slot),
    short: amountJson(r.short),
    from: sourceJson(r.from),
  };
}

/** `512 MiB`, or `0.5` (cores), from a report amount of the dimension. */
export function amountText(dimension: FloorDimension, amount: BytesJson): string {
  return dimension === 'cpuCores' ? decimalToString(decimalFromNumber(Number(amount))) : formatBytes(BigInt(amount));
}

const USE_CASE_WORDS = {
  STATE_BACKEND: (backend: string | undefined) => `keyed state in ${backend ?? 'the state backend'} (STATE_BACKEND)`,
  OPERATOR: () => 'batch operators (OPERATOR)',
  PYTHON: () => 'Python operators (PYTHON)',
};

/** Where a floor comes from, in words. */
export function floorSourceText(from: FloorSource, dimension: FloorDimension): string {
  switch (from.kind) {
    case 'slot-min':
      return '--slot-min';
    case 'job-graph':
      return `job ${printable(from.job)}, slotMin of slot sharing group '${printable(from.group)}'`;
    case 'tm-config-base':
      return `the slots of the --tm-config base ${printable(from.file)}`;
    case 'managed-memory-default': {
      const uses = from.useCases.map((uc) => USE_CASE_WORDS[uc](from.stateBackend)).join(', ');
      return `flinkslot's default for managed memory: job ${printable(from.job)} (group '${printable(from.group)}') uses it for ${uses}; --slot-min ${flagName(dimension)}=… replaces it`;
    }
  }
}

/** `managed memory 512 MiB (…why…)`. */
export function floorText(e: FloorJson): string {
  return `${dimensionName(e.dimension)} ${amountText(e.dimension, e.minimum)} (${floorSourceText(e.from, e.dimension)})`;
}

/** `  floor per slot: …`, the entries of one source on one line (the --tm-config base gives several). */
export function floorLines(floor: readonly FloorJson[]): string[] {
  const bySource = new Map<string, FloorJson[]>();
  for (const f of floor) {
    const key = JSON.stringify(f.from);
    bySource.set(key, [...(bySource.get(key) ?? []), f]);
  }
  return [...bySource.values()].map((fs) => {
    const amounts = fs.map((f) => `${dimensionName(f.dimension)} ${amountText(f.dimension, f.minimum)}`).join(', ');
    return `  floor per slot: ${amounts} (${floorSourceText(fs[0]!.from, fs[0]!.dimension)})`;
  });
}

/** `managed memory 128 MiB per slot, 384 MiB short of 512 MiB`. */
export function rejectionText(r: FloorRejectionJson): string {
  return `${dimensionName(r.dimension)} ${amountText(r.dimension, r.slot)} per slot, ${amountText(r.dimension, r.short)} short of ${amountText(r.dimension, r.floor)}`;
}

/** `size --emit` of a shape whose slots are below the floor: nothing to deploy. */
export function belowFloorError(rejections: readonly FloorRejectionJson[]): Diagnostic {
  const why = rejections.map((r) => `${rejectionText(r)} (${floorSourceText(r.from, r.dimension)})`).join('; ');
  return error('size/below-floor', `the slots of this shape hold less than the floor, so there is nothing to emit: ${why}`);
}

/** The keys that give a slot more of a resource, besides a larger process size or fewer slots (FLIP-49 options). */
const KEYS: Record<FloorDimension, string> = {
  cpuCores: 'taskmanager.cpu.cores (kubernetes.taskmanager.cpu.amount on Kubernetes)',
  taskHeapMemory: 'taskmanager.memory.task.heap.size',
  taskOffHeapMemory: 'taskmanager.memory.task.off-heap.size',
  managedMemory: 'taskmanager.memory.managed.fraction or .size',
  networkMemory: 'taskmanager.memory.network.fraction, .min and .max',
};

/** What to change so that each slot holds the floor. */
export function belowFloorAdvice(rejections: readonly FloorRejectionJson[]): string {
  const keys = [...new Set(rejections.map((r) => KEYS[r.dimension]))].join('; ');
  return `give each slot more: a larger taskmanager.memory.process.size, fewer taskmanager.numberOfTaskSlots, or ${keys}; or try shapes with --search`;
}
