/**
 * `size --slot-min task-heap=512m,managed=1g`: what every slot must hold at least, named as Flink's
 * ResourceProfile names the resources (cpu, task-heap, task-off-heap, managed, network). Memory is
 * Flink MemorySize text (`512m`, `1 gb`), CPU a number of cores. A bad value is a usage error.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type Decimal, decimalFromString } from '../model/decimal.js';
import { FLAG_NAMES } from '../model/dimension-names.js';
import { parseMemorySize } from '../model/memory-size.js';
import type { ProfileFields } from '../model/resource-profile.js';
import { printable } from '../util/printable.js';

const NAMES = [...FLAG_NAMES.keys()];
const LIST = `${NAMES.slice(0, -1).join(', ')} or ${NAMES.at(-1)!}`;

/** The floors given, as profile fields (only the named dimensions are set). */
export function readSlotMin(text: string): Result<ProfileFields> {
  const fields: Record<string, Decimal | bigint> = {};
  const bad = (why: string) => fail<ProfileFields>([error('usage/slot-min', `--slot-min '${printable(text)}': ${why}`)]);
  if (text.trim() === '') return bad(`give NAME=AMOUNT pairs, as task-heap=512m,managed=1g (names: ${LIST})`);
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return bad(`'${printable(part.trim())}' is not NAME=AMOUNT (as managed=1g)`);
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    const field = FLAG_NAMES.get(name);
    if (field === undefined) return bad(`'${printable(name)}' is not a resource of a slot: give ${LIST}`);
    if (field in fields) return bad(`${name} is given twice`);
    const amount = field === 'cpuCores' ? cores(value) : bytes(value);
    if (typeof amount === 'string') return bad(`${name}=${printable(value)}: ${amount}`);
    fields[field] = amount;
  }
  return ok(fields as ProfileFields);
}

/** CPU cores, a number not below 0; or why not. */
function cores(value: string): Decimal | string {
  if (!/^\d+(\.\d+)?$/.test(value)) return 'CPU cores must be a number not below 0 (as 0.5 or 2)';
  return decimalFromString(value);
}

/** Memory as Flink reads a MemorySize; or Flink's reason it cannot. */
function bytes(value: string): bigint | string {
  try {
    return parseMemorySize(value);
  } catch (e) {
    if (e instanceof FlinkException) return `not a memory size (512m, 1g): ${e.message}`;
    throw e;
  }
}
