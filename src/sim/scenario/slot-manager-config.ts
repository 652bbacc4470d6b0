/**
 * The SlotManager configuration of a cluster (`SlotManagerConfiguration.fromConfiguration`): the
 * options after a standalone ResourceManager's removals, the limits Flink derives from slot counts,
 * and what the release's SlotManager supports.
 */
import { warning } from '../../errors/diagnostic.js';
import { type Decimal, ZERO_DECIMAL, decimalFromNumber, divideDecimalRoundDown, multiplyDecimal } from '../../model/decimal.js';
import { type FlinkVersion, atLeast, formatVersion, resourceScale } from '../../model/flink-version.js';
import { type SpecifiedProfile, getTotalMemory } from '../../model/resource-profile.js';
import type { SlotManagerConfig } from '../slotmanager/slot-manager.js';
import type { FlinkConfiguration } from '../../memory/flink-configuration.js';
import type { SlotManagerKind } from './scenario.js';
import { DEFAULTS, type Raw, type Reader } from './reader.js';
import { standaloneOptions } from './standalone-options.js';

/** The default worker T and its slot count. */
export interface DefaultWorker {
  readonly total: SpecifiedProfile;
  readonly slots: number;
  /** The Flink configuration it was derived from, when it was. */
  readonly config?: FlinkConfiguration;
}

/** The SlotManager a cluster runs: as written, from its slot model, else the release's (fine-grained from 1.18). */
export function slotManagerKind(cluster: Raw, version: FlinkVersion): SlotManagerKind {
  if (cluster.slotManager !== undefined) return cluster.slotManager as SlotManagerKind;
  if (cluster.slotModel !== undefined) return cluster.slotModel === 'static' ? 'declarative' : 'fine-grained';
  return atLeast(version, 1, 18) || fineGrainedEnabled(cluster, version) ? 'fine-grained' : 'declarative';
}

/**
 * The release's default SlotManager is the declarative one, and nothing in the cluster chose it:
 * from 1.13 to 1.17 the option below would pick the fine-grained one (from 1.18 it is the only one).
 */
export function declarativeByDefault(cluster: Raw, version: FlinkVersion): boolean {
  const chosen = cluster.slotManager !== undefined || cluster.slotModel !== undefined;
  return !chosen && atLeast(version, 1, 13) && !atLeast(version, 1, 18) && !fineGrainedEnabled(cluster, version);
}

/**
 * `cluster.fine-grained-resource-management.enabled: true` in the worker's configuration picks the
 * FineGrainedSlotManager from 1.13 (`ClusterOptions.isFineGrainedResourceManagementEnabled`); a
 * job whose slot sharing groups ask for a GPU needs it before 1.18, when it became the only one.
 */
function fineGrainedEnabled(cluster: Raw, version: FlinkVersion): boolean {
  const config = (cluster.defaultWorker as Raw | undefined)?.flinkConfiguration as Raw | undefined;
  const value = config?.['cluster.fine-grained-resource-management.enabled'];
  return atLeast(version, 1, 13) && String(value).trim().toLowerCase() === 'true';
}

export function slotManagerConfig(
  r: Reader,
  cluster: Raw,
  at: string,
  worker: DefaultWorker,
  version: FlinkVersion,
  given: Raw,
): SlotManagerConfig {
  const p = `${at}/options`;
  const active = cluster.resourceAllocation === 'active';
  const o = active ? given : standaloneOptions(given, p, version, r.notes);
  const minSlots = o.minSlots === undefined ? 0 : Number(o.minSlots);
  const fineGrained = slotManagerKind(cluster, version) === 'fine-grained';
  const maxSlots = o.maxSlots === undefined ? undefined : Number(o.maxSlots);
  const maxTotalCpu =
    o.maxTotalCpu !== undefined ? decimalFromNumber(Number(o.maxTotalCpu)) : fineGrained ? slotsCpu(worker, maxSlots, version) : undefined;
  const maxMemory = r.memory(o.maxTotalMemory, `${p}/maxTotalMemory`) ?? (fineGrained ? slotsMemory(worker, maxSlots) : undefined);
  return {
    defaultWorker: worker.total,
    slotsPerWorker: worker.slots,
    resourceAllocation: active ? 'active' : 'standalone',
    resourceScale: resourceScale(version),
    reconcileOnlyToRelease: fineGrained && !atLeast(version, 1, 19),
    evenlySpread: o.loadBalanceMode === 'SLOTS' || o.evenlySpreadOutSlots === true || o.slotMatchingStrategy === 'LEAST_UTILIZATION',
    mostUtilization: fineGrained && o.loadBalanceMode === 'MIN_RESOURCES',
    redundantTaskManagers: redundantTaskManagers(r, o, p, fineGrained, version),
    minTotalCpu:
      o.minTotalCpu !== undefined ? decimalFromNumber(Number(o.minTotalCpu)) : (slotsCpu(worker, minSlots, version) ?? ZERO_DECIMAL),
    minTotalMemory: r.memory(o.minTotalMemory, `${p}/minTotalMemory`) ?? slotsMemory(worker, minSlots) ?? 0n,
    ...(maxTotalCpu !== undefined ? { maxTotalCpu } : {}),
    ...(maxMemory !== undefined ? { maxTotalMemory: maxMemory } : {}),
    ...(maxSlots !== undefined ? { maxSlots } : {}),
    ...maxTotalKeys(o, maxSlots, maxTotalCpu !== undefined || maxMemory !== undefined),
    taskManagerTimeout: r.duration(o.taskManagerTimeout, `${p}/taskManagerTimeout`, DEFAULTS.taskManagerTimeout),
    requirementCheckDelay: r.duration(o.requirementCheckDelay, `${p}/requirementCheckDelay`, DEFAULTS.requirementCheckDelay),
    declareNeededResourceDelay: r.duration(
      o.declareNeededResourceDelay,
      `${p}/declareNeededResourceDelay`,
      DEFAULTS.declareNeededResourceDelay,
    ),
  };
}

/** The fine-grained SlotManager before 1.18 (cluster.fine-grained-resource-management.enabled) has no redundant TaskManagers (FLINK-31443). */
function redundantTaskManagers(r: Reader, o: Raw, p: string, fineGrained: boolean, version: FlinkVersion): number {
  const n = Number(o.redundantTaskManagers ?? 0);
  if (n === 0 || !fineGrained || atLeast(version, 1, 18)) return n;
  const message = `options.redundantTaskManagers (slotmanager.redundant-taskmanager-num) is ignored: the fine-grained SlotManager keeps redundant TaskManagers from Flink 1.18 and the cluster runs Flink ${formatVersion(version)}`;
  r.notes.push(warning('scenario/option-not-in-version', message, `${p}/redundantTaskManagers`));
  return 0;
}

/**
 * `SlotManagerConfiguration.getMin|MaxTotalCpu`: without the option, n slots of the default worker
 * (worker CPU × n / slots per worker, at the release's Resource scale, rounded down); 0 or no limit
 * (n undefined) give nothing.
 */
function slotsCpu(worker: DefaultWorker, n: number | undefined, version: FlinkVersion): Decimal | undefined {
  if (n === undefined || n === 0) return undefined;
  return divideDecimalRoundDown(multiplyDecimal(worker.total.cpuCores, n), worker.slots, resourceScale(version));
}

/** `getMin|MaxTotalMem`: the default worker's total memory × n / slots per worker (MemorySize, integer division). */
function slotsMemory(worker: DefaultWorker, n: number | undefined): bigint | undefined {
  if (n === undefined || n === 0) return undefined;
  return (getTotalMemory(worker.total) * BigInt(n)) / BigInt(worker.slots);
}

/** The Flink keys the max total resource came from, for the message that names the limit. */
function maxTotalKeys(o: Raw, maxSlots: number | undefined, limited: boolean): { maxTotalKeys?: string } {
  if (!limited) return {};
  const own = [
    o.maxTotalCpu === undefined ? [] : ['slotmanager.max-total-resource.cpu'],
    o.maxTotalMemory === undefined ? [] : ['slotmanager.max-total-resource.memory'],
  ].flat();
  // SlotManagerConfiguration derives the dimension not set from slotmanager.number-of-slots.max default slots.
  const derived = own.length < 2 && maxSlots !== undefined ? [`slotmanager.number-of-slots.max ${maxSlots} × the default slot`] : [];
  return { maxTotalKeys: [...own, ...derived].join(', ') };
}
