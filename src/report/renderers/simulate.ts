/** The registry's part for `simulate`: a simulation, and new jobs on a running cluster (report/render.ts composes every part). */
import { renderLiveFitText } from '../render-live-fit-text.js';
import { renderSimulationText } from '../render-simulation-text.js';
import { type Registry, json, registryRender } from '../renderings.js';
import { PLAIN } from '../style.js';

export const SIMULATE_RENDERERS = {
  simulation: { text: (r, o) => renderSimulationText(r, o.style ?? PLAIN, o.limit), json },
  'live-fit': { text: (r, o) => renderLiveFitText(r, o.style ?? PLAIN, o.limit), json },
} satisfies Pick<Registry, 'simulation' | 'live-fit'>;

export const render = registryRender(SIMULATE_RENDERERS);
