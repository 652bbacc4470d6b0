/**
 * docs/api.md lists the library's exports (issue 27 §4): the exported names are the public
 * contract, so a function or value exported from src/index.ts and not documented there, or
 * documented and no longer exported, fails here. Types travel with the functions and are not listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { ROOT } from '../support/root.js';

const doc = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');

/** The names in the second column of the table under "What is exported". */
function documented(): string[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith('What is exported'));
  if (section === undefined) throw new Error('docs/api.md has no "## What is exported" section');
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| use |'));
  return rows.flatMap((row) => [...(row.split(' | ')[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]!));
}

describe('docs/api.md', () => {
  it('names every function and value src/index.ts exports, and nothing it does not', () => {
    const exported = Object.keys(api).sort();
    expect(exported.length).toBeGreaterThan(50);
    expect(exported.filter((name) => !documented().includes(name))).toEqual([]);
    expect(documented().filter((name) => !exported.includes(name))).toEqual([]);
  });

  it('lists each name once', () => {
    const names = documented();
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
