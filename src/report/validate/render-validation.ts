/** The `flinkslot validate` report in the format asked for: one entry per format CI systems read. */
import { type Style, PLAIN } from '../style.js';
import type { ValidationRun } from './finding.js';
import { renderValidateGithub } from './render-github.js';
import { renderValidateJson } from './render-json.js';
import { renderValidateJunit } from './render-junit.js';
import { renderValidateSarif } from './render-sarif.js';
import { renderValidateTap } from './render-tap.js';
import { renderValidateText } from './render-text.js';

export const VALIDATE_FORMATS = ['text', 'json', 'junit', 'sarif', 'github', 'tap'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export interface ValidationRenderOptions {
  /** flinkslot's version, named by the JSON and SARIF reports. */
  readonly version: string;
  /** Text format only. */
  readonly style?: Style;
  /** Text format only: list files without findings too. */
  readonly verbose?: boolean;
}

export function renderValidation(run: ValidationRun, format: ValidateFormat, options: ValidationRenderOptions): string {
  switch (format) {
    case 'text':
      return renderValidateText(run, options.style ?? PLAIN, { verbose: options.verbose ?? false });
    case 'json':
      return renderValidateJson(run, options.version);
    case 'sarif':
      return renderValidateSarif(run, options.version);
    case 'junit':
      return renderValidateJunit(run);
    case 'github':
      return renderValidateGithub(run);
    case 'tap':
      return renderValidateTap(run);
  }
}
