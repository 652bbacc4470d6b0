/**
 * `flinkslot validate`'s result: the findings in the format asked for (text, JSON, JUnit, SARIF,
 * GitHub annotations, TAP), printed as rendered; the outcome is 'not-met' when a file failed at
 * the fail level.
 */
import { type ValidationRun, summarize } from '../../errors/finding.js';
import { render } from '../../report/renderers/validate.js';
import type { ValidateFormat, ValidationRenderOptions } from '../../report/renderings.js';
import { type DocumentOutput, type Refusal, documentOutput } from '../command-result.js';

export type ValidateResult = DocumentOutput<'validation'> | Refusal;

export function validateResult(run: ValidationRun, format: ValidateFormat, options: ValidationRenderOptions): ValidateResult {
  return documentOutput('validation', render({ kind: 'validate', value: run }, format, options), {
    escape: format === 'text',
    outcome: summarize(run).failed > 0 ? 'not-met' : 'ok',
  });
}
