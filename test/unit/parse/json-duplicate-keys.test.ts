import { describe, expect, it } from 'vitest';
import { findDuplicateJsonKey, hasNoDuplicateKeys } from '../../../src/parse/json-duplicate-keys.js';

const CASES: ReadonlyArray<[string, string, boolean, string | undefined]> = [
  // [what, text, certain without the scan, the duplicate the scan finds]
  ['a job graph', '{"name": "j", "vertices": [{"id": "a", "parallelism": 2}, {"id": "b"}], "edges": []}', true, undefined],
  ['an empty object', '{}', true, undefined],
  ['an array of scalars', '[1, "x", null]', true, undefined],
  ['a colon inside a value', '{"url": "http://jm:8081"}', false, undefined],
  ['a colon inside a key', '{"a:b": 1}', false, undefined],
  ['an escaped quote and a colon in a string', '{"k": "say \\":\\" here", "n": 1}', false, undefined],
  ['a duplicate at the top', '{"a": 1, "a": 2}', false, 'a'],
  ['a duplicate in a nested object', '{"v": [{"id": "x", "p": 1, "p": 2}]}', false, 'p'],
  ['a duplicate spelled two ways', '{"id": 1, "\\u0069d": 2}', false, 'id'],
  ['__proto__ as a key', '{"__proto__": {"x": 1}, "y": 2}', true, undefined],
  ['equal keys in different objects', '{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}', true, undefined],
];

describe('hasNoDuplicateKeys', () => {
  it.each(CASES)('%s', (_, text, certain, duplicate) => {
    expect(hasNoDuplicateKeys(text, JSON.parse(text))).toBe(certain);
    expect(findDuplicateJsonKey(text)?.key).toBe(duplicate);
  });

  it('is never certain of a text that has a duplicate key', () => {
    // Every object of a generated document given a repeated key in turn.
    const base = {
      name: 'job',
      vertices: [{ id: 'a', managedMemory: { slotScope: ['STATE_BACKEND'] } }, { id: 'b' }],
      edges: [{ source: 'a', target: 'b' }],
    };
    const text = JSON.stringify(base, null, 2);
    const openings = [...text.matchAll(/\{/g)].map((m) => m.index);
    for (const at of openings) {
      const withDuplicate = `${text.slice(0, at + 1)}"dup": 1, "dup": 2,${text.slice(at + 1)}`;
      expect(hasNoDuplicateKeys(withDuplicate, JSON.parse(withDuplicate))).toBe(false);
      expect(findDuplicateJsonKey(withDuplicate)?.key).toBe('dup');
    }
    expect(openings.length).toBe(5);
  });
});
