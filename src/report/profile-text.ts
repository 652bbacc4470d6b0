/** Short human text for a ResourceProfile as it appears in a report. */
import type { ResourceProfileJson } from './profile-json.js';

const UNITS: Array<[number, string]> = [
  [1024 ** 4, 'tb'],
  [1024 ** 3, 'gb'],
  [1024 ** 2, 'mb'],
  [1024, 'kb'],
];

export function bytesToText(bytes: number): string {
  for (const [size, unit] of UNITS) if (bytes !== 0 && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}

export function profileToTextFromJson(p: ResourceProfileJson): string {
  if (typeof p === 'string') return p;
  const parts = [`cpu ${p.cpuCores}`];
  const memory: Array<[string, number]> = [
    ['heap', p.taskHeapMemory],
    ['off-heap', p.taskOffHeapMemory],
    ['managed', p.managedMemory],
    ['network', p.networkMemory],
  ];
  for (const [label, bytes] of memory) if (bytes > 0) parts.push(`${label} ${bytesToText(bytes)}`);
  for (const [name, amount] of Object.entries(p.extendedResources)) parts.push(`${name} ${amount}`);
  return parts.join(', ');
}
