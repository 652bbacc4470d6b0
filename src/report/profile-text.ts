/** Short human text for a ResourceProfile as it appears in a report: the model's wording, from the JSON form. */
import { describeResources } from '../model/describe-profile.js';
import type { BytesJson, ResourceProfileJson } from '../model/profile-json.js';

export function profileToTextFromJson(p: ResourceProfileJson): string {
  if (typeof p === 'string') return p;
  return describeResources(
    String(p.cpuCores),
    (f) => BigInt(p[f]),
    Object.entries(p.extendedResources).map(([name, amount]) => [name, String(amount)] as const),
  );
}

/**
 * A TaskManager's free resources as a person should read them: a dimension whose free amount is
 * within the remainder of dividing the TaskManager into slots (model/slot-remainder.ts) is 0, as
 * no slot can use it. The JSON keeps both exact.
 */
export function usableFreeJson(free: ResourceProfileJson, remainder: ResourceProfileJson | undefined): ResourceProfileJson {
  if (typeof free === 'string' || remainder === undefined || typeof remainder === 'string') return free;
  const bytes = (f: MemoryJsonField): BytesJson => (BigInt(free[f]) <= BigInt(remainder[f]) ? 0 : free[f]);
  return {
    cpuCores: free.cpuCores <= remainder.cpuCores ? 0 : free.cpuCores,
    taskHeapMemory: bytes('taskHeapMemory'),
    taskOffHeapMemory: bytes('taskOffHeapMemory'),
    managedMemory: bytes('managedMemory'),
    networkMemory: bytes('networkMemory'),
    extendedResources: Object.fromEntries(
      Object.entries(free.extendedResources).filter(([name, amount]) => amount > (remainder.extendedResources[name] ?? 0)),
    ),
  };
}

type MemoryJsonField = 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
