/**
 * The catalog of diagnostic codes (src/errors/codes.ts) lists what a user can meet, and each of it
 * is tested: every catalog code is named in quotes by some test file (so that its exact text has a
 * test; a code no test can reach goes in ALLOWED, with why), and every catalog code is used by
 * src/ or commands/ (an entry no code emits would document a message nobody sees). That every code
 * src/ and commands/ emit is in the catalog is the compiler's part: `Diagnostic.code` is a
 * `DiagnosticCode`, the union of the catalog's keys.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DiagnosticCode, diagnosticCodes } from '../../../src/errors/codes.js';

const SELF = fileURLToPath(import.meta.url);
const ROOT = join(dirname(SELF), '../../..');
/** The catalog itself names every code: it is not a use. */
const CATALOG = join(ROOT, 'src/errors/codes');

/** Codes no test names, each with the reason. */
const ALLOWED: Readonly<Partial<Record<DiagnosticCode, string>>> = {
  // Unreachable from any user input: src/execution/from-subtask-graph.ts is imported by no module
  // of src/ and not exported by src/index.ts; only the test harness (test/support/execution.ts,
  // test/conformance/levels/execution-levels.ts) builds topologies from hand-written subtask graphs.
  'input/subtask-name': 'unreachable: src/execution/from-subtask-graph.ts is used by tests only',
  'input/unknown-subtask': 'unreachable: src/execution/from-subtask-graph.ts is used by tests only',
};

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === CATALOG ? [] : filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

const quoted = (texts: readonly string[], code: string): boolean =>
  texts.some((text) => ["'", '"', '`'].some((q) => text.includes(`${q}${code}${q}`)));

const sources = [...filesUnder(join(ROOT, 'src'), '.ts'), ...filesUnder(join(ROOT, 'commands'), '.ts')]
  .filter((file) => relative(ROOT, file) !== 'src/errors/codes.ts')
  .map((file) => readFileSync(file, 'utf8'));

const testTexts = filesUnder(join(ROOT, 'test'), '.test.ts')
  .filter((file) => file !== SELF)
  .map((file) => readFileSync(file, 'utf8'));

describe('every diagnostic code of the catalog is emitted and tested', () => {
  const codes = diagnosticCodes();

  it('reads the catalog', () => {
    expect(codes.length).toBeGreaterThan(150);
    expect(codes).toContain('input/syntax');
  });

  it('every catalog code is named in quotes by a test file (or allowed, with the reason)', () => {
    expect(codes.filter((code) => !(code in ALLOWED) && !quoted(testTexts, code))).toEqual([]);
  });

  it('every catalog code is used by src/ or commands/: the catalog lists what a user can see', () => {
    expect(codes.filter((code) => !quoted(sources, code))).toEqual([]);
  });

  it('every allowed code is in the catalog, and no test names it', () => {
    for (const code of Object.keys(ALLOWED) as DiagnosticCode[]) {
      expect(codes).toContain(code);
      expect(quoted(testTexts, code), code).toBe(false);
    }
  });
});
