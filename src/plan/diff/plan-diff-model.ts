/**
 * The shape of a plan diff (`flinkslot diff --json`, described by schemas/diff.schema.json): plain
 * JSON-ready data, no bigint. `plan-diff.ts` computes it from two
 * `PlanFacts`; the diff renderers (src/report/diff/) read it.
 */
import type { BytesJson, ResourceProfileJson } from '../../model/profile-json.js';

export interface NumberChange {
  old: number;
  new: number;
  delta: number;
}

/** A byte count that may be negative: a JSON integer while exact (|n| ≤ 2^53), else a decimal string. */
export type SignedBytesJson = number | string;

export interface JobSide {
  name: string;
  mode: string;
  flinkVersion: string;
  flinkVersionSource: 'file' | 'option' | 'assumed';
  vertices: number;
  edges: number;
  operators: number;
}

export interface GroupSide {
  id: string;
  name: string;
  /** A batch job's per-region default group: its id (`default/region-N`) is a number, its vertices name it. */
  perRegion?: true;
  slots: number;
  widestVertex: string;
  vertices: string[];
  resourceProfile: ResourceProfileJson;
}

export type GroupMatch = 'name' | 'vertices';

export interface GroupChange {
  matchedBy: GroupMatch;
  old: GroupSide;
  new: GroupSide;
  slotsDelta: number;
  profileChanged: boolean;
  /** Fields of the resource profile that grew (cpuCores and the memory fields); both profiles specified. */
  profileGrew: ProfileField[];
  verticesAdded: string[];
  verticesRemoved: string[];
}

export type ProfileField = 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';

export interface RequirementChange {
  resourceProfile: ResourceProfileJson;
  old: number;
  new: number;
  delta: number;
}

export interface VertexSide {
  id: string;
  /** null when the parallelism of the vertices was not given to diffPlans. */
  parallelism: number | null;
  slotSharingGroup: string;
}

export interface OperatorSide {
  vertex: string;
  id: string;
  name: string;
}

/** Managed-memory key: a use case, or LEGACY for Flink 1.10/1.11's one fraction per operator. */
export type MemoryKey = 'OPERATOR' | 'STATE_BACKEND' | 'PYTHON' | 'LEGACY';

export interface OperatorUseCaseChange {
  useCase: MemoryKey;
  fractionOfSlot: { old: number | null; new: number | null };
  /** Present when both reports have bytes (a slot's managed memory is known on both sides). */
  bytes?: { old: BytesJson | null; new: BytesJson | null };
}

export interface OperatorChange extends OperatorSide {
  /** Only the use cases whose fraction or bytes differ. */
  useCases: OperatorUseCaseChange[];
  /** Sum over the operator's use cases; present when both reports have bytes. */
  managedBytes?: { old: BytesJson; new: BytesJson; delta: SignedBytesJson };
}

export interface PlanDiff {
  diffVersion: 1;
  /** Warnings of reading either file (e.g. a Flink version newer than the newest flinkslot knows). */
  warnings?: string[];
  /** Vertex id → name for vertices whose name is not their id (Flink's files), from both plans. */
  vertexNames?: Record<string, string>;
  /** Anything below differs (the job's name alone does not count). */
  changed: boolean;
  grew: {
    /** Minimum slots or the count of any requirement increased. */
    slots: boolean;
    /** An operator's managed-memory bytes increased (both sides with bytes), or a matched group's profile grew in CPU or a memory field. */
    memory: boolean;
  };
  job: { old: JobSide; new: JobSide };
  minimumSlots: NumberChange;
  requirements: RequirementChange[];
  slotSharingGroups: { added: GroupSide[]; removed: GroupSide[]; changed: GroupChange[]; unchanged: number };
  regions: { old: number; new: number; added: string[][]; removed: string[][]; unchanged: number };
  vertices: {
    parallelismCompared: boolean;
    added: VertexSide[];
    removed: VertexSide[];
    parallelism: Array<{ id: string; old: number; new: number; delta: number }>;
    slotSharingGroup: Array<{ id: string; old: string; new: string }>;
  };
  managedMemory: {
    model: { old: string; new: string };
    slotManagedMemory: { old: BytesJson | null; new: BytesJson | null };
    bytesCompared: boolean;
  };
  operators: { added: OperatorSide[]; removed: OperatorSide[]; changed: OperatorChange[]; unchanged: number };
}

type UseCaseNumbers = Partial<Record<Exclude<MemoryKey, 'LEGACY'>, number>>;
type UseCaseBytes = Partial<Record<Exclude<MemoryKey, 'LEGACY'>, BytesJson>>;

/** What the diff compares of a plan: the `plan` report's fields of the same names (it passes as is). */
export interface PlanFacts {
  readonly job: Readonly<JobSide>;
  readonly minimumSlots: number;
  readonly requirements: ReadonlyArray<{ readonly resourceProfile: ResourceProfileJson; readonly numberOfRequiredSlots: number }>;
  readonly slotSharingGroups: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    /** null: a job-wide group; a number: a batch job's per-region default group. */
    readonly region: number | null;
    readonly vertices: readonly string[];
    readonly slots: number;
    readonly widestVertex: string;
    readonly resourceProfile: ResourceProfileJson;
  }>;
  readonly regions: readonly (readonly string[])[];
  readonly managedMemory: { readonly model: string; readonly slotManagedMemory: BytesJson | null };
  readonly vertexNames?: Readonly<Record<string, string>>;
  readonly operators: ReadonlyArray<{
    readonly vertex: string;
    readonly id: string;
    readonly name: string;
    readonly fractionsOfSlot?: UseCaseNumbers;
    readonly legacyFraction?: number;
    readonly bytes?: UseCaseBytes | BytesJson;
  }>;
}
