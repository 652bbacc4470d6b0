/**
 * Text → plain data. JSON (detected by its first character) is read with JSON.parse, 20× faster
 * than a YAML parser on large job graphs, plus a linear duplicate-key scan; anything else goes
 * through js-yaml (YAML 1.2, duplicate keys rejected). Syntax errors carry a 1-based line and
 * column, and where a key is at fault its JSON pointer.
 */
import { YAMLException, load } from 'js-yaml';
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { findDuplicateJsonKey } from './json-duplicate-keys.js';
import { manifestDocument } from './kubernetes-manifest.js';
import { keyPointerAt, offsetToPosition } from './source-map.js';

export type DocumentFormat = 'yaml' | 'json';

export interface ParsedDocument {
  readonly data: unknown;
  readonly format: DocumentFormat;
  readonly text: string;
  /** A Kubernetes manifest's other documents, when `data` is one of several. */
  readonly companions?: readonly unknown[];
}

/** A UTF-8 byte order mark is not content: editors do not show it and columns do not count it. */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function detectFormat(text: string): DocumentFormat {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[') ? 'json' : 'yaml';
}

/** `text` must not start with a byte order mark (see stripByteOrderMark). */
export function parseDocument(text: string): Result<ParsedDocument> {
  const format = detectFormat(text);
  if (format === 'json') {
    const json = parseJson(text);
    if (json.ok && deeperThan(json.value.data, MAX_DEPTH))
      return fail([at(error('input/too-deep', `the document nests deeper than ${MAX_DEPTH} levels`, ''), text, 0)]);
    return json;
  }
  let data: unknown;
  try {
    data = isBlank(text) ? null : load(text);
  } catch (e) {
    // A Kubernetes manifest of several documents: its FlinkDeployment or Flink ConfigMap, the other lines blanked.
    const manifest = e instanceof YAMLException && e.mark === undefined ? manifestDocument(text) : undefined;
    if (manifest !== undefined) return manifest.ok ? ok({ ...manifest.value, format }) : manifest;
    return fail([yamlSyntaxError(e, text, 'YAML')]);
  }
  if (data === null || data === undefined)
    return fail([at(error('input/empty', 'the file is empty (no YAML or JSON document)', ''), text, 0)]);
  // Readers recurse into nested values: a document nested deeper than any real one is refused first.
  if (deeperThan(data, MAX_DEPTH))
    return fail([at(error('input/too-deep', `the document nests deeper than ${MAX_DEPTH} levels`, ''), text, 0)]);
  // YAML aliases share nodes: a few lines can stand for billions of values ("billion laughs").
  if (/\*[^\s*]/.test(text) && exceedsValues(data, MAX_EXPANDED_VALUES))
    return fail([
      at(
        error(
          'input/too-large',
          `the document expands to more than ${MAX_EXPANDED_VALUES.toLocaleString('en')} values through its YAML aliases (a YAML bomb?)`,
          '',
        ),
        text,
        0,
      ),
    ]);
  return ok({ data, format, text });
}

/** Nesting a document may have; real job graphs, clusters and configurations nest fewer than 10 levels. */
const MAX_DEPTH = 200;

/** Whether `data` nests deeper than `limit` (iterative: the check itself must not overflow the stack). */
function deeperThan(data: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[data, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    if (depth > limit) return true;
    seen.add(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/** Values a document may expand to once its aliases are followed; far above any real job or cluster. */
const MAX_EXPANDED_VALUES = 1_000_000;

/** Whether walking `data` as a tree (shared nodes counted each time they are reached) visits more than `limit` values. */
function exceedsValues(data: unknown, limit: number): boolean {
  const stack: unknown[] = [data];
  let visited = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++visited > limit) return true;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) stack.push(x);
  }
  return false;
}

/** Only whitespace and comments: js-yaml calls that an error, but it is an empty file. */
function isBlank(text: string): boolean {
  return text.split('\n').every((line) => /^\s*(#.*)?$/.test(line));
}

function at(d: Diagnostic, text: string, offset: number): Diagnostic {
  d.location = { pointer: d.location?.pointer ?? '', ...offsetToPosition(text, offset) };
  return d;
}

function parseJson(text: string): Result<ParsedDocument> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ at position \d+/, '');
    const position = /at position (\d+)/.exec(message);
    if (position) return fail([at(error('input/syntax', `JSON syntax error: ${reason}`, ''), text, Number(position[1]))]);
    // Some V8 messages carry no position: the YAML parser (JSON is YAML flow syntax) finds one.
    return fail([jsonErrorWithoutPosition(text, reason)]);
  }
  const duplicate = findDuplicateJsonKey(text);
  if (duplicate === undefined) return ok({ data, format: 'json', text });
  return fail([duplicateKeyError(text, duplicate.offset, `JSON syntax error: duplicated mapping key '${duplicate.key}'`)]);
}

function jsonErrorWithoutPosition(text: string, reason: string): Diagnostic {
  const d = error('input/syntax', `JSON syntax error: ${reason}`, '');
  const fromContext = offsetFromV8Context(text, reason);
  if (fromContext !== undefined) return at(d, text, fromContext);
  try {
    load(text);
  } catch (e) {
    if (e instanceof YAMLException && e.mark) return at(d, text, e.mark.position);
  }
  return at(d, text, text.length);
}

/**
 * V8 words some errors as `Unexpected token 'X', ..."CONTEXT"... is not valid JSON`, quoting the
 * text around the bad token instead of giving its position: find that context in the text.
 */
function offsetFromV8Context(text: string, reason: string): number | undefined {
  const match = /Unexpected token '(.)', (?:\.\.\.)?"(.*?)"(?:\.\.\.)? is not valid JSON/s.exec(reason);
  if (match === null) return undefined;
  const [, token = '', context = ''] = match;
  const where = text.indexOf(context);
  if (where < 0) return undefined;
  // V8 centres the quoted context on the offending token: take the occurrence nearest the middle.
  let best = -1;
  for (let i = context.indexOf(token); i >= 0; i = context.indexOf(token, i + 1)) {
    if (best < 0 || Math.abs(i - context.length / 2) < Math.abs(best - context.length / 2)) best = i;
  }
  return best < 0 ? where : where + best;
}

function duplicateKeyError(text: string, offset: number, message: string): Diagnostic {
  return at(error('input/syntax', message, keyPointerAt(text, offset) ?? ''), text, offset);
}

function yamlSyntaxError(e: unknown, text: string, what: string): Diagnostic {
  if (!(e instanceof YAMLException)) throw e;
  const message = `${what} syntax error: ${e.reason}`;
  if (e.mark === undefined) {
    // "expected a single document": point at the start of the second document.
    return at(error('input/syntax', message, ''), text, secondDocumentOffset(text));
  }
  if (e.reason.startsWith('duplicated mapping key')) return duplicateKeyError(text, e.mark.position, message);
  return at(error('input/syntax', message, ''), text, e.mark.position);
}

function secondDocumentOffset(text: string): number {
  const content = text.search(/^[^#\s-]/m);
  for (const match of text.matchAll(/^(---|\.\.\.)(\s|$)/gm)) if (match.index > content) return match.index;
  return 0;
}
