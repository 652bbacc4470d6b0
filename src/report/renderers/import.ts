/** The registry's part for `import` (report/render.ts composes every part). */
import { renderImportYaml } from '../render-import-yaml.js';
import { type Registry, registryRender } from '../renderings.js';

export const IMPORT_RENDERERS = {
  import: { yaml: (r, o) => renderImportYaml(r, o.file, o.schemaDir) },
} satisfies Pick<Registry, 'import'>;

export const render = registryRender(IMPORT_RENDERERS);
