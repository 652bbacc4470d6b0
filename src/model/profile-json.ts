/** ResourceProfile → report data (JSON) and → short human text. */
import { decimalToNumber } from './decimal.js';
import { type ResourceProfile as ResourceProfileModel, type SpecifiedProfile, isSpecified } from './resource-profile.js';
import type { Bytes, ResourceProfile } from './json/plan.js';

/** Bytes as a JSON number while exact (up to 2^53), beyond that as a decimal string. */
export type BytesJson = Bytes;

export function bytesToJson(bytes: bigint): BytesJson {
  return bytes <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(bytes) : bytes.toString();
}

/** A ResourceProfile in every output schema ($defs/resourceProfile; generated from schemas/plan.schema.json's). */
export type ResourceProfileJson = ResourceProfile;
/** A specified profile: what a TaskManager's total and default slot always are. */
export type SpecifiedProfileJson = Exclude<ResourceProfileJson, string>;

export function profileToJson(p: SpecifiedProfile): SpecifiedProfileJson;
export function profileToJson(p: ResourceProfileModel): ResourceProfileJson;
export function profileToJson(p: ResourceProfileModel): ResourceProfileJson {
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
