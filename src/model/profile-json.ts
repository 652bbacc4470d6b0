/** ResourceProfile → report data (JSON) and → short human text. */
import { decimalToNumber } from './decimal.js';
import { type ResourceProfile, isSpecified } from './resource-profile.js';

/** Bytes as a JSON number while exact (up to 2^53), beyond that as a decimal string. */
export type BytesJson = number | string;

export function bytesToJson(bytes: bigint): BytesJson {
  return bytes <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(bytes) : bytes.toString();
}

export type ResourceProfileJson =
  | 'UNKNOWN'
  | 'ANY'
  | {
      cpuCores: number;
      taskHeapMemory: BytesJson;
      taskOffHeapMemory: BytesJson;
      managedMemory: BytesJson;
      networkMemory: BytesJson;
      extendedResources: Record<string, number>;
    };

export function profileToJson(p: ResourceProfile): ResourceProfileJson {
  if (!isSpecified(p)) return p.kind;
  return {
    cpuCores: decimalToNumber(p.cpuCores),
    taskHeapMemory: bytesToJson(p.taskHeapMemory),
    taskOffHeapMemory: bytesToJson(p.taskOffHeapMemory),
    managedMemory: bytesToJson(p.managedMemory),
    networkMemory: bytesToJson(p.networkMemory),
    extendedResources: Object.fromEntries([...p.extendedResources].map(([k, v]) => [k, decimalToNumber(v)])),
  };
}
