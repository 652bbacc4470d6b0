/**
 * The shape of a plan diff (`flinkslot diff --json`, described by schemas/diff.schema.json): plain
 * JSON-ready data, no bigint. `plan-diff.ts` computes it; the diff renderers read it.
 */
import type { DiffJson, OperatorChange as OperatorChangeJson, SignedBytes } from '../json/diff.js';

// The types are generated from schemas/diff.schema.json (src/report/json/diff.ts); the names the
// diff's code and renderers use are aliases.
export type { NumberChange, JobSide, GroupSide, ProfileField, VertexSide, OperatorSide } from '../json/diff.js';
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
