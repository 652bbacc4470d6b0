/**
 * `--json` in chunks (issue 29 §3): the chunks joined are JSON.stringify(value, null, 2) byte for
 * byte, on every fixture's plan, on a generated large job and on arbitrary JSON values, and no
 * chunk is longer than its bound (counted, never timed).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomJobGraph } from '../../../bench/generate.js';
import { planFromText } from '../../../src/app/plan.js';
import { JSON_CHUNK_CHARACTERS, jsonChunks } from '../../../src/report/json-chunks.js';
import { ROOT } from '../../support/root.js';

/** The chunks, checked against JSON.stringify and their bound. */
function chunked(value: unknown, size?: number): string[] {
  const chunks = [...jsonChunks(value, { suffix: '\n', ...(size === undefined ? {} : { size }) })];
  expect(chunks.join('')).toBe(JSON.stringify(value, null, 2) + '\n');
  expect(chunks.reduce((most, c) => Math.max(most, c.length), 0)).toBeLessThanOrEqual(size ?? JSON_CHUNK_CHARACTERS);
  return chunks;
}

function jobFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jobFiles(join(dir, e.name)) : /\.(json|ya?ml)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('jsonChunks', () => {
  it("writes every fixture job's plan (with --execution) as JSON.stringify does", () => {
    let plans = 0;
    for (const file of jobFiles(join(ROOT, 'fixtures'))) {
      const plan = planFromText(readFileSync(file, 'utf8'), file, { execution: true });
      if (!plan.ok) continue;
      plans++;
      chunked(plan.value);
      chunked(plan.value, 97);
    }
    expect(plans).toBeGreaterThan(30);
  });

  it('writes a 20,000-vertex job in chunks of at most the bound, none of them the whole', () => {
    const plan = planFromText(JSON.stringify(randomJobGraph(20_000, 3)));
    expect(plan.ok).toBe(true);
    const chunks = chunked(plan.ok ? plan.value : undefined);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    expect(total).toBeGreaterThan(20 * JSON_CHUNK_CHARACTERS);
    // Full chunks all along: each holds at least the bound less what one surrogate pair keeps back.
    expect(chunks.slice(0, -1).every((c) => c.length >= JSON_CHUNK_CHARACTERS - 1)).toBe(true);
  });

  it('writes what JSON.stringify writes for arbitrary values, at any bound', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 2, max: 300 }), (value, size) => {
        chunked(value, size);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out, writes null and calls toJSON as JSON.stringify does, in large values too', () => {
    const leftOut = { u: undefined, f: () => 1, s: Symbol('s') };
    const large = {
      rows: Array.from({ length: 3000 }, (_, i) => ({ i, ...leftOut, list: [undefined, () => 1] })),
      names: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i % 2 === 0 ? `n${i}` : undefined])),
      empty: { ...leftOut },
      boxed: [new Number(1), new String('x'), new Boolean(false)],
      dates: Array.from({ length: 3000 }, (_, i) => new Date(i * 1000)),
      special: [NaN, -Infinity, -0, '\u2028', '😀'.repeat(5000)],
    };
    chunked(large);
    chunked(large, 5);
    chunked(leftOut);
    expect([...jsonChunks(undefined)]).toEqual([]);
    expect([...jsonChunks(() => 1)]).toEqual([]);
  });

  it('never splits a surrogate pair between two chunks', () => {
    const chunks = chunked({ text: '😀'.repeat(1000), list: Array.from({ length: 2000 }, () => 'a😀') }, 7);
    expect(chunks.filter((c) => /[\ud800-\udbff]$/.test(c) || /^[\udc00-\udfff]/.test(c))).toEqual([]);
    expect(chunks.length).toBeGreaterThan(1000);
  });
});
