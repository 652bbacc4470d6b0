/** The locale functions' answers without loading ICU (src/util/plain-locale.ts): the same as theirs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys, groupThousands } from '../../../src/util/plain-locale.js';

describe('groupThousands', () => {
  it('is toLocaleString("en-US") for every number', () => {
    for (const n of [0, -0, 7, 999, 1000, 12345, 1234567, Number.MAX_SAFE_INTEGER, -1234, 1.5, 1e21, Number.NaN]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    }
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer(), fc.double()), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});

describe('compareKeys', () => {
  const sign = (n: number): number => Math.sign(n);
  it('orders Flink keys as localeCompare does', () => {
    const key = fc.string({ unit: fc.constantFrom('a', 'k', 'z', '0', '9', '.', '-'), maxLength: 8 });
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(sign(compareKeys(a, b))).toBe(sign(a.localeCompare(b)));
      }),
      { numRuns: 5000 },
    );
    expect(['taskmanager.numberOfTaskSlots', 'kubernetes.taskmanager.cpu', 'taskmanager.memory.process.size'].sort(compareKeys)).toEqual([
      'kubernetes.taskmanager.cpu',
      'taskmanager.memory.process.size',
      'taskmanager.numberOfTaskSlots',
    ]);
  });

  it('leaves any other key to localeCompare (upper case, underscores)', () => {
    const any = fc.string({ unit: fc.constantFrom('a', 'B', '_', '.', '-', 'é', '1'), maxLength: 6 });
    fc.assert(
      fc.property(any, any, (a, b) => {
        expect(sign(compareKeys(a, b))).toBe(sign(a.localeCompare(b)));
      }),
      { numRuns: 5000 },
    );
  });
});
