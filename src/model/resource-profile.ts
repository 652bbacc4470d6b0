/**
 * ResourceProfile arithmetic, as `flink-runtime/.../clusterframework/types/ResourceProfile.java`:
 * UNKNOWN (nothing specified), ANY (matches everything; tests only), and specified profiles with
 * CPU cores (exact decimal), task heap / task off-heap / managed / network memory (bytes) and named
 * extended resources (exact decimal; zero-valued entries are dropped). A ResourceSpec (operator
 * level, `flink-core/.../operators/ResourceSpec.java`) is the same shape with network memory 0.
 */
import { FlinkException, checkArgument } from '../errors/flink-exception.js';
import {
  type Decimal,
  ZERO_DECIMAL,
  addDecimal,
  compareDecimal,
  divideDecimalFloor,
  divideDecimalRoundDown,
  isZeroDecimal,
  multiplyDecimal,
  subtractDecimal,
} from './decimal.js';
import { MAX_BYTES } from './memory-size.js';

/** Shared by every profile without extended resources (never mutated). */
const NO_EXTENDED: ReadonlyMap<string, Decimal> = new Map();

export interface SpecifiedProfile {
  readonly kind: 'SPECIFIED';
  readonly cpuCores: Decimal;
  readonly taskHeapMemory: bigint;
  readonly taskOffHeapMemory: bigint;
  readonly managedMemory: bigint;
  readonly networkMemory: bigint;
  /** Sorted by name; never holds a zero amount. */
  readonly extendedResources: ReadonlyMap<string, Decimal>;
}

export type ResourceProfile = { readonly kind: 'UNKNOWN' } | { readonly kind: 'ANY' } | SpecifiedProfile;

export const UNKNOWN: ResourceProfile = { kind: 'UNKNOWN' };
export const ANY: ResourceProfile = { kind: 'ANY' };

export type MemoryField = 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
export const MEMORY_FIELDS: readonly MemoryField[] = ['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory'];

export interface ProfileFields {
  cpuCores?: Decimal;
  taskHeapMemory?: bigint;
  taskOffHeapMemory?: bigint;
  managedMemory?: bigint;
  networkMemory?: bigint;
  extendedResources?: ReadonlyMap<string, Decimal>;
}

/** Builds a profile from fields already in canonical form (used on the arithmetic hot path). */
function make(
  cpuCores: Decimal,
  taskHeapMemory: bigint,
  taskOffHeapMemory: bigint,
  managedMemory: bigint,
  networkMemory: bigint,
  extendedResources: ReadonlyMap<string, Decimal>,
): SpecifiedProfile {
  return { kind: 'SPECIFIED', cpuCores, taskHeapMemory, taskOffHeapMemory, managedMemory, networkMemory, extendedResources };
}

export function specified(fields: ProfileFields): SpecifiedProfile {
  return {
    kind: 'SPECIFIED',
    cpuCores: fields.cpuCores ?? ZERO_DECIMAL,
    taskHeapMemory: fields.taskHeapMemory ?? 0n,
    taskOffHeapMemory: fields.taskOffHeapMemory ?? 0n,
    managedMemory: fields.managedMemory ?? 0n,
    networkMemory: fields.networkMemory ?? 0n,
    extendedResources: cleanExtended(fields.extendedResources ?? new Map()),
  };
}

export const ZERO: ResourceProfile = specified({});

function cleanExtended(map: ReadonlyMap<string, Decimal>): ReadonlyMap<string, Decimal> {
  if (map.size === 0) return NO_EXTENDED;
  const names = [...map.keys()].filter((name) => !isZeroDecimal(map.get(name)!)).sort();
  return new Map(names.map((name) => [name, map.get(name)!]));
}

export function isSpecified(p: ResourceProfile): p is SpecifiedProfile {
  return p.kind === 'SPECIFIED';
}

export function profilesEqual(a: ResourceProfile, b: ResourceProfile): boolean {
  if (!isSpecified(a) || !isSpecified(b)) return a.kind === b.kind;
  if (compareDecimal(a.cpuCores, b.cpuCores) !== 0) return false;
  if (
    a.taskHeapMemory !== b.taskHeapMemory ||
    a.taskOffHeapMemory !== b.taskOffHeapMemory ||
    a.managedMemory !== b.managedMemory ||
    a.networkMemory !== b.networkMemory
  )
    return false;
  if (a.extendedResources.size !== b.extendedResources.size) return false;
  for (const [name, amount] of a.extendedResources) {
    const other = b.extendedResources.get(name);
    if (other === undefined || compareDecimal(amount, other) !== 0) return false;
  }
  return true;
}

function addBytes(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > MAX_BYTES) throw new FlinkException('ArithmeticException', 'long overflow');
  return sum;
}

function combineExtended(
  a: ReadonlyMap<string, Decimal>,
  b: ReadonlyMap<string, Decimal>,
  op: (x: Decimal, y: Decimal) => Decimal,
): Map<string, Decimal> {
  const out = new Map(a);
  for (const [name, amount] of b) out.set(name, op(out.get(name) ?? ZERO_DECIMAL, amount));
  return out;
}

/** ANY absorbs, then UNKNOWN absorbs, else field-wise sum (overflow is an ArithmeticException). */
export function merge(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
  if (a.kind === 'ANY' || b.kind === 'ANY') return ANY;
  if (!isSpecified(a) || !isSpecified(b)) return UNKNOWN;
  return make(
    addDecimal(a.cpuCores, b.cpuCores),
    addBytes(a.taskHeapMemory, b.taskHeapMemory),
    addBytes(a.taskOffHeapMemory, b.taskOffHeapMemory),
    addBytes(a.managedMemory, b.managedMemory),
    addBytes(a.networkMemory, b.networkMemory),
    b.extendedResources.size === 0
      ? a.extendedResources
      : cleanExtended(combineExtended(a.extendedResources, b.extendedResources, addDecimal)),
  );
}

export function subtract(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
  if (a.kind === 'ANY' || b.kind === 'ANY') return ANY;
  if (!isSpecified(a) || !isSpecified(b)) return UNKNOWN;
  checkArgument(allFieldsNoLessThan(a, b), 'Try to subtract an unmatched resource profile from this one.');
  return make(
    subtractDecimal(a.cpuCores, b.cpuCores),
    a.taskHeapMemory - b.taskHeapMemory,
    a.taskOffHeapMemory - b.taskOffHeapMemory,
    a.managedMemory - b.managedMemory,
    a.networkMemory - b.networkMemory,
    b.extendedResources.size === 0
      ? a.extendedResources
      : cleanExtended(combineExtended(a.extendedResources, b.extendedResources, subtractDecimal)),
  );
}

export function multiply(a: ResourceProfile, k: number): ResourceProfile {
  checkArgument(k >= 0, 'multiplier must be >= 0');
  if (!isSpecified(a)) return a;
  if (k === 0) return ZERO;
  if (k === 1) return a;
  const factor = BigInt(k);
  const times = (bytes: bigint): bigint => {
    if (bytes === 0n) return 0n;
    const product = bytes * factor;
    if (product > MAX_BYTES) throw new FlinkException('ArithmeticException', 'long overflow');
    return product;
  };
  const extended =
    a.extendedResources.size === 0
      ? NO_EXTENDED
      : new Map([...a.extendedResources].map(([name, amount]) => [name, multiplyDecimal(amount, k)]));
  return make(
    multiplyDecimal(a.cpuCores, k),
    times(a.taskHeapMemory),
    times(a.taskOffHeapMemory),
    times(a.managedMemory),
    times(a.networkMemory),
    extended,
  );
}

/** How many times `b` fits into `a` (at most `max`): repeated allFieldsNoLessThan + subtract in one step. */
export function fitCount(a: SpecifiedProfile, b: SpecifiedProfile, max: number): number {
  let k = max;
  if (b.cpuCores.unscaled > 0n) k = Math.min(k, timesFitting(divideDecimalFloor(a.cpuCores, b.cpuCores), k));
  k = fitBytes(a.taskHeapMemory, b.taskHeapMemory, k);
  k = fitBytes(a.taskOffHeapMemory, b.taskOffHeapMemory, k);
  k = fitBytes(a.managedMemory, b.managedMemory, k);
  k = fitBytes(a.networkMemory, b.networkMemory, k);
  for (const [name, amount] of b.extendedResources) {
    k = Math.min(k, timesFitting(divideDecimalFloor(a.extendedResources.get(name) ?? ZERO_DECIMAL, amount), k));
  }
  return Math.max(k, 0);
}

function timesFitting(quotient: bigint, cap: number): number {
  return quotient < BigInt(cap) ? Number(quotient) : cap;
}

/**
 * min(cap, floor(have / need)) for byte counts. Below 2^53 doubles are exact, so the answer is
 * checked by exact products instead of a BigInt division (which allocates; this runs per slot).
 */
function fitBytes(have: bigint, need: bigint, cap: number): number {
  if (need <= 0n || cap <= 0) return cap;
  const h = Number(have);
  const n = Number(need);
  if (!Number.isSafeInteger(h) || !Number.isSafeInteger(n * cap)) return timesFitting(have / need, cap);
  if (n * cap <= h) return cap;
  let q = Math.floor(h / n);
  // h / n is rounded; q * n and (q + 1) * n are below n * cap ≤ 2^53, hence exact.
  while (q * n > h) q--;
  while ((q + 1) * n <= h) q++;
  return q;
}

/** Field-wise "a can hold b" (named isMatching before Flink 1.13). */
export function allFieldsNoLessThan(a: ResourceProfile, b: ResourceProfile): boolean {
  if (a.kind === 'ANY') return true;
  // UNKNOWN holds only UNKNOWN; a specified profile holds an UNKNOWN one but not ANY.
  if (!isSpecified(a)) return b.kind === 'UNKNOWN';
  if (!isSpecified(b)) return b.kind === 'UNKNOWN';
  if (
    a.taskHeapMemory < b.taskHeapMemory ||
    a.taskOffHeapMemory < b.taskOffHeapMemory ||
    a.managedMemory < b.managedMemory ||
    a.networkMemory < b.networkMemory
  )
    return false;
  if (compareDecimal(a.cpuCores, b.cpuCores) < 0) return false;
  for (const [name, amount] of b.extendedResources) {
    const have = a.extendedResources.get(name);
    if (have === undefined || compareDecimal(have, amount) < 0) return false;
  }
  return true;
}

/**
 * Whether a slot with profile `slot` may serve a requirement. Since Flink 1.13 this is exact
 * matching (ANY, equal, or an UNKNOWN requirement); before, it was the field-wise comparison.
 * An UNKNOWN slot profile never describes a real slot: Flink throws.
 */
export function isMatching(slot: ResourceProfile, required: ResourceProfile, exact = true): boolean {
  if (!exact) return allFieldsNoLessThan(slot, required);
  if (slot.kind === 'UNKNOWN') {
    throw new FlinkException('UnsupportedOperationException', 'Cannot check matching with unknown resources');
  }
  return slot.kind === 'ANY' || profilesEqual(slot, required) || required.kind === 'UNKNOWN';
}

function requireSpecified(p: ResourceProfile): SpecifiedProfile {
  if (isSpecified(p)) return p;
  throw new FlinkException('UnsupportedOperationException', 'Cannot get memory of an UNKNOWN or ANY resource profile');
}

export function getTotalMemory(p: ResourceProfile): bigint {
  const s = requireSpecified(p);
  return getOperatorsMemory(s) + s.networkMemory;
}

export function getOperatorsMemory(p: ResourceProfile): bigint {
  const s = requireSpecified(p);
  return s.taskHeapMemory + s.taskOffHeapMemory + s.managedMemory;
}

/** `ResourceProfile.fromResourceSpec(spec, networkMemory)`. */
export function fromResourceSpec(spec: ResourceProfile, networkMemory: bigint): ResourceProfile {
  if (!isSpecified(spec)) return spec;
  return { ...spec, networkMemory };
}

/** A string equal for exactly the profiles `profilesEqual` calls equal (for map keys). */
const keys = new WeakMap<ResourceProfile, string>();

export function profileKey(p: ResourceProfile): string {
  if (!isSpecified(p)) return p.kind;
  // Profiles are immutable and the same objects recur (default slots, requirements): cache.
  const cached = keys.get(p);
  if (cached !== undefined) return cached;
  const key = computeProfileKey(p);
  keys.set(p, key);
  return key;
}

function computeProfileKey(p: SpecifiedProfile): string {
  const extended = [...p.extendedResources].map(([name, amount]) => `${name}=${amount.unscaled}e-${amount.scale}`);
  const cpu = `${p.cpuCores.unscaled}e-${p.cpuCores.scale}`;
  return [cpu, ...MEMORY_FIELDS.map((f) => String(p[f])), ...extended].join('|');
}

/**
 * One of `n` equal slots of a TaskManager total (`generateDefaultSlotResourceProfile`): bytes by
 * integer division, CPU and extended resources at BigDecimal scale 16 rounded down.
 */
/**
 * Each field divided by n: bytes by integer division; CPU and extended resources at `scale`
 * decimals, rounded down. Flink divides at scale 16, and from 1.14 every Resource value is
 * truncated to 8 decimals when created (`Resource.MAX_VALUE_SCALE`, FLINK-22505): 2 CPU over 3
 * slots is 0.66666666 there, 0.6666666666666666 before (`resourceScale`).
 */
export function divideIntoSlots(total: SpecifiedProfile, n: number, scale = 16): SpecifiedProfile {
  const slots = BigInt(n);
  return specified({
    cpuCores: divideDecimalRoundDown(total.cpuCores, n, scale),
    taskHeapMemory: total.taskHeapMemory / slots,
    taskOffHeapMemory: total.taskOffHeapMemory / slots,
    managedMemory: total.managedMemory / slots,
    networkMemory: total.networkMemory / slots,
    extendedResources: new Map([...total.extendedResources].map(([name, amount]) => [name, divideDecimalRoundDown(amount, n, scale)])),
  });
}
