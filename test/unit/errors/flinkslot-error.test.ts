/** The one error value and the one outcome → exit code mapping (docs/exit-codes.md). */
import { describe, expect, it } from 'vitest';
import { FlinkslotError, internalError, refusal } from '../../../src/errors/flinkslot-error.js';
import { EXIT_CODES, exitCodeOf } from '../../../src/errors/outcome.js';

describe('exitCodeOf', () => {
  it('maps each outcome to its documented exit code', () => {
    expect(exitCodeOf('ok')).toBe(0);
    expect(exitCodeOf('not-met')).toBe(1);
    expect(exitCodeOf('bad-input')).toBe(2);
    expect(exitCodeOf('internal')).toBe(70);
    expect(Object.keys(EXIT_CODES)).toEqual(['ok', 'not-met', 'bad-input', 'internal']);
  });
});

describe('FlinkslotError', () => {
  it('is a refusal by default: exit 2, printed as a sentence', () => {
    const e = refusal('input/unreadable', 'cannot read a.yaml: no such file', 'a.yaml', { detail: 'no such file' });
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('cannot read a.yaml: no such file');
    expect(e.code).toBe('input/unreadable');
    expect(e.exitCode).toBe(2);
    expect(e.form).toBe('sentence');
    expect(e.detail).toBe('no such file');
    expect(e.diagnostics).toEqual([
      {
        code: 'input/unreadable',
        severity: 'error',
        message: 'cannot read a.yaml: no such file',
        location: { file: 'a.yaml', pointer: '' },
      },
    ]);
  });

  it('carries related diagnostics after its own, and the outcome given', () => {
    const origin = { code: 'policy/path' as const, severity: 'info' as const, message: 'named here' };
    const e = new FlinkslotError(
      { code: 'size/never-met', severity: 'error', message: 'never met' },
      {
        outcome: 'not-met',
        form: 'diagnostics',
        related: [origin],
      },
    );
    expect(e.exitCode).toBe(1);
    expect(e.diagnostics.map((d) => d.code)).toEqual(['size/never-met', 'policy/path']);
  });

  it('an internal error is exit 70', () => {
    const e = internalError('lost a resource the job never acquired');
    expect(e.outcome).toBe('internal');
    expect(e.exitCode).toBe(70);
    expect(e.code).toBe('internal');
  });
});
