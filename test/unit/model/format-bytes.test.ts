/** Sizes as a person reads them (issue 15 §3): binary units, one decimal where needed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/model/memory-size.js';

describe('formatBytes', () => {
  it.each([
    [0n, '0 B'],
    [1n, '1 B'],
    [1023n, '1023 B'],
    [1024n, '1 KiB'],
    [640n * 1024n, '640 KiB'],
    [1536n * 1024n * 1024n, '1.5 GiB'],
    [134217730n, '128 MiB'],
    [481506070n, '459.2 MiB'],
    [1073741823n, '1 GiB'],
    [1811939328n, '1.7 GiB'],
    [(1n << 63n) - 1n, '8 EiB'],
    [-2048n, '-2 KiB'],
  ])('%s → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it('is within 5 % of the exact size, and never says 1024 of a unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1024n, max: (1n << 62n) - 1n }), (bytes) => {
        const m = /^(\d+(?:\.\d)?) (KiB|MiB|GiB|TiB|PiB|EiB)$/.exec(formatBytes(bytes));
        expect(m).not.toBeNull();
        const power = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'].indexOf(m![2]!) + 1;
        const shown = Number(m![1]) * 1024 ** power;
        expect(Math.abs(shown - Number(bytes)) / Number(bytes)).toBeLessThan(0.05);
        expect(Number(m![1])).toBeLessThan(1024);
      }),
    );
  });
});
