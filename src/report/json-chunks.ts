/**
 * `JSON.stringify(value, null, 2)` in pieces, byte for byte: a 100,000-vertex job's `plan --json`
 * is ~97 MB, and built as one string it is held whole, next to the report, until written (issue 29
 * §3). The shell writes each chunk as it comes, with back-pressure. A value is serialised by
 * JSON.stringify itself wherever it is small; only large arrays and objects are walked here, one
 * entry at a time, with JSON.stringify's layout (two spaces per level, `"key": value`, entries
 * JSON.stringify leaves out left out, `[]` and `{}` for empty ones, `toJSON` honoured).
 *
 * No chunk is longer than `size` characters, and none ends between the two halves of a surrogate
 * pair (each chunk is encoded on its own).
 */

/** Characters per chunk: enough to make each write worth a system call, small beside the report. */
export const JSON_CHUNK_CHARACTERS = 64 * 1024;

/** What a small value may weigh (see weighsLessThan) to be serialised whole by JSON.stringify. */
const WHOLE_BELOW = 16 * 1024;

export interface JsonChunkOptions {
  /** The most characters a chunk holds (at least 2). */
  readonly size?: number;
  /** Text after the JSON (the shell's final newline). */
  readonly suffix?: string;
}

type Holder = { readonly kind: 'array'; readonly items: readonly unknown[]; next: number } | ObjectHolder;
interface ObjectHolder {
  readonly kind: 'object';
  readonly record: Readonly<Record<string, unknown>>;
  readonly keys: readonly string[];
  next: number;
  /** Entries written so far (an object whose entries are all left out is `{}`). */
  written: number;
}

/** The chunks of JSON.stringify(value, null, 2) + suffix; nothing for a value JSON.stringify leaves out (undefined, a function). */
export function* jsonChunks(value: unknown, options: JsonChunkOptions = {}): Generator<string, void, undefined> {
  const size = Math.max(2, options.size ?? JSON_CHUNK_CHARACTERS);
  let buffer = '';
  /** The full chunks of the buffer, the rest kept. */
  function* cut(): Generator<string, void, undefined> {
    while (buffer.length >= size) {
      // A high surrogate last would split its pair across two chunks.
      const code = buffer.charCodeAt(size - 1);
      const end = code >= 0xd800 && code <= 0xdbff ? size - 1 : size;
      yield buffer.slice(0, end);
      buffer = buffer.slice(end);
    }
  }
  const stack: Holder[] = [];
  const indents = [''];
  const indent = (depth: number): string => (indents[depth] ??= '  '.repeat(depth));
  /** A value (toJSON applied) at `depth`: written whole, or opened for its entries to follow. */
  const put = (v: unknown, depth: number): void => {
    if (typeof v !== 'object' || v === null || isBoxed(v) || weighsLessThan(v, WHOLE_BELOW)) {
      buffer += stringified(v, depth);
    } else if (Array.isArray(v)) {
      if (v.length === 0) buffer += '[]';
      else {
        buffer += '[';
        stack.push({ kind: 'array', items: v, next: 0 });
      }
    } else {
      const record = v as Record<string, unknown>;
      buffer += '{';
      stack.push({ kind: 'object', record, keys: Object.keys(record), next: 0, written: 0 });
    }
  };
  const root = resolved(value, '');
  if (omitted(root)) return;
  put(root, 0);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const depth = stack.length;
    if (top.kind === 'array') {
      if (top.next < top.items.length) {
        const i = top.next++;
        buffer += i === 0 ? `\n${indent(depth)}` : `,\n${indent(depth)}`;
        const item = resolved(top.items[i], String(i));
        // JSON.stringify writes null for an array entry it leaves out of an object.
        put(omitted(item) ? null : item, depth);
      } else {
        stack.pop();
        buffer += `\n${indent(depth - 1)}]`;
      }
    } else if (top.next < top.keys.length) {
      const key = top.keys[top.next++]!;
      const item = resolved(top.record[key], key);
      if (!omitted(item)) {
        buffer += `${top.written++ === 0 ? '\n' : ',\n'}${indent(depth)}${JSON.stringify(key)}: `;
        put(item, depth);
      }
    } else {
      stack.pop();
      buffer += top.written === 0 ? '}' : `\n${indent(depth - 1)}}`;
    }
    if (buffer.length >= size) yield* cut();
  }
  buffer += options.suffix ?? '';
  yield* cut();
  if (buffer.length > 0) yield buffer;
}

/** The value JSON.stringify writes for `v` held under `key`: toJSON's answer when it has one. */
function resolved(v: unknown, key: string): unknown {
  const toJSON = (v as { toJSON?: unknown } | null | undefined)?.toJSON;
  return (typeof v === 'object' || typeof v === 'bigint') && v !== null && typeof toJSON === 'function'
    ? (toJSON as (k: string) => unknown).call(v, key)
    : v;
}

/** What JSON.stringify writes nothing for (an object's entry left out, an array's written null). */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/** A Number, String or Boolean object: JSON.stringify writes its primitive. */
function isBoxed(v: object): boolean {
  return v instanceof Number || v instanceof String || v instanceof Boolean;
}

/** JSON.stringify(v, null, 2) of a value it writes, at `depth` (every line after the first indented). */
function stringified(v: unknown, depth: number): string {
  const text = JSON.stringify(v, null, 2);
  // Strings in JSON hold no raw newline: every newline is the layout's.
  return depth === 0 || typeof v !== 'object' ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * Whether a value weighs less than `limit`: each value counts 8, a string or key its length too.
 * Walks at most `limit / 8` values, so asking costs little even of a large value.
 */
function weighsLessThan(v: object, limit: number): boolean {
  let weight = 0;
  const pending: unknown[] = [v];
  while (pending.length > 0) {
    const x = pending.pop();
    weight += 8;
    if (typeof x === 'string') weight += x.length;
    else if (Array.isArray(x)) for (let i = 0; i < x.length && weight < limit; i++) pending.push(x[i]);
    else if (typeof x === 'object' && x !== null)
      for (const k of Object.keys(x)) {
        weight += k.length;
        pending.push((x as Record<string, unknown>)[k]);
        if (weight >= limit) break;
      }
    if (weight >= limit) return false;
  }
  return true;
}
