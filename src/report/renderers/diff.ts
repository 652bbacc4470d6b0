/** The registry's part for `diff` (report/render.ts composes every part). */
import { renderDiff } from '../diff/render-diff.js';
import { type Registry, json, registryRender } from '../renderings.js';

export const DIFF_RENDERERS = {
  diff: {
    text: (d, o) => renderDiff(d, 'text', o),
    markdown: (d, o) => renderDiff(d, 'markdown', o),
    json,
  },
} satisfies Pick<Registry, 'diff'>;

export const render = registryRender(DIFF_RENDERERS);
