import { describe, expect, it } from 'vitest';
import { thrown } from '../../support/thrown.js';
import { MAX_BYTES, memorySizeFromInput, parseMemorySize, toCompactString, toHumanReadableString } from '../../../src/model/memory-size.js';

const KB = 1024n;
const MB = 1024n ** 2n;
const GB = 1024n ** 3n;
const TB = 1024n ** 4n;
const ALL_UNITS = '(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)';

describe('parseMemorySize (Flink MemorySize.parseBytes)', () => {
  it.each([
    ['0', 0n],
    ['1024', 1024n],
    ['0001', 1n],
    ['5b', 5n],
    ['5 bytes', 5n],
    ['1k', KB],
    ['1kb', KB],
    ['1 kibibytes', KB],
    ['100 kb', 100n * KB],
    ['512m', 512n * MB],
    ['512mb', 512n * MB],
    ['3 mebibytes', 3n * MB],
    ['1g', GB],
    ['1 gb', GB],
    ['2 gibibytes', 2n * GB],
    ['1t', TB],
    ['7 tb', 7n * TB],
    ['1 tebibytes', TB],
  ])('parses %j to %s bytes', (text, bytes) => {
    expect(parseMemorySize(text)).toBe(bytes);
  });

  it('trims the text and the unit, and ignores the unit case (Locale.US lower case)', () => {
    expect(parseMemorySize('  100  kb  ')).toBe(100n * KB);
    expect(parseMemorySize('\t16 MB\n')).toBe(16n * MB);
    expect(parseMemorySize('1G')).toBe(GB);
    expect(parseMemorySize('1 GiBiBytes')).toBe(GB);
    expect(parseMemorySize('4TB')).toBe(4n * TB);
  });

  it('accepts Long.MAX_VALUE bytes and the largest whole number of tebibytes', () => {
    expect(parseMemorySize('9223372036854775807')).toBe(MAX_BYTES);
    expect(MAX_BYTES).toBe(9223372036854775807n);
    expect(parseMemorySize('8388607t')).toBe(8388607n * TB);
  });

  it('rejects an empty or whitespace-only text', () => {
    for (const text of ['', '   ', '\t\n']) {
      const e = thrown(() => parseMemorySize(text));
      expect(e.errorType).toBe('IllegalArgumentException');
      expect(e.message).toBe('argument is an empty- or whitespace-only string');
    }
  });

  it.each(['abc', 'mb', '-1', '-1m', '+5', '.5g', 'k1'])('rejects %j: the text does not start with a digit', (text) => {
    const e = thrown(() => parseMemorySize(text));
    expect(e.errorType).toBe('NumberFormatException');
    expect(e.message).toBe('text does not start with a number');
  });

  it.each([
    ['1.5g', '.5g'],
    ['1 kilobyte', 'kilobyte'],
    ['10 MiB', 'mib'],
    ['12 e3', 'e3'],
    ['1,000', ',000'],
  ])('rejects %j: unit %j is not a Flink unit (no decimals)', (text, unit) => {
    const e = thrown(() => parseMemorySize(text));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.message).toBe(`Memory size unit '${unit}' does not match any of the recognized units: ${ALL_UNITS}`);
  });

  it('reports a number that does not fit a long with the digits only', () => {
    const e = thrown(() => parseMemorySize('9223372036854775808 kb'));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.message).toBe("The value '9223372036854775808' cannot be re represented as 64bit number (numeric overflow).");
  });

  it('reports a byte count that overflows with the original (untrimmed) text', () => {
    const e = thrown(() => parseMemorySize(' 8388608t '));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.message).toBe("The value ' 8388608t ' cannot be re represented as 64bit number of bytes (numeric overflow).");
    expect(thrown(() => parseMemorySize('9007199254740992k')).message).toBe(
      "The value '9007199254740992k' cannot be re represented as 64bit number of bytes (numeric overflow).",
    );
    expect(parseMemorySize('9007199254740991k')).toBe(9007199254740991n * KB);
  });

  // Java's String.trim() strips every char <= U+0020 and nothing else. JavaScript's trim() also
  // strips U+00A0, U+FEFF, U+2028 ... but not control characters such as U+0001.
  it('trims exactly what Java String.trim() trims (control chars yes, no-break space no)', () => {
    expect(parseMemorySize('1m\u0001')).toBe(MB);
    const e = thrown(() => parseMemorySize('\u00a01m'));
    expect(e.errorType).toBe('NumberFormatException');
    expect(e.message).toBe('text does not start with a number');
  });
});

describe('memorySizeFromInput', () => {
  it('takes a non-negative safe integer as bytes and text as Flink syntax', () => {
    expect(memorySizeFromInput(0)).toBe(0n);
    expect(memorySizeFromInput(1024)).toBe(1024n);
    expect(memorySizeFromInput(Number.MAX_SAFE_INTEGER)).toBe(9007199254740991n);
    expect(memorySizeFromInput('64 mb')).toBe(64n * MB);
  });

  it('refuses an integer above 2^53, whose digits a YAML/JSON number has already lost', () => {
    const e = thrown(() => memorySizeFromInput(2 ** 60));
    expect(e.errorType).toBe('IllegalArgumentException');
    expect(e.message).toBe('1152921504606847000 is above 2^53 and cannot be read exactly as a number; write it as a quoted string');
    expect(memorySizeFromInput('1152921504606846976')).toBe(2n ** 60n);
  });

  it('rejects fractional and negative numbers the way Flink rejects their text', () => {
    expect(thrown(() => memorySizeFromInput(1.5)).message).toBe(
      `Memory size unit '.5' does not match any of the recognized units: ${ALL_UNITS}`,
    );
    const negative = thrown(() => memorySizeFromInput(-1));
    expect(negative.errorType).toBe('NumberFormatException');
    expect(negative.message).toBe('text does not start with a number');
  });
});

describe('toHumanReadableString (MemorySize.toHumanReadableString)', () => {
  it.each([
    [0n, '0 bytes'],
    [1n, '1 bytes'],
    [1024n, '1024 bytes'],
    [1025n, '1.001kb (1025 bytes)'],
    [1536n, '1.500kb (1536 bytes)'],
    [MB, '1024.000kb (1048576 bytes)'],
    [GB, '1024.000mb (1073741824 bytes)'],
    [2483027968n, '2.313gb (2483027968 bytes)'],
    [TB + 1n, '1.000tb (1099511627777 bytes)'],
    [MAX_BYTES, '8388608.000tb (9223372036854775807 bytes)'],
  ])('%s bytes -> %j', (bytes, text) => {
    expect(toHumanReadableString(bytes)).toBe(text);
  });

  it('rounds the third decimal half up, as Java %.3f does', () => {
    // 1088 / 1024 = 1.0625 exactly: HALF_UP gives 1.063 (half-even would give 1.062)
    expect(toHumanReadableString(1088n)).toBe('1.063kb (1088 bytes)');
    // 1056 / 1024 = 1.03125 -> 1.031
    expect(toHumanReadableString(1056n)).toBe('1.031kb (1056 bytes)');
    // 1023.9995 mb rounds up into 1024.000mb
    expect(toHumanReadableString(1073741299n)).toBe('1023.999mb (1073741299 bytes)');
    expect(toHumanReadableString(1073741300n)).toBe('1024.000mb (1073741300 bytes)');
  });
});

describe('toCompactString', () => {
  it.each([
    [0n, '0b'],
    [100n, '100b'],
    [1536n, '1536b'],
    [2048n, '2kb'],
    [512n * MB, '512mb'],
    [3n * GB, '3gb'],
    [TB, '1tb'],
    [1024n * TB, '1024tb'],
  ])('%s -> %j', (bytes, text) => {
    expect(toCompactString(bytes)).toBe(text);
  });
});
