/**
 * The `input` of every SlotManager conformance case (fixtures/conformance/slotmanager/dsm-*.yaml
 * and fgsm-*.yaml) is a valid scenario, as the README promises: it validates against
 * schemas/scenario.schema.json (compiled as bin/build-validators.js compiles it, with
 * cluster.schema.json added first), and `simulateScenario` runs it to a report, never to a
 * bad-input result, whether the input is written as JSON or as YAML.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, simulateScenario } from '../../src/index.js';
import { selectFlinkVersion } from './case-file.js';

const DIR = 'fixtures/conformance/slotmanager';

function readSchema(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(readSchema('schemas/cluster.schema.json'));
const validate = ajv.compile(readSchema('schemas/scenario.schema.json'));

const files = readdirSync(DIR)
  .filter((f) => /^(dsm|fgsm)-.*\.yaml$/.test(f))
  .sort();

interface CaseFile {
  name: string;
  flinkVersion?: string;
  input: Record<string, unknown>;
}

function readCase(file: string): CaseFile {
  return load(readFileSync(join(DIR, file), 'utf8')) as CaseFile;
}

describe('slotmanager conformance inputs are valid scenarios', () => {
  it('finds the dsm-* and fgsm-* cases', () => {
    expect(files.filter((f) => f.startsWith('dsm-')).length).toBe(6);
    expect(files.filter((f) => f.startsWith('fgsm-')).length).toBe(8);
  });

  it('the schema rejects what is not a scenario (so the checks below can fail)', () => {
    expect(validate({ cluster: { taskManger: [] } })).toBe(false);
    expect(validate({ jobs: [] })).toBe(false);
    expect(validate({ cluster: {}, events: [{ declare: { j: [{ profile: 'UNKNOWN' }] } }] })).toBe(false);
  });

  for (const file of files) {
    describe(file, () => {
      const c = readCase(file);
      const options = c.flinkVersion === undefined ? {} : { flinkVersion: selectFlinkVersion(c.flinkVersion) };

      it('input is valid against schemas/scenario.schema.json', () => {
        const valid = validate(c.input);
        expect(validate.errors ?? []).toEqual([]);
        expect(valid).toBe(true);
      });

      for (const format of ['json', 'yaml'] as const) {
        it(`simulateScenario runs the input (${format}) without diagnostics`, () => {
          const text = format === 'json' ? JSON.stringify(c.input, null, 2) : dump(c.input);
          const result = simulateScenario({ text, file: `${c.name}.${format}` }, options);
          if (!result.ok) expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const variants = (c.input.variants as unknown[] | undefined)?.length ?? 1;
          expect(result.value).toHaveLength(variants);
          for (const report of result.value) {
            expect(['met', 'partly-met', 'not-met']).toContain(report.verdict);
            expect(report.slotManager).toBe(file.startsWith('dsm-') ? 'declarative' : 'fine-grained');
          }
        });
      }
    });
  }
});
