/** The registry's part for `validate` (report/render.ts composes every part). */
import { type Registry, registryRender } from '../renderings.js';
import { PLAIN } from '../style.js';
import { renderValidateGithub } from '../validate/render-github.js';
import { renderValidateJson } from '../validate/render-json.js';
import { renderValidateJunit } from '../validate/render-junit.js';
import { renderValidateSarif } from '../validate/render-sarif.js';
import { renderValidateTap } from '../validate/render-tap.js';
import { renderValidateText } from '../validate/render-text.js';

export const VALIDATE_RENDERERS = {
  validate: {
    text: (run, o) => renderValidateText(run, o.style ?? PLAIN, { verbose: o.verbose ?? false }),
    json: (run, o) => renderValidateJson(run, o.version),
    junit: (run) => renderValidateJunit(run),
    sarif: (run, o) => renderValidateSarif(run, o.version),
    github: (run) => renderValidateGithub(run),
    tap: (run) => renderValidateTap(run),
  },
} satisfies Pick<Registry, 'validate'>;

export const render = registryRender(VALIDATE_RENDERERS);
