import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionToDecimalString, getFractionRoundedDown } from '../../../src/plan/fraction.js';
import { addDecimal, compareDecimal, decimalFromString, ZERO_DECIMAL } from '../../../src/model/decimal.js';

describe('getFractionRoundedDown (BigDecimal scale 16, ROUND_DOWN, doubleValue)', () => {
  it.each([
    [1, 3, 0.3333333333333333],
    [2, 3, 0.6666666666666666],
    [1, 6, 0.1666666666666666],
    [333, 999, 0.3333333333333333],
    [444, 999, 0.4444444444444444],
    [100, 1100, 0.0909090909090909],
    [300, 1100, 0.2727272727272727],
    [700, 1100, 0.6363636363636364],
    [70, 100, 0.7],
    [6, 10, 0.6],
    [3, 6, 0.5],
    [5, 5, 1],
    [0, 5, 0],
    [1, 10 ** 17, 0],
    [7, 2, 3.5],
  ])('%s / %s = %s', (a, b, expected) => {
    expect(getFractionRoundedDown(a, b)).toBe(expected);
  });

  it('rounds down where plain double division rounds up', () => {
    // 1/7 = 0.142857142857142857...: scale 16 keeps 0.1428571428571428
    expect(getFractionRoundedDown(1, 7)).toBe(0.1428571428571428);
    expect(1 / 7).toBe(0.14285714285714285);
    expect(getFractionRoundedDown(1, 7)).not.toBe(1 / 7);
    expect(getFractionRoundedDown(5, 7)).toBe(0.7142857142857142);
  });

  it('accepts bigint operands beyond 2^53', () => {
    expect(getFractionRoundedDown(2n ** 62n, 2n ** 63n)).toBe(0.5);
    expect(getFractionRoundedDown(1n, 3n)).toBe(0.3333333333333333);
  });

  it('rejects a zero denominator and rounds a negative quotient toward zero (ROUND_DOWN)', () => {
    expect(() => getFractionRoundedDown(1, 0)).toThrow(RangeError);
    // A Java int sum of weights that wrapped negative gives Flink a negative fraction.
    expect(getFractionRoundedDown(1, -3)).toBe(-0.3333333333333333);
    expect(getFractionRoundedDown(2, -3)).toBe(-0.6666666666666666);
  });
});

describe('fractionToDecimalString', () => {
  it('prints the scale-16 quotient', () => {
    expect(fractionToDecimalString(1, 3)).toBe('0.3333333333333333');
    expect(fractionToDecimalString(10, 3)).toBe('3.3333333333333333');
    expect(fractionToDecimalString(1, 1)).toBe('1.0000000000000000');
    expect(fractionToDecimalString(1, 7)).toBe('0.1428571428571428');
    expect(fractionToDecimalString(0, 7)).toBe('0.0000000000000000');
  });

  it('is the exact quotient truncated at 16 decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const text = fractionToDecimalString(a, b);
        const scaled = BigInt(text.replace('.', ''));
        const exact = BigInt(a) * 10n ** 16n;
        expect(scaled * BigInt(b) <= exact).toBe(true);
        expect((scaled + 1n) * BigInt(b) > exact).toBe(true);
        expect(getFractionRoundedDown(a, b)).toBe(Number(text));
      }),
      { numRuns: 300 },
    );
  });

  it('fractions w_i / sum(w) of one group never add up to more than 1 (FLINK-14974)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 30 }), (weights) => {
        const total = weights.reduce((s, w) => s + w, 0);
        const sum = weights.reduce((s, w) => addDecimal(s, decimalFromString(fractionToDecimalString(w, total))), ZERO_DECIMAL);
        expect(compareDecimal(sum, decimalFromString('1'))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
