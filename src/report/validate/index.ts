/** The `flinkslot validate` renderers: text, JSON, SARIF 2.1.0, JUnit XML, GitHub Actions commands, TAP 13. */
export { renderValidateText, formatValidationSummary, type ValidateTextOptions } from './render-text.js';
export { renderValidateJson, validateJsonEnvelope } from './render-json.js';
export { renderValidateSarif, validateSarifLog } from './render-sarif.js';
export { renderValidateJunit } from './render-junit.js';
export { renderValidateGithub } from './render-github.js';
export { renderValidateTap } from './render-tap.js';
export { renderValidation, VALIDATE_FORMATS, type ValidateFormat, type ValidationRenderOptions } from './render-validation.js';
