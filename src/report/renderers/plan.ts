/** The registry's part for `plan` (report/render.ts composes every part). */
import { renderPlanText } from '../render-plan-text.js';
import { type Registry, json, registryRender } from '../renderings.js';

export const PLAN_RENDERERS = {
  plan: { text: (r, o) => renderPlanText(r, o), json },
} satisfies Pick<Registry, 'plan'>;

export const render = registryRender(PLAN_RENDERERS);
