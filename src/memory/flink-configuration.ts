/**
 * A Flink configuration as flat `key → value` text, read from a legacy flat `flink-conf.yaml`, a
 * nested `config.yaml` (Flink 1.19+: maps flatten by joining keys with '.'), or inline keys.
 * Typed reads follow Flink's ConfigOption rules: a value is "configured" only when the key (or a
 * fallback key) is present; defaults do not count.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { parseMemorySize } from '../model/memory-size.js';
import { textOf } from '../util/text-of.js';

export type FlinkConfiguration = ReadonlyMap<string, string>;

/** Nested maps flatten with '.'; scalars become their text; lists become comma-joined text. */
export function flattenConfiguration(data: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, prefix: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix === '' ? k : `${prefix}.${k}`);
    } else {
      out.set(prefix, Array.isArray(value) ? value.map(textOf).join(',') : textOf(value));
    }
  };
  walk(data, '');
  return out;
}

export interface ConfigOption<T> {
  readonly key: string;
  readonly fallbackKeys: readonly string[];
  /** Default as Flink prints it in ConfigOption.toString(); undefined = no default. */
  readonly defaultText: string | undefined;
  readonly defaultValue: T | undefined;
}

export function option<T>(
  key: string,
  defaultValue: T | undefined,
  defaultText: string | undefined,
  fallbackKeys: readonly string[] = [],
): ConfigOption<T> {
  return { key, defaultValue, defaultText, fallbackKeys };
}

/** Java's ConfigOption.toString(), which Flink puts into some error messages. */
export function describeOption(o: ConfigOption<unknown>): string {
  const fallbacks = o.fallbackKeys.map((k) => `{key=${k}, isDeprecated=true}`).join(', ');
  return `Key: '${o.key}' , default: ${o.defaultText ?? 'null'} (fallback keys: [${fallbacks}])`;
}

function rawValue(config: FlinkConfiguration, o: ConfigOption<unknown>): { key: string; text: string } | undefined {
  for (const key of [o.key, ...o.fallbackKeys]) {
    const text = config.get(key);
    if (text !== undefined) return { key, text };
  }
  return undefined;
}

export function isConfigured(config: FlinkConfiguration, o: ConfigOption<unknown>): boolean {
  return rawValue(config, o) !== undefined;
}

/** The key the value of `o` is read from (its own, or a deprecated fallback key), if set. */
export function configuredKey(config: FlinkConfiguration, o: ConfigOption<unknown>): string | undefined {
  return rawValue(config, o)?.key;
}

/** A MemorySize option; a bad value fails like ProcessMemoryUtils.getMemorySizeFromConfig. */
export function readMemory(config: FlinkConfiguration, o: ConfigOption<bigint>): bigint | undefined {
  const raw = rawValue(config, o);
  if (raw === undefined) return o.defaultValue;
  try {
    return parseMemorySize(raw.text);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    // Flink's messages name the option's main key, even when a deprecated fallback key was used.
    throw new FlinkException('IllegalConfigurationException', `Cannot read memory size from config option '${o.key}'.`, [
      `Could not parse value '${raw.text}' for key '${o.key}'.`,
      e.message,
    ]);
  }
}

/** A float option (fractions), widened to double as Java does. */
export function readFloat(config: FlinkConfiguration, o: ConfigOption<number>): number {
  const raw = rawValue(config, o);
  const value = raw === undefined ? o.defaultValue! : Number(raw.text);
  if (raw !== undefined && (raw.text.trim() === '' || Number.isNaN(value))) throw unparsable(raw.text, o);
  return Math.fround(value);
}

/** `Configuration.get` on a value that is not a number: IllegalArgumentException, caused by Java's NumberFormatException. */
function unparsable(text: string, o: ConfigOption<unknown>, given = text): FlinkException {
  return new FlinkException('IllegalArgumentException', `Could not parse value '${given}' for key '${o.key}'.`, [
    `For input string: "${text}"`,
  ]);
}

/** Java's Double.toString for the values Flink prints in messages: an integral double keeps ".0". */
export function javaDouble(value: number): string {
  const text = String(value);
  return Number.isInteger(value) && !/e/i.test(text) ? `${text}.0` : text;
}

export function readInteger(config: FlinkConfiguration, o: ConfigOption<number>): number | undefined {
  const raw = rawValue(config, o);
  if (raw === undefined) return o.defaultValue;
  if (!/^[+-]?\d+$/.test(raw.text.trim())) throw unparsable(raw.text, o);
  // Flink's int options parse with Integer.parseInt (ConfigurationUtils.convertToInt): a value
  // beyond Java's int fails as text that is not a number does, never a count of 99999999999 slots.
  const value = Number(raw.text.trim());
  if (value < JAVA_INT_MIN || value > JAVA_INT_MAX) throw unparsable(raw.text.trim(), o, raw.text);
  return value;
}

const JAVA_INT_MAX = 2_147_483_647;
const JAVA_INT_MIN = -2_147_483_648;

export function readDouble(config: FlinkConfiguration, o: ConfigOption<number>): number | undefined {
  const raw = rawValue(config, o);
  if (raw === undefined) return o.defaultValue;
  const value = Number(raw.text);
  if (raw.text.trim() === '' || Number.isNaN(value)) throw unparsable(raw.text, o);
  return value;
}
