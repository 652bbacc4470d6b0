/** The registry's part for `memory` (report/render.ts composes every part). */
import { renderMemoryText } from '../render-memory-text.js';
import { type Registry, json, registryRender } from '../renderings.js';
import { PLAIN } from '../style.js';

export const MEMORY_RENDERERS = {
  memory: { text: (r, o) => renderMemoryText(r, o.style ?? PLAIN), json },
} satisfies Pick<Registry, 'memory'>;

export const render = registryRender(MEMORY_RENDERERS);
