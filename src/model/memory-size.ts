/**
 * MemorySize: a non-negative 64-bit byte count, parsed and printed exactly like Flink's
 * `flink-core/.../configuration/MemorySize.java` (leading ASCII digits, optional unit, binary
 * multipliers, no decimals, overflow detection, `toHumanReadableString` with HALF_UP %.3f).
 */
import { FlinkException } from '../errors/flink-exception.js';

export const MAX_BYTES = (1n << 63n) - 1n;

const UNITS: ReadonlyArray<{ names: readonly string[]; multiplier: bigint; short: string }> = [
  { names: ['b', 'bytes'], multiplier: 1n, short: 'bytes' },
  { names: ['k', 'kb', 'kibibytes'], multiplier: 1024n, short: 'kb' },
  { names: ['m', 'mb', 'mebibytes'], multiplier: 1024n ** 2n, short: 'mb' },
  { names: ['g', 'gb', 'gibibytes'], multiplier: 1024n ** 3n, short: 'gb' },
  { names: ['t', 'tb', 'tebibytes'], multiplier: 1024n ** 4n, short: 'tb' },
];

/** The bytes of one Flink MemorySize unit name (`m`, `MB`, `mebibytes`; case-insensitive), undefined for another name. */
export function memoryUnitBytes(name: string): bigint | undefined {
  const lower = name.toLowerCase();
  return UNITS.find((u) => u.names.includes(lower))?.multiplier;
}

const ALL_UNITS_TEXT = UNITS.map((u) => `(${u.names.join(' | ')})`).join(' / ');

/** Java's String.trim(): strips characters up to U+0020 only (JS trim also strips Unicode spaces). */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** Parses Flink MemorySize text (`512m`, `1 gb`, `1024`). Throws FlinkException with Flink's message. */
export function parseMemorySize(text: string): bigint {
  const trimmed = javaTrim(text);
  if (trimmed.length === 0) {
    throw new FlinkException('IllegalArgumentException', 'argument is an empty- or whitespace-only string');
  }
  let pos = 0;
  while (pos < trimmed.length && trimmed.charCodeAt(pos) >= 48 && trimmed.charCodeAt(pos) <= 57) pos++;
  const number = trimmed.slice(0, pos);
  const unit = javaTrim(trimmed.slice(pos)).toLowerCase();
  if (number.length === 0) throw new FlinkException('NumberFormatException', 'text does not start with a number');
  const value = BigInt(number);
  if (value > MAX_BYTES) {
    throw new FlinkException(
      'IllegalArgumentException',
      `The value '${number}' cannot be re represented as 64bit number (numeric overflow).`,
    );
  }
  const bytes = value * unitMultiplier(unit);
  if (bytes > MAX_BYTES) {
    throw new FlinkException(
      'IllegalArgumentException',
      `The value '${text}' cannot be re represented as 64bit number of bytes (numeric overflow).`,
    );
  }
  return bytes;
}

function unitMultiplier(unit: string): bigint {
  if (unit.length === 0) return 1n;
  const found = UNITS.find((u) => u.names.includes(unit));
  if (found === undefined) {
    throw new FlinkException(
      'IllegalArgumentException',
      `Memory size unit '${unit}' does not match any of the recognized units: ${ALL_UNITS_TEXT}`,
    );
  }
  return found.multiplier;
}

/**
 * A memory size given in an input file: Flink's text syntax, or a plain integer meaning bytes
 * (YAML turns `1024` into a number). Non-integers are rejected the way Flink rejects "1.5g".
 */
export function memorySizeFromInput(value: string | number): bigint {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER) throw inexactNumber(value);
    if (!Number.isSafeInteger(value) || value < 0) return parseMemorySize(String(value));
    return BigInt(value);
  }
  return parseMemorySize(value);
}

/** YAML and JSON numbers are doubles: above 2^53 the digits the user wrote are already lost. */
export function inexactNumber(value: number): FlinkException {
  return new FlinkException(
    'IllegalArgumentException',
    `${value} is above 2^53 and cannot be read exactly as a number; write it as a quoted string`,
  );
}

/** Flink's `MemorySize.toHumanReadableString()`: e.g. "2.313gb (2483027968 bytes)", "0 bytes". */
export function toHumanReadableString(bytes: bigint): string {
  let chosen: (typeof UNITS)[number] | undefined;
  for (const unit of UNITS.slice(1)) if (bytes > unit.multiplier) chosen = unit;
  if (chosen === undefined) return `${bytes} bytes`;
  return `${formatHalfUp3(bytes, chosen.multiplier)}${chosen.short} (${bytes} bytes)`;
}

/**
 * Java's `String.format("%.3f", (double) bytes / multiplier)`: the quotient is a double, and Java
 * rounds the digits of its shortest decimal representation half up.
 */
function formatHalfUp3(bytes: bigint, multiplier: bigint): string {
  const [whole = '0', fraction = ''] = plainDecimal(Number(bytes) / Number(multiplier)).split('.');
  let thousandths = BigInt(whole + (fraction + '000').slice(0, 3));
  if ((fraction[3] ?? '0') >= '5') thousandths += 1n;
  return `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
}

function plainDecimal(value: number): string {
  const text = String(value);
  if (!text.includes('e')) return text;
  return value.toFixed(20).replace(/0+$/, '');
}

const HUMAN_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/**
 * Sizes as a person reads them: binary units, one decimal where it says something ("1.5 GiB",
 * "640 KiB", "128 MiB" for 128 MiB and 2 bytes), rounded half up; exact bytes belong in --json.
 */
export function formatBytes(bytes: bigint): string {
  if (bytes < 0n) return `-${formatBytes(-bytes)}`;
  if (bytes < 1024n) return `${bytes} B`;
  let unit = 1;
  while (unit < HUMAN_UNITS.length - 1 && bytes >= 1024n ** BigInt(unit + 1)) unit++;
  let tenths = (bytes * 10n * 2n + 1024n ** BigInt(unit)) / (2n * 1024n ** BigInt(unit));
  // 1023.96 MiB rounds to 1024.0 MiB: say 1 GiB.
  if (tenths >= 10240n && unit < HUMAN_UNITS.length - 1) {
    unit++;
    tenths = (bytes * 10n * 2n + 1024n ** BigInt(unit)) / (2n * 1024n ** BigInt(unit));
  }
  const whole = tenths / 10n;
  const decimal = tenths % 10n;
  return `${whole}${decimal === 0n ? '' : `.${decimal}`} ${HUMAN_UNITS[unit]}`;
}

/** Compact form for reports: the largest binary unit that divides exactly ("512mb", "100b"). */
export function toCompactString(bytes: bigint): string {
  for (let i = UNITS.length - 1; i > 0; i--) {
    const unit = UNITS[i]!;
    if (bytes !== 0n && bytes % unit.multiplier === 0n) return `${bytes / unit.multiplier}${unit.short}`;
  }
  return `${bytes}b`;
}
