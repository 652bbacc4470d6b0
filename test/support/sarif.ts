/**
 * The official SARIF 2.1.0 JSON Schema (test/data/sarif-schema-2.1.0.json, SchemaStore's draft-07
 * copy; see test/unit/validate/sarif-schema.test.ts for where it comes from) compiled once, with
 * ajv-formats so that `uri` and `uri-reference` are checked too.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

export const SARIF_SCHEMA_TEXT = readFileSync(new URL('../data/sarif-schema-2.1.0.json', import.meta.url), 'utf8');

// ajv-formats is CommonJS: its default import is the plugin itself under vitest, `{ default }` elsewhere.
type FormatsPlugin = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;

export const validateSarif = addFormats(new Ajv({ strict: false, allErrors: true })).compile(JSON.parse(SARIF_SCHEMA_TEXT) as object);
