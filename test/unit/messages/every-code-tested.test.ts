/**
 * Every diagnostic code src/ produces — `error('area/name', …)`, `warning(…)`, `info(…)` or an
 * object literal's `code: 'area/name'` — is named in quotes by some test file, so that each message
 * a user can meet has a test of its exact text. A code no test can reach goes in ALLOWED, with why.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const ROOT = join(dirname(SELF), '../../..');

/** Codes no test names, each with the reason. */
const ALLOWED: Readonly<Record<string, string>> = {
  // Unreachable from any user input: src/execution/from-subtask-graph.ts is imported by no module
  // of src/ and not exported by src/index.ts; only the test harness (test/support/execution.ts,
  // test/conformance/levels/execution-levels.ts) builds topologies from hand-written subtask graphs.
  'input/subtask-name': 'unreachable: src/execution/from-subtask-graph.ts is used by tests only',
  'input/unknown-subtask': 'unreachable: src/execution/from-subtask-graph.ts is used by tests only',
  // covered by test/e2e
};

const PRODUCED = /\b(?:error|warning|info)\(\s*'([a-z0-9-]+\/[a-z0-9-]+)'|\bcode:\s*'([a-z0-9-]+\/[a-z0-9-]+)'/g;

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** Each code src/ produces → the first file producing it. */
function producedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of filesUnder(join(ROOT, 'src'), '.ts')) {
    for (const m of readFileSync(file, 'utf8').matchAll(PRODUCED)) {
      const code = (m[1] ?? m[2])!;
      if (!codes.has(code)) codes.set(code, relative(ROOT, file));
    }
  }
  return codes;
}

const testTexts = filesUnder(join(ROOT, 'test'), '.test.ts')
  .filter((file) => file !== SELF)
  .map((file) => readFileSync(file, 'utf8'));

const namedByATest = (code: string): boolean => testTexts.some((text) => ["'", '"', '`'].some((q) => text.includes(`${q}${code}${q}`)));

describe('every diagnostic code has a test', () => {
  const codes = producedCodes();

  it('finds the codes src/ produces', () => {
    expect(codes.size).toBeGreaterThan(50);
    expect(codes.get('input/syntax')).toBe('src/parse/document.ts');
  });

  it('every code src/ produces is named in quotes by a test file (or allowed, with the reason)', () => {
    const untested = [...codes].filter(([code]) => !(code in ALLOWED) && !namedByATest(code)).map(([code, file]) => `${code} (${file})`);
    expect(untested).toEqual([]);
  });

  it('every allowed code is still produced by src/', () => {
    expect(Object.keys(ALLOWED).filter((code) => !codes.has(code))).toEqual([]);
  });
});
