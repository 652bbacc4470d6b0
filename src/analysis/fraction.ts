/**
 * Flink's `getFractionRoundedDown(a, b)`: BigDecimal a / b at scale 16, rounded down, as a double.
 * Rounding down guarantees that the fractions of one group never add up to more than 1
 * (FLINK-14974). Exact: the quotient is computed on integers, and the decimal text converts
 * to the nearest double, as BigDecimal.doubleValue() does.
 */
const SCALE = 10n ** 16n;

export function getFractionRoundedDown(numerator: bigint | number, denominator: bigint | number): number {
  const a = BigInt(numerator);
  const b = BigInt(denominator);
  if (b <= 0n) throw new RangeError('fraction denominator must be positive');
  const scaled = (a * SCALE) / b;
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(16, '0');
  return Number(`${whole}.${fraction}`);
}

/** The scale-16 decimal text of a fraction, for reports that show Flink's exact value. */
export function fractionToDecimalString(numerator: bigint | number, denominator: bigint | number): string {
  const scaled = (BigInt(numerator) * SCALE) / BigInt(denominator);
  return `${scaled / SCALE}.${(scaled % SCALE).toString().padStart(16, '0')}`;
}
