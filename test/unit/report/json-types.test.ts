/**
 * The JSON output types (src/model/json/) and schemas/ are one source (issue 27 §2): the types are
 * generated from the schemas, and this test fails when the checked-in modules are not what the
 * schemas generate today, or when an output schema has no module.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_NAMES, generateJsonTypes } from '../../../bin/build-json-types.js';

const root = new URL('../../../', import.meta.url);
const REGENERATE = 'run `npm run json-types` (node bin/build-json-types.js) and commit src/model/json/';

describe('the JSON output types generated from schemas/', () => {
  let generated = new Map<string, string>();
  beforeAll(async () => {
    generated = await generateJsonTypes();
  }, 60_000);

  it('are checked in as the schemas generate them', () => {
    const stale = [...generated].filter(([path, text]) => {
      try {
        return readFileSync(new URL(path, root), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    expect(
      stale.map(([path]) => path),
      `out of date with schemas/: ${REGENERATE}`,
    ).toEqual([]);
    const onDisk = readdirSync(new URL('src/model/json/', root)).map((f) => `src/model/json/${f}`);
    expect(onDisk.sort(), `a module no schema generates: ${REGENERATE}`).toEqual([...generated.keys()].sort());
  });

  it('cover every schema that is not an input (inputs are compiled by bin/build-validators.js)', () => {
    const validators = readFileSync(new URL('bin/build-validators.js', root), 'utf8');
    const schemas = readdirSync(new URL('schemas/', root)).map((f) => f.replace(/\.schema\.json$/, ''));
    const outputs = schemas.filter((name) => !validators.includes(`schemas/${name}.schema.json`));
    expect(outputs.sort()).toEqual(Object.keys(ROOT_NAMES).sort());
  });

  it('are exact where the schema is closed: no open index signature', () => {
    for (const [path, text] of generated) {
      expect(text, path).not.toMatch(/\[k: string\]: unknown/);
    }
  });
});
