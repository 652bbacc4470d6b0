/**
 * `MemorySize.multiply(double)` as Flink computes a component from a fraction option:
 * the option is a Java float, widened to double (0.4 → 0.4000000059604645), turned into a
 * BigDecimal from the double's shortest decimal text, multiplied exactly with the byte count, and
 * truncated toward zero. The inverse fraction f/(1−f) is computed in double arithmetic first.
 */
import { decimalFromNumber } from '../model/decimal.js';

/** A float option's value as Java sees it after widening to double. */
export function widenFloat(value: number): number {
  return Math.fround(value);
}

export function multiplyBytes(bytes: bigint, factor: number): bigint {
  const d = decimalFromNumber(factor);
  return (bytes * d.unscaled) / 10n ** BigInt(d.scale);
}

export function inverseFraction(fraction: number): number {
  return fraction / (1 - fraction);
}
