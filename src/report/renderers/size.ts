/** The registry's part for `size`: one shape, the ranked shapes, the parallelism that fits (report/render.ts composes every part). */
import { renderParallelismFitText } from '../render-parallelism-fit-text.js';
import { renderShapeSearchText } from '../render-shape-search-text.js';
import { renderSizeText } from '../render-size-text.js';
import { type Registry, json, registryRender } from '../renderings.js';
import { PLAIN } from '../style.js';

export const SIZE_RENDERERS = {
  size: { text: (r, o) => renderSizeText(r, o.style ?? PLAIN), json },
  'shape-search': { text: (r, o) => renderShapeSearchText(r, o.style ?? PLAIN, o.limit), json },
  'parallelism-fit': { text: (r, o) => renderParallelismFitText(r, o.cluster, o.style ?? PLAIN), json },
} satisfies Pick<Registry, 'size' | 'shape-search' | 'parallelism-fit'>;

export const render = registryRender(SIZE_RENDERERS);
