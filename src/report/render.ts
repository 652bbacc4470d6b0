/**
 * The one way results become output: `render(result, format, options)` looks the renderer up in a
 * typed registry of result kind × format. A kind lists the formats it has and what its renderers
 * need (a style, a row limit, the files' names, flinkslot's version); asking for a format a kind
 * does not have does not compile. The shell and the use cases ask the registry, not the
 * renderers; a new output format is one entry in its kind's part (report/renderers/, its renderer
 * beside the others). Each command's result asks its own part, so that it loads only its renderers;
 * this composes them all, for the library and the format lists.
 */
import { type FormatOf, type OptionsOf, type Registry, type Renderable, type ResultKind, registryRender } from './renderings.js';
import { DIFF_RENDERERS } from './renderers/diff.js';
import { EXPLAIN_RENDERERS } from './renderers/explain.js';
import { IMPORT_RENDERERS } from './renderers/import.js';
import { MEMORY_RENDERERS } from './renderers/memory.js';
import { PLAN_RENDERERS } from './renderers/plan.js';
import { SIMULATE_RENDERERS } from './renderers/simulate.js';
import { SIZE_RENDERERS } from './renderers/size.js';
import { VALIDATE_RENDERERS } from './renderers/validate.js';

export type {
  ExplainFormat,
  FormatOf,
  OptionsOf,
  Renderable,
  Renderings,
  ResultKind,
  TextRenderOptions,
  ValidateFormat,
  ValidationRenderOptions,
} from './renderings.js';

const REGISTRY: Registry = {
  ...DIFF_RENDERERS,
  ...VALIDATE_RENDERERS,
  ...PLAN_RENDERERS,
  ...MEMORY_RENDERERS,
  ...SIMULATE_RENDERERS,
  ...SIZE_RENDERERS,
  ...IMPORT_RENDERERS,
  ...EXPLAIN_RENDERERS,
};

export const render: <K extends ResultKind>(result: Renderable<K>, format: FormatOf<K>, options: OptionsOf<K>) => string =
  registryRender(REGISTRY);

/** The formats a kind of result is written in, in the registry's order. */
export function formatsOf<K extends ResultKind>(kind: K): readonly FormatOf<K>[] {
  return Object.keys(REGISTRY[kind]) as FormatOf<K>[];
}

/** `flinkslot validate --format`: one format per CI system's reader. */
export const VALIDATE_FORMATS = formatsOf('validate');

/** `flinkslot explain --format`. */
export const EXPLAIN_FORMATS = formatsOf('explain');
