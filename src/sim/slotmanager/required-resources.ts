/**
 * The cluster-wide targets the fine-grained strategy keeps: free resources of at least
 * `slotmanager.redundant-taskmanager-num` default workers, and a total of at least
 * `slotmanager.min-total-resource.cpu|memory`.
 */
import { type Decimal, compareDecimal, isZeroDecimal } from '../../model/decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  allFieldsNoLessThan,
  getTotalMemory,
  isSpecified,
  multiply,
} from '../../model/resource-profile.js';

export interface TargetConfig {
  /** The default worker T: what the ResourceManager starts. */
  readonly defaultWorker: SpecifiedProfile;
  readonly redundantTaskManagers: number;
  readonly minTotalCpu: Decimal;
  readonly minTotalMemory: bigint;
}

export function hasNoTargets(config: TargetConfig): boolean {
  return config.redundantTaskManagers === 0 && isZeroDecimal(config.minTotalCpu) && config.minTotalMemory === 0n;
}

export function requiredResourcesFulfilled(available: ResourceProfile, total: ResourceProfile, config: TargetConfig): boolean {
  if (hasNoTargets(config)) return true;
  if (!allFieldsNoLessThan(available, multiply(config.defaultWorker, config.redundantTaskManagers))) return false;
  if (!isSpecified(total)) return true;
  return compareDecimal(total.cpuCores, config.minTotalCpu) >= 0 && getTotalMemory(total) >= config.minTotalMemory;
}
