/** Named resource profiles of a case: maps, UNKNOWN/ANY/ZERO, `fromResourceSpec`, and "P xN". */
import { FlinkException } from '../../src/errors/flink-exception.js';
import type { Diagnostic } from '../../src/errors/diagnostic.js';
import { type ResourceProfile, ANY, UNKNOWN, ZERO, fromResourceSpec, multiply, specified } from '../../src/model/resource-profile.js';
import { readMemorySize, readProfileFields, type ResourcesInput } from '../../src/parse/resources-input.js';
import { CaseError, Rejection, checkKeys } from './case-file.js';

const PROFILE_FIELDS = ['cpuCores', 'taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory', 'extended'];

export function profileFromMap(value: unknown, where: string): ResourceProfile {
  if (value === 'UNKNOWN') return UNKNOWN;
  if (value === 'ANY') return ANY;
  if (value === 'ZERO') return ZERO;
  if (typeof value !== 'object' || value === null) throw new CaseError(`${where} is not a profile`);
  const map = value as Record<string, unknown>;
  if ('fromResourceSpec' in map) {
    checkKeys(map, ['fromResourceSpec', 'networkMemory'], where);
    const spec = profileFromMap(map.fromResourceSpec, `${where}/fromResourceSpec`);
    return fromResourceSpec(spec, memory(map.networkMemory ?? 0, where));
  }
  checkKeys(map, PROFILE_FIELDS, where);
  const out: Diagnostic[] = [];
  const profile = specified(readProfileFields(map as ResourcesInput, where, out));
  // flinkslot's own reader refused the profile: an input error the case may expect.
  if (out.length > 0) throw Rejection.of(out.map((d) => d.message));
  return profile;
}

export function memory(value: unknown, where: string): bigint {
  const out: Diagnostic[] = [];
  const bytes = readMemorySize(value as string | number, where, where, out);
  if (bytes === undefined) throw Rejection.of(out.map((d) => d.message));
  return bytes;
}

export class ProfileTable {
  private readonly named = new Map<string, ResourceProfile>();

  constructor(profiles: Record<string, unknown> | undefined) {
    // A profile may be written as another's multiple ("DT x2"), resolved in file order.
    for (const [name, value] of Object.entries(profiles ?? {}))
      this.named.set(name, typeof value === 'string' ? this.resolve(value) : profileFromMap(value, `input.profiles.${name}`));
  }

  /** A name, a constant, or "NAME xN". */
  resolve(ref: unknown): ResourceProfile {
    if (typeof ref !== 'string') throw new CaseError(`profile reference ${JSON.stringify(ref)} is not a name`);
    const times = /^(.+?)\s+x(\d+)$/.exec(ref);
    if (times) return multiply(this.resolve(times[1]), Number(times[2]));
    if (ref === 'UNKNOWN' || ref === 'ANY' || ref === 'ZERO') return profileFromMap(ref, ref);
    const found = this.named.get(ref);
    if (found === undefined) throw new CaseError(`unknown profile '${ref}'`);
    return found;
  }
}

/** Runs `f`; a FlinkException becomes {errorType, error} like the cases write expected failures. */
export function capture<T>(f: () => T): T | { errorType: string; error: string } {
  try {
    return f();
  } catch (e) {
    if (e instanceof FlinkException) return { errorType: e.errorType, error: e.message };
    throw e;
  }
}
