/**
 * The codes of failures that are flinkslot's own, not the input's: an unexpected exception is
 * `internal` (exit 70, no stack trace), and a failure that carried no diagnostic reports `unknown`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandShell } from '../../../commands/support/shell.js';
import { errorReport } from '../../../src/report/error-report.js';

afterEach(() => vi.restoreAllMocks());

describe('failures of flinkslot itself', () => {
  it('an exception in a command is `internal`: one line on stderr, the JSON object with --json, exit 70', async () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string, done?: () => void) => {
      out.push(chunk);
      done?.();
      return true;
    }) as typeof process.stdout.write);
    vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string) => {
      err.push(chunk);
      return true;
    }) as typeof process.stderr.write);
    const shell = new CommandShell();
    shell.jsonErrors = true;
    const code = await shell.run({ json: true, color: false }, () => {
      throw new Error("Cannot read properties of undefined (reading 'id')");
    });
    const message = "flinkslot internal error (a bug; please report it with the input): Cannot read properties of undefined (reading 'id')";
    expect(code).toBe(70);
    expect(err.join('')).toBe(`${message}\n`);
    expect(JSON.parse(out.join(''))).toEqual({
      error: { code: 'internal', severity: 'error', message },
      diagnostics: [{ code: 'internal', severity: 'error', message }],
    });
  });

  it('a failure without a diagnostic is reported as `unknown`', () => {
    expect(errorReport([])).toEqual({ error: { code: 'unknown', severity: 'error', message: 'failed' }, diagnostics: [] });
  });
});
