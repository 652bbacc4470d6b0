/**
 * The count that decides whether a JSON text may repeat a key (issue 29 §3): a text that repeats
 * one is always sent to the exact scan, and a text that does not (and spells no colon as an
 * escape) never is, so a large job graph is not read character by character a second time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countJsonData, findDuplicateJsonKey, mayHaveDuplicateKeys } from '../../../src/parse/json-duplicate-keys.js';
import { ROOT } from '../../support/root.js';

const mayRepeat = (text: string): boolean => mayHaveDuplicateKeys(text, countJsonData(JSON.parse(text), 200));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

/** Keys and strings made of the characters that matter: colons, quotes, backslashes. */
const tricky = fc.string({ unit: fc.constantFrom('a', 'b', ':', '"', '\\', ' '), maxLength: 4 });

/** JSON text of objects whose keys may repeat, with colons in keys and values and spaces around them. */
const objectText: fc.Arbitrary<string> = fc.letrec<{ value: string; object: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky.map((s) => JSON.stringify(s)),
    fc.integer().map(String),
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
  ),
  object: fc
    .array(fc.tuple(tricky, tie('value'), fc.constantFrom('', ' ', '\n')), { maxLength: 4 })
    .map((entries) => `{${entries.map(([k, v, space]) => `${JSON.stringify(k)}${space}:${space}${v}`).join(',')}}`),
})).object;

describe('mayHaveDuplicateKeys', () => {
  it('sends a text to the exact scan exactly when it repeats a key (no escaped colon)', () => {
    const seen = { repeated: 0, not: 0 };
    fc.assert(
      fc.property(objectText, (text) => {
        const repeated = findDuplicateJsonKey(text) !== undefined;
        seen[repeated ? 'repeated' : 'not']++;
        if (repeated || !text.includes('\\u')) expect(mayRepeat(text)).toBe(repeated);
      }),
      { numRuns: 2000 },
    );
    // Both kinds were tried.
    expect(Math.min(seen.repeated, seen.not)).toBeGreaterThan(100);
  });

  it('is unsure of a text that may spell a colon as an escape, and of one nested beyond the limit', () => {
    expect(mayRepeat('{"a\\u003a": 1, "a:": 2}')).toBe(true);
    expect(findDuplicateJsonKey('{"a\\u003a": 1, "a:": 2}')?.key).toBe('a:');
    expect(mayHaveDuplicateKeys('[[[1]]]', countJsonData([[[1]]], 1))).toBe(true);
  });

  it('counts keys and the colons of keys and strings', () => {
    expect(countJsonData(JSON.parse('{"a:b": ["c:d:e", {"f": ":"}], "g": 1}'), 200)).toEqual({ deeper: false, keys: 3, colons: 4 });
    expect(countJsonData('x:y', 200)).toEqual({ deeper: false, keys: 0, colons: 1 });
  });

  it('spares every JSON fixture the exact scan', () => {
    const files = jsonFiles(join(ROOT, 'fixtures')).filter((f) => !readFileSync(f, 'utf8').includes('\\u'));
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue;
      }
      expect([file, mayHaveDuplicateKeys(text, countJsonData(data, 200))]).toEqual([file, findDuplicateJsonKey(text) !== undefined]);
    }
  });
});

const CASES: ReadonlyArray<[string, string, boolean, string | undefined]> = [
  // [what, text, sent to the exact scan, the duplicate the scan finds]
  ['a job graph', '{"name": "j", "vertices": [{"id": "a", "parallelism": 2}, {"id": "b"}], "edges": []}', false, undefined],
  ['an empty object', '{}', false, undefined],
  ['an array of scalars', '[1, "x", null]', false, undefined],
  ['a colon inside a value', '{"url": "http://jm:8081"}', false, undefined],
  ['a colon inside a key', '{"a:b": 1}', false, undefined],
  ['an escaped quote and a colon in a string', '{"k": "say \\":\\" here", "n": 1}', false, undefined],
  ['a duplicate at the top', '{"a": 1, "a": 2}', true, 'a'],
  ['a duplicate in a nested object', '{"v": [{"id": "x", "p": 1, "p": 2}]}', true, 'p'],
  ['a duplicate spelled two ways', '{"id": 1, "\\u0069d": 2}', true, 'id'],
  ['__proto__ as a key', '{"__proto__": {"x": 1}, "y": 2}', false, undefined],
  ['equal keys in different objects', '{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}', false, undefined],
];

describe('mayHaveDuplicateKeys on written cases', () => {
  it.each(CASES)('%s', (_, text, scanned, duplicate) => {
    expect(mayRepeat(text)).toBe(scanned);
    expect(findDuplicateJsonKey(text)?.key).toBe(duplicate);
  });

  it('sends every object of a document given a repeated key to the scan', () => {
    const base = {
      name: 'job',
      vertices: [{ id: 'a', managedMemory: { slotScope: ['STATE_BACKEND'] } }, { id: 'b' }],
      edges: [{ source: 'a', target: 'b' }],
    };
    const text = JSON.stringify(base, null, 2);
    const openings = [...text.matchAll(/\{/g)].map((m) => m.index);
    for (const at of openings) {
      const withDuplicate = `${text.slice(0, at + 1)}"dup": 1, "dup": 2,${text.slice(at + 1)}`;
      expect(mayRepeat(withDuplicate)).toBe(true);
      expect(findDuplicateJsonKey(withDuplicate)?.key).toBe('dup');
    }
    expect(openings.length).toBe(5);
  });
});
