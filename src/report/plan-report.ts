/**
 * JobAnalysis → the versioned `plan` report (plain data; `schemas/plan.schema.json` describes it).
 * Vertices are named by id; maps use fixed key orders so the output is stable byte for byte.
 */
import type { JobAnalysis } from '../plan/analyze-job.js';
import type { UseCaseFractions } from '../plan/managed-memory.js';
import type { PlanJson, UseCaseBytes, UseCaseMap } from '../model/json/plan.js';
import { formatVersion } from '../model/flink-version.js';
import { type ManagedMemoryUseCase, USE_CASES } from '../model/job-graph.js';
import { vertexLabeler } from './vertex-label.js';
import { type BytesJson, bytesToJson, profileToJson } from '../model/profile-json.js';
import { MAX_BYTES } from '../model/memory-size.js';
import { type ProfileFields, isSpecified } from '../model/resource-profile.js';
import { type FloorDimension, floorEntriesOf } from '../model/slot-floor.js';
import { floorToJson } from './slot-floor-report.js';

/** The plan report's JSON types are generated from schemas/plan.schema.json (src/model/json/plan.ts). */
export type { UseCaseMap, UseCaseBytes } from '../model/json/plan.js';
export type PlanReport = PlanJson;
export type AdaptiveBatchJson = NonNullable<PlanJson['adaptiveBatch']>;

function adaptiveBatchJson(a: JobAnalysis): { adaptiveBatch?: AdaptiveBatchJson } {
  const p = a.adaptiveBatch;
  if (p === undefined) return {};
  const b = (x: { value: number; from: string }): { value: number; from: string } => ({ value: x.value, from: x.from });
  return {
    adaptiveBatch: {
      scheduler: p.scheduler,
      reason: p.reason,
      minParallelism: b(p.minParallelism),
      maxParallelism: b(p.maxParallelism),
      defaultSourceParallelism: b(p.defaultSourceParallelism),
      slots: { min: p.slots.min, max: p.slots.max },
      vertices: p.vertices.map((v) => ({
        vertex: v.id,
        source: v.source,
        minParallelism: b(v.min),
        maxParallelism: b(v.max),
        vertexMaxParallelism: v.maxParallelism,
      })),
    },
  };
}

function byUseCase<T>(map: ReadonlyMap<ManagedMemoryUseCase, number>, f: (value: number) => T): Partial<Record<ManagedMemoryUseCase, T>> {
  const out: Partial<Record<ManagedMemoryUseCase, T>> = {};
  for (const uc of USE_CASES) if (map.has(uc)) out[uc] = f(map.get(uc)!);
  return out;
}

function useCaseMap(map: ReadonlyMap<ManagedMemoryUseCase, number>): UseCaseMap {
  return byUseCase(map, (value) => value);
}

/** MemoryManager.computeMemorySize: (long) floor(size × fraction) in double arithmetic (saturating). */
function bytesOf(size: bigint, fraction: number): BytesJson {
  const floored = Math.floor(Number(size) * fraction);
  return bytesToJson(floored >= 2 ** 63 ? MAX_BYTES : BigInt(floored));
}

export function buildPlanReport(a: JobAnalysis): PlanReport {
  const g = a.graph;
  const names = vertexNamesOf(g);
  const ids = (vs: readonly number[]): string[] => vs.map((v) => g.vertices[v]!.id);
  const groupId = (index: number): string => a.slotSharing.groups[index]!.id;
  return {
    reportVersion: 1,
    job: {
      name: g.name,
      mode: g.mode,
      flinkVersion: formatVersion(g.flinkVersion),
      flinkVersionSource: g.flinkVersionSource,
      allVerticesInSameSlotSharingGroupByDefault: g.allVerticesInSameSlotSharingGroupByDefault,
      vertices: g.vertices.length,
      edges: g.edges.length,
      operators: g.vertices.reduce((n, v) => n + v.operators.length, 0),
    },
    minimumSlots: a.minimumSlots,
    ...adaptiveBatchJson(a),
    minimumSlotsReason: minimumSlotsReason(a, names.vertexNames),
    requirements: a.requirements.map((r) => ({
      resourceProfile: profileToJson(r.resourceProfile),
      numberOfRequiredSlots: r.numberOfRequiredSlots,
    })),
    slotSharingGroups: a.slotSharingGroups.map((p) => ({
      id: p.group.id,
      name: p.group.name,
      region: p.group.region ?? null,
      vertices: ids(p.group.vertices),
      slots: p.slots,
      widestVertex: g.vertices[p.widestVertex]!.id,
      resourceProfile: profileToJson(p.resourceProfile),
      profileSource: p.profileSource,
      ...slotMinOf(g.slotSharingGroupFloors?.get(p.group.name)),
    })),
    coLocationGroups: a.slotSharing.coLocationGroups.map((c) => ({
      name: c.name,
      slotSharingGroup: groupId(c.slotSharingGroup),
      vertices: ids(c.vertices),
    })),
    regions: a.regions.regions.map(ids),
    components: a.components.map(ids),
    managedMemory: {
      model: a.managedMemory.model,
      consumerWeights: a.managedMemory.model === 'use-cases' ? useCaseMap(a.managedMemory.weights) : null,
      consumerWeightsSource: g.managedMemoryConfig.consumerWeightsSource ?? 'default',
      stateBackend: {
        ...g.managedMemoryConfig.stateBackend,
        ...(g.managedMemoryConfig.stateBackendMemory === undefined ? {} : { memory: { ...g.managedMemoryConfig.stateBackendMemory } }),
      },
      stateBackendUsesManagedMemory: g.managedMemoryConfig.stateBackendUsesManagedMemory,
      keyedOperators: keyedOperatorsOf(g),
      slotManagedMemory:
        g.managedMemoryConfig.slotManagedMemory === undefined ? null : bytesToJson(g.managedMemoryConfig.slotManagedMemory),
    },
    ...names,
    operators: operatorRows(a, groupId),
    warnings: [...a.warnings],
  };
}

/** Counted in place: a filtered array per vertex was 100,000 arrays for a large job. */
function keyedOperatorsOf(g: JobAnalysis['graph']): number {
  let n = 0;
  for (const v of g.vertices) for (const o of v.operators) if (o.keyed) n++;
  return n;
}

/** The names of the vertices named otherwise than by their id, id → name (built once: 100,000 entries for a big job). */
function vertexNamesOf(g: JobAnalysis['graph']): Pick<PlanReport, 'vertexNames'> {
  let vertexNames: Record<string, string> | undefined;
  for (const v of g.vertices) {
    if (v.name === v.id) continue;
    vertexNames ??= {};
    // An own key, as Object.fromEntries made it: `__proto__ = ` would set the prototype instead.
    if (v.id === '__proto__')
      Object.defineProperty(vertexNames, v.id, { value: v.name, enumerable: true, writable: true, configurable: true });
    else vertexNames[v.id] = v.name;
  }
  return vertexNames === undefined ? {} : { vertexNames };
}

/**
 * The managed memory of the slot each group's subtasks run in: a slot requested with a specified
 * profile (FLIP-156 group resources, or operators' summed resources) is allocated with that
 * profile, and its MemoryManager holds the profile's managed memory (TaskSlotTableImpl.allocateSlot
 * → TaskSlot → MemoryManager.create); any other slot is the TaskManager's default slot.
 */
function slotManagedMemoryOf(a: JobAnalysis): (group: number) => bigint | undefined {
  const configured = a.graph.managedMemoryConfig.slotManagedMemory;
  const specified = new Map<number, bigint>();
  for (const p of a.slotSharingGroups) if (isSpecified(p.resourceProfile)) specified.set(p.group.index, p.resourceProfile.managedMemory);
  return (group) => specified.get(group) ?? configured;
}

function operatorRows(a: JobAnalysis, groupId: (i: number) => string): PlanReport['operators'] {
  const sizeOf = slotManagedMemoryOf(a);
  const vertexId = (v: number): string => a.graph.vertices[v]!.id;
  if (a.managedMemory.model === 'legacy') {
    return a.managedMemory.operators.map((o) => {
      const row: PlanReport['operators'][number] = {
        vertex: vertexId(o.vertex),
        id: o.operator.id,
        name: o.operator.name,
        slotSharingGroup: groupId(o.group),
        legacyFraction: o.legacyFraction,
      };
      const size = sizeOf(o.group);
      if (size !== undefined) row.bytes = bytesOf(size, o.legacyFraction);
      return row;
    });
  }
  // Operators with equal declarations share their fraction maps (see managed-memory.ts): convert
  // each shared map once, so 200k operators cost 200k small rows and not 600k fresh maps.
  const converted = new Map<UseCaseFractions, UseCaseMap>();
  const once = (map: UseCaseFractions, f: (m: UseCaseFractions) => UseCaseMap): UseCaseMap => {
    let out = converted.get(map);
    if (out === undefined) converted.set(map, (out = f(map)));
    return out;
  };
  // Per slot size, then per shared fraction map (groups with their own profiles have their own sizes).
  const bytesCache = new Map<bigint, Map<UseCaseFractions, UseCaseBytes>>();
  return a.managedMemory.operators.map((o) => {
    const row: PlanReport['operators'][number] = {
      vertex: vertexId(o.vertex),
      id: o.operator.id,
      name: o.operator.name,
      slotSharingGroup: groupId(o.group),
      fractionsOfUseCase: once(o.fractionsOfUseCase, useCaseMap),
      fractionsOfSlot: once(o.fractionsOfSlot, useCaseMap),
    };
    const size = sizeOf(o.group);
    if (size !== undefined) {
      let cache = bytesCache.get(size);
      if (cache === undefined) bytesCache.set(size, (cache = new Map()));
      let bytes = cache.get(o.fractionsOfSlot);
      if (bytes === undefined) cache.set(o.fractionsOfSlot, (bytes = byUseCase(o.fractionsOfSlot, (f) => bytesOf(size, f))));
      row.bytes = bytes;
    }
    return row;
  });
}

function minimumSlotsReason(a: JobAnalysis, vertexNames: PlanReport['vertexNames']): PlanReport['minimumSlotsReason'] {
  const label = vertexLabeler(vertexNames);
  const groups = a.slotSharingGroups.map((p) => ({
    slotSharingGroup: p.group.id,
    slots: p.slots,
    vertex: a.graph.vertices[p.widestVertex]!.id,
  }));
  // The explanation is text: Flink files' vertices by name; `groups` keeps the ids.
  const terms = groups.map((x) => `${x.slotSharingGroup} ${x.slots} (vertex '${label(x.vertex)}' has parallelism ${x.slots})`);
  const shown = terms.length > 6 ? [...terms.slice(0, 5), `… ${terms.length - 5} more groups`] : terms;
  let explanation =
    groups.length === 1
      ? `one slot sharing group; its widest vertex '${label(groups[0]!.vertex)}' has parallelism ${groups[0]!.slots}, and every slot holds one subtask of each vertex`
      : `sum over ${groups.length} slot sharing groups of each group's highest parallelism: ${shown.join(' + ')}`;
  if (a.graph.mode === 'batch') {
    explanation +=
      '; this is the all-at-once requirement: a batch job schedules its pipelined regions one after another and can run with fewer slots';
  }
  return { explanation, groups };
}

/** A group's slotMin as report data: the dimensions it gives, bytes and cores. */
function slotMinOf(fields: ProfileFields | undefined): { slotMin?: Partial<Record<FloorDimension, BytesJson>> } {
  if (fields === undefined) return {};
  return { slotMin: Object.fromEntries(floorToJson(floorEntriesOf(fields, { kind: 'slot-min' })).map((f) => [f.dimension, f.minimum])) };
}
