/** Short text for a ResourceProfile in decisions and explanations ("cpu 1.5, heap 512mb, gpu 1"). */
import { decimalToString } from './decimal.js';
import { toCompactString } from './memory-size.js';
import { type ResourceProfile, MEMORY_FIELDS, isSpecified } from './resource-profile.js';

const LABELS: Record<(typeof MEMORY_FIELDS)[number], string> = {
  taskHeapMemory: 'heap',
  taskOffHeapMemory: 'off-heap',
  managedMemory: 'managed',
  networkMemory: 'network',
};

export function describeProfile(p: ResourceProfile): string {
  if (!isSpecified(p)) return p.kind;
  const parts = [`cpu ${decimalToString(p.cpuCores)}`];
  for (const field of MEMORY_FIELDS) if (p[field] > 0n) parts.push(`${LABELS[field]} ${toCompactString(p[field])}`);
  for (const [name, amount] of p.extendedResources) parts.push(`${name} ${decimalToString(amount)}`);
  return parts.join(', ');
}

export function describeCount(c: { readonly profile: ResourceProfile; readonly count: number }): string {
  return `${c.count} × ${describeProfile(c.profile)}`;
}
