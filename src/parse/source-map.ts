/**
 * Source positions for diagnostics. js-yaml's event stream carries offsets (for JSON too, which is
 * YAML flow syntax); one pass maps JSON pointers to offsets, and offsets to 1-based line/column.
 * Only used when there is something to report, so the fast path never pays for it.
 */
import { EVENT_ID, SCALAR_STYLE, getScalarValue, parseEvents } from 'js-yaml';
import type { Diagnostic } from '../errors/diagnostic.js';

export interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * 1-based line/column of the value at `pointer` (or of its key, when `atKey` and the value sits in
 * a mapping). Undefined when the pointer does not resolve. Complexity: O(size of the document).
 */
export function locatePointer(text: string, pointer: string, atKey = false): Position | undefined {
  const offsets = findOffsets(text, new Set([pointer]));
  const found = offsets.get(pointer);
  if (found === undefined) return undefined;
  return offsetToPosition(text, atKey && found.key >= 0 ? found.key : found.value);
}

interface Frame {
  readonly pointer: string;
  readonly isMapping: boolean;
  index: number;
  pendingKey: string | undefined;
  keyOffset: number;
}

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

interface NodeOffsets {
  /** Offset of the value node. */
  readonly value: number;
  /** Offset of its key when the parent is a mapping, else -1. */
  readonly key: number;
  /** The source text of a scalar, as written (undefined for collections). */
  readonly source: string | undefined;
}

type NodeEvent = Exclude<YamlEvent, { type: typeof EVENT_ID.DOCUMENT } | { type: typeof EVENT_ID.POP }>;

interface Visitor {
  /** A mapping key at `pointer` (the pointer of the value it names); return true to stop. */
  key?(pointer: string, event: NodeEvent): boolean;
  /** A value node at `pointer`; `keyOffset` is its key's offset in a mapping, else -1. */
  value?(pointer: string, event: NodeEvent, keyOffset: number): void;
  /** The collection at `pointer` closed; `lastEnd` is where its last scalar ended. */
  pop?(pointer: string, lastEnd: number): void;
}

/**
 * Texts longer than this are not walked: js-yaml's event list holds every node at once (~17 bytes
 * a character, the reason YAML documents are bounded at 8 MiB in document.ts), so a 40 MB JSON
 * file read within its 128 MiB bound would exhaust the heap just to find a line. Their
 * diagnostics keep the file and the JSON pointer.
 */
const MAX_WALKED_CHARACTERS = 8 * 1024 * 1024;

/** One pass over js-yaml's event stream, tracking the JSON pointer of every node. */
function walk(text: string, visitor: Visitor): void {
  if (text.length > MAX_WALKED_CHARACTERS) return;
  let events;
  try {
    events = parseEvents(text, {});
  } catch {
    return;
  }
  const stack: Frame[] = [];
  let lastEnd = 0;
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) continue;
    if (event.type === EVENT_ID.POP) {
      const closed = stack.pop();
      if (closed !== undefined) visitor.pop?.(closed.pointer, lastEnd);
      continue;
    }
    if (event.type === EVENT_ID.SCALAR && event.valueStart >= 0) lastEnd = scalarEnd(event);
    const parent = stack[stack.length - 1];
    if (parent?.isMapping && parent.pendingKey === undefined) {
      // A key: remember it; the next node is its value.
      parent.pendingKey = event.type === EVENT_ID.SCALAR ? getScalarValue(text, event) : '';
      parent.keyOffset = nodeStart(event);
      if (visitor.key?.(childPointer(parent), event)) return;
      continue;
    }
    const here = childPointer(parent);
    visitor.value?.(here, event, parent?.isMapping ? parent.keyOffset : -1);
    if (parent) advance(parent);
    if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.MAPPING) {
      stack.push({ pointer: here, isMapping: event.type === EVENT_ID.MAPPING, index: 0, pendingKey: undefined, keyOffset: -1 });
    }
  }
}

/** The offsets of the wanted pointers. */
function findOffsets(text: string, wanted: ReadonlySet<string>): Map<string, NodeOffsets> {
  const found = new Map<string, NodeOffsets>();
  walk(text, {
    value(pointer, event, keyOffset) {
      if (!wanted.has(pointer)) return;
      const source = event.type === EVENT_ID.SCALAR ? text.slice(event.valueStart, event.valueEnd) : undefined;
      found.set(pointer, { value: nodeStart(event), key: keyOffset, source });
    },
  });
  return found;
}

type YamlEvent = ReturnType<typeof parseEvents>[number];

/** Where a node begins: a quoted scalar at its opening quote, a collection at its bracket or first entry. */
function nodeStart(event: YamlEvent): number {
  if (event.type === EVENT_ID.SCALAR) {
    const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
    return quoted ? event.valueStart - 1 : event.valueStart;
  }
  return 'start' in event ? event.start : 'anchorStart' in event ? event.anchorStart : 0;
}

/** Where a scalar ends (exclusive), its closing quote included. */
function scalarEnd(event: YamlEvent & { type: typeof EVENT_ID.SCALAR }): number {
  const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
  return quoted ? event.valueEnd + 1 : event.valueEnd;
}

export interface Range {
  readonly start: Position;
  /** Exclusive: the position just after the node. */
  readonly end: Position;
}

/**
 * The source range of the node at each pointer (of its key when `atKey`), falling back to the
 * nearest ancestor that exists, and to the first line when nothing resolves. A collection ends
 * where its last scalar ends. One pass over the document for all of them.
 */
export function locateRanges(text: string, wantedRanges: readonly { pointer: string; atKey: boolean }[]): Range[] {
  if (wantedRanges.length === 0) return [];
  const wanted = new Set(wantedRanges.flatMap((w) => selfAndAncestors(w.pointer)));
  const spans = new Map<string, { start: number; end: number; keyStart: number; keyEnd: number }>();
  let pendingKey: { start: number; end: number } | undefined;
  walk(text, {
    key(p, event) {
      pendingKey = wanted.has(p)
        ? { start: nodeStart(event), end: event.type === EVENT_ID.SCALAR ? scalarEnd(event) : nodeStart(event) + 1 }
        : undefined;
      return false;
    },
    value(p, event, keyOffset) {
      const key = keyOffset >= 0 && pendingKey !== undefined ? pendingKey : { start: -1, end: -1 };
      pendingKey = undefined;
      if (!wanted.has(p)) return;
      const start = nodeStart(event);
      if (start < 0) {
        // An empty value (`parallelism:`) has no place of its own: its key stands for it, and an
        // empty sequence item for its nearest ancestor.
        if (key.start >= 0) spans.set(p, { start: key.start, end: key.end, keyStart: key.start, keyEnd: key.end });
        return;
      }
      const end = event.type === EVENT_ID.SCALAR ? scalarEnd(event) : start + 1;
      spans.set(p, { start, end, keyStart: key.start, keyEnd: key.end });
    },
    pop(p, lastEnd) {
      const span = spans.get(p);
      if (span !== undefined && lastEnd > span.start) spans.set(p, { ...span, end: lastEnd });
    },
  });
  const position = positionIndex(text);
  return wantedRanges.map(({ pointer, atKey }) => {
    const nearest = selfAndAncestors(pointer).find((p) => spans.has(p));
    const span = nearest === undefined ? undefined : spans.get(nearest)!;
    if (span === undefined) {
      const firstLineEnd = text.indexOf('\n');
      return { start: { line: 1, column: 1 }, end: { line: 1, column: Math.max(2, (firstLineEnd < 0 ? text.length : firstLineEnd) + 1) } };
    }
    const useKey = atKey && nearest === pointer && span.keyStart >= 0;
    const from = useKey ? span.keyStart : span.start;
    const to = Math.max(useKey ? span.keyEnd : span.end, from + 1);
    return { start: position(from), end: position(to) };
  });
}

function childPointer(parent: Frame | undefined): string {
  if (parent === undefined) return '';
  const segment = parent.isMapping ? parent.pendingKey! : String(parent.index);
  return `${parent.pointer}/${escapeSegment(segment)}`;
}

function advance(parent: Frame): void {
  if (parent.isMapping) parent.pendingKey = undefined;
  else parent.index++;
}

function selfAndAncestors(pointer: string): string[] {
  const out = [pointer];
  for (let i = pointer.lastIndexOf('/'); i >= 0; i = pointer.lastIndexOf('/', i - 1)) {
    out.push(pointer.slice(0, i));
    if (i === 0) break;
  }
  return out;
}

export function offsetToPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * offsetToPosition for many offsets: the line starts are found once and searched, so locating an
 * error per line of a 200,000-line file costs no more than reading it (scanning per offset was
 * quadratic: 378 s for 200,000 errors).
 */
export function positionIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    // The last line start at or before offset; a newline at offset - 1 belongs to the line it ends.
    let [lo, hi] = [0, starts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The JSON pointer of the mapping key that starts at `offset` (e.g. a duplicated key). */
export function keyPointerAt(text: string, offset: number): string | undefined {
  let found: string | undefined;
  walk(text, {
    key(pointer, event) {
      const hit = nodeStart(event) === offset || (event.type === EVENT_ID.SCALAR && event.valueStart === offset);
      if (hit) found = pointer;
      return hit;
    },
  });
  return found;
}

/** The scalars at `pointers` as written in the source (e.g. "1.0" where the parser saw the number 1). */
export function scalarSources(text: string, pointers: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [pointer, offsets] of findOffsets(text, new Set(pointers))) if (offsets.source !== undefined) out.set(pointer, offsets.source);
  return out;
}

/** Adds file, line and column to every diagnostic that has a JSON pointer but no position yet. */
export function locateDiagnostics(diagnostics: Diagnostic[], text: string | undefined, file: string | undefined): Diagnostic[] {
  if (diagnostics.length === 0) return [];
  // An unknown key is shown at the key itself, everything else at its value (or, for a value inside
  // an alias or a missing one, at the nearest ancestor that has a node).
  const located = text !== undefined && text.length <= MAX_WALKED_CHARACTERS;
  const ranges = !located
    ? []
    : locateRanges(
        text,
        diagnostics.map((d) => ({ pointer: d.location?.pointer ?? '', atKey: d.code === 'input/unknown-key' })),
      );
  return diagnostics.map((d, i) => {
    const location = { ...(d.location ?? { pointer: '' }) };
    if (file !== undefined) location.file = file;
    if (located && location.line === undefined) Object.assign(location, ranges[i]!.start);
    return { ...d, location };
  });
}
