import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../../../src/errors/diagnostic.js';
import { detectFormat, parseDocument } from '../../../src/parse/document.js';
import { locateDiagnostics, locatePointer } from '../../../src/parse/source-map.js';

const YAML = [
  'name: "job"', //                      1
  'vertices:', //                        2
  '  - id: a', //                        3
  '    parallelism: 4', //               4
  "  - id: 'b'", //                      5
  '"a/b": 1', //                         6
  't~x: [1, {k: v}]', //                 7
  '',
].join('\n');

const JSON_TEXT = ['{', '  "vertices": [', '    {"id": "a", "parallelism": 4}', '  ]', '}', ''].join('\n');

describe('detectFormat', () => {
  it('is JSON when the first non-blank character opens an object or array', () => {
    expect(detectFormat('{"a": 1}')).toBe('json');
    expect(detectFormat('\n  [1]')).toBe('json');
    expect(detectFormat('a: 1')).toBe('yaml');
    expect(detectFormat('# {comment}\na: 1')).toBe('yaml');
    expect(detectFormat('')).toBe('yaml');
  });
});

describe('parseDocument', () => {
  it('points at the second document of a multi-document YAML file', () => {
    const r = parseDocument('vertices:\n  - id: a\n---\nvertices: []\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.location).toEqual({ pointer: '', line: 3, column: 1 });
  });

  it('finds the position of JSON errors whose V8 message quotes context instead of a position', () => {
    const r = parseDocument('{"vertices": [{"id": tru}]}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.location).toEqual({ pointer: '', line: 1, column: 25 });
  });

  it('compares JSON keys after unescaping them', () => {
    const r = parseDocument('{"vertices":[{"id":"a",\n "\\u0069d":"b"}]}');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect([r.diagnostics[0]!.message, r.diagnostics[0]!.location]).toEqual([
        "JSON syntax error: duplicated mapping key 'id'",
        { pointer: '/vertices/0/id', line: 2, column: 2 },
      ]);
  });

  it('reads YAML and JSON to the same data', () => {
    const yaml = parseDocument('vertices:\n  - {id: a, parallelism: 4}\n');
    const json = parseDocument(JSON_TEXT);
    expect(yaml.ok && yaml.value.format).toBe('yaml');
    expect(json.ok && json.value.format).toBe('json');
    expect(yaml.ok && yaml.value.data).toEqual({ vertices: [{ id: 'a', parallelism: 4 }] });
    expect(json.ok && json.value.data).toEqual(yaml.ok && yaml.value.data);
  });

  it('calls a blank or comment-only file empty', () => {
    // Unicode spaces, a vertical tab, a form feed: js-yaml reads the first as a string and refuses the others; empty all the same.
    for (const text of ['', '  \n', '# nothing\n\n', '\u00a0\n', ' \u3000 # wide\n', '\v\f\n', '---\n']) {
      expect(parseDocument(text)).toEqual({
        ok: false,
        diagnostics: [
          {
            code: 'input/empty',
            severity: 'error',
            message: 'the file is empty (no YAML or JSON document)',
            location: { pointer: '', line: 1, column: 1 },
          },
        ],
      });
    }
  });

  it('reports YAML syntax errors with a position', () => {
    const r = parseDocument('a: 1\na: 2\n');
    expect(r).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'input/syntax',
          severity: 'error',
          message: 'YAML syntax error: duplicated mapping key',
          location: { pointer: '/a', line: 2, column: 1 },
        },
      ],
    });
    const unclosed = parseDocument('a: [1, 2\n');
    expect(!unclosed.ok && unclosed.diagnostics[0]!.code).toBe('input/syntax');
    expect(!unclosed.ok && unclosed.diagnostics[0]!.message.startsWith('YAML syntax error: ')).toBe(true);
    expect(!unclosed.ok && unclosed.diagnostics[0]!.location?.line).toBe(2);
  });

  it('rejects duplicate JSON keys, which JSON.parse would accept, at the second key', () => {
    expect(parseDocument('{"a":\n  1,\n  "a": 2}')).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'input/syntax',
          severity: 'error',
          message: "JSON syntax error: duplicated mapping key 'a'",
          location: { pointer: '/a', line: 3, column: 3 },
        },
      ],
    });
    // the same key in different objects is fine
    const ok = parseDocument('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}');
    expect(ok.ok).toBe(true);
  });

  it('reports JSON syntax errors', () => {
    const r = parseDocument('{"a": 1,\n "b": }');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.diagnostics).toHaveLength(1);
      expect(r.diagnostics[0]!.code).toBe('input/syntax');
      expect(r.diagnostics[0]!.message.startsWith('JSON syntax error: ')).toBe(true);
      expect(r.diagnostics[0]!.location?.line).toBe(2);
    }
  });
});

describe('locatePointer (1-based line and column)', () => {
  it.each([
    ['', false, 1, 1],
    ['/name', false, 1, 7],
    ['/name', true, 1, 1],
    ['/vertices', false, 3, 3],
    ['/vertices', true, 2, 1],
    ['/vertices/0', false, 3, 5],
    ['/vertices/0', true, 3, 5],
    ['/vertices/0/id', false, 3, 9],
    ['/vertices/0/parallelism', false, 4, 18],
    ['/vertices/0/parallelism', true, 4, 5],
    ['/vertices/1/id', false, 5, 9],
    ['/vertices/1/id', true, 5, 5],
    ['/a~1b', false, 6, 8],
    ['/a~1b', true, 6, 1],
    ['/t~0x', false, 7, 6],
    ['/t~0x/0', false, 7, 7],
    ['/t~0x/1', false, 7, 10],
    ['/t~0x/1/k', false, 7, 14],
    ['/t~0x/1/k', true, 7, 11],
  ])('YAML %j (atKey %s) is at %i:%i', (pointer, atKey, line, column) => {
    expect(locatePointer(YAML, pointer, atKey)).toEqual({ line, column });
  });

  it.each([
    ['', false, 1, 1],
    ['/vertices', false, 2, 15],
    ['/vertices', true, 2, 3],
    ['/vertices/0', false, 3, 5],
    ['/vertices/0/id', false, 3, 12],
    ['/vertices/0/id', true, 3, 6],
    ['/vertices/0/parallelism', false, 3, 32],
    ['/vertices/0/parallelism', true, 3, 17],
  ])('JSON %j (atKey %s) is at %i:%i', (pointer, atKey, line, column) => {
    expect(locatePointer(JSON_TEXT, pointer, atKey)).toEqual({ line, column });
  });

  it('is undefined for a pointer that does not resolve', () => {
    expect(locatePointer(YAML, '/nope')).toBeUndefined();
    expect(locatePointer(YAML, '/vertices/2')).toBeUndefined();
    expect(locatePointer(YAML, '/a/b')).toBeUndefined();
    expect(locatePointer(JSON_TEXT, '/vertices/0/name')).toBeUndefined();
  });

  it('counts columns from the start of the line after CRLF line ends too', () => {
    const crlf = 'a: 1\r\nbb:\r\n  c: 22\r\n';
    expect(locatePointer(crlf, '/bb/c')).toEqual({ line: 3, column: 6 });
    expect(locatePointer(crlf, '/bb/c', true)).toEqual({ line: 3, column: 3 });
  });
});

describe('locateDiagnostics', () => {
  const d = (code: DiagnosticCode, pointer?: string): Diagnostic => ({
    code,
    severity: 'error',
    message: 'm',
    ...(pointer === undefined ? {} : { location: { pointer } }),
  });

  it('adds file, line and column; unknown keys point at the key, others at the value', () => {
    const located = locateDiagnostics(
      [d('input/unknown-key', '/vertices/0/parallelism'), d('input/schema', '/vertices/0/parallelism')],
      YAML,
      'job.yaml',
    );
    expect(located.map((x) => x.location)).toEqual([
      { pointer: '/vertices/0/parallelism', file: 'job.yaml', line: 4, column: 5 },
      { pointer: '/vertices/0/parallelism', file: 'job.yaml', line: 4, column: 18 },
    ]);
  });

  it('falls back to the nearest existing ancestor, then to 1:1', () => {
    const located = locateDiagnostics([d('input/missing-key', '/vertices/0/missing/deep'), d('input/schema')], YAML, undefined);
    expect(located.map((x) => x.location)).toEqual([
      { pointer: '/vertices/0/missing/deep', line: 3, column: 5 },
      { pointer: '', line: 1, column: 1 },
    ]);
  });

  it('keeps a position that is already known and only adds the file without text', () => {
    const known: Diagnostic = { code: 'input/syntax', severity: 'error', message: 'm', location: { pointer: '', line: 9, column: 9 } };
    expect(locateDiagnostics([known], YAML, 'f.yaml')[0]!.location).toEqual({ pointer: '', line: 9, column: 9, file: 'f.yaml' });
    expect(locateDiagnostics([d('input/schema', '/name')], undefined, 'f.yaml')[0]!.location).toEqual({ pointer: '/name', file: 'f.yaml' });
    expect(locateDiagnostics([], YAML, 'f.yaml')).toEqual([]);
  });
});
