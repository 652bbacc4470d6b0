/** Builds SlotManager configurations, TaskManagers and variants from a slotmanager case's input. */
import { type Decimal, decimalFromNumber } from '../../../src/model/decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ANY,
  divideIntoSlots,
  isSpecified,
  multiply,
} from '../../../src/model/resource-profile.js';
import type { SlotManagerConfig, TaskManagerRegistration } from '../../../src/sim/slotmanager/slot-manager.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { ProfileTable, memory, profileFromMap } from '../profiles.js';
import { parseDuration } from './slot-pool.js';

export type Raw = Record<string, unknown>;

export const OPTION_KEYS = [
  'loadBalanceMode',
  'evenlySpreadOutSlots',
  'redundantTaskManagers',
  'minTotalCpu',
  'minTotalMemory',
  'maxTotalCpu',
  'maxTotalMemory',
  'taskManagerTimeout',
  'requirementCheckDelay',
  'slotMatchingStrategy',
];

export function profileOf(table: ProfileTable, value: unknown, where: string): ResourceProfile {
  return typeof value === 'string' ? table.resolve(value) : profileFromMap(value, where);
}

export function specifiedOf(table: ProfileTable, value: unknown, where: string): SpecifiedProfile {
  const p = profileOf(table, value, where);
  if (!isSpecified(p)) throw new CaseError(`${where} must be a specified profile`);
  return p;
}

export function smConfig(table: ProfileTable, cluster: Raw, options: Raw): SlotManagerConfig {
  checkKeys(options, OPTION_KEYS, 'input.cluster.options');
  const worker = cluster.defaultWorker as Raw;
  checkKeys(worker, ['totalResources', 'numberOfTaskSlots'], 'input.cluster.defaultWorker');
  const allocation = cluster.resourceAllocation;
  if (allocation !== undefined && allocation !== 'active' && allocation !== 'fails')
    throw new CaseError(`resourceAllocation '${String(allocation)}'`);
  const decimal = (v: unknown): Decimal => decimalFromNumber(Number(v));
  return {
    defaultWorker: specifiedOf(table, worker.totalResources, 'defaultWorker.totalResources'),
    slotsPerWorker: Number(worker.numberOfTaskSlots),
    resourceAllocation: allocation === 'active' ? 'active' : 'standalone',
    evenlySpread:
      options.loadBalanceMode === 'SLOTS' || options.evenlySpreadOutSlots === true || options.slotMatchingStrategy === 'LEAST_UTILIZATION',
    redundantTaskManagers: Number(options.redundantTaskManagers ?? 0),
    minTotalCpu: decimal(options.minTotalCpu ?? 0),
    minTotalMemory: memory(options.minTotalMemory ?? 0, 'minTotalMemory'),
    ...(options.maxTotalCpu !== undefined ? { maxTotalCpu: decimal(options.maxTotalCpu) } : {}),
    ...(options.maxTotalMemory !== undefined ? { maxTotalMemory: memory(options.maxTotalMemory, 'maxTotalMemory') } : {}),
    taskManagerTimeout: parseDuration(options.taskManagerTimeout ?? '30s', 'taskManagerTimeout'),
    requirementCheckDelay: parseDuration(options.requirementCheckDelay ?? '50ms', 'requirementCheckDelay'),
    declareNeededResourceDelay: 50,
  };
}

export function registrationOf(table: ProfileTable, tm: Raw, i: number, staticModel: boolean): TaskManagerRegistration {
  checkKeys(
    tm,
    ['id', 'totalResources', 'defaultSlotResources', 'numberOfTaskSlots', 'slotProfile', 'blocked', 'initialAllocatedSlots'],
    `taskManagers[${i}]`,
  );
  const allocated = ((tm.initialAllocatedSlots ?? []) as Raw[]).map((a, j) => {
    checkKeys(a, ['profile', 'job'], `taskManagers[${i}].initialAllocatedSlots[${j}]`);
    return { job: String(a.job), profile: profileOf(table, a.profile, 'initialAllocatedSlots.profile') };
  });
  if (staticModel) {
    const slot = profileOf(table, tm.slotProfile ?? tm.defaultSlotResources ?? ANY, `taskManagers[${i}].slotProfile`);
    const n = Number(tm.numberOfTaskSlots ?? 1);
    return {
      id: String(tm.id),
      total: isSpecified(slot) ? multiply(slot, n) : slot,
      defaultSlot: slot,
      numberOfSlots: n,
      blocked: tm.blocked === true,
      allocatedSlots: allocated,
    };
  }
  const total = specifiedOf(table, tm.totalResources, `taskManagers[${i}].totalResources`);
  const defaultSlot =
    tm.defaultSlotResources !== undefined
      ? specifiedOf(table, tm.defaultSlotResources, `taskManagers[${i}].defaultSlotResources`)
      : divideIntoSlots(total, Number(tm.numberOfTaskSlots ?? 1));
  return { id: String(tm.id), total, defaultSlot, numberOfSlots: 0, blocked: tm.blocked === true, allocatedSlots: allocated };
}

export interface SubCase {
  readonly label: string;
  readonly input: Raw;
  readonly cluster: Raw;
  readonly wants: Raw[];
}

/** Variants replace input/cluster keys and merge options; top-level expect keys apply to each. */
export function subCases(c: ConformanceCase, clusterKeys: readonly string[], inputKeys: readonly string[]): SubCase[] {
  const top = unwrap(c.expect);
  const cluster = (c.input.cluster ?? {}) as Raw;
  const variants = c.input.variants as Raw[] | undefined;
  if (variants === undefined) return [{ label: '', input: c.input, cluster, wants: [top] }];
  return variants.map((v, i) => {
    checkKeys(v, ['name', 'expect', 'options', ...clusterKeys, ...inputKeys], `input.variants[${i}]`);
    const merged: Raw = { ...cluster, options: { ...((cluster.options ?? {}) as Raw), ...((v.options ?? {}) as Raw) } };
    for (const k of clusterKeys) if (k in v) merged[k] = v[k];
    const input: Raw = c.input.cluster === undefined ? { ...c.input } : { ...c.input, cluster: merged };
    for (const k of inputKeys) if (k in v) input[k] = v[k];
    return { label: `[${String(v.name ?? i)}] `, input, cluster: merged, wants: [top, (v.expect ?? {}) as Raw] };
  });
}

function unwrap(expect: Raw): Raw {
  const inner = (expect.allocation ?? expect) as Raw;
  const out: Raw = { ...inner };
  delete out.seeVariants;
  return out;
}

export { ProfileTable, memory };
