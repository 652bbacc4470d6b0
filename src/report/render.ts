/**
 * The one way results become output: `render(result, format, options)` looks the renderer up in a
 * typed registry of result kind × format. A kind lists the formats it has and what its renderers
 * need (a style, a row limit, the files' names, flinkslot's version); asking for a format a kind
 * does not have does not compile. The shell and the use cases ask the registry, not the
 * renderers; a new output format is one entry here (and its renderer beside the others).
 */
import type { PlanDiff } from '../plan/diff/plan-diff-model.js';
import type { ImportResult } from '../parse/flink/import-file.js';
import { type DiffRenderOptions, renderDiff } from './diff/render-diff.js';
import type { ExplainReport } from './explain/explain-report.js';
import { type ExplainRenderOptions, renderExplain } from './explain/render-explain.js';
import type { LiveFitReport } from './live-fit-report.js';
import type { MemoryReport } from './memory-report.js';
import type { ParallelismFitReport } from './parallelism-fit-report.js';
import type { PlanReport } from './plan-report.js';
import { renderImportYaml } from './render-import-yaml.js';
import { renderLiveFitText } from './render-live-fit-text.js';
import { renderMemoryText } from './render-memory-text.js';
import { renderParallelismFitText } from './render-parallelism-fit-text.js';
import { type TextOptions as PlanTextOptions, renderPlanText } from './render-plan-text.js';
import { renderShapeSearchText } from './render-shape-search-text.js';
import { renderSimulationText } from './render-simulation-text.js';
import { renderSizeText } from './render-size-text.js';
import type { ShapeSearchReport } from './shape-search-report.js';
import type { SimulationReport } from './simulation-report.js';
import type { SizeReport } from './size-report.js';
import { type Style, PLAIN } from './style.js';
import type { ValidationRun } from '../errors/finding.js';
import { renderValidateGithub } from './validate/render-github.js';
import { renderValidateJson } from './validate/render-json.js';
import { renderValidateJunit } from './validate/render-junit.js';
import { renderValidateSarif } from './validate/render-sarif.js';
import { renderValidateTap } from './validate/render-tap.js';
import { renderValidateText } from './validate/render-text.js';

/** Colours and a row limit: what most text renderers take. */
export interface TextRenderOptions {
  readonly style?: Style;
  /** Rows per list at most (each kind has its default). */
  readonly limit?: number;
}

export interface ValidationRenderOptions {
  /** flinkslot's version, named by the JSON and SARIF reports. */
  readonly version: string;
  /** Text format only. */
  readonly style?: Style;
  /** Text format only: list files without findings too. */
  readonly verbose?: boolean;
}

/** Each kind of result: its value, the formats it is written in, and what its renderers need. */
export interface Renderings {
  diff: { value: PlanDiff; format: 'text' | 'markdown' | 'json'; options: DiffRenderOptions };
  validate: { value: ValidationRun; format: 'text' | 'json' | 'junit' | 'sarif' | 'github' | 'tap'; options: ValidationRenderOptions };
  plan: { value: PlanReport; format: 'text' | 'json'; options: PlanTextOptions };
  memory: { value: MemoryReport; format: 'text' | 'json'; options: TextRenderOptions };
  simulation: { value: SimulationReport; format: 'text' | 'json'; options: TextRenderOptions };
  'live-fit': { value: LiveFitReport; format: 'text' | 'json'; options: TextRenderOptions };
  size: { value: SizeReport; format: 'text' | 'json'; options: TextRenderOptions };
  'shape-search': { value: ShapeSearchReport; format: 'text' | 'json'; options: TextRenderOptions };
  'parallelism-fit': { value: ParallelismFitReport; format: 'text' | 'json'; options: TextRenderOptions & { readonly cluster: string } };
  import: { value: ImportResult; format: 'yaml'; options: { readonly file: string; readonly schemaDir?: string } };
  explain: { value: ExplainReport; format: 'text' | 'markdown' | 'json'; options: ExplainRenderOptions };
}

export type ResultKind = keyof Renderings;
export type FormatOf<K extends ResultKind> = Renderings[K]['format'];
export type OptionsOf<K extends ResultKind> = Renderings[K]['options'];

/** A result to render: its kind and value. */
export interface Renderable<K extends ResultKind> {
  readonly kind: K;
  readonly value: Renderings[K]['value'];
}

type Renderer<K extends ResultKind> = (value: Renderings[K]['value'], options: OptionsOf<K>) => string;
type Registry = { readonly [K in ResultKind]: { readonly [F in FormatOf<K>]: Renderer<K> } };

/** As the shell prints a result with --json: two-space indent, a final newline. */
const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

const REGISTRY: Registry = {
  diff: {
    text: (d, o) => renderDiff(d, 'text', o),
    markdown: (d, o) => renderDiff(d, 'markdown', o),
    json,
  },
  validate: {
    text: (run, o) => renderValidateText(run, o.style ?? PLAIN, { verbose: o.verbose ?? false }),
    json: (run, o) => renderValidateJson(run, o.version),
    junit: (run) => renderValidateJunit(run),
    sarif: (run, o) => renderValidateSarif(run, o.version),
    github: (run) => renderValidateGithub(run),
    tap: (run) => renderValidateTap(run),
  },
  plan: { text: (r, o) => renderPlanText(r, o), json },
  memory: { text: (r, o) => renderMemoryText(r, o.style ?? PLAIN), json },
  simulation: { text: (r, o) => renderSimulationText(r, o.style ?? PLAIN, o.limit), json },
  'live-fit': { text: (r, o) => renderLiveFitText(r, o.style ?? PLAIN, o.limit), json },
  size: { text: (r, o) => renderSizeText(r, o.style ?? PLAIN), json },
  'shape-search': { text: (r, o) => renderShapeSearchText(r, o.style ?? PLAIN, o.limit), json },
  'parallelism-fit': { text: (r, o) => renderParallelismFitText(r, o.cluster, o.style ?? PLAIN), json },
  import: { yaml: (r, o) => renderImportYaml(r, o.file, o.schemaDir) },
  explain: {
    text: (r, o) => renderExplain(r, 'text', o),
    markdown: (r, o) => renderExplain(r, 'markdown', o),
    json,
  },
};

export function render<K extends ResultKind>(result: Renderable<K>, format: FormatOf<K>, options: OptionsOf<K>): string {
  const renderer = (REGISTRY[result.kind] as Record<FormatOf<K>, Renderer<K>>)[format];
  return renderer(result.value, options);
}

/** The formats a kind of result is written in, in the registry's order. */
export function formatsOf<K extends ResultKind>(kind: K): readonly FormatOf<K>[] {
  return Object.keys(REGISTRY[kind]) as FormatOf<K>[];
}

/** `flinkslot validate --format`: one format per CI system's reader. */
export const VALIDATE_FORMATS = formatsOf('validate');
export type ValidateFormat = FormatOf<'validate'>;

/** `flinkslot explain --format`. */
export const EXPLAIN_FORMATS = formatsOf('explain');
export type ExplainFormat = FormatOf<'explain'>;
