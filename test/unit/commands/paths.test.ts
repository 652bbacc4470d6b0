import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandPaths, globToRegExp } from '../../../commands/support/paths.js';
import { FlinkslotError } from '../../../src/errors/flinkslot-error.js';

describe('globToRegExp', () => {
  it.each([
    ['*.yaml', 'a.yaml', true],
    ['*.yaml', 'd/a.yaml', false],
    ['**/*.yaml', 'a.yaml', true],
    ['**/*.yaml', 'd/e/a.yaml', true],
    ['jobs/**', 'jobs/x/y.json', true],
    ['job-?.json', 'job-1.json', true],
    ['job-?.json', 'job-12.json', false],
    ['*.{yml,yaml}', 'a.yml', true],
    ['*.{yml,yaml}', 'a.json', false],
    ['[ab].json', 'b.json', true],
    ['[!ab].json', 'b.json', false],
    ['a.b', 'axb', false],
  ])('%s matches %s: %s', (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});

describe('expandPaths', () => {
  const root = mkdtempSync(join(os.tmpdir(), 'flinkslot-paths-'));
  mkdirSync(join(root, 'jobs/deep'), { recursive: true });
  mkdirSync(join(root, 'jobs/.hidden'), { recursive: true });
  mkdirSync(join(root, 'jobs/node_modules'), { recursive: true });
  for (const f of ['jobs/a.yaml', 'jobs/b.json', 'jobs/c.txt', 'jobs/deep/d.yml', 'jobs/.hidden/e.yaml', 'jobs/node_modules/f.yaml'])
    writeFileSync(join(root, f), 'x');

  it('a directory: job files recursively, sorted, without hidden directories and node_modules', () => {
    expect(expandPaths([join(root, 'jobs')]).map((f) => f.slice(root.length + 1))).toEqual([
      'jobs/a.yaml',
      'jobs/b.json',
      'jobs/deep/d.yml',
    ]);
  });

  it('globs, files of any extension, stdin, and each file once however it is spelt', () => {
    const files = expandPaths([join(root, 'jobs/**/*.y*ml'), join(root, 'jobs/c.txt'), '-', join(root, 'jobs/../jobs/a.yaml')]);
    expect(files.map((f) => (f === '-' ? f : f.slice(root.length + 1)))).toEqual(['jobs/a.yaml', 'jobs/deep/d.yml', 'jobs/c.txt', '-']);
  });

  it('a missing path or a glob without matches is a usage error', () => {
    expect(() => expandPaths([join(root, 'nope.yaml')])).toThrow(FlinkslotError);
    expect(() => expandPaths([join(root, 'jobs/*.xml')])).toThrow(/no file matches/);
  });
});
