/** Test helpers: build a JobGraph from plain data the way a user's file is read, and analyse it. */
import { type JobAnalysis, analyzeJob } from '../../src/plan/analyze-job.js';
import type { Diagnostic } from '../../src/errors/diagnostic.js';
import type { JobGraph } from '../../src/model/job-graph.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';

export function graphOf(data: unknown): JobGraph {
  const result = jobGraphFromData(data);
  if (!result.ok) throw new Error(`unexpected input diagnostics: ${JSON.stringify(result.diagnostics)}`);
  return result.value;
}

export function analysisOf(data: unknown): JobAnalysis {
  const result = analyzeJob(graphOf(data));
  if (!result.ok) throw new Error(`unexpected analysis diagnostics: ${JSON.stringify(result.diagnostics)}`);
  return result.value;
}

/** The diagnostics of an analysis that must fail (the input itself must be valid). */
export function analysisErrors(data: unknown): Diagnostic[] {
  const result = analyzeJob(graphOf(data));
  if (result.ok) throw new Error('expected the analysis to fail');
  return result.diagnostics;
}

/** The diagnostics of input that must be rejected before analysis. */
export function inputErrors(data: unknown): Diagnostic[] {
  const result = jobGraphFromData(data);
  if (result.ok) throw new Error('expected the input to be rejected');
  return result.diagnostics;
}

export function vertexIds(a: JobAnalysis, vertices: readonly number[]): string[] {
  return vertices.map((v) => a.graph.vertices[v]!.id);
}

export function regionIds(a: JobAnalysis): string[][] {
  return a.regions.regions.map((r) => vertexIds(a, r));
}

/** Slot sharing groups as id -> vertex ids, in group order. */
export function groupIds(a: JobAnalysis): Record<string, string[]> {
  return Object.fromEntries(a.slotSharing.groups.map((g) => [g.id, vertexIds(a, g.vertices)]));
}

type UseCaseRecord = Record<string, number>;

/** Managed-memory fractions (use-case model) of one operator, as plain records. */
export function fractionsOf(a: JobAnalysis, operatorId: string): { ofUseCase: UseCaseRecord; ofSlot: UseCaseRecord } {
  if (a.managedMemory.model !== 'use-cases') throw new Error('not the use-case model');
  const op = a.managedMemory.operators.find((o) => o.operator.id === operatorId);
  if (op === undefined) throw new Error(`no operator ${operatorId}`);
  return { ofUseCase: Object.fromEntries(op.fractionsOfUseCase), ofSlot: Object.fromEntries(op.fractionsOfSlot) };
}

export function legacyFractionOf(a: JobAnalysis, operatorId: string): number {
  if (a.managedMemory.model !== 'legacy') throw new Error('not the legacy model');
  const op = a.managedMemory.operators.find((o) => o.operator.id === operatorId);
  if (op === undefined) throw new Error(`no operator ${operatorId}`);
  return op.legacyFraction;
}
