/**
 * Short text for a ResourceProfile ("cpu 1.5, heap 512 MiB, gpu 1"): in the SlotManager's decisions
 * and explanations, and (from a report's JSON profile) in every text report. One wording for both.
 */
import { decimalToString } from './decimal.js';
import { formatBytes } from './memory-size.js';
import { type ResourceProfile, MEMORY_FIELDS, isSpecified } from './resource-profile.js';

type MemoryField = (typeof MEMORY_FIELDS)[number];

const LABELS: Record<MemoryField, string> = {
  taskHeapMemory: 'heap',
  taskOffHeapMemory: 'off-heap',
  managedMemory: 'managed',
  networkMemory: 'network',
};

/** The text of a specified profile from its parts, numbers already formatted by the caller; memory of 0 is left out. */
export function describeResources(
  cpu: string,
  memory: (field: MemoryField) => bigint,
  extended: Iterable<readonly [string, string]>,
): string {
  const parts = [`cpu ${cpu}`];
  for (const field of MEMORY_FIELDS) {
    const bytes = memory(field);
    if (bytes > 0n) parts.push(`${LABELS[field]} ${formatBytes(bytes)}`);
  }
  for (const [name, amount] of extended) parts.push(`${name} ${amount}`);
  return parts.join(', ');
}

export function describeProfile(p: ResourceProfile): string {
  if (!isSpecified(p)) return p.kind;
  return describeResources(
    decimalToString(p.cpuCores),
    (f) => p[f],
    [...p.extendedResources].map(([name, amount]) => [name, decimalToString(amount)] as const),
  );
}

export function describeCount(c: { readonly profile: ResourceProfile; readonly count: number }): string {
  return `${c.count} × ${describeProfile(c.profile)}`;
}
