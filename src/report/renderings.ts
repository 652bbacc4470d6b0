/**
 * The kinds of result and the formats each is written in (the registry's types, report/render.ts),
 * and the one way a registry renders: each command's result loads only its own kinds' renderers
 * (report/renderers/), the library's render() all of them.
 */
import type { PlanDiff } from '../plan/diff/plan-diff-model.js';
import type { ImportResult } from '../parse/flink/import-file.js';
import type { DiffRenderOptions } from './diff/render-diff.js';
import type { ExplainReport } from './explain/explain-report.js';
import type { ExplainRenderOptions } from './explain/render-explain.js';
import type { LiveFitReport } from './live-fit-report.js';
import type { MemoryReport } from './memory-report.js';
import type { ParallelismFitReport } from './parallelism-fit-report.js';
import type { PlanReport } from './plan-report.js';
import type { TextOptions as PlanTextOptions } from './render-plan-text.js';
import type { ShapeSearchReport } from './shape-search-report.js';
import type { SimulationReport } from './simulation-report.js';
import type { SizeReport } from './size-report.js';
import type { Style } from './style.js';
import type { ValidationRun } from '../errors/finding.js';

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

export type Renderer<K extends ResultKind> = (value: Renderings[K]['value'], options: OptionsOf<K>) => string;
export type Registry = { readonly [K in ResultKind]: { readonly [F in FormatOf<K>]: Renderer<K> } };

/** As the shell prints a result with --json: two-space indent, a final newline. */
export const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

/** The render function of a part of the registry: the renderer of the result's kind and the format asked for. */
export function registryRender<R extends Partial<Registry>>(registry: R) {
  return <K extends ResultKind & keyof R>(result: Renderable<K>, format: FormatOf<K>, options: OptionsOf<K>): string => {
    const renderer = (registry[result.kind] as Record<FormatOf<K>, Renderer<K>>)[format];
    return renderer(result.value, options);
  };
}

export type ValidateFormat = FormatOf<'validate'>;
export type ExplainFormat = FormatOf<'explain'>;
