/**
 * JSON.parse keeps the last of two equal keys without a word; YAML parsers reject them. Finding
 * them must not cost a second reading of a large file (a 33 MB job graph: a character-by-character
 * scan cost a third of JSON.parse itself, issue 29 §3), so a cheap count decides first:
 *
 * outside strings, a colon follows each key and nothing else, so the text's colons are its keys
 * plus the colons inside its strings. JSON.parse's data holds each key and string once when no key
 * repeats, and loses the repeated ones (and their values) when one does. So, when no string of the
 * text can spell a colon as an escape (`\u003a`), the text has a duplicate key exactly when its
 * colons outnumber the data's keys plus the colons in the data's strings. The exact scan
 * (findDuplicateJsonKey) runs only then, or when an escape makes the count unsure, and names the key.
 */
export interface DuplicateKey {
  readonly key: string;
  readonly offset: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;

/** What one walk of JSON.parse's data finds: whether it nests deeper than the limit, and its keys and colons. */
export interface JsonDataCounts {
  /** A collection sits deeper than the limit (the walk stopped there: the counts are then partial). */
  readonly deeper: boolean;
  /** Keys of every mapping. */
  readonly keys: number;
  /** Colons inside keys and string values. */
  readonly colons: number;
}

/**
 * One iterative walk of parsed JSON (the check itself must not overflow the stack): nesting beyond
 * `limit` levels (the root is level 0), keys and colons. Only collections are stacked.
 */
export function countJsonData(data: unknown, limit: number): JsonDataCounts {
  if (typeof data === 'string') return { deeper: false, keys: 0, colons: colonsIn(data) };
  if (typeof data !== 'object' || data === null) return { deeper: false, keys: 0, colons: 0 };
  const nodes: object[] = [data];
  const depths: number[] = [0];
  let [keys, colons] = [0, 0];
  while (nodes.length > 0) {
    const v = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return { deeper: true, keys, colons };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'string') colons += colonsIn(x);
        else if (typeof x === 'object' && x !== null) {
          nodes.push(x);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    const record = v as Record<string, unknown>;
    for (const k in record) {
      keys++;
      colons += colonsIn(k);
      const x = record[k];
      if (typeof x === 'string') colons += colonsIn(x);
      else if (typeof x === 'object' && x !== null) {
        nodes.push(x);
        depths.push(depth + 1);
      }
    }
  }
  return { deeper: false, keys, colons };
}

function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i >= 0; i = s.indexOf(':', i + 1)) n++;
  return n;
}

/**
 * Whether valid JSON `text`, parsed into data whose counts are `counts` (not deeper than its
 * limit), may repeat a key: false only when the colon count proves it does not (see above).
 */
export function mayHaveDuplicateKeys(text: string, counts: JsonDataCounts): boolean {
  if (counts.deeper || text.includes('\\u')) return true;
  return colonsIn(text) !== counts.keys + counts.colons;
}

/**
 * The first duplicate key of valid JSON `text` (after unescaping), by a scan of every character.
 * Complexity: O(length), no recursion.
 */
export function findDuplicateJsonKey(text: string): DuplicateKey | undefined {
  const stack: Array<Set<string> | null> = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i += 2;
        else if (d === QUOTE) break;
        else i++;
      }
      const end = ++i;
      const keys = stack[stack.length - 1];
      if (keys && isFollowedByColon(text, end)) {
        const raw = text.slice(start + 1, end - 1);
        // Compare keys as JSON reads them: "\u0069d" and "id" are the same key.
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (keys.has(key)) return { key, offset: start };
        keys.add(key);
      }
      continue;
    }
    if (c === 123 /* { */) stack.push(new Set());
    else if (c === 91 /* [ */) stack.push(null);
    else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
    i++;
  }
  return undefined;
}

function isFollowedByColon(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === COLON) return true;
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
    i++;
  }
  return false;
}
