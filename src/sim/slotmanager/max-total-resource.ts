/**
 * `slotmanager.max-total-resource.cpu` / `.memory`: the fine-grained SlotManager starts no worker
 * that would take the registered and pending total past either limit (`FineGrainedSlotManager.
 * isMaxTotalResourceExceededAfterAdding`); total memory is heap + off-heap + managed + network.
 */
import { compareDecimal, decimalToString } from '../../model/decimal.js';
import { formatBytes } from '../../model/memory-size.js';
import { type ResourceProfile, getTotalMemory, isSpecified } from '../../model/resource-profile.js';
import type { SlotManagerConfig } from './slot-manager.js';

export function exceedsMaxTotal(config: SlotManagerConfig, total: ResourceProfile): boolean {
  if (!isSpecified(total)) return false;
  if (config.maxTotalCpu !== undefined && compareDecimal(total.cpuCores, config.maxTotalCpu) > 0) return true;
  return config.maxTotalMemory !== undefined && getTotalMemory(total) > config.maxTotalMemory;
}

/** "4 CPU, 8.000gb", or "unlimited" for a limit not set. */
export function describeMaxTotal(config: SlotManagerConfig): string {
  const cpu = config.maxTotalCpu === undefined ? 'unlimited CPU' : `${decimalToString(config.maxTotalCpu)} CPU`;
  const mem = config.maxTotalMemory === undefined ? 'unlimited memory' : formatBytes(config.maxTotalMemory);
  return config.maxTotalKeys === undefined ? `${cpu}, ${mem}` : `${cpu}, ${mem}: ${config.maxTotalKeys}`;
}
