/**
 * Text → plain data. JSON (detected by its first character) is read with JSON.parse, 20× faster
 * than a YAML parser on large job graphs, plus one walk of its data (depth, and a count that says
 * whether a key may repeat: json-duplicate-keys.ts); anything else goes through js-yaml (YAML 1.2,
 * duplicate keys rejected). Syntax errors carry a 1-based line and column, and where a key is at
 * fault its JSON pointer.
 */
import { YAMLException, load } from 'js-yaml';
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { countJsonData, findDuplicateJsonKey, mayHaveDuplicateKeys } from './json-duplicate-keys.js';
import { manifestDocument } from './kubernetes-manifest.js';
import { keyPointerAt, offsetToPosition } from './source-map.js';
import { groupThousands } from '../util/plain-locale.js';

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
  if (format === 'json') return parseJson(text);
  if (text.length > MAX_YAML_CHARACTERS) return fail([at(error('input/too-large', YAML_TOO_LARGE, ''), text, 0)]);
  let data: unknown;
  try {
    data = isBlank(text) ? null : load(withHiddenValuesQuoted(text));
  } catch (e) {
    // A Kubernetes manifest of several documents: its FlinkDeployment or Flink ConfigMap, the other lines blanked.
    const manifest = e instanceof YAMLException && e.mark === undefined ? manifestDocument(text) : undefined;
    if (manifest === undefined) return fail([yamlSyntaxError(e, text, 'YAML')]);
    if (!manifest.ok) return manifest;
    const { data: chosen, text: located, companions } = manifest.value;
    const tooBig = boundsExceeded([chosen, ...companions], located);
    return tooBig === undefined ? ok({ ...manifest.value, format }) : fail([tooBig]);
  }
  if (data === null || data === undefined)
    return fail([at(error('input/empty', 'the file is empty (no YAML or JSON document)', ''), text, 0)]);
  const tooBig = boundsExceeded(data, text);
  if (tooBig !== undefined) return fail([tooBig]);
  return ok({ data, format, text });
}

/**
 * A value Flink hides (`GlobalConfiguration.HIDDEN_CONTENT`, "******": the REST API's
 * /jobmanager/config and the logs show secrets so) is a YAML alias to an anchor that does not
 * exist: read it as the text it is. Only a whole value is quoted; the text's length per line
 * changes after the value only, so locations stay right.
 */
const HIDDEN_VALUE = /^([^#\n]*?:[ \t]+)\*{6}([ \t]*(?:#.*)?)$/gm;

function withHiddenValuesQuoted(text: string): string {
  return text.includes('******') ? text.replace(HIDDEN_VALUE, '$1"******"$2') : text;
}

/**
 * js-yaml holds about 17 bytes of heap per character it reads (a 47 MB scenario needed more than
 * 512 MB); JSON.parse needs a third of that. Real YAML inputs (configurations, deployments,
 * scenarios, job graphs of 1,000 vertices) stay under 1 MB.
 */
const MAX_YAML_CHARACTERS = 8 * 1024 * 1024;
const YAML_TOO_LARGE = 'the YAML document is larger than 8 MiB, the most flinkslot reads as YAML (JSON is read up to 128 MiB)';

/** Nesting deeper than any real document, or more than the text holds through YAML aliases. */
function boundsExceeded(data: unknown, text: string): Diagnostic | undefined {
  // Readers recurse into nested values: a document nested deeper than any real one is refused first.
  if (deeperThan(data, MAX_DEPTH)) return at(error('input/too-deep', `the document nests deeper than ${MAX_DEPTH} levels`, ''), text, 0);
  // YAML aliases share nodes: a few lines can stand for billions of values ("billion laughs").
  const expansion = /\*[^\s*]/.test(text) ? aliasExpansion(data, text.length) : undefined;
  if (expansion === undefined) return undefined;
  return at(
    error('input/too-large', `the document expands to more than ${expansion} through its YAML aliases (a YAML bomb?)`, ''),
    text,
    0,
  );
}

/** Nesting a document may have; real job graphs, clusters and configurations nest fewer than 10 levels. */
const MAX_DEPTH = 200;

/**
 * Whether YAML's `data` nests deeper than `limit`; iterative, the check itself must not overflow
 * the stack. Aliases may join branches: a set of visited nodes keeps a shared one from being
 * walked twice. (JSON's data is walked once by countJsonData, which counts its keys too.)
 */
function deeperThan(data: unknown, limit: number): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const nodes: object[] = [data];
  const depths: number[] = [0];
  const seen = new Set<object>();
  while (nodes.length > 0) {
    const v = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const x of Array.isArray(v) ? v : Object.values(v))
      if (typeof x === 'object' && x !== null) {
        nodes.push(x);
        depths.push(depth + 1);
      }
  }
  return false;
}

/** Values a document may expand to once its aliases are followed; far above any real job or cluster. */
const MAX_EXPANDED_VALUES = 1_000_000;
/** Characters of text aliases may add: one long string aliased many times is a bomb of few values. */
const MAX_ALIASED_CHARACTERS = 16_000_000;

/**
 * What walking `data` as a tree (shared nodes counted each time they are reached) exceeds: more
 * than MAX_EXPANDED_VALUES values, or more characters of strings than the text holds plus
 * MAX_ALIASED_CHARACTERS; undefined when neither.
 */
function aliasExpansion(data: unknown, textLength: number): string | undefined {
  const maxCharacters = textLength + MAX_ALIASED_CHARACTERS;
  const stack: unknown[] = [data];
  let [values, characters] = [0, 0];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++values > MAX_EXPANDED_VALUES) return `${groupThousands(MAX_EXPANDED_VALUES)} values`;
    if (typeof v === 'string') characters += v.length;
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) {
        characters += k.length;
        stack.push(x);
      }
    if (characters > maxCharacters) return `${groupThousands(maxCharacters)} characters`;
  }
  return undefined;
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
  // One walk of the data checks its depth and, by counting, whether a key may repeat (json-duplicate-keys.ts).
  const counts = countJsonData(data, MAX_DEPTH);
  const duplicate = mayHaveDuplicateKeys(text, counts) ? findDuplicateJsonKey(text) : undefined;
  if (duplicate !== undefined)
    return fail([duplicateKeyError(text, duplicate.offset, `JSON syntax error: duplicated mapping key '${duplicate.key}'`)]);
  if (counts.deeper) return fail([at(error('input/too-deep', `the document nests deeper than ${MAX_DEPTH} levels`, ''), text, 0)]);
  return ok({ data, format: 'json', text });
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
