import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JobAnalysis, analyzeJob } from '../../src/plan/analyze-job.js';
import { type Decimal, ZERO_DECIMAL, addDecimal, compareDecimal, decimalFromNumber, decimalToString } from '../../src/model/decimal.js';
import { type ManagedMemoryUseCase, USE_CASES } from '../../src/model/job-graph.js';
import { jobGraphFromData } from '../../src/parse/parse-job-graph.js';
import { type JobData, jobArb } from '../support/arbitraries.js';

const ONE = decimalFromNumber(1);
const RUNS = { numRuns: 200 };

function analysisOf(job: JobData): JobAnalysis {
  const graph = jobGraphFromData(job);
  if (!graph.ok) throw new Error(`generated job rejected: ${JSON.stringify(graph.diagnostics)}`);
  const a = analyzeJob(graph.value);
  if (!a.ok) throw new Error(`analysis failed: ${JSON.stringify(a.diagnostics)}`);
  return a.value;
}

function useCaseOperators(a: JobAnalysis) {
  if (a.managedMemory.model !== 'use-cases') throw new Error('expected the use-case model');
  return a.managedMemory.operators;
}

/** Flink's getFractionRoundedDown, computed independently: scale-16 truncation of a / b. */
function roundedDown(a: number, b: number): number {
  const scaled = (BigInt(a) * 10n ** 16n) / BigInt(b);
  const text = scaled.toString().padStart(17, '0');
  return Number(`${text.slice(0, -16)}.${text.slice(-16)}`);
}

const sumOf = (values: readonly number[]): Decimal => values.reduce((s, x) => addDecimal(s, decimalFromNumber(x)), ZERO_DECIMAL);

describe('managed-memory fractions of random jobs (Flink >= 1.12)', () => {
  it('per slot sharing group, the OPERATOR fractions add up to at most 1 as exact decimals; every fraction is in [0, 1]', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const a = analysisOf(job);
        const ops = useCaseOperators(a);
        for (const group of a.slotSharing.groups) {
          const members = ops.filter((o) => o.group === group.index);
          for (const uc of USE_CASES) {
            const sum = sumOf(members.map((o) => o.fractionsOfUseCase.get(uc) ?? 0));
            if (uc === 'OPERATOR') expect(compareDecimal(sum, ONE), `group ${group.id}: ${decimalToString(sum)}`).toBeLessThanOrEqual(0);
          }
          for (const o of members) {
            for (const f of [...o.fractionsOfUseCase.values(), ...o.fractionsOfSlot.values()]) {
              expect(f >= 0 && f <= 1, `fraction ${f}`).toBe(true);
            }
          }
          const slotSum = sumOf(members.map((o) => o.fractionsOfSlot.get('OPERATOR')!));
          expect(compareDecimal(slotSum, ONE), `group ${group.id} slot OPERATOR: ${decimalToString(slotSum)}`).toBeLessThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('slot-scope use cases: every declaring operator of a group gets the same share of the slot, the others 0', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const a = analysisOf(job);
        const ops = useCaseOperators(a);
        for (const group of a.slotSharing.groups) {
          const members = ops.filter((o) => o.group === group.index);
          for (const uc of ['STATE_BACKEND', 'PYTHON'] as const) {
            const declaring = members.filter((o) => o.operator.slotScopeUseCases.has(uc));
            const shares = new Set(declaring.map((o) => o.fractionsOfSlot.get(uc)));
            expect(shares.size).toBeLessThanOrEqual(1);
            for (const o of declaring) expect(o.fractionsOfUseCase.get(uc)).toBe(1.0);
            for (const o of members) if (!o.operator.slotScopeUseCases.has(uc)) expect(o.fractionsOfSlot.get(uc)).toBe(0);
          }
        }
      }),
      RUNS,
    );
  });

  it('match an independent computation of Flink formula (w / group weight, weight share of the present use cases)', () => {
    fc.assert(
      fc.property(jobArb(), (job) => {
        const a = analysisOf(job);
        const ops = useCaseOperators(a);
        const configured = job.managedMemoryConfig?.consumerWeights ?? { OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 };
        // The DATAPROC fallback ends with 2.0 (FLINK-33750); a job without a version gets the newest rules.
        const before2 = job.flinkVersion !== undefined && Number(job.flinkVersion.split('.')[0]) < 2;
        const weight = (uc: ManagedMemoryUseCase): number =>
          uc === 'PYTHON' ? (configured.PYTHON ?? 0) : (configured[uc] ?? (before2 ? configured.DATAPROC : undefined) ?? 0);
        const backend = job.managedMemoryConfig?.stateBackend;
        // BATCH mode replaces any state backend by BatchExecutionStateBackend (1.12+), which uses no managed memory.
        const sbUses = job.mode !== 'batch' && (backend === 'rocksdb' || backend === 'forst');
        for (const group of a.slotSharing.groups) {
          const members = ops.filter((o) => o.group === group.index);
          const groupWeight = members.reduce((s, o) => s + (o.operator.operatorScopeWeights.get('OPERATOR') ?? 0), 0);
          const hasOperator = members.some((o) => o.operator.operatorScopeWeights.has('OPERATOR'));
          const present = new Set<ManagedMemoryUseCase>(hasOperator ? ['OPERATOR'] : []);
          for (const o of members) for (const uc of o.operator.slotScopeUseCases) present.add(uc);
          const counted = [...present].filter((uc) => uc !== 'STATE_BACKEND' || sbUses);
          const total = counted.reduce((s, uc) => s + weight(uc), 0);
          for (const o of members) {
            expect([...o.fractionsOfUseCase.keys()].sort()).toEqual([...present].sort());
            const w = o.operator.operatorScopeWeights.get('OPERATOR') ?? 0;
            const ofUseCase = new Map<ManagedMemoryUseCase, number>();
            if (hasOperator) ofUseCase.set('OPERATOR', w > 0 ? roundedDown(w, groupWeight) : 0);
            for (const uc of ['STATE_BACKEND', 'PYTHON'] as const)
              if (present.has(uc)) ofUseCase.set(uc, o.operator.slotScopeUseCases.has(uc) ? 1 : 0);
            for (const [uc, f] of ofUseCase) expect(o.fractionsOfUseCase.get(uc)).toBe(f);
            for (const uc of USE_CASES) {
              const counts = uc !== 'STATE_BACKEND' || sbUses;
              const share = counts && total > 0 ? roundedDown(weight(uc), total) : 0;
              expect(o.fractionsOfSlot.get(uc), `${o.operator.id} ${uc}`).toBe(counts ? (ofUseCase.get(uc) ?? 0) * share : 0);
            }
          }
        }
      }),
      RUNS,
    );
  });
});
