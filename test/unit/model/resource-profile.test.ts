import { describe, expect, it } from 'vitest';
import { thrown } from '../../support/thrown.js';
import { type Decimal, decimalFromNumber, decimalFromString, decimalToString } from '../../../src/model/decimal.js';
import {
  ANY,
  type ResourceProfile,
  type SpecifiedProfile,
  UNKNOWN,
  ZERO,
  allFieldsNoLessThan,
  fromResourceSpec,
  getOperatorsMemory,
  getTotalMemory,
  isMatching,
  isSpecified,
  merge,
  multiply,
  profileKey,
  profilesEqual,
  specified,
  subtract,
} from '../../../src/model/resource-profile.js';

const MB = 1024n * 1024n;
const MAX = (1n << 63n) - 1n;

function p(cpu: number, mb: number, net = 0, extended: Record<string, number> = {}): SpecifiedProfile {
  const m = BigInt(mb) * MB;
  return specified({
    cpuCores: decimalFromNumber(cpu),
    taskHeapMemory: m,
    taskOffHeapMemory: m,
    managedMemory: m,
    networkMemory: BigInt(net) * MB,
    extendedResources: new Map(Object.entries(extended).map(([k, v]) => [k, decimalFromNumber(v)] as [string, Decimal])),
  });
}

function fields(profile: ResourceProfile): unknown {
  if (!isSpecified(profile)) return profile.kind;
  return {
    cpu: decimalToString(profile.cpuCores),
    heap: profile.taskHeapMemory,
    offHeap: profile.taskOffHeapMemory,
    managed: profile.managedMemory,
    network: profile.networkMemory,
    extended: Object.fromEntries([...profile.extendedResources].map(([k, v]) => [k, decimalToString(v)])),
  };
}

const rp1 = p(1, 100, 100);
const rp2 = p(2, 200, 200, { gpu: 2 });
const rp2plain = p(2, 200, 200);
const rp3 = p(3, 300, 300);
const rpGpu = p(1, 100, 100, { gpu: 1 });

describe('specified', () => {
  it('fills missing fields with zero, drops zero extended resources and sorts them by name', () => {
    const profile = specified({
      cpuCores: decimalFromNumber(0.5),
      extendedResources: new Map([
        ['zeta', decimalFromNumber(1)],
        ['fpga', decimalFromNumber(0)],
        ['alpha', decimalFromNumber(2.5)],
      ]),
    });
    expect(fields(profile)).toEqual({ cpu: '0.5', heap: 0n, offHeap: 0n, managed: 0n, network: 0n, extended: { alpha: '2.5', zeta: '1' } });
    expect([...profile.extendedResources.keys()]).toEqual(['alpha', 'zeta']);
  });

  it('ZERO is a specified all-zero profile, distinct from UNKNOWN', () => {
    expect(fields(ZERO)).toEqual({ cpu: '0', heap: 0n, offHeap: 0n, managed: 0n, network: 0n, extended: {} });
    expect(profilesEqual(ZERO, UNKNOWN)).toBe(false);
    expect(profilesEqual(UNKNOWN, UNKNOWN)).toBe(true);
    expect(profilesEqual(ANY, ANY)).toBe(true);
    expect(profilesEqual(ANY, UNKNOWN)).toBe(false);
  });
});

describe('profilesEqual and profileKey', () => {
  it('compare CPU cores by value (1.0 equals 1), extended resources by name and value', () => {
    const a = specified({ cpuCores: decimalFromString('1.0'), taskHeapMemory: 5n });
    const b = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: 5n });
    expect(profilesEqual(a, b)).toBe(true);
    expect(profileKey(a)).toBe(profileKey(b));
    expect(profilesEqual(rp2, rp2plain)).toBe(false);
    expect(profileKey(rp2)).not.toBe(profileKey(rp2plain));
    expect(profilesEqual(p(1, 100, 0, { gpu: 1 }), p(1, 100, 0, { gpu: 2 }))).toBe(false);
    expect(profilesEqual(p(1, 100, 0, { gpu: 1 }), p(1, 100, 0, { fpga: 1 }))).toBe(false);
    expect(profilesEqual(p(1, 100, 1), p(1, 100, 2))).toBe(false);
    expect(profileKey(UNKNOWN)).toBe('UNKNOWN');
    expect(profileKey(ANY)).toBe('ANY');
  });
});

describe('merge (ResourceProfileTest.testMerge)', () => {
  it('adds field by field, extended resources by name', () => {
    expect(fields(merge(rp1, rp1))).toEqual(fields(p(2, 200, 200)));
    expect(fields(merge(rp1, rp2))).toEqual(fields(p(3, 300, 300, { gpu: 2 })));
    expect(fields(merge(rp2, rp2))).toEqual(fields(p(4, 400, 400, { gpu: 4 })));
  });

  it('adds CPU cores as exact decimals', () => {
    const sum = merge(specified({ cpuCores: decimalFromNumber(0.1) }), specified({ cpuCores: decimalFromNumber(0.2) }));
    expect(fields(sum)).toMatchObject({ cpu: '0.3' });
  });

  it('is absorbed by ANY, then by UNKNOWN', () => {
    expect(merge(rp1, UNKNOWN)).toBe(UNKNOWN);
    expect(merge(UNKNOWN, rp1)).toBe(UNKNOWN);
    expect(merge(UNKNOWN, UNKNOWN)).toBe(UNKNOWN);
    expect(merge(rp1, ANY)).toBe(ANY);
    expect(merge(ANY, UNKNOWN)).toBe(ANY);
    expect(merge(UNKNOWN, ANY)).toBe(ANY);
  });

  it('throws ArithmeticException on long overflow', () => {
    const big = specified({ taskHeapMemory: MAX });
    const e = thrown(() => merge(big, specified({ taskHeapMemory: 1n })));
    expect(e.errorType).toBe('ArithmeticException');
    expect(e.message).toBe('long overflow');
    expect(fields(merge(big, ZERO))).toMatchObject({ heap: MAX });
  });
});

describe('subtract (ResourceProfileTest.testSubtract)', () => {
  it('subtracts field by field', () => {
    expect(fields(subtract(rp3, rp2plain))).toEqual(fields(rp1));
    expect(fields(subtract(rp2plain, rp1))).toEqual(fields(rp1));
  });

  it('rejects an unmatched profile', () => {
    const e = thrown(() => subtract(rp1, rp2plain));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.message).toBe('Try to subtract an unmatched resource profile from this one.');
    expect(() => subtract(rp1, rpGpu)).toThrow('Try to subtract an unmatched resource profile from this one.');
  });

  it('ANY and UNKNOWN absorb', () => {
    expect(subtract(ANY, rp3)).toBe(ANY);
    expect(subtract(rp3, ANY)).toBe(ANY);
    expect(subtract(UNKNOWN, rp3)).toBe(UNKNOWN);
    expect(subtract(rp3, UNKNOWN)).toBe(UNKNOWN);
  });

  it('drops an extended resource that reaches zero (testZeroExtendedResourceFromSubtract)', () => {
    const onlyGpu = specified({ extendedResources: new Map([['gpu', decimalFromNumber(1)]]) });
    const result = subtract(onlyGpu, onlyGpu);
    expect(isSpecified(result) && result.extendedResources.size).toBe(0);
    expect(profilesEqual(result, ZERO)).toBe(true);
    const partly = subtract(p(2, 200, 0, { gpu: 1.5 }), p(1, 100, 0, { gpu: 0.5 }));
    expect(fields(partly)).toEqual(fields(p(1, 100, 0, { gpu: 1 })));
  });
});

describe('multiply (testMultiply, testMultiplyZero, testMultiplyNegative)', () => {
  it('multiplies every field, extended resources included', () => {
    expect(fields(multiply(rpGpu, 3))).toEqual(fields(p(3, 300, 300, { gpu: 3 })));
    expect(fields(multiply(specified({ cpuCores: decimalFromNumber(0.1) }), 3))).toMatchObject({ cpu: '0.3' });
  });

  it('gives ZERO for 0 and keeps UNKNOWN / ANY', () => {
    expect(profilesEqual(multiply(rpGpu, 0), ZERO)).toBe(true);
    expect(multiply(UNKNOWN, 2)).toBe(UNKNOWN);
    expect(multiply(ANY, 2)).toBe(ANY);
  });

  it('rejects a negative multiplier before anything else', () => {
    for (const profile of [rpGpu, UNKNOWN, ANY]) {
      const e = thrown(() => multiply(profile, -2));
      expect(e.errorType).toBe('IllegalArgumentException');
      expect(e.message).toBe('multiplier must be >= 0');
    }
  });

  it('throws ArithmeticException on overflow', () => {
    const e = thrown(() => multiply(specified({ managedMemory: MAX / 2n + 1n }), 2));
    expect(e.errorType).toBe('ArithmeticException');
  });
});

describe('allFieldsNoLessThan (testAllFieldsNoLessThanProfile)', () => {
  const q1 = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 100n * MB,
    taskOffHeapMemory: 100n * MB,
    managedMemory: 100n * MB,
  });
  const q2 = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 200n * MB,
    taskOffHeapMemory: 200n * MB,
    managedMemory: 200n * MB,
  });
  const q3 = specified({
    cpuCores: decimalFromNumber(2),
    taskHeapMemory: 100n * MB,
    taskOffHeapMemory: 100n * MB,
    managedMemory: 100n * MB,
  });
  const q4 = specified({
    cpuCores: decimalFromNumber(2),
    taskHeapMemory: 200n * MB,
    taskOffHeapMemory: 200n * MB,
    managedMemory: 200n * MB,
  });
  const q5 = specified({ ...q3, networkMemory: 100n * MB });
  const rs1 = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 100n * MB,
    extendedResources: new Map([['gpu', decimalFromNumber(2.2)]]),
  });
  const rs2 = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 100n * MB,
    extendedResources: new Map([['gpu', decimalFromNumber(1.1)]]),
  });

  it.each([
    ['q1', q1, 'q2', q2, false],
    ['q2', q2, 'q1', q1, true],
    ['q1', q1, 'q3', q3, false],
    ['q3', q3, 'q1', q1, true],
    ['q2', q2, 'q3', q3, false],
    ['q3', q3, 'q2', q2, false],
    ['q4', q4, 'q1', q1, true],
    ['q4', q4, 'q2', q2, true],
    ['q4', q4, 'q3', q3, true],
    ['q4', q4, 'q4', q4, true],
    ['q4', q4, 'q5', q5, false],
    ['q1', q1, 'rs1', rs1, false],
    ['rs1', rs1, 'rs2', rs2, true],
    ['rs2', rs2, 'rs1', rs1, false],
  ] as const)('%s >= %s is %s', (_a, a, _b, b, expected) => {
    expect(allFieldsNoLessThan(a, b)).toBe(expected);
  });

  it('handles ANY and UNKNOWN as Flink does', () => {
    expect(allFieldsNoLessThan(UNKNOWN, UNKNOWN)).toBe(true);
    expect(allFieldsNoLessThan(ANY, q4)).toBe(true);
    expect(allFieldsNoLessThan(ANY, UNKNOWN)).toBe(true);
    expect(allFieldsNoLessThan(UNKNOWN, q1)).toBe(false);
    expect(allFieldsNoLessThan(q1, UNKNOWN)).toBe(true);
    expect(allFieldsNoLessThan(q4, ANY)).toBe(false);
  });
});

describe('isMatching (testMatchRequirement)', () => {
  const resource1 = specified({
    cpuCores: decimalFromNumber(1),
    taskHeapMemory: 100n * MB,
    taskOffHeapMemory: 100n * MB,
    managedMemory: 100n * MB,
  });
  const resource2 = specified({ ...resource1, extendedResources: new Map([['gpu', decimalFromNumber(1)]]) });
  const requirement2 = resource1;
  const requirement3 = specified({ ...resource1, extendedResources: new Map([['gpu', decimalFromNumber(1)]]) });

  it('is exact matching since Flink 1.13', () => {
    expect(isMatching(resource1, UNKNOWN)).toBe(true);
    expect(isMatching(resource1, requirement2)).toBe(true);
    expect(isMatching(resource1, requirement3)).toBe(false);
    expect(isMatching(resource2, UNKNOWN)).toBe(true);
    expect(isMatching(resource2, requirement2)).toBe(false);
    expect(isMatching(resource2, requirement3)).toBe(true);
    expect(isMatching(ANY, requirement3)).toBe(true);
    expect(isMatching(p(4, 400), p(1, 100))).toBe(false);
  });

  it('is the field-wise comparison before 1.13', () => {
    expect(isMatching(resource2, requirement2, false)).toBe(true);
    expect(isMatching(resource1, requirement3, false)).toBe(false);
    expect(isMatching(UNKNOWN, requirement2, false)).toBe(false);
  });

  it('throws for an UNKNOWN slot profile', () => {
    const e = thrown(() => isMatching(UNKNOWN, resource1));
    expect(e.errorType).toBe('UnsupportedOperationException');
    expect(e.message).toBe('Cannot check matching with unknown resources');
  });
});

describe('memory getters and fromResourceSpec', () => {
  it('fromResourceSpec sets the network memory; total and operators memory as in testGet', () => {
    const spec = specified({
      cpuCores: decimalFromNumber(1),
      taskHeapMemory: 100n * MB,
      extendedResources: new Map([['gpu', decimalFromNumber(1.6)]]),
    });
    const profile = fromResourceSpec(spec, 50n * MB);
    expect(getTotalMemory(profile)).toBe(150n * MB);
    expect(getOperatorsMemory(profile)).toBe(100n * MB);
    expect(fields(profile)).toMatchObject({ network: 50n * MB, extended: { gpu: '1.6' } });
    expect(getTotalMemory(rp1)).toBe(400n * MB);
    expect(getOperatorsMemory(rp1)).toBe(300n * MB);
  });

  it('fromResourceSpec keeps UNKNOWN; memory of UNKNOWN or ANY is an error', () => {
    expect(fromResourceSpec(UNKNOWN, 50n)).toBe(UNKNOWN);
    expect(thrown(() => getTotalMemory(UNKNOWN)).errorType).toBe('UnsupportedOperationException');
    expect(thrown(() => getOperatorsMemory(ANY)).errorType).toBe('UnsupportedOperationException');
  });
});
