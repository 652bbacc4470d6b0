/**
 * Flink's `getFractionRoundedDown(a, b)`: BigDecimal a / b at scale 16, rounded down, as a double.
 * Rounding down guarantees that the fractions of one group never add up to more than 1
 * (FLINK-14974). Exact: the quotient is computed on integers, and the decimal text converts
 * to the nearest double, as BigDecimal.doubleValue() does.
 */
const SCALE = 10n ** 16n;

export function getFractionRoundedDown(numerator: bigint | number, denominator: bigint | number): number {
  return Number(fractionToDecimalString(numerator, denominator));
}

/** The scale-16 decimal text of a fraction, for reports that show Flink's exact value. */
export function fractionToDecimalString(numerator: bigint | number, denominator: bigint | number): string {
  const b = BigInt(denominator);
  if (b === 0n) throw new RangeError('fraction denominator must not be 0');
  // BigInt division truncates toward zero, which is ROUND_DOWN.
  const scaled = (BigInt(numerator) * SCALE) / b;
  const magnitude = scaled < 0n ? -scaled : scaled;
  return `${scaled < 0n ? '-' : ''}${magnitude / SCALE}.${(magnitude % SCALE).toString().padStart(16, '0')}`;
}
