/**
 * Two plans → what changed between them (the `diff` report; `schemas/diff.schema.json`). An
 * analysis of two plans, so it lives in the plan stage: it reads the facts of a plan it compares
 * (`PlanFacts`, which the `plan` report satisfies as it is) and gives plain JSON-ready data (no
 * bigint); `report/diff/` renders it.
 *
 * Matching rules:
 * - slot sharing groups: a job-wide group (a group the user named, or streaming's single default
 *   group) is matched by its name; a per-region default group (batch) by the set of its vertex ids;
 *   a group found on one side only is added or removed;
 * - requirements: by resource profile (count old/new);
 * - regions: as sets of vertex ids; a region equal as a set on both sides is unchanged;
 * - vertices by id, operators by (vertex id, operator id).
 */
import type { JobGraph } from '../../model/job-graph.js';
import type { BytesJson, ResourceProfileJson } from '../../model/profile-json.js';
import type {
  NumberChange,
  SignedBytesJson,
  JobSide,
  GroupSide,
  GroupMatch,
  GroupChange,
  ProfileField,
  RequirementChange,
  VertexSide,
  OperatorSide,
  MemoryKey,
  OperatorUseCaseChange,
  OperatorChange,
  PlanDiff,
  PlanFacts,
} from './plan-diff-model.js';

const PROFILE_MEMORY_FIELDS = ['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory'] as const;
const MEMORY_KEYS: readonly MemoryKey[] = ['OPERATOR', 'STATE_BACKEND', 'PYTHON', 'LEGACY'];

export interface DiffOptions {
  /** Parallelism of every vertex by id (see `vertexParallelism`); the plan report does not carry it. */
  parallelism?: { old: ReadonlyMap<string, number>; new: ReadonlyMap<string, number> };
}

/** Vertex id → parallelism, in the graph's vertex order. */
export function vertexParallelism(graph: JobGraph): Map<string, number> {
  return new Map(graph.vertices.map((v) => [v.id, v.parallelism]));
}

export function diffPlans(oldReport: PlanFacts, newReport: PlanFacts, options: DiffOptions = {}): PlanDiff {
  const minimumSlots = numberChange(oldReport.minimumSlots, newReport.minimumSlots);
  const requirements = diffRequirements(oldReport, newReport);
  const slotSharingGroups = diffGroups(oldReport, newReport);
  const regions = diffRegions(oldReport.regions, newReport.regions);
  const vertices = diffVertices(oldReport, newReport, options.parallelism);
  const bytesCompared = oldReport.managedMemory.slotManagedMemory !== null && newReport.managedMemory.slotManagedMemory !== null;
  const operators = diffOperators(oldReport, newReport, bytesCompared);
  const managedMemory = {
    model: { old: oldReport.managedMemory.model, new: newReport.managedMemory.model },
    slotManagedMemory: { old: oldReport.managedMemory.slotManagedMemory, new: newReport.managedMemory.slotManagedMemory },
    bytesCompared,
  };
  const job = { old: jobSide(oldReport), new: jobSide(newReport) };

  const grewSlots = minimumSlots.delta > 0 || requirements.some((r) => r.delta > 0);
  const grewMemory =
    operators.changed.some((o) => o.managedBytes !== undefined && isPositive(o.managedBytes.delta)) ||
    slotSharingGroups.changed.some((g) => g.profileGrew.length > 0);
  const changed =
    job.old.mode !== job.new.mode ||
    job.old.flinkVersion !== job.new.flinkVersion ||
    minimumSlots.delta !== 0 ||
    requirements.some((r) => r.delta !== 0) ||
    slotSharingGroups.added.length + slotSharingGroups.removed.length + slotSharingGroups.changed.length > 0 ||
    regions.added.length + regions.removed.length > 0 ||
    vertices.added.length + vertices.removed.length + vertices.parallelism.length + vertices.slotSharingGroup.length > 0 ||
    managedMemory.model.old !== managedMemory.model.new ||
    !sameBytes(managedMemory.slotManagedMemory.old, managedMemory.slotManagedMemory.new) ||
    operators.added.length + operators.removed.length + operators.changed.length > 0;

  const names = { ...oldReport.vertexNames, ...newReport.vertexNames };
  return {
    diffVersion: 1,
    ...(Object.keys(names).length === 0 ? {} : { vertexNames: names }),
    changed,
    grew: { slots: grewSlots, memory: grewMemory },
    job,
    minimumSlots,
    requirements,
    slotSharingGroups,
    regions,
    vertices,
    managedMemory,
    operators,
  };
}

// ---------------------------------------------------------------------------------------------

function numberChange(oldValue: number, newValue: number): NumberChange {
  return { old: oldValue, new: newValue, delta: newValue - oldValue };
}

function jobSide(r: PlanFacts): JobSide {
  const j = r.job;
  return {
    name: j.name,
    mode: j.mode,
    flinkVersion: j.flinkVersion,
    flinkVersionSource: j.flinkVersionSource,
    vertices: j.vertices,
    edges: j.edges,
    operators: j.operators,
  };
}

function signedBytesToJson(bytes: bigint): SignedBytesJson {
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  return bytes <= limit && bytes >= -limit ? Number(bytes) : bytes.toString();
}

function isPositive(bytes: SignedBytesJson): boolean {
  return BigInt(bytes) > 0n;
}

function sameBytes(a: BytesJson | null, b: BytesJson | null): boolean {
  return a === null || b === null ? a === b : BigInt(a) === BigInt(b);
}

/** A canonical text for a profile: equal profiles (whatever the key order) give equal keys. */
export function profileKey(p: ResourceProfileJson): string {
  if (typeof p === 'string') return p;
  const extended = Object.keys(p.extendedResources)
    .sort()
    .map((k) => [k, p.extendedResources[k]]);
  return JSON.stringify([p.cpuCores, ...PROFILE_MEMORY_FIELDS.map((f) => String(p[f])), extended]);
}

function diffRequirements(oldReport: PlanFacts, newReport: PlanFacts): RequirementChange[] {
  const rows = new Map<string, RequirementChange>();
  const row = (profile: ResourceProfileJson): RequirementChange => {
    const key = profileKey(profile);
    let r = rows.get(key);
    if (r === undefined) rows.set(key, (r = { resourceProfile: profile, old: 0, new: 0, delta: 0 }));
    return r;
  };
  for (const r of oldReport.requirements) row(r.resourceProfile).old += r.numberOfRequiredSlots;
  for (const r of newReport.requirements) row(r.resourceProfile).new += r.numberOfRequiredSlots;
  return [...rows.values()].map((r) => ({ ...r, delta: r.new - r.old }));
}

type ReportGroup = PlanFacts['slotSharingGroups'][number];

function groupKey(g: ReportGroup): { key: string; matchedBy: GroupMatch } {
  // A per-region default group (region set) has no name of its own: only its members identify it.
  if (g.region === null) return { key: `name\u0000${g.name}`, matchedBy: 'name' };
  return { key: `vertices\u0000${setKey(g.vertices)}`, matchedBy: 'vertices' };
}

function setKey(ids: readonly string[]): string {
  return [...ids].sort().join('\u0000');
}

function groupSide(g: ReportGroup): GroupSide {
  return {
    id: g.id,
    name: g.name,
    ...(g.region === null ? {} : { perRegion: true as const }),
    slots: g.slots,
    widestVertex: g.widestVertex,
    vertices: [...g.vertices],
    resourceProfile: g.resourceProfile,
  };
}

function diffGroups(oldReport: PlanFacts, newReport: PlanFacts): PlanDiff['slotSharingGroups'] {
  const oldByKey = new Map(oldReport.slotSharingGroups.map((g) => [groupKey(g).key, g]));
  const newKeys = new Set<string>();
  const added: GroupSide[] = [];
  const changed: GroupChange[] = [];
  let unchanged = 0;
  for (const g of newReport.slotSharingGroups) {
    const { key, matchedBy } = groupKey(g);
    newKeys.add(key);
    const before = oldByKey.get(key);
    if (before === undefined) {
      added.push(groupSide(g));
      continue;
    }
    const oldMembers = new Set(before.vertices);
    const newMembers = new Set(g.vertices);
    const verticesAdded = g.vertices.filter((v) => !oldMembers.has(v));
    const verticesRemoved = before.vertices.filter((v) => !newMembers.has(v));
    const profileChanged = profileKey(before.resourceProfile) !== profileKey(g.resourceProfile);
    const change: GroupChange = {
      matchedBy,
      old: groupSide(before),
      new: groupSide(g),
      slotsDelta: g.slots - before.slots,
      profileChanged,
      profileGrew: profileChanged ? profileGrowth(before.resourceProfile, g.resourceProfile) : [],
      verticesAdded,
      verticesRemoved,
    };
    if (change.slotsDelta !== 0 || profileChanged || verticesAdded.length > 0 || verticesRemoved.length > 0) changed.push(change);
    else unchanged++;
  }
  const removed = oldReport.slotSharingGroups.filter((g) => !newKeys.has(groupKey(g).key)).map(groupSide);
  return { added, removed, changed, unchanged };
}

/** The fields that grew; UNKNOWN/ANY on either side cannot be compared and count as no growth. */
function profileGrowth(before: ResourceProfileJson, after: ResourceProfileJson): ProfileField[] {
  if (typeof before === 'string' || typeof after === 'string') return [];
  const grew: ProfileField[] = [];
  if (after.cpuCores > before.cpuCores) grew.push('cpuCores');
  for (const field of PROFILE_MEMORY_FIELDS) if (BigInt(after[field]) > BigInt(before[field])) grew.push(field);
  return grew;
}

function diffRegions(oldRegions: PlanFacts['regions'], newRegions: PlanFacts['regions']): PlanDiff['regions'] {
  const oldKeys = new Set(oldRegions.map(setKey));
  const newKeys = new Set(newRegions.map(setKey));
  const added = newRegions.filter((r) => !oldKeys.has(setKey(r))).map((r) => [...r]);
  const removed = oldRegions.filter((r) => !newKeys.has(setKey(r))).map((r) => [...r]);
  return { old: oldRegions.length, new: newRegions.length, added, removed, unchanged: newRegions.length - added.length };
}

/** Vertex id → slot sharing group name, in the order vertices should be listed. */
function vertexGroups(report: PlanFacts, parallelism: ReadonlyMap<string, number> | undefined): Map<string, string> {
  const groupOf = new Map<string, string>();
  for (const g of report.slotSharingGroups) for (const v of g.vertices) groupOf.set(v, g.name);
  if (parallelism === undefined) return groupOf;
  const ordered = new Map<string, string>();
  for (const id of parallelism.keys()) if (groupOf.has(id)) ordered.set(id, groupOf.get(id)!);
  for (const [id, name] of groupOf) if (!ordered.has(id)) ordered.set(id, name);
  return ordered;
}

function diffVertices(oldReport: PlanFacts, newReport: PlanFacts, parallelism: DiffOptions['parallelism']): PlanDiff['vertices'] {
  const oldGroups = vertexGroups(oldReport, parallelism?.old);
  const newGroups = vertexGroups(newReport, parallelism?.new);
  const side = (id: string, group: string, p: ReadonlyMap<string, number> | undefined): VertexSide => ({
    id,
    parallelism: p?.get(id) ?? null,
    slotSharingGroup: group,
  });
  const out: PlanDiff['vertices'] = {
    parallelismCompared: parallelism !== undefined,
    added: [],
    removed: [],
    parallelism: [],
    slotSharingGroup: [],
  };
  for (const [id, group] of newGroups) {
    const before = oldGroups.get(id);
    if (before === undefined) {
      out.added.push(side(id, group, parallelism?.new));
      continue;
    }
    if (before !== group) out.slotSharingGroup.push({ id, old: before, new: group });
    const p0 = parallelism?.old.get(id);
    const p1 = parallelism?.new.get(id);
    if (p0 !== undefined && p1 !== undefined && p0 !== p1) out.parallelism.push({ id, old: p0, new: p1, delta: p1 - p0 });
  }
  for (const [id, group] of oldGroups) if (!newGroups.has(id)) out.removed.push(side(id, group, parallelism?.old));
  return out;
}

type ReportOperator = PlanFacts['operators'][number];

function fractionOf(o: ReportOperator, key: MemoryKey): number | null {
  if (key === 'LEGACY') return o.legacyFraction ?? null;
  return o.fractionsOfSlot?.[key] ?? null;
}

function bytesOf(o: ReportOperator, key: MemoryKey): bigint | null {
  const b = o.bytes;
  if (b === undefined) return null;
  if (typeof b !== 'object') return key === 'LEGACY' ? BigInt(b) : null;
  if (key === 'LEGACY') return null;
  const value = b[key];
  return value === undefined ? null : BigInt(value);
}

function bytesJson(bytes: bigint | null): BytesJson | null {
  return bytes === null ? null : (signedBytesToJson(bytes) as BytesJson);
}

function operatorKey(o: ReportOperator): string {
  return `${o.vertex}\u0000${o.id}`;
}

function operatorSide(o: ReportOperator): OperatorSide {
  return { vertex: o.vertex, id: o.id, name: o.name };
}

function diffOperators(oldReport: PlanFacts, newReport: PlanFacts, bytesCompared: boolean): PlanDiff['operators'] {
  const oldByKey = new Map(oldReport.operators.map((o) => [operatorKey(o), o]));
  const newKeys = new Set<string>();
  const added: OperatorSide[] = [];
  const changed: OperatorChange[] = [];
  let unchanged = 0;
  for (const o of newReport.operators) {
    const key = operatorKey(o);
    newKeys.add(key);
    const before = oldByKey.get(key);
    if (before === undefined) {
      added.push(operatorSide(o));
      continue;
    }
    const change = operatorChange(before, o, bytesCompared);
    if (change === undefined) unchanged++;
    else changed.push(change);
  }
  const removed = oldReport.operators.filter((o) => !newKeys.has(operatorKey(o))).map(operatorSide);
  return { added, removed, changed, unchanged };
}

function operatorChange(before: ReportOperator, after: ReportOperator, bytesCompared: boolean): OperatorChange | undefined {
  const useCases: OperatorUseCaseChange[] = [];
  let oldTotal = 0n;
  let newTotal = 0n;
  for (const key of MEMORY_KEYS) {
    const f0 = fractionOf(before, key);
    const f1 = fractionOf(after, key);
    const b0 = bytesCompared ? bytesOf(before, key) : null;
    const b1 = bytesCompared ? bytesOf(after, key) : null;
    oldTotal += b0 ?? 0n;
    newTotal += b1 ?? 0n;
    if (f0 === f1 && b0 === b1) continue;
    const row: OperatorUseCaseChange = { useCase: key, fractionOfSlot: { old: f0, new: f1 } };
    if (bytesCompared) row.bytes = { old: bytesJson(b0), new: bytesJson(b1) };
    useCases.push(row);
  }
  if (useCases.length === 0) return undefined;
  const change: OperatorChange = { ...operatorSide(after), useCases };
  if (bytesCompared)
    change.managedBytes = { old: bytesJson(oldTotal)!, new: bytesJson(newTotal)!, delta: signedBytesToJson(newTotal - oldTotal) };
  return change;
}
