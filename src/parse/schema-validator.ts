/**
 * JSON Schema (draft 2020-12) validation, all errors at once, turned into diagnostics that point
 * at the offending value (or, for an unknown key, at the key itself). The validators are ajv code
 * generated at build time from schemas/ (bin/build-validators.js), so start-up compiles nothing;
 * verbose, so an unknown key's error carries its object's schema and the known key nearest to it.
 */
import type { ErrorObject } from 'ajv';
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { escapeSegment } from './source-map.js';
import { closestName } from '../util/closest.js';
import { printable } from '../util/printable.js';

export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export function validateWith(validate: CompiledValidator, data: unknown): Diagnostic[] {
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
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const near = closestName(key, known);
      const hint = near === undefined ? '' : ` — did you mean '${near}'?`;
      return error('input/unknown-key', `unknown key '${printable(key)}' in ${where}${hint}`, `${at}/${escapeSegment(key)}`);
    }
    case 'required':
      return error('input/missing-key', `${where} is missing the required key '${String(e.params.missingProperty)}'`, at);
    case 'enum':
      return error(
        'input/schema',
        `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        at,
      );
    case 'type':
      if (at === '/flinkVersion') {
        return error(
          'input/schema',
          'flinkVersion must be a quoted string such as "1.20" (YAML reads an unquoted 1.20 as the number 1.2)',
          at,
        );
      }
      return error('input/schema', `${where} ${e.message ?? 'is invalid'}`, at);
    case 'oneOf':
      return error('input/schema', `${where} must be a string or a map of names to integers`, at);
    default:
      return error('input/schema', `${where} ${e.message ?? 'is invalid'}`, at);
  }
}
