/**
 * Edits of a user's YAML file as splices of its text: the `yaml` library (eemeli/yaml) finds each
 * node and where it stands in the source, and only the bytes of the changed values are rewritten.
 * Every other byte stays: comments, key order, quoting, blank lines, indentation of sequences and
 * flow collections (the library's own `toString` would re-indent and re-quote those).
 */
import { type Document, type Node, type Pair, type Scalar, type YAMLMap, isMap, isScalar } from 'yaml';

/** One change to the text: bytes [start, end) become `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export type { ValueChange } from './value-change.js';

/** What is written for a value: its text, and whether the file's quoting may show it bare. */
export interface NewValue {
  readonly text: string;
  /** A YAML number or a plain word; false: a string that must stay one (quoted when new). */
  readonly bare: boolean;
}

export const pointerSegment = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The pair of `map` whose key is `key`. */
export function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && String((p.key as Scalar).value) === key);
}

/** A map's child map at `key`, if it is one. */
export function childMap(map: YAMLMap | undefined, key: string): YAMLMap | undefined {
  const value = map === undefined ? undefined : pairOf(map, key)?.value;
  return isMap(value) ? (value as YAMLMap) : undefined;
}

/** Where a flat Flink key stands in a map that may nest it (`taskmanager: {numberOfTaskSlots: 4}`). */
export interface KeyPlace {
  /** The innermost map on the way, and the pointer to it. */
  readonly map: YAMLMap;
  readonly pointer: string;
  /** The rest of the flat key below that map. */
  readonly rest: string;
  /** The pair when the key is there. */
  readonly pair?: Pair;
}

/** A flat key in a configuration map: as written flat, nested, or partly nested; else the map to add it to. */
export function findFlatKey(map: YAMLMap, pointer: string, key: string): KeyPlace {
  const exact = pairOf(map, key);
  if (exact !== undefined) return { map, pointer, rest: key, pair: exact };
  for (const p of map.items) {
    const k = isScalar(p.key) ? String((p.key as Scalar).value) : undefined;
    if (k !== undefined && key.startsWith(`${k}.`) && isMap(p.value))
      return findFlatKey(p.value as YAMLMap, `${pointer}/${pointerSegment(k)}`, key.slice(k.length + 1));
  }
  return { map, pointer, rest: key };
}

/** A scalar's new text in the style it was written: the same quotes, or bare when it was bare and may stay so. */
export function replaceScalar(source: string, node: Scalar, value: NewValue): TextEdit {
  const [start, end] = node.range!;
  return { start, end, text: styled(value, node.type, source.slice(start, end)) };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function styled(value: NewValue, type: Scalar['type'], old: string): string {
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(value.text);
  if (type === 'QUOTE_SINGLE') return `'${value.text.replaceAll("'", "''")}'`;
  // A bare number stays a bare number; a bare string ("2048m") stays bare while the new text reads as a string too.
  const wasNumber = NUMBER.test(old.trim());
  const readsAsString = /^[0-9]+(\.[0-9]+)?\s*[A-Za-z]+$/.test(value.text);
  return (wasNumber && NUMBER.test(value.text)) || (!wasNumber && readsAsString) ? value.text : JSON.stringify(value.text);
}

/** A new scalar's text: bare when it may be, else double-quoted (the operator reads configuration values as strings). */
export function newScalar(value: NewValue): string {
  return value.bare ? value.text : JSON.stringify(value.text);
}

/** The column the map's keys stand at. */
function indentOf(source: string, map: YAMLMap): number {
  const first = map.items[0]?.key as Node | undefined;
  if (first?.range === undefined || first.range === null) return 0;
  return first.range[0] - source.lastIndexOf('\n', first.range[0] - 1) - 1;
}

/** New pairs for one map: a scalar's text, or the pairs of a new map below it. */
export type NewPairs = Map<string, string | NewPairs>;

/**
 * New pairs at the end of a map, in one edit: a block map's lines at its keys' column (a new map
 * two spaces deeper), after its last line; a flow map's entries before its closing brace.
 */
export function insertPairs(source: string, map: YAMLMap, pairs: NewPairs): TextEdit {
  const [start, end] = map.range!;
  if (map.flow === true) {
    const entries = flowEntries(pairs);
    const last = map.items[map.items.length - 1];
    if (last === undefined) return { start, end: source.lastIndexOf('}', end) + 1, text: `{ ${entries} }` };
    const after = ((last.value as Node | null)?.range ?? (last.key as Node).range!)[1];
    return { start: after, end: after, text: `, ${entries}` };
  }
  const indent = ' '.repeat(indentOf(source, map));
  const text = blockLines(pairs)
    .map((l) => `${indent}${l}\n`)
    .join('');
  // After the map's last line: its range ends past the newline, or at the end of the text without one.
  const needsBreak = end > 0 && source[end - 1] !== '\n';
  return { start: end, end, text: `${needsBreak ? '\n' : ''}${text}` };
}

function blockLines(pairs: NewPairs): string[] {
  const out: string[] = [];
  for (const [key, value] of pairs) {
    if (typeof value === 'string') out.push(`${key}: ${value}`);
    else {
      out.push(`${key}:`);
      for (const line of blockLines(value)) out.push(`  ${line}`);
    }
  }
  return out;
}

const flowEntries = (pairs: NewPairs): string =>
  [...pairs].map(([k, v]) => `${k}: ${typeof v === 'string' ? v : `{ ${flowEntries(v)} }`}`).join(', ');

/** The lines of a pair, from its key's line to the end of its value's (its own comment with it). */
export function deletePair(source: string, pair: Pair): TextEdit {
  const keyStart = (pair.key as Node).range![0];
  const lineStart = source.lastIndexOf('\n', keyStart - 1) + 1;
  const valueEnd = (pair.value as Node | null)?.range?.[2] ?? (pair.key as Node).range![2];
  const newline = source.indexOf('\n', valueEnd - 1 < lineStart ? lineStart : valueEnd - 1);
  return { start: lineStart, end: newline === -1 ? source.length : newline + 1, text: '' };
}

/** The edits applied, last first so earlier offsets stay valid. */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The document of a multi-document file that is `kind`, else the only one. */
export function documentOf<T extends Document>(documents: readonly T[], kind: string | undefined): T | undefined {
  if (kind === undefined) return documents.length === 1 ? documents[0] : undefined;
  return documents.find((d) => isMap(d.contents) && String((pairOf(d.contents as YAMLMap, 'kind')?.value as Scalar)?.value) === kind);
}

/**
 * A unified-style diff of the edits: one hunk per group of edited lines, `-` the lines as they
 * were, `+` as they are, with line numbers of the old and new text.
 */
export function unifiedDiff(source: string, edits: readonly TextEdit[], oldName: string, newName: string): string {
  if (edits.length === 0) return '';
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const hunks: string[] = [`--- ${oldName}`, `+++ ${newName}`];
  let shift = 0;
  for (const group of groupByLines(source, sorted)) {
    const from = source.lastIndexOf('\n', group[0]!.start - 1) + 1;
    const last = group[group.length - 1]!;
    const lineEnd = source.indexOf('\n', Math.max(last.end - 1, from));
    // An insertion at a line's start replaces no line; an edit ending a line ends the hunk there.
    const atLineStart = last.end === from || source[last.end - 1] === '\n';
    const to = atLineStart ? last.end : lineEnd === -1 ? source.length : lineEnd + 1;
    const old = source.slice(from, to);
    let updated = old;
    for (const e of [...group].reverse()) updated = updated.slice(0, e.start - from) + e.text + updated.slice(e.end - from);
    const oldLines = linesOf(old);
    const newLines = linesOf(updated);
    const line = lineNumber(source, from);
    hunks.push(`@@ -${range(line, oldLines.length)} +${range(line + shift, newLines.length)} @@`);
    for (const l of oldLines) hunks.push(`-${l}`);
    for (const l of newLines) hunks.push(`+${l}`);
    shift += newLines.length - oldLines.length;
  }
  return `${hunks.join('\n')}\n`;
}

/** Edits on the same or adjacent lines go in one hunk. */
function groupByLines(source: string, sorted: readonly TextEdit[]): TextEdit[][] {
  const groups: TextEdit[][] = [];
  for (const e of sorted) {
    const last = groups[groups.length - 1];
    const previous = last?.[last.length - 1];
    const between = previous === undefined ? '' : source.slice(previous.end, e.start);
    if (previous !== undefined && between.split('\n').length <= 2) last!.push(e);
    else groups.push([e]);
  }
  return groups;
}

const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const lineNumber = (source: string, offset: number): number => source.slice(0, offset).split('\n').length;
const range = (line: number, count: number): string => (count === 1 ? `${line}` : `${count === 0 ? line - 1 : line},${count}`);
