/**
 * JSON Schema (draft 2020-12) validation with ajv, all errors at once, turned into diagnostics
 * that point at the offending value (or, for an unknown key, at the key itself).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { type Diagnostic, error } from '../errors/diagnostic.js';

const cache = new WeakMap<object, ValidateFunction>();

function compile(schema: object): ValidateFunction {
  let validate = cache.get(schema);
  if (validate === undefined) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

export function validateAgainstSchema(schema: object, data: unknown): Diagnostic[] {
  const validate = compile(schema);
  if (validate(data)) return [];
  return dropRedundant(validate.errors ?? []).map(toDiagnostic);
}

/** A failing `oneOf` reports every branch too; keep only the summary for it. */
function dropRedundant(errors: readonly ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return errors.filter((e) => e.keyword === 'oneOf' || !oneOfPaths.has(e.instancePath));
}

function toDiagnostic(e: ErrorObject): Diagnostic {
  const at = e.instancePath;
  const where = at === '' ? 'the document' : at;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      return error('input/unknown-key', `unknown key '${key}' in ${where}`, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
    case 'required':
      return error('input/missing-key', `${where} is missing the required key '${String(e.params.missingProperty)}'`, at);
    case 'enum':
      return error('input/schema', `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, at);
    case 'oneOf':
      return error('input/schema', `${where} must be a string or a map of names to integers`, at);
    default:
      return error('input/schema', `${where} ${e.message ?? 'is invalid'}`, at);
  }
}
