/** Level `managed-memory-weights`: consumer weights from config, and conversion to slot fractions. */
import { resolveConsumerWeights } from '../../../src/plan/consumer-weights.js';
import { convertToFractionsOfSlot } from '../../../src/plan/managed-memory.js';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import type { ManagedMemoryUseCase } from '../../../src/model/job-graph.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { sameNumber } from '../compare.js';
import { capture } from '../profiles.js';

const CASE_KEYS = ['id', 'consumerWeights', 'useCase', 'fractionOfUseCase', 'allUseCases', 'stateBackendUsesManagedMemory'];

function listCases(cases: unknown): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(cases)) return cases.map((x: Record<string, unknown>) => [String(x.id), x]);
  if (typeof cases === 'object' && cases !== null) return Object.entries(cases as Record<string, Record<string, unknown>>);
  throw new CaseError('input.cases must be a list or a map');
}

export function runManagedMemoryWeights(c: ConformanceCase, version: string): string[] {
  checkKeys(c.input, ['cases'], 'input');
  const flinkVersion = parseFlinkVersion(version)!;
  const cases = listCases(c.input.cases);
  const ids = new Set(cases.map(([id]) => id));
  checkKeys(c.expect, ['weights', 'tolerance', ...ids], 'expect');
  const tolerance = c.expect.tolerance as number | undefined;
  const expectedWeights = (c.expect.weights ?? {}) as Record<string, Record<string, number>>;
  for (const id of Object.keys(expectedWeights)) if (!ids.has(id)) throw new CaseError(`expect.weights names unknown case '${id}'`);
  const failures: string[] = [];
  for (const [id, input] of cases) {
    checkKeys(input, CASE_KEYS, `input.cases.${id}`);
    const configured =
      input.consumerWeights === undefined ? undefined : new Map(Object.entries(input.consumerWeights as Record<string, number>));
    const weights = capture(() => resolveConsumerWeights(configured, flinkVersion));
    const want = c.expect[id];
    if ('error' in weights) {
      const expectedError = (want as { error?: string } | undefined)?.error;
      if (expectedError === undefined || !weights.error.includes(expectedError)) failures.push(`${id}: unexpected error ${weights.error}`);
      continue;
    }
    if (typeof want === 'object' && want !== null && 'error' in want) {
      failures.push(
        `${id}: expected error '${String((want as { error: unknown }).error)}', got weights ${JSON.stringify(Object.fromEntries(weights))}`,
      );
      continue;
    }
    const w = expectedWeights[id];
    if (
      w !== undefined &&
      JSON.stringify(Object.fromEntries([...weights].sort())) !== JSON.stringify(Object.fromEntries(Object.entries(w).sort()))
    ) {
      failures.push(`${id}: weights expected ${JSON.stringify(w)}, got ${JSON.stringify(Object.fromEntries(weights))}`);
    }
    if (input.fractionOfUseCase !== undefined) failures.push(...checkFractions(id, input, weights, want, tolerance));
  }
  return failures;
}

function checkFractions(
  id: string,
  input: Record<string, unknown>,
  weights: Map<ManagedMemoryUseCase, number>,
  want: unknown,
  tolerance: number | undefined,
): string[] {
  const allUseCases = input.allUseCases as ManagedMemoryUseCase[];
  const fraction = input.fractionOfUseCase as number;
  const useCase = input.useCase as ManagedMemoryUseCase | undefined;
  const ofUseCase = new Map(allUseCases.map((uc) => [uc, useCase === undefined || uc === useCase ? fraction : 0]));
  const ofSlot = convertToFractionsOfSlot(ofUseCase, weights, input.stateBackendUsesManagedMemory !== false);
  const expected: Record<string, unknown> = useCase === undefined ? (want as Record<string, unknown>) : { [useCase]: want };
  if (expected === undefined || typeof expected !== 'object') throw new CaseError(`expect.${id} is missing`);
  const failures: string[] = [];
  for (const [uc, value] of Object.entries(expected)) {
    const actual = ofSlot.get(uc as ManagedMemoryUseCase);
    if (actual === undefined || !sameNumber(actual, value, tolerance))
      failures.push(`${id}: fraction of slot for ${uc} expected ${String(value)}, got ${actual}`);
  }
  return failures;
}
