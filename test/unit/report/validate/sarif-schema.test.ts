/**
 * `flinkslot validate --format sarif` against the SARIF 2.1.0 JSON schema (draft-07), formats
 * (uri, uri-reference) checked too.
 *
 * test/data/sarif-schema-2.1.0.json is SchemaStore's `sarif-2.1.0.json` — the document that
 * https://json.schemastore.org/sarif-2.1.0.json, the `$schema` of our logs, serves; its `$id` is the
 * OASIS TC's Schemata/sarif-schema-2.1.0.json. No npm package ships that final schema (only the
 * draft-04 release candidate `sarif-2.1.0-rtm.5.json`, in @microsoft/jest-sarif), so it is kept here
 * as test data, unchanged; the hash below keeps it so.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderValidateSarif } from '../../../../src/report/validate/render-sarif.js';
import type { FileResult, ValidationRun } from '../../../../src/errors/finding.js';
import { SARIF_SCHEMA_TEXT as SCHEMA_TEXT, validateSarif } from '../../../support/sarif.js';
import { FILES, finding, runAt } from '../../../support/validate-run.js';

const SCHEMA_SHA256 = '7c9688f0a1c4a4e1649ecc78521087e664729c1dff56ee8212ff195c7b16132a';

function expectValid(run: ValidationRun): void {
  const log = JSON.parse(renderValidateSarif(run, '0.1.0')) as unknown;
  const valid = validateSarif(log);
  expect(validateSarif.errors ?? [], JSON.stringify(validateSarif.errors, null, 2)).toEqual([]);
  expect(valid).toBe(true);
}

describe('the SARIF 2.1.0 schema kept as test data', () => {
  it('is the draft-07 schema of SARIF 2.1.0, unchanged', () => {
    expect(createHash('sha256').update(SCHEMA_TEXT).digest('hex')).toBe(SCHEMA_SHA256);
    const schema = JSON.parse(SCHEMA_TEXT) as Record<string, unknown>;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe('https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json');
    expect(schema.title).toBe('Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema');
  });

  it('rejects logs that are not SARIF 2.1.0 (so the checks below mean something)', () => {
    const log = JSON.parse(renderValidateSarif(runAt('error'), '0.1.0')) as {
      version: string;
      runs: { results: { level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    expect(validateSarif({ ...log, version: '2.0.0' })).toBe(false);
    const badLevel = structuredClone(log);
    (badLevel.runs[0]?.results[0] as { level: string }).level = 'info';
    expect(validateSarif(badLevel)).toBe(false);
    const badLine = structuredClone(log);
    (badLine.runs[0]?.results[0]?.locations[0]?.physicalLocation.region as { startLine: number }).startLine = 0;
    expect(validateSarif(badLine)).toBe(false);
    const badUri = structuredClone(log) as unknown as { runs: { artifacts: { location: { uri: string } }[] }[] };
    (badUri.runs[0]?.artifacts[0] as { location: { uri: string } }).location.uri = 'jobs/a b.yaml';
    expect(validateSarif(badUri)).toBe(false);
  });
});

describe('renderValidateSarif output', () => {
  it('validates at every fail level', () => {
    for (const level of ['error', 'warning', 'info', 'none'] as const) expectValid(runAt(level));
  });

  it('validates with no files, and with clean files only', () => {
    expectValid(runAt('error', []));
    expectValid(runAt('error', [FILES[1] as FileResult]));
  });

  it('validates for paths of every kind and odd messages and regions', () => {
    const paths = [
      'jobs\\windows\\relative.yaml',
      'jobs/windows/relative.yaml',
      'C:\\Users\\me\\my jobs\\a.yaml',
      '\\\\fileserver\\share\\b.json',
      '/tmp/with space/#hash?query%pct.yaml',
      './déjà vu/ジョブ.yaml',
      'a:b.yaml',
      '../up/one.yaml',
      'bad\uD800surrogate.yaml',
      '<stdin>',
    ];
    const files: FileResult[] = paths.map((file, i) => ({
      file,
      valid: i % 2 === 0,
      findings: [
        finding(file, 'input/schema', 'error', 'must be integer: "x" <&> ,:%\n\r\t\u0000', `/vertices/${i}/parallelism`, [
          i + 1,
          i + 2,
          i + 1,
          i + 5,
        ]),
        finding(file, 'policy/path', 'info', '', '', [0, 0, -1, -1]),
        finding(file, 'policy/max-slots', 'warning', 'too many slots', '/', [3, 9, 7, 1]),
      ],
    }));
    for (const level of ['error', 'warning', 'none'] as const) expectValid(runAt(level, files));
  });
});
