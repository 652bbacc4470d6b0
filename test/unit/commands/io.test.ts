import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile } from '../../../commands/support/io.js';

describe('readInputFile', () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-io-'));
  // Small files share one reused buffer; a file of exactly its size, or larger, goes on in chunks.
  it.each([
    ['empty', ''],
    ['small', 'name: job\n'],
    ['small, after a larger one (no bytes of the earlier file left over)', 'a: 1\n'],
    ['just under 64 KiB, ending in a character of 4 bytes', `${'x'.repeat(64 * 1024 - 5)}😀`],
    ['exactly 64 KiB', 'y'.repeat(64 * 1024)],
    ['64 KiB and more, a character of 3 bytes across the boundary', `${'z'.repeat(64 * 1024 - 1)}€${'w'.repeat(70_000)}`],
  ])('reads a file: %s', (_, text) => {
    const file = join(dir, `f-${Buffer.byteLength(text)}.txt`);
    writeFileSync(file, text);
    expect(readInputFile(file)).toBe(text);
  });

  it('reads files one after another, each whole', () => {
    const texts = ['first file, the longer one\n', 'second\n', 'é\n'];
    const read = texts.map((t, i) => {
      const file = join(dir, `seq-${i}.txt`);
      writeFileSync(file, t);
      return readInputFile(file);
    });
    expect(read).toEqual(texts);
  });
});
