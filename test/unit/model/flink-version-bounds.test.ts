/** Issue 27 §7: a version text too long to be one, or with numbers beyond 2^53, is refused, never read as 1.Infinity. */
import { describe, expect, it } from 'vitest';
import { MAX_FLINK_VERSION_LENGTH, parseFlinkVersion, resolveFlinkVersion } from '../../../src/model/flink-version.js';

describe('parseFlinkVersion bounds', () => {
  it('reads versions of every length a release has', () => {
    expect(parseFlinkVersion('1.17.2')).toEqual({ major: 1, minor: 17 });
    expect(parseFlinkVersion(' 2.0 ')).toEqual({ major: 2, minor: 0 });
  });

  it('refuses a minor or major beyond 2^53, and text longer than the bound, before parsing', () => {
    expect(parseFlinkVersion(`1.${'9'.repeat(20)}`)).toBeUndefined();
    expect(parseFlinkVersion(`${'9'.repeat(20)}.1`)).toBeUndefined();
    expect(parseFlinkVersion(`1.${'9'.repeat(1_000_000)}`)).toBeUndefined();
    expect(parseFlinkVersion(`${' '.repeat(MAX_FLINK_VERSION_LENGTH)}1.17`)).toBeUndefined();
  });
});

describe('resolveFlinkVersion bounds', () => {
  it('"1." and a million digits: an input/flink-version error quoting its start and length', () => {
    const text = `1.${'9'.repeat(1_000_000)}`;
    const r = resolveFlinkVersion(text, 'flinkVersion', '/flinkVersion');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: 'input/flink-version',
        severity: 'error',
        message:
          "flinkVersion '1.999999999999999999…' (1,000,002 characters) is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2)",
      }),
    ]);
  });

  it('a minor beyond 2^53 of normal length is not a version (it was Flink 1.Infinity, newer than the newest)', () => {
    const r = resolveFlinkVersion('1.99999999999999999999', '--flink-version');
    expect(r.ok ? 'ok' : r.diagnostics[0]!.message).toBe(
      "--flink-version '1.99999999999999999999' is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2)",
    );
  });
});
