/**
 * Exact decimal numbers for CPU cores and extended resources, which Flink keeps as BigDecimal
 * (`CPUResource`, `ExternalResource`). A double from the input becomes the decimal of its
 * shortest representation, as Java's `BigDecimal.valueOf(double)` does, so 0.1 + 0.2 = 0.3.
 */
export interface Decimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

export const ZERO_DECIMAL: Decimal = { unscaled: 0n, scale: 0 };

export function decimalFromNumber(value: number): Decimal {
  return decimalFromString(numberToPlainString(value));
}

export function decimalFromString(text: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const unscaled = BigInt(`${match[1]}${match[2]}${fraction}`);
  return normalize({ unscaled, scale: fraction.length });
}

/** Plain (non-exponent) decimal text of a double's shortest representation. */
function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [intPart = '', fracPart = ''] = mantissa.replace('-', '').split('.');
  const digits = intPart + fracPart;
  const point = intPart.length + Number(exponentText);
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + body;
}

function normalize(d: Decimal): Decimal {
  let { unscaled, scale } = d;
  while (scale > 0 && unscaled % 10n === 0n) {
    unscaled /= 10n;
    scale--;
  }
  return unscaled === 0n ? ZERO_DECIMAL : { unscaled, scale };
}

/** A scale-0 decimal is already normalized; zero is the shared ZERO_DECIMAL. */
function wholeDecimal(unscaled: bigint): Decimal {
  return unscaled === 0n ? ZERO_DECIMAL : { unscaled, scale: 0 };
}

const POWERS: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

function pow10(n: number): bigint {
  return POWERS[n] ?? 10n ** BigInt(n);
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  // Whole numbers of CPU cores are the common case: no rescaling needed.
  if (a.scale === b.scale) return [a.unscaled, b.unscaled, a.scale];
  const scale = Math.max(a.scale, b.scale);
  return [a.unscaled * pow10(scale - a.scale), b.unscaled * pow10(scale - b.scale), scale];
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  // Equal scales (whole cores, most of all) need neither rescaling nor the tuple align builds.
  if (a.scale === 0 && b.scale === 0) return wholeDecimal(a.unscaled + b.unscaled);
  if (b.unscaled === 0n) return a;
  const [x, y, scale] = align(a, b);
  return normalize({ unscaled: x + y, scale });
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  if (a.scale === 0 && b.scale === 0) return wholeDecimal(a.unscaled - b.unscaled);
  if (b.unscaled === 0n) return a;
  const [x, y, scale] = align(a, b);
  return normalize({ unscaled: x - y, scale });
}

export function multiplyDecimal(a: Decimal, k: number): Decimal {
  if (Number.isSafeInteger(k)) return normalize({ unscaled: a.unscaled * BigInt(k), scale: a.scale });
  const factor = decimalFromNumber(k);
  return normalize({ unscaled: a.unscaled * factor.unscaled, scale: a.scale + factor.scale });
}

/** floor(a / b) for b > 0. */
export function divideDecimalFloor(a: Decimal, b: Decimal): bigint {
  const [x, y] = align(a, b);
  return x / y;
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  if (a.scale === b.scale) return a.unscaled < b.unscaled ? -1 : a.unscaled > b.unscaled ? 1 : 0;
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZeroDecimal(a: Decimal): boolean {
  return a.unscaled === 0n;
}

export function decimalToString(a: Decimal): string {
  const negative = a.unscaled < 0n;
  const digits = (negative ? -a.unscaled : a.unscaled).toString().padStart(a.scale + 1, '0');
  const body = a.scale === 0 ? digits : `${digits.slice(0, -a.scale)}.${digits.slice(-a.scale)}`;
  return (negative ? '-' : '') + body;
}

export function decimalToNumber(a: Decimal): number {
  return Number(decimalToString(a));
}

/** d / n rounded down at `scale` decimals (Flink's `Resource.divide`: BigDecimal scale 16, RoundingMode.DOWN). */
export function divideDecimalRoundDown(d: Decimal, n: number, scale = 16): Decimal {
  const exact16 =
    d.scale <= 16 ? (d.unscaled * 10n ** BigInt(16 - d.scale)) / BigInt(n) : d.unscaled / 10n ** BigInt(d.scale - 16) / BigInt(n);
  return normalize({ unscaled: exact16 / 10n ** BigInt(16 - Math.min(scale, 16)), scale: Math.min(scale, 16) });
}

/** d with at most `scale` decimals, rounded down (BigDecimal.setScale(scale, RoundingMode.DOWN)). */
export function roundDownDecimal(d: Decimal, scale: number): Decimal {
  if (d.scale <= scale) return d;
  return normalize({ unscaled: d.unscaled / 10n ** BigInt(d.scale - scale), scale });
}
