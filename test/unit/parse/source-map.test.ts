import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { locateDiagnostics, offsetToPosition, positionIndex } from '../../../src/parse/source-map.js';
import { error } from '../../../src/errors/diagnostic.js';

describe('positionIndex', () => {
  it('agrees with offsetToPosition at every offset of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', 'b', '\r') }), (text) => {
        const position = positionIndex(text);
        for (let offset = 0; offset <= text.length; offset++) expect(position(offset)).toEqual(offsetToPosition(text, offset));
      }),
    );
  });

  it('locates one error per line in work linear in the file: doubling the lines doubles the line scans (it was quadratic)', () => {
    // Counted, not timed: every line scan goes through String.prototype.indexOf('\n').
    const scans = (count: number): number => {
      const lines = Array.from({ length: count }, (_, i) => `  - {at: ${i}, registerTaskManager: tm${i}}`);
      const text = `events:\n${lines.join('\n')}\n`;
      const diagnostics = lines.map((_, i) => error('scenario/unknown-task-manager', 'x', `/events/${i}/registerTaskManager`));
      const indexOf = vi.spyOn(String.prototype, 'indexOf');
      try {
        const located = locateDiagnostics(diagnostics, text, 's.yaml');
        expect(located[count - 1]!.location).toMatchObject({ line: count + 1 });
        return indexOf.mock.calls.filter(([search]) => search === '\n').length;
      } finally {
        indexOf.mockRestore();
      }
    };
    const [small, large] = [scans(2_000), scans(4_000)];
    expect(small).toBeGreaterThanOrEqual(2_000);
    expect(large / small).toBeLessThan(2.2);
  });
});

describe('a text larger than the YAML bound (8 MiB)', () => {
  it('is not walked for lines: its diagnostics keep the file and the JSON pointer (walking 40 MB of JSON exhausted a 512 MB heap)', () => {
    const events = Array.from({ length: 300_000 }, (_, i) => `{"at":${i},"advanceTime":1}`);
    const text = `{"events":[${events.join(',')}]}`;
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024);
    const [d] = locateDiagnostics([error('input/too-large', 'x', '/events')], text, 'big.json');
    expect(d!.location).toEqual({ pointer: '/events', file: 'big.json' });
    const [small] = locateDiagnostics([error('input/too-large', 'x', '/events')], '{"events": []}', 'small.json');
    expect(small!.location).toEqual({ pointer: '/events', file: 'small.json', line: 1, column: 12 });
  });
});

describe('an empty value', () => {
  it('is located at its key (it was line 1, column 0)', () => {
    const text = 'name: x\nvertices:\n  - id: a\n    parallelism:\n';
    const [d] = locateDiagnostics([error('input/schema', 'x', '/vertices/0/parallelism')], text, 'job.yaml');
    expect(d!.location).toEqual({ pointer: '/vertices/0/parallelism', file: 'job.yaml', line: 4, column: 5 });
  });

  it('as a sequence item, at the sequence', () => {
    const text = 'name: x\nvertices:\n  -\n  - id: b\n';
    const [d] = locateDiagnostics([error('input/schema', 'x', '/vertices/0')], text, 'job.yaml');
    expect(d!.location).toMatchObject({ line: 3, column: 3 });
  });
});
