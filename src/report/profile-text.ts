/** Short human text for a ResourceProfile as it appears in a report ("cpu 1.5, heap 512mb, gpu 1"). */
import { toCompactString } from '../model/memory-size.js';
import type { BytesJson, ResourceProfileJson } from './profile-json.js';

export function profileToTextFromJson(p: ResourceProfileJson): string {
  if (typeof p === 'string') return p;
  const parts = [`cpu ${p.cpuCores}`];
  const memory: Array<[string, BytesJson]> = [
    ['heap', p.taskHeapMemory],
    ['off-heap', p.taskOffHeapMemory],
    ['managed', p.managedMemory],
    ['network', p.networkMemory],
  ];
  for (const [label, bytes] of memory) if (BigInt(bytes) > 0n) parts.push(`${label} ${toCompactString(BigInt(bytes))}`);
  for (const [name, amount] of Object.entries(p.extendedResources)) parts.push(`${name} ${amount}`);
  return parts.join(', ');
}
