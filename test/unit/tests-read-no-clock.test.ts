/**
 * Tests hold on a loaded machine (issue 27 §5): no test reads a clock, so none can assert elapsed
 * time (speed is measured by `npm run bench`, as ratios; complexity is tested by counting work, or
 * by doubling the input and comparing counts), and a timeout given to a test or a child process is
 * a hang guard, generous enough for a machine whose cores are busy with other work.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/root.js';

const TEST_DIR = join(ROOT, 'test');
const SELF = 'test/unit/tests-read-no-clock.test.ts';
/** The smallest timeout a test or a child process may be given, in milliseconds. */
const SMALLEST_GUARD_MS = 60_000;
/** Files that may read a clock, and why. */
const CLOCK_ALLOWED: Readonly<Record<string, string>> = {
  'test/hostile/hostile.test.ts': 'npm run test:hostile reports how long each hostile run took; no pass or fail reads it',
};

const CLOCK_READ = new RegExp(
  ['Date\\.now\\(', 'performance\\.now\\(', 'process\\.hrtime', 'new Date\\(\\s*\\)', 'performance\\.timeOrigin'].join('|'),
);
// `{ timeout: 5000 }`, `timeout: 30_000` (spawnSync), `testTimeout: 5000`, and a line `}, 5000);` that
// ends `it(name, () => {`, `beforeAll(() => {`.
const TIMEOUT = /\b(?:timeout|testTimeout|hookTimeout):\s*([\d_]+)\b|^\s*\},\s*([\d_]+)\s*\);?\s*$/g;

function testFiles(): string[] {
  return readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.[cm]?[jt]s$/.test(f))
    .map((f) => relative(ROOT, join(TEST_DIR, f)).split('\\').join('/'))
    .filter((f) => f !== SELF);
}

/** `file:line: text` of every line of the files (and vitest.config.ts) where `matches` finds something. */
function offending(matches: (line: string) => boolean, files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (matches(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('tests on a loaded machine', () => {
  it('finds the test files it checks', () => {
    expect(testFiles()).toContain('test/e2e/report.test.ts');
    expect(testFiles().length).toBeGreaterThan(100);
  });

  it('no test reads a clock (Date.now, performance.now, process.hrtime, new Date())', () => {
    const files = testFiles().filter((f) => CLOCK_ALLOWED[f] === undefined);
    expect(offending((line) => CLOCK_READ.test(line), files)).toEqual([]);
    expect(CLOCK_READ.test('const t0 = performance.now();')).toBe(true);
  });

  it(`every timeout written in a test is a hang guard of at least ${SMALLEST_GUARD_MS / 1000} s`, () => {
    const tight = (line: string): boolean =>
      [...line.matchAll(TIMEOUT)].some((m) => Number((m[1] ?? m[2])!.replaceAll('_', '')) < SMALLEST_GUARD_MS);
    expect(offending(tight, [...testFiles(), 'vitest.config.ts'])).toEqual([]);
    expect([tight("it('x', { timeout: 5000 }, () => {})"), tight('}, 10_000);'), tight('timeout: HANG_GUARD_MS,')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
