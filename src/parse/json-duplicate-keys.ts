/**
 * JSON.parse keeps the last of two equal keys without a word; YAML parsers reject them. This
 * linear scan of already-valid JSON text finds the first duplicate key (after unescaping) so
 * JSON input gets the same error as YAML input. Complexity: O(length), no recursion.
 */
export interface DuplicateKey {
  readonly key: string;
  readonly offset: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;

/**
 * Whether `data`, JSON.parse's value of `text`, is certain to have no duplicate key, without
 * scanning the text: a colon outside a string follows a key, so a text with no more colons than
 * the value has keys has neither a colon inside a string nor a key that JSON.parse dropped. Counting
 * both costs a fraction of the scan; a text with colons in its strings (URLs, times) gets the scan.
 */
export function hasNoDuplicateKeys(text: string, data: unknown): boolean {
  let colons = 0;
  for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) colons++;
  return colons === keyCount(data, colons);
}

/** The keys of every object in `data` (iterative: no depth limit), stopping once above `most`. */
function keyCount(data: unknown, most: number): number {
  let keys = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0 && keys <= most) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const x of v) if (typeof x === 'object' && x !== null) stack.push(x);
      continue;
    }
    for (const k in v) {
      keys++;
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return keys;
}

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
