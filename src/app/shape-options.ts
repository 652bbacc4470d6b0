/**
 * The limits and prices `size --search` takes on the command line, read into values: memory lists
 * and ranges (`2g,4g` or `2g..16g`), slot ranges (`1..32`), a Kubernetes node (`16cpu,64g`) and
 * prices (`cpu=0.03,memory=0.004`, per core-hour and per GiB-hour). A bad value is a usage error
 * naming the flag.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { FlinkslotError } from '../errors/flinkslot-error.js';
import { parseMemorySize } from '../model/memory-size.js';

export interface ShapeLimits {
  readonly memories: readonly bigint[];
  readonly slots: readonly number[];
  /** CPU cores per slot to try (the shape's CPU is slots × this). */
  readonly cpuPerSlot: readonly number[];
  readonly maxMemory?: bigint;
  readonly maxCpu?: number;
  readonly node?: { readonly cpu: number; readonly memory: bigint };
  readonly cost?: { readonly cpu: number; readonly memoryGiB: number };
}

export interface ShapeFlags {
  readonly tmMemory?: string;
  readonly slotRange?: string;
  readonly cpuPerSlot?: string;
  readonly maxTmMemory?: string;
  readonly maxTmCpu?: number;
  readonly node?: string;
  readonly cost?: string;
}

const GIB = 1024n * 1024n * 1024n;
/** 2, 3, 4, 6, 8, 12, 16 GiB: powers of two and the steps between them. */
const DEFAULT_MEMORIES = [2n, 3n, 4n, 6n, 8n, 12n, 16n].map((g) => g * GIB);
const DEFAULT_SLOTS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32];
/** A range expands to at most this many memory sizes or slot counts. */
const MAX_STEPS = 64;

export function readShapeLimits(flags: ShapeFlags): Result<ShapeLimits> {
  try {
    const node = flags.node === undefined ? undefined : readNode(flags.node);
    const cost = flags.cost === undefined ? undefined : readCost(flags.cost);
    return ok({
      memories: flags.tmMemory === undefined ? DEFAULT_MEMORIES : readMemories(flags.tmMemory),
      slots: flags.slotRange === undefined ? DEFAULT_SLOTS : readSlots(flags.slotRange),
      cpuPerSlot: flags.cpuPerSlot === undefined ? [1] : readCpuPerSlot(flags.cpuPerSlot),
      ...(flags.maxTmMemory === undefined ? {} : { maxMemory: size(flags.maxTmMemory, '--max-tm-memory') }),
      ...(flags.maxTmCpu === undefined ? {} : { maxCpu: flags.maxTmCpu }),
      ...(node === undefined ? {} : { node }),
      ...(cost === undefined ? {} : { cost }),
    });
  } catch (e) {
    if (e instanceof FlinkslotError) return fail([e.diagnostic]);
    throw e;
  }
}

/** A flag value that is not what it should be: usage/shape, returned as the Result's diagnostic. */
function usage(message: string): FlinkslotError {
  return new FlinkslotError(error('usage/shape', message));
}

function size(text: string, flag: string): bigint {
  try {
    return parseMemorySize(text.trim());
  } catch (e) {
    if (e instanceof FlinkException) throw usage(`${flag} '${text}' is not a memory size (2g, 4096m): ${e.message}`);
    throw e;
  }
}

/** `2g,4g,8g`, or `2g..16g`: from the first, doubling and the step half way, up to the last. */
function readMemories(text: string): bigint[] {
  const range = /^(.+?)\.\.(.+)$/.exec(text);
  if (range === null) return text.split(',').map((t) => size(t, '--tm-memory'));
  const [from, to] = [size(range[1]!, '--tm-memory'), size(range[2]!, '--tm-memory')];
  if (from <= 0n || from > to) throw usage(`--tm-memory '${text}': the range must go from a smaller size to a larger one`);
  const out: bigint[] = [];
  for (let m = from; m <= to && out.length < MAX_STEPS; m *= 2n) {
    out.push(m);
    if ((m * 3n) / 2n < to) out.push((m * 3n) / 2n);
  }
  if (out.at(-1) !== to) out.push(to);
  return [...new Set(out)].sort((a, b) => (a < b ? -1 : 1));
}

/** `1..32`, or `2,4,8`. */
function readSlots(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  if (range !== null) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (from < 1 || from > to || to - from >= MAX_STEPS)
      throw usage(`--slot-range '${text}': give 1 ≤ FROM ≤ TO, at most ${MAX_STEPS} values`);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  const list = text.split(',').map((t) => Number(t.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1 || n > 10_000))
    throw usage(`--slot-range '${text}': give FROM..TO or a list of whole numbers from 1 to 10000`);
  return list;
}

/** `1`, or a list `0.5,1,2`: CPU cores per slot. */
function readCpuPerSlot(text: string): number[] {
  const list = text.split(',').map((t) => Number(t.trim()));
  if (list.some((n) => !Number.isFinite(n) || n <= 0 || n > 64) || list.length > MAX_STEPS)
    throw usage(`--cpu-per-slot '${text}': give CPU cores per slot (above 0, at most 64), or a list of them`);
  return list;
}

/** `16cpu,64g` (either order). */
function readNode(text: string): { cpu: number; memory: bigint } {
  const wrong = usage(`--node '${text}': give the node's CPU and memory, as 16cpu,64g`);
  let cpu: number | undefined;
  let memory: bigint | undefined;
  for (const part of text.split(',').map((p) => p.trim())) {
    const cores = /^(\d+(?:\.\d+)?)\s*cpus?$/i.exec(part);
    if (cores !== null) cpu = Number(cores[1]);
    else if (/^\d+(\.\d+)?\s*[a-z]*$/i.test(part) && !/cores?$/i.test(part)) memory = size(part, '--node');
    else throw wrong;
  }
  if (cpu === undefined || memory === undefined || !Number.isFinite(cpu)) throw wrong;
  return { cpu, memory };
}

/** `cpu=0.03,memory=0.004`: per core-hour and per GiB-hour. */
function readCost(text: string): { cpu: number; memoryGiB: number } {
  const prices = new Map<string, number>();
  for (const part of text.split(',')) {
    const m = /^\s*(cpu|memory)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    // A price of 400 digits reads as Infinity: refused as a price that is not one, not ranked as Infinity.
    if (m === null || !Number.isFinite(Number(m[2])))
      throw usage(`--cost '${text}': give cpu=PRICE,memory=PRICE (per core-hour, per GiB-hour)`);
    prices.set(m[1]!, Number(m[2]));
  }
  return { cpu: prices.get('cpu') ?? 0, memoryGiB: prices.get('memory') ?? 0 };
}
