/** ResourceProfile → report data (JSON) and → short human text. */
import { decimalToNumber } from '../model/decimal.js';
import { type ResourceProfile, isSpecified } from '../model/resource-profile.js';

export type ResourceProfileJson =
  | 'UNKNOWN'
  | 'ANY'
  | {
      cpuCores: number;
      taskHeapMemory: number;
      taskOffHeapMemory: number;
      managedMemory: number;
      networkMemory: number;
      extendedResources: Record<string, number>;
    };

export function profileToJson(p: ResourceProfile): ResourceProfileJson {
  if (!isSpecified(p)) return p.kind;
  return {
    cpuCores: decimalToNumber(p.cpuCores),
    taskHeapMemory: Number(p.taskHeapMemory),
    taskOffHeapMemory: Number(p.taskOffHeapMemory),
    managedMemory: Number(p.managedMemory),
    networkMemory: Number(p.networkMemory),
    extendedResources: Object.fromEntries([...p.extendedResources].map(([k, v]) => [k, decimalToNumber(v)])),
  };
}
