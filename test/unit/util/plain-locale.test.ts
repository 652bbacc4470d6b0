/** toLocaleString's answer without loading ICU (src/util/plain-locale.ts): the same as its. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands } from '../../../src/util/plain-locale.js';

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
