/**
 * Help text is written in paragraphs and wrapped by oclif at the terminal's width: a line break inside
 * a paragraph (hard-wrapping in the source) gives ragged lines once oclif wraps it again. Paragraphs
 * are separated by one blank line; summaries, flag and argument descriptions are one line.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands/index.js';

interface Described {
  readonly description?: string;
  readonly summary?: string;
}

const entries = Object.entries(COMMANDS).map(([id, command]) => {
  const c = command as unknown as Described & { flags?: Record<string, Described>; args?: Record<string, Described> };
  return { id, c };
});

describe('help text: paragraphs unwrapped, for oclif to wrap', () => {
  it.each(entries.map((e) => [e.id, e.c] as const))('%s', (_, c) => {
    const texts = [
      ['summary', c.summary],
      ...Object.entries(c.flags ?? {}).map(([name, f]) => [`--${name}`, f.description] as const),
      ...Object.entries(c.args ?? {}).map(([name, a]) => [name, a.description] as const),
    ] as const;
    for (const [what, text] of texts) expect(text ?? '', what).not.toContain('\n');
    const paragraphs = c.description === undefined ? [] : c.description.split('\n\n');
    for (const paragraph of paragraphs) {
      expect(paragraph, 'a line break inside a paragraph of the description').not.toContain('\n');
      expect(paragraph.trim(), 'an empty paragraph').not.toBe('');
    }
  });
});
