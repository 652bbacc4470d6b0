/**
 * Resource maps of the input file → ResourceSpec / ResourceProfile values, with Flink's parse
 * errors for memory sizes and the builder rules of operator ResourceSpecs and FLIP-156 groups.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type Decimal, compareDecimal, decimalFromNumber, ZERO_DECIMAL } from '../model/decimal.js';
import { memorySizeFromInput } from '../model/memory-size.js';
import { MEMORY_FIELDS, type ProfileFields, type ResourceProfile, UNKNOWN, specified } from '../model/resource-profile.js';

export interface ResourcesInput {
  cpuCores?: number;
  taskHeapMemory?: string | number;
  taskOffHeapMemory?: string | number;
  managedMemory?: string | number;
  managedMemoryBytes?: number;
  networkMemory?: string | number;
  extended?: Record<string, number>;
}

/** Parses one memory size, reporting Flink's parse error at `pointer`. */
export function readMemorySize(value: string | number, key: string, pointer: string, out: Diagnostic[]): bigint | undefined {
  try {
    return memorySizeFromInput(value);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    out.push(error('input/memory-size', `Could not parse value '${String(value)}' for key '${key}': ${e.message}`, pointer, e.errorType));
    return undefined;
  }
}

/** A CPU or extended resource amount; Flink's `Resource` rejects a negative value. */
function readResourceValue(value: unknown, pointer: string, out: Diagnostic[]): Decimal {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    out.push(error('input/resources', `a resource amount must be a number, got ${JSON.stringify(value) ?? String(value)}`, pointer));
    return ZERO_DECIMAL;
  }
  if (value < 0) out.push(error('input/resources', 'Resource value must be no less than 0', pointer, 'IllegalArgumentException'));
  return decimalFromNumber(Math.max(value, 0));
}

/** The fields given in a resources map (missing fields stay undefined). */
export function readProfileFields(input: ResourcesInput, pointer: string, out: Diagnostic[]): ProfileFields {
  const fields: ProfileFields = {};
  if (input.cpuCores !== undefined) fields.cpuCores = readResourceValue(input.cpuCores, `${pointer}/cpuCores`, out);
  for (const key of MEMORY_FIELDS) {
    const raw = input[key];
    if (raw !== undefined) {
      const bytes = readMemorySize(raw, key, `${pointer}/${key}`, out);
      if (bytes !== undefined) fields[key] = bytes;
    }
  }
  if (input.managedMemoryBytes !== undefined) {
    if (input.managedMemory !== undefined) {
      out.push(error('input/resources', 'give managedMemory or managedMemoryBytes, not both', `${pointer}/managedMemoryBytes`));
    }
    const bytes = readMemorySize(input.managedMemoryBytes, 'managedMemoryBytes', `${pointer}/managedMemoryBytes`, out);
    if (bytes !== undefined) fields.managedMemory = bytes;
  }
  if (input.extended !== undefined) {
    fields.extendedResources = new Map(
      Object.entries(input.extended).map(([name, amount]) => [name, readResourceValue(amount, `${pointer}/extended/${name}`, out)]),
    );
  }
  return fields;
}

function isPositive(d: Decimal | undefined): boolean {
  return d !== undefined && compareDecimal(d, ZERO_DECIMAL) > 0;
}

/**
 * An operator's minimum resources (ResourceSpec). Flink's `ResourceSpec.Builder` only builds a spec
 * with positive CPU cores and task heap memory; anything less is a user error here.
 */
export function readResourceSpec(input: ResourcesInput | undefined, pointer: string, out: Diagnostic[]): ResourceProfile {
  if (input === undefined) return UNKNOWN;
  const before = out.length;
  const fields = readProfileFields(input, pointer, out);
  // A value that did not parse is already reported; the builder rules would only echo it.
  if (out.length > before) return UNKNOWN;
  if (!isPositive(fields.cpuCores) || (fields.taskHeapMemory ?? 0n) <= 0n) {
    out.push(
      error(
        'input/resources',
        'operator resources need cpuCores > 0 and taskHeapMemory > 0 (Flink ResourceSpec.Builder rejects anything else); leave resources out for UNKNOWN',
        pointer,
        'IllegalArgumentException',
      ),
    );
  }
  return specified({ ...fields, networkMemory: 0n });
}

/** FLIP-156 group resources, with `SlotSharingGroup` builder rules and messages. */
export function readSlotSharingGroupProfile(input: ResourcesInput | undefined, pointer: string, out: Diagnostic[]): ResourceProfile {
  if (input === undefined || Object.keys(input).length === 0) return UNKNOWN;
  const before = out.length;
  const fields = readProfileFields(input, pointer, out);
  if (out.length > before) return UNKNOWN;
  // The builder checks each setter's argument as it is called, and completeness at build().
  if (fields.cpuCores !== undefined && !isPositive(fields.cpuCores)) {
    out.push(
      error('input/slot-sharing-group-resources', 'The cpu cores should be positive.', `${pointer}/cpuCores`, 'IllegalArgumentException'),
    );
  } else if (fields.taskHeapMemory !== undefined && fields.taskHeapMemory <= 0n) {
    out.push(
      error(
        'input/slot-sharing-group-resources',
        'The task heap memory should be positive.',
        `${pointer}/taskHeapMemory`,
        'IllegalArgumentException',
      ),
    );
  } else if (fields.cpuCores === undefined || fields.taskHeapMemory === undefined) {
    out.push(
      error(
        'input/slot-sharing-group-resources',
        'The cpu cores and task heap memory are required when specifying the resource of a slot sharing group. You need to explicitly configure them with positive value.',
        pointer,
        'IllegalArgumentException',
      ),
    );
  }
  return specified({ ...fields, networkMemory: 0n });
}
