/**
 * A set of value changes to a YAML file, collected and then written as text splices
 * (yaml-edit.ts): values replaced in their own style, pairs removed with their lines, and new
 * pairs (with any maps they need) added at the end of the map they belong to, one insertion per
 * map so two new keys of one new map share it.
 */
import { type Pair, type Scalar, type YAMLMap, isMap, isScalar } from 'yaml';
import {
  type KeyPlace,
  type NewValue,
  type TextEdit,
  type ValueChange,
  deletePair,
  findFlatKey,
  type NewPairs,
  insertPairs,
  newScalar,
  pairOf,
  pointerSegment,
  replaceScalar,
} from './yaml-edit.js';

export class YamlPatch {
  private readonly edits: TextEdit[] = [];
  readonly changes: ValueChange[] = [];
  private readonly inserts = new Map<YAMLMap, NewPairs>();

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
    // A list or a map where a value belongs (or a scalar where a map does) is the user's own shape: left as it is.
    if (pair !== undefined && !(isScalar(pair.value) || pair.value === null)) return;
    if (pair !== undefined && rest.length > 0) return;
    // Absent (or written empty, `key:`): a new pair, its missing maps with it.
    if (pair !== undefined) this.edits.push(deletePair(this.source, pair));
    let tree: NewPairs = this.inserts.get(map) ?? new Map();
    this.inserts.set(map, tree);
    for (const k of path.slice(0, -1)) {
      const next = tree.get(k);
      const child: NewPairs = typeof next === 'object' ? next : new Map();
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

  /** Every edit: the replacements and removals, and one insertion per map that gains pairs. */
  allEdits(): TextEdit[] {
    const out = [...this.edits];
    for (const [map, pairs] of this.inserts) out.push(insertPairs(this.source, map, pairs));
    return out;
  }
}
