/** Vertex labels in text output (src/report/vertex-label.ts). */
import { describe, expect, it } from 'vitest';
import { isGeneratedId, shortName, vertexLabeler } from '../../../src/report/vertex-label.js';

describe('vertexLabeler', () => {
  const names = { bc764cd8ddf7a0cff126f51c16239658: 'Source: Custom Source', '7': 'Keyed Aggregation', window: 'Tumbling window' };
  const label = vertexLabeler(names);

  it("shows a Flink file's vertex (32-hex JobVertex id, StreamNode number) by its name", () => {
    expect(label('bc764cd8ddf7a0cff126f51c16239658')).toBe('Source: Custom Source');
    expect(label('7')).toBe('Keyed Aggregation');
  });

  it("keeps the id a flinkslot file's author chose, and ids without a name", () => {
    expect(label('window')).toBe('window');
    expect(label('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
  });

  it('shortens long names to 48 characters and escapes control characters', () => {
    expect(shortName('a'.repeat(60))).toBe(`${'a'.repeat(47)}…`);
    expect(shortName('Source:\n  x\u001b[31m')).toBe('Source: x\\u001b[31m');
  });

  it('isGeneratedId', () => {
    expect([
      isGeneratedId('bc764cd8ddf7a0cff126f51c16239658'),
      isGeneratedId('12'),
      isGeneratedId('source'),
      isGeneratedId('BC764CD8DDF7A0CFF126F51C16239658'),
    ]).toEqual([true, true, false, false]);
  });
});
