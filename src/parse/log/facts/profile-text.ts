/**
 * A ResourceProfile and a list of ResourceRequirements as Flink prints them in a log, read back
 * into the model's values (issue 28 §1). docs/research/jobmanager-log-messages.md §5.1–5.2:
 * - `ResourceProfile{UNKNOWN}`, `ResourceProfile{ANY}`;
 * - `ResourceProfile{cpuCores=1, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes,
 *   managedMemory=…, networkMemory=…, gpu=2}` (flink-runtime/.../clusterframework/types/ResourceProfile.java
 *   toString): the bytes in parentheses are exact, the human form before them is checked against them;
 *   `cpuCores` a BigDecimal (`1.0`, `1.0000000000000000` ≤ 1.13; `1`, `0.5`, `1E+1` 1.14+);
 * - `[ResourceRequirement{resourceProfile={profile}, numberOfRequiredSlots={n}}, …]`
 *   (flink-runtime/.../slots/ResourceRequirement.java).
 * A terminal that wrapped the line may have put a space or a line break inside a name or a number:
 * those are skipped. Anything else that does not read is undefined, never a guess and never a throw.
 */
import { type Decimal, decimalFromNumber, decimalFromString } from '../../../model/decimal.js';
import { MAX_BYTES, toHumanReadableString } from '../../../model/memory-size.js';
import { ANY, UNKNOWN, type ProfileFields, type ResourceProfile, specified } from '../../../model/resource-profile.js';
import type { RequirementFact } from '../log-facts.js';

const PROFILE_OPEN = 'ResourceProfile{';
const REQUIREMENT_OPEN = 'ResourceRequirement{';
/** A profile longer than this is not one Flink printed (five fields and a few extended resources). */
const MAX_PROFILE_LENGTH = 4096;
/** Longest number read (a Double.MAX_VALUE cpu prints ~330 digits at most). */
const MAX_NUMBER_LENGTH = 400;

type MemoryName = 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
const MEMORY_NAMES: ReadonlySet<string> = new Set<MemoryName>(['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory']);

/**
 * ResourceProfile.toString leaves out a field above its log cap (cpu > 16384, memory > 1 PiB): such
 * a profile is a MiniCluster's "infinite" one. The field reads as Flink's infinite value
 * (ResourceProfile.ANY's: Double.MAX_VALUE cores, MemorySize.MAX_VALUE bytes), which every real
 * requirement fits in, as it does in the cluster that printed it.
 */
const UNBOUNDED_CPU: Decimal = decimalFromNumber(Number.MAX_VALUE);

export interface ProfileRead {
  readonly profile: ResourceProfile;
  /** Index just after the closing `}`. */
  readonly end: number;
}

/** The profile printed at `at` (where `ResourceProfile{` starts), or undefined. */
export function readProfileAt(text: string, at: number): ProfileRead | undefined {
  if (!text.startsWith(PROFILE_OPEN, at)) return undefined;
  const open = at + PROFILE_OPEN.length;
  const close = text.indexOf('}', open);
  if (close < 0 || close - open > MAX_PROFILE_LENGTH) return undefined;
  const profile = profileOfBody(text.slice(open, close));
  return profile === undefined ? undefined : { profile, end: close + 1 };
}

/** A whole `ResourceProfile{…}` text (spaces around it allowed). */
export function parseProfileText(text: string): ResourceProfile | undefined {
  const trimmed = text.trim();
  const read = readProfileAt(trimmed, 0);
  return read !== undefined && read.end === trimmed.length ? read.profile : undefined;
}

function profileOfBody(body: string): ResourceProfile | undefined {
  const compact = withoutSpaces(body);
  if (compact === 'UNKNOWN') return UNKNOWN;
  if (compact === 'ANY') return ANY;
  if (compact === '') return undefined;
  const fields: ProfileFields = {};
  const extended = new Map<string, Decimal>();
  for (const entry of body.split(',')) {
    const eq = entry.indexOf('=');
    if (eq < 0) return undefined;
    const name = withoutSpaces(entry.slice(0, eq));
    const value = entry.slice(eq + 1);
    if (!readField(fields, extended, name, value)) return undefined;
  }
  fields.cpuCores ??= UNBOUNDED_CPU;
  for (const name of MEMORY_NAMES) fields[name as MemoryName] ??= MAX_BYTES;
  if (extended.size > 0) fields.extendedResources = extended;
  return specified(fields);
}

function readField(fields: ProfileFields, extended: Map<string, Decimal>, name: string, value: string): boolean {
  if (name === '' || name in fields || extended.has(name)) return false;
  if (MEMORY_NAMES.has(name)) {
    const bytes = readMemory(value);
    if (bytes === undefined) return false;
    fields[name as MemoryName] = bytes;
    return true;
  }
  const amount = readDecimal(value);
  if (amount === undefined) return false;
  if (name === 'cpuCores') fields.cpuCores = amount;
  else extended.set(name, amount);
  return true;
}

/**
 * `96.000mb (100663296 bytes)` or `0 bytes` (below 1 kb): the bytes, when the human form printed
 * beside them is the one Flink prints for them (MemorySize.toHumanReadableString).
 */
export function readMemory(value: string): bigint | undefined {
  const compact = withoutSpaces(value);
  if (compact.length > MAX_NUMBER_LENGTH) return undefined;
  const open = compact.indexOf('(');
  const bytesText = open < 0 ? compact : compact.slice(open + 1, compact.endsWith(')') ? -1 : compact.length);
  if (!bytesText.endsWith('bytes')) return undefined;
  const digits = bytesText.slice(0, -'bytes'.length);
  if (!isDigits(digits)) return undefined;
  const bytes = BigInt(digits);
  if (bytes > MAX_BYTES) return undefined;
  return withoutSpaces(toHumanReadableString(bytes)) === compact ? bytes : undefined;
}

/** A BigDecimal's text: `1`, `0.5`, `1.0000000000000000`, `1E+1`, `2.5E-3`. */
export function readDecimal(value: string): Decimal | undefined {
  const compact = withoutSpaces(value);
  if (compact.length === 0 || compact.length > MAX_NUMBER_LENGTH) return undefined;
  const e = compact.search(/[eE]/);
  const mantissa = e < 0 ? compact : compact.slice(0, e);
  const exponentText = e < 0 ? '0' : compact.slice(e + 1);
  if (!/^\d+(?:\.\d+)?$/.test(mantissa) || !/^[+-]?\d{1,3}$/.test(exponentText)) return undefined;
  return shifted(mantissa, Number(exponentText));
}

/** `mantissa` × 10^exponent as plain decimal text, read exactly. */
function shifted(mantissa: string, exponent: number): Decimal {
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return decimalFromString(plain);
}

export interface RequirementRead {
  readonly requirement: RequirementFact;
  readonly end: number;
}

/** `ResourceRequirement{resourceProfile=…, numberOfRequiredSlots=n}` at `at` (spaces skipped). */
export function readRequirementAt(text: string, at: number): RequirementRead | undefined {
  let i = skipSpaces(text, at);
  if (!text.startsWith(REQUIREMENT_OPEN, i)) return undefined;
  i = skipSpaces(text, i + REQUIREMENT_OPEN.length);
  i = expectWord(text, i, 'resourceProfile=');
  if (i < 0) return undefined;
  const profile = readProfileAt(text, skipSpaces(text, i));
  if (profile === undefined) return undefined;
  i = expectWord(text, skipSpaces(text, profile.end), ',');
  if (i < 0) return undefined;
  i = expectWord(text, skipSpaces(text, i), 'numberOfRequiredSlots=');
  if (i < 0) return undefined;
  const start = skipSpaces(text, i);
  let end = start;
  while (end < text.length && end - start < 10 && isDigit(text.charCodeAt(end))) end++;
  const close = skipSpaces(text, end);
  if (end === start || text[close] !== '}') return undefined;
  return { requirement: { profile: profile.profile, count: Number(text.slice(start, end)) }, end: close + 1 };
}

/** `[a, b]` at `at` (a Java collection of ResourceRequirement; `[]` is empty), with the index after `]`. */
export function readRequirementListAt(text: string, at: number): { requirements: RequirementFact[]; end: number } | undefined {
  let i = skipSpaces(text, at);
  if (text[i] !== '[') return undefined;
  i = skipSpaces(text, i + 1);
  const requirements: RequirementFact[] = [];
  if (text[i] === ']') return { requirements, end: i + 1 };
  for (;;) {
    const read = readRequirementAt(text, i);
    if (read === undefined) return undefined;
    requirements.push(read.requirement);
    i = skipSpaces(text, read.end);
    if (text[i] === ']') return { requirements, end: i + 1 };
    if (text[i] !== ',') return undefined;
    i++;
  }
}

/** A whole `[…]` list text. */
export function parseRequirementList(text: string): RequirementFact[] | undefined {
  const read = readRequirementListAt(text, 0);
  return read !== undefined && skipSpaces(text, read.end) === text.length ? read.requirements : undefined;
}

/** `word` at `at`, letting a wrap's spaces or line breaks sit inside it; the index after it, or -1. */
function expectWord(text: string, at: number, word: string): number {
  let i = at;
  for (let w = 0; w < word.length; w++) {
    if (w > 0) i = skipSpaces(text, i);
    if (text[i] !== word[w]) return -1;
    i++;
  }
  return i;
}

export function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function withoutSpaces(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++)
    if (isSpace(text.charCodeAt(i))) {
      out += text.slice(from, i);
      from = i + 1;
    }
  return from === 0 ? text : out + text.slice(from);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}
