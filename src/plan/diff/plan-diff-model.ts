/**
 * The shape of a plan diff (`flinkslot diff --json`, described by schemas/diff.schema.json): plain
 * JSON-ready data, no bigint. `plan-diff.ts` computes it from two
 * `PlanFacts`; the diff renderers (src/report/diff/) read it.
 */
import type { DiffJson, OperatorChange as OperatorChangeJson, SignedBytes } from '../../model/json/diff.js';
import type { JobSide } from '../../model/json/diff.js';
import type { BytesJson, ResourceProfileJson } from '../../model/profile-json.js';

// The types are generated from schemas/diff.schema.json (src/model/json/diff.ts); the names the
// diff's code and renderers use are aliases.
export type { NumberChange, JobSide, GroupSide, ProfileField, VertexSide, OperatorSide } from '../../model/json/diff.js';
export type PlanDiff = DiffJson;
/** A byte count that may be negative: a JSON integer while exact (|n| ≤ 2^53), else a decimal string. */
export type SignedBytesJson = SignedBytes;
export type GroupMatch = DiffJson['slotSharingGroups']['changed'][number]['matchedBy'];
export type GroupChange = DiffJson['slotSharingGroups']['changed'][number];
export type RequirementChange = DiffJson['requirements'][number];
export type OperatorChange = OperatorChangeJson;
export type OperatorUseCaseChange = OperatorChange['useCases'][number];
/** Managed-memory key: a use case, or LEGACY for Flink 1.10/1.11's one fraction per operator. */
export type MemoryKey = OperatorUseCaseChange['useCase'];

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
  readonly managedMemory: { readonly model: 'use-cases' | 'legacy'; readonly slotManagedMemory: BytesJson | null };
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
