/**
 * `MemorySize.multiply(double)` as Flink applies a fraction option: the option is a Java float
 * widened to double, turned into `BigDecimal.valueOf(double)` (the double's shortest decimal text),
 * multiplied exactly with the byte count and truncated toward zero; the inverse fraction f/(1−f)
 * is computed in double arithmetic first (flink-notes/formats-and-memory.md §2.1, §2.3).
 */
import { describe, expect, it } from 'vitest';
import { inverseFraction, multiplyBytes, widenFloat } from '../../../src/memory/fraction-multiply.js';

const MB = 1024n * 1024n;

describe('widenFloat (Java float → double)', () => {
  it.each([
    [0.4, 0.4000000059604645],
    [0.1, 0.10000000149011612],
    [0.2, 0.20000000298023224],
    [0.5, 0.5],
    [0, 0],
    [1, 1],
  ])('%s widens to %s', (value, widened) => {
    expect(widenFloat(value)).toBe(widened);
    expect(String(widenFloat(value))).toBe(String(widened));
  });

  it('is idempotent', () => {
    expect(widenFloat(widenFloat(0.4))).toBe(widenFloat(0.4));
  });
});

describe('multiplyBytes (BigDecimal multiply, truncated)', () => {
  it('1342177280 × widened 0.4 = 536870920, not 536870912 (W1 managed memory)', () => {
    expect(multiplyBytes(1342177280n, widenFloat(0.4))).toBe(536870920n);
    // the exact decimal 0.4 would give the "wrong" value
    expect(multiplyBytes(1342177280n, 0.4)).toBe(536870912n);
  });

  it('1342177280 × widened 0.1 = 134217730 (W1 network)', () => {
    expect(multiplyBytes(1342177280n, widenFloat(0.1))).toBe(134217730n);
  });

  it('1811939328 × widened 0.1 = 181193935 (W1 overhead before the 192m minimum)', () => {
    // 1811939328 × 0.10000000149011612 = 181193935.5… → truncated
    expect(multiplyBytes(1811939328n, widenFloat(0.1))).toBe(181193935n);
  });

  it('7g × widened 0.4 = 3006477152 and × widened 0.1 = 751619288 (W3, real REST output)', () => {
    expect(multiplyBytes(7n * 1024n * MB, widenFloat(0.4))).toBe(3006477152n);
    expect(multiplyBytes(7n * 1024n * MB, widenFloat(0.1))).toBe(751619288n);
  });

  it('2368m × widened 0.4 = 993211202 and × widened 0.1 = 248302800 (W18, real error text)', () => {
    expect(multiplyBytes(2483027968n, widenFloat(0.4))).toBe(993211202n);
    expect(multiplyBytes(2483027968n, widenFloat(0.1))).toBe(248302800n);
  });

  it('truncates toward zero', () => {
    expect(multiplyBytes(3n, 0.5)).toBe(1n);
    expect(multiplyBytes(1n, 0.9999)).toBe(0n);
    expect(multiplyBytes(1048576000n, 0.3333)).toBe(349490380n); // 1048576000 × 0.3333 = 349490380.8
  });

  it('multiplies by 0 and 1 exactly', () => {
    expect(multiplyBytes(1811939328n, 0)).toBe(0n);
    expect(multiplyBytes(1811939328n, 1)).toBe(1811939328n);
  });

  it('is exact beyond 2^53', () => {
    const sixteenG = 16n * 1024n * MB;
    expect(multiplyBytes(sixteenG, widenFloat(0.1))).toBe(1717986944n); // 17179869184 × 0.10000000149011612 = 1717986944.0… (W12 overhead before the 1g cap)
    expect(multiplyBytes((1n << 62n) + 1n, 0.5)).toBe(1n << 61n);
  });
});

describe('inverseFraction (f / (1 − f) in double arithmetic)', () => {
  it('uses the widened fraction: 0.1f → 0.11111111295076065', () => {
    expect(inverseFraction(widenFloat(0.1))).toBe(0.11111111295076065);
    expect(inverseFraction(widenFloat(0.1))).toBe(widenFloat(0.1) / (1 - widenFloat(0.1)));
  });

  it('0.5 → 1, 0 → 0', () => {
    expect(inverseFraction(0.5)).toBe(1);
    expect(inverseFraction(0)).toBe(0);
  });

  it('556m × inverse(0.1f) = 64778696 (W9 network before the 64m minimum)', () => {
    expect(multiplyBytes(583008256n, inverseFraction(widenFloat(0.1)))).toBe(64778696n);
  });
});
