import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ZERO_DECIMAL,
  addDecimal,
  compareDecimal,
  decimalFromNumber,
  decimalFromString,
  decimalToNumber,
  decimalToString,
  isZeroDecimal,
  multiplyDecimal,
  subtractDecimal,
} from '../../../src/model/decimal.js';

const d = decimalFromString;
const text = (x: number): string => decimalToString(decimalFromNumber(x));

describe('decimalFromNumber (BigDecimal.valueOf(double))', () => {
  it('uses the shortest representation of the double, so 0.1 + 0.2 = 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = addDecimal(decimalFromNumber(0.1), decimalFromNumber(0.2));
    expect(decimalToString(sum)).toBe('0.3');
    expect(compareDecimal(sum, d('0.3'))).toBe(0);
    expect(sum).toEqual({ unscaled: 3n, scale: 1 });
  });

  it.each([
    [0, '0'],
    [1, '1'],
    [1.5, '1.5'],
    [-2.25, '-2.25'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [-2.5e-8, '-0.000000025'],
    [1e21, '1000000000000000000000'],
    [1.23e21, '1230000000000000000000'],
    [123456.789, '123456.789'],
    [0.30000000000000004, '0.30000000000000004'],
    [5e-324, `0.${'0'.repeat(323)}5`],
  ])('%s -> %s', (value, expected) => {
    expect(text(value)).toBe(expected);
  });

  it('round-trips every finite double through its decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const back = decimalToNumber(decimalFromNumber(x));
        expect(back).toBe(x === 0 ? 0 : x);
      }),
      { numRuns: 500 },
    );
  });
});

describe('decimalFromString', () => {
  it('normalizes trailing zeros away and keeps zero canonical', () => {
    expect(d('1.500')).toEqual({ unscaled: 15n, scale: 1 });
    expect(d('100')).toEqual({ unscaled: 100n, scale: 0 });
    expect(d('0.000')).toEqual(ZERO_DECIMAL);
    expect(d('-0')).toEqual(ZERO_DECIMAL);
    expect(d('-0.010')).toEqual({ unscaled: -1n, scale: 2 });
  });

  it.each(['abc', '1e5', '.5', '1.', '', '+1', '1 '])('rejects %j', (bad) => {
    expect(() => d(bad)).toThrow(new RangeError(`not a decimal: ${bad}`));
  });
});

describe('arithmetic', () => {
  it('adds and subtracts exactly', () => {
    expect(decimalToString(addDecimal(d('1.1'), d('2.25')))).toBe('3.35');
    expect(decimalToString(subtractDecimal(d('0.3'), d('0.1')))).toBe('0.2');
    expect(decimalToString(subtractDecimal(d('1'), d('1.5')))).toBe('-0.5');
    expect(decimalToString(subtractDecimal(d('0.05'), d('0.1')))).toBe('-0.05');
    expect(subtractDecimal(d('2.5'), d('2.50'))).toEqual(ZERO_DECIMAL);
  });

  it('multiplies by a double through its shortest decimal', () => {
    expect(decimalToString(multiplyDecimal(d('0.1'), 3))).toBe('0.3');
    expect(decimalToString(multiplyDecimal(d('1.6'), 0.5))).toBe('0.8');
    expect(decimalToString(multiplyDecimal(d('2'), 0.1))).toBe('0.2');
    expect(multiplyDecimal(d('7.25'), 0)).toEqual(ZERO_DECIMAL);
  });

  it('compares by value, whatever the scale', () => {
    expect(compareDecimal(d('0.1'), d('0.10'))).toBe(0);
    expect(compareDecimal(d('2'), d('10'))).toBe(-1);
    expect(compareDecimal(d('10'), d('2'))).toBe(1);
    expect(compareDecimal(d('-1'), d('-2'))).toBe(1);
    expect(compareDecimal(d('0.0000001'), ZERO_DECIMAL)).toBe(1);
  });

  it('knows zero', () => {
    expect(isZeroDecimal(ZERO_DECIMAL)).toBe(true);
    expect(isZeroDecimal(d('0.00'))).toBe(true);
    expect(isZeroDecimal(d('0.001'))).toBe(false);
  });

  it('prints plain text with leading zeros', () => {
    expect(decimalToString({ unscaled: 5n, scale: 3 })).toBe('0.005');
    expect(decimalToString({ unscaled: -5n, scale: 3 })).toBe('-0.005');
    expect(decimalToString({ unscaled: 12345n, scale: 2 })).toBe('123.45');
    expect(decimalToNumber(d('0.3'))).toBe(0.3);
  });

  it('addition is exact: (a + b) - b = a, a + b = b + a', () => {
    const dec = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).map(decimalFromNumber);
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        expect(compareDecimal(subtractDecimal(addDecimal(a, b), b), a)).toBe(0);
        expect(addDecimal(a, b)).toEqual(addDecimal(b, a));
      }),
      { numRuns: 300 },
    );
  });
});
