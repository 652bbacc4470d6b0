/** The registry's part for `explain` (report/render.ts composes every part). */
import { renderExplain } from '../explain/render-explain.js';
import { type Registry, json, registryRender } from '../renderings.js';

export const EXPLAIN_RENDERERS = {
  explain: {
    text: (r, o) => renderExplain(r, 'text', o),
    markdown: (r, o) => renderExplain(r, 'markdown', o),
    json,
  },
} satisfies Pick<Registry, 'explain'>;

export const render = registryRender(EXPLAIN_RENDERERS);
