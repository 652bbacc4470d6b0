/**
 * A set of value changes to a YAML file, collected and then written as text splices
 * (yaml-edit.ts): values replaced in their own style, pairs removed with their lines, and new
 * pairs (with any maps they need) added at the end of the map they belong to, one insertion per
 * map so two new keys of one new map share it.
 */
import { pushAll } from '../util/push-all.js';
import { type Pair, type Scalar, type YAMLMap, isMap, isScalar } from 'yaml';
import {
  type KeyPlace,
  type NewValue,
  type TextEdit,
  type ValueChange,
  deletePair,
  findFlatKey,
  insertPair,
  newScalar,
  pairOf,
  pointerSegment,
  replaceScalar,
} from './yaml-edit.js';

type Tree = Map<string, string | Tree>;

export class YamlPatch {
  private readonly edits: TextEdit[] = [];
  readonly changes: ValueChange[] = [];
  private readonly inserts = new Map<YAMLMap, Tree>();

  constructor(private readonly source: string) {}

  /** Sets `path` below `map` (which stands at `pointer`), adding the pair and any missing maps. */
  set(map: YAMLMap, pointer: string, path: readonly string[], value: NewValue): void {
    const [key, ...rest] = path as [string, ...string[]];
    const pair = pairOf(map, key);
    const here = `${pointer}/${pointerSegment(key)}`;
    if (pair !== undefined && rest.length > 0 && isMap(pair.value)) return this.set(pair.value as YAMLMap, here, rest, value);
    if (pair !== undefined && rest.length === 0 && isScalar(pair.value) && (pair.value as Scalar).value !== null) {
      const old = String((pair.value as Scalar).value);
      if (old === value.text) return;
      this.edits.push(replaceScalar(this.source, pair.value as Scalar, value));
      this.changes.push({ path: here, from: old, to: value.text });
      return;
    }
    // Absent (or written empty): a new pair, its missing maps with it.
    if (pair !== undefined) this.edits.push(deletePair(this.source, pair));
    let tree = this.inserts.get(map) ?? new Map<string, string | Tree>();
    this.inserts.set(map, tree);
    for (const k of path.slice(0, -1)) {
      const next = tree.get(k);
      const child = typeof next === 'object' ? next : new Map<string, string | Tree>();
      tree.set(k, child);
      tree = child;
    }
    tree.set(path[path.length - 1]!, newScalar(value));
    this.changes.push({ path: `${pointer}/${path.map(pointerSegment).join('/')}`, from: null, to: value.text });
  }

  /** A flat Flink key in a configuration map, flat or nested as the file writes it: set, or removed (null). */
  setFlatKey(map: YAMLMap, pointer: string, key: string, value: NewValue | null): void {
    const place: KeyPlace = findFlatKey(map, pointer, key);
    // Inside a nested map (config.yaml's `taskmanager:`) a new key is nested too: `cpu: {cores: 2}`.
    const nested = place.pair === undefined && place.map !== map;
    if (value !== null) return this.set(place.map, place.pointer, nested ? place.rest.split('.') : [place.rest], value);
    if (place.pair !== undefined) this.remove(place.pair, `${place.pointer}/${pointerSegment(place.rest)}`);
  }

  remove(pair: Pair, pointer: string): void {
    this.edits.push(deletePair(this.source, pair));
    const value = pair.value;
    this.changes.push({ path: pointer, from: isScalar(value) ? String((value as Scalar).value) : null, to: null });
  }

  /** Every edit, the insertions last collected per map. */
  allEdits(): TextEdit[] {
    const out = [...this.edits];
    for (const [map, tree] of this.inserts) {
      const entries = [...tree];
      for (const [key, value] of entries)
        out.push(
          typeof value === 'string' ? insertPair(this.source, map, key, value) : insertPair(this.source, map, key, '', lines(value)),
        );
    }
    return mergeSameOffset(out);
  }
}

/** A new map's lines, two spaces deeper per level. */
function lines(tree: Tree): string[] {
  const out: string[] = [];
  for (const [key, value] of tree) {
    if (typeof value === 'string') out.push(`  ${key}: ${value}`);
    else {
      out.push(`  ${key}:`);
      pushAll(
        out,
        lines(value).map((l) => `  ${l}`),
      );
    }
  }
  return out;
}

/** Insertions at one offset (two new pairs of one map) become one edit, in the order collected. */
function mergeSameOffset(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const e of edits) {
    const same = out.findIndex((o) => o.start === e.start && o.end === e.end && o.start === o.end);
    if (same >= 0 && e.start === e.end) out[same] = { ...out[same]!, text: out[same]!.text + e.text.replace(/^\n/, '') };
    else out.push(e);
  }
  return out;
}
