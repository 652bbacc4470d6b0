import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

  it('locates one error per line of a 200,000-line file in seconds, not minutes (it was quadratic)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `  - {at: ${i}, registerTaskManager: tm${i}}`);
    const text = `events:\n${lines.join('\n')}\n`;
    const diagnostics = lines.map((_, i) => error('scenario/unknown-task-manager', 'x', `/events/${i}/registerTaskManager`));
    const started = performance.now();
    const located = locateDiagnostics(diagnostics, text, 's.yaml');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(located[199_999]!.location).toMatchObject({ line: 200_001, column: 39 });
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
