/**
 * The catalog of diagnostic codes (src/errors/codes.ts): every entry complete, its example printed
 * as flinkslot prints a diagnostic of that code and severity; validate's SARIF rules read it.
 */
import { describe, expect, it } from 'vitest';
import {
  CODES,
  type DiagnosticCode,
  codeArea,
  codeEntry,
  diagnosticCodes,
  isDiagnosticCode,
  severitiesOf,
} from '../../../src/errors/codes.js';
import { ruleInfo } from '../../../src/report/validate/rules.js';

/** Refusals of the shell print `error MESSAGE` (the code is in --json only); the last two are bugs' own words. */
const PRINTED_WITHOUT_CODE: ReadonlySet<DiagnosticCode> = new Set([
  'input/unreadable',
  'rest/address',
  'rest/unreachable',
  'usage/error',
  'output/unwritable',
  'internal',
  'unknown',
]);

const LABEL = { error: 'error', warning: 'warning', info: 'note' } as const;

describe('the catalog of diagnostic codes', () => {
  const codes = diagnosticCodes();

  it('names codes area/name in lower case (or a single word for flinkslot’s own failures), sorted', () => {
    expect(codes.length).toBe(Object.keys(CODES).length);
    for (const code of codes) expect(code).toMatch(/^(?:[a-z0-9-]+\/[a-z0-9-]+|internal|unknown)$/);
    expect([...codes].sort()).toEqual(codes);
  });

  it('gives each code a one-line title, a meaning, a fix and an example', () => {
    for (const code of codes) {
      const e = codeEntry(code);
      for (const text of [e.title, e.meaning, e.fix, e.example]) {
        expect(text.trim(), code).not.toBe('');
        expect(text, code).not.toMatch(/\n/);
      }
      expect(new Set(severitiesOf(e)).size, code).toBe(severitiesOf(e).length);
    }
  });

  it('prints each example as flinkslot prints a diagnostic of the code: its severity first, its code last', () => {
    for (const code of codes) {
      const e = codeEntry(code);
      if (PRINTED_WITHOUT_CODE.has(code)) continue;
      expect(e.example.endsWith(` [${code}]`), code).toBe(true);
      expect(
        severitiesOf(e).some((s) => e.example.startsWith(`${LABEL[s]} `)),
        code,
      ).toBe(true);
    }
  });

  it('tells codes from other words, and areas from codes', () => {
    expect(isDiagnosticCode('input/too-large')).toBe(true);
    expect(isDiagnosticCode('input/too-big')).toBe(false);
    expect(isDiagnosticCode('plan')).toBe(false);
    expect(codeArea('managed-memory/unused')).toBe('managed-memory');
    expect(codeArea('internal')).toBe('general');
  });

  it('keeps the SARIF rule texts validate printed before the catalog, byte for byte', () => {
    expect(ruleInfo('input/syntax')).toEqual({ id: 'input/syntax', description: 'The file is not valid YAML or JSON.' });
    expect(ruleInfo('import/format')).toEqual({ id: 'import/format', description: "How one of Flink's own JSON files was read." });
    expect(ruleInfo('policy/max-slots')).toEqual({
      id: 'policy/max-slots',
      description: 'The job needs more slots than --max-slots allows.',
      help: 'Lower the parallelism of the widest vertex of a slot sharing group, or merge slot sharing groups.',
    });
    expect(ruleInfo('network/insufficient-buffers').help).toBe(
      'Give the TaskManagers more network memory (taskmanager.memory.network.min/max or fraction), fewer slots, or (up to 1.20) taskmanager.network.memory.buffers-per-channel: 1; the message names the values that fit.',
    );
  });

  it('describes every other code by its own title, not a generic family text', () => {
    expect(ruleInfo('managed-memory/unused')).toEqual({
      id: 'managed-memory/unused',
      description: 'Slots whose managed memory no operator uses.',
    });
    for (const code of codes) expect(ruleInfo(code).description).toBe(codeEntry(code).title);
  });
});
