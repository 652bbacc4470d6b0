/** ResourceProfile / ResourceRequirement text as Flink prints it, read back (issue 28 §1). */
import { describe, expect, it } from 'vitest';
import { decimalFromNumber, decimalFromString, decimalToString } from '../../../../../src/model/decimal.js';
import { MAX_BYTES } from '../../../../../src/model/memory-size.js';
import { ANY, UNKNOWN, isSpecified, specified, type ResourceProfile } from '../../../../../src/model/resource-profile.js';
import { parseProfileText, parseRequirementList, readDecimal, readMemory } from '../../../../../src/parse/log/facts/profile-text.js';

const MB = 1024n * 1024n;

function cpuOf(profile: ResourceProfile | undefined): string | undefined {
  return profile !== undefined && isSpecified(profile) ? decimalToString(profile.cpuCores) : undefined;
}

describe('parseProfileText', () => {
  it('reads the two sentinels', () => {
    expect(parseProfileText('ResourceProfile{UNKNOWN}')).toEqual(UNKNOWN);
    expect(parseProfileText('ResourceProfile{ANY}')).toEqual(ANY);
  });

  it('reads a 1.14+ profile exactly, from the bytes in parentheses (fixture 16)', () => {
    const text =
      'ResourceProfile{cpuCores=1, taskHeapMemory=384.000mb (402653174 bytes), taskOffHeapMemory=0 bytes, managedMemory=512.000mb (536870920 bytes), networkMemory=128.000mb (134217730 bytes)}';
    expect(parseProfileText(text)).toEqual(
      specified({
        cpuCores: decimalFromString('1'),
        taskHeapMemory: 402653174n,
        taskOffHeapMemory: 0n,
        managedMemory: 536870920n,
        networkMemory: 134217730n,
      }),
    );
  });

  it.each([
    ['1.0', '1'],
    ['1.0000000000000000', '1'],
    ['0.5', '0.5'],
    ['1', '1'],
    ['0', '0'],
    ['0.33333333', '0.33333333'],
    ['1E+1', '10'],
    ['2E+1', '20'],
    ['1E+2', '100'],
  ])('reads cpuCores=%s as %s', (printed, cores) => {
    const text = `ResourceProfile{cpuCores=${printed}, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes, managedMemory=0 bytes, networkMemory=0 bytes}`;
    expect(cpuOf(parseProfileText(text))).toBe(cores);
  });

  it('reads extended resources by name', () => {
    const profile = parseProfileText(
      'ResourceProfile{cpuCores=1.0, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes, managedMemory=128.000mb (134217728 bytes), networkMemory=64.000mb (67108864 bytes), gpu=2.0}',
    );
    expect(profile).toEqual(
      specified({
        cpuCores: decimalFromString('1'),
        taskHeapMemory: 96n * MB,
        managedMemory: 128n * MB,
        networkMemory: 64n * MB,
        extendedResources: new Map([['gpu', decimalFromString('2')]]),
      }),
    );
  });

  it("reads a field left out (above the log cap) as Flink's infinite value", () => {
    const profile = parseProfileText(
      'ResourceProfile{taskHeapMemory=1024.000gb (1099511627776 bytes), taskOffHeapMemory=1024.000gb (1099511627776 bytes), managedMemory=80.000mb (83886080 bytes), networkMemory=64.000mb (67108864 bytes)}',
    );
    expect(profile).toEqual(
      specified({
        cpuCores: decimalFromNumber(Number.MAX_VALUE),
        taskHeapMemory: 1099511627776n,
        taskOffHeapMemory: 1099511627776n,
        managedMemory: 80n * MB,
        networkMemory: 64n * MB,
      }),
    );
    expect(parseProfileText('ResourceProfile{cpuCores=1}')).toEqual(
      specified({
        cpuCores: decimalFromString('1'),
        taskHeapMemory: MAX_BYTES,
        taskOffHeapMemory: MAX_BYTES,
        managedMemory: MAX_BYTES,
        networkMemory: MAX_BYTES,
      }),
    );
  });

  it('tolerates a terminal wrap inside a name or a number (fixture 01: "taskOffHeapM emory")', () => {
    const profile = parseProfileText(
      'ResourceProfile{taskHeapMemory=1024.000gb (1099511627776 bytes), taskOffHeapM emory=1024.000gb (10995\n11627776 bytes), managedMemory=80.000mb (83886080 bytes), networkMemory=64.000mb (67108864 bytes)}',
    );
    expect(profile !== undefined && isSpecified(profile) ? profile.taskOffHeapMemory : undefined).toBe(1099511627776n);
  });

  it.each([
    ['the human form disagrees with the bytes', 'ResourceProfile{cpuCores=1, taskHeapMemory=1.000gb (100663296 bytes)}'],
    ['a cpu that is no number', 'ResourceProfile{cpuCores=abc, taskHeapMemory=96.000mb (100663296 bytes)}'],
    ['a field twice', 'ResourceProfile{cpuCores=1, cpuCores=2}'],
    ['a name an object already has', 'ResourceProfile{toString=1}'],
    ['no closing brace', 'ResourceProfile{cpuCores=1, taskHeapMemory=96.000mb (100663296 bytes)'],
    ['an entry without a value', 'ResourceProfile{cpuCores}'],
    ['nothing inside', 'ResourceProfile{}'],
    ['a cut memory value', 'ResourceProfile{cpuCores=1, managedMemory=512.000mb (53687092'],
    ['bytes beyond a long', 'ResourceProfile{taskHeapMemory=99999999999999999999 bytes}'],
    ['not a profile', 'WorkerResourceSpec {cpuCores=1.0}'],
    ['empty', ''],
  ])('gives nothing for %s', (_why, text) => {
    expect(parseProfileText(text)).toBeUndefined();
  });
});

describe('readMemory and readDecimal', () => {
  it('reads both memory forms', () => {
    expect(readMemory('96.000mb (100663296 bytes)')).toBe(100663296n);
    expect(readMemory('0 bytes')).toBe(0n);
    expect(readMemory('512 bytes')).toBe(512n);
    expect(readMemory('1.681gb (1804482817 bytes)')).toBe(1804482817n);
    expect(readMemory('1.682gb (1804482817 bytes)')).toBeUndefined();
    expect(readMemory('96mb')).toBeUndefined();
  });

  it('reads BigDecimal text, plain and scientific', () => {
    expect(readDecimal('2.5E-3')).toEqual(decimalFromString('0.0025'));
    expect(readDecimal('1E+1')).toEqual(decimalFromString('10'));
    expect(readDecimal('1.5E+1')).toEqual(decimalFromString('15'));
    expect(readDecimal('-1')).toBeUndefined();
    expect(readDecimal('1E+99999')).toBeUndefined();
    expect(readDecimal('1'.repeat(500))).toBeUndefined();
  });
});

describe('parseRequirementList', () => {
  it('reads [] and lists of ResourceRequirement', () => {
    expect(parseRequirementList('[]')).toEqual([]);
    expect(parseRequirementList('[ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=4}]')).toEqual([
      { profile: UNKNOWN, count: 4 },
    ]);
    expect(
      parseRequirementList(
        '[ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=2}, ResourceRequirement{resourceProfile=ResourceProfile{cpuCores=0.5, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes, managedMemory=0 bytes, networkMemory=0 bytes}, numberOfRequiredSlots=1}]',
      ),
    ).toEqual([
      { profile: UNKNOWN, count: 2 },
      { profile: specified({ cpuCores: decimalFromString('0.5'), taskHeapMemory: 96n * MB }), count: 1 },
    ]);
  });

  it('reads a list a terminal wrapped inside a word', () => {
    expect(parseRequirementList('[ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequi\nredSlots=3}]')).toEqual([
      { profile: UNKNOWN, count: 3 },
    ]);
  });

  it.each([
    [
      'a count that is no number (fixture 01: "3*")',
      '[ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=3*}]',
    ],
    ['no closing bracket', '[ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=3}'],
    ['a profile that does not read', '[ResourceRequirement{resourceProfile=ResourceProfile{cpuCores=x}, numberOfRequiredSlots=3}]'],
    ['text after the list', '[] and more'],
    ['no list', 'ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=3}'],
  ])('gives nothing for %s', (_why, text) => {
    expect(parseRequirementList(text)).toBeUndefined();
  });
});
