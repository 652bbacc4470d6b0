/**
 * Parallelism and max parallelism checks in the order Flink applies them when it builds the
 * ExecutionGraph: JobVertex.setParallelism, the default max parallelism
 * (KeyGroupRangeAssignment.computeDefaultMaxParallelism), DefaultVertexParallelismInfo's bounds,
 * then ExecutionJobVertex's "higher than the max parallelism" check.
 *
 * One rule for a vertex's max parallelism, used wherever one matters (the job graph, `size
 * --max-parallelism-fit`): the vertex's own, else `pipeline.max-parallelism`, else derived from the
 * vertex's parallelism. Flink derives it per vertex when it builds the scheduler's
 * VertexParallelismStore (SchedulerBase.computeVertexParallelismStore, getDefaultMaxParallelism;
 * from 1.13; in 1.10–1.12 the ExecutionJobVertex constructor): the same arithmetic in every release.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { JobGraph, JobVertex, MaxParallelismSource } from '../model/job-graph.js';

export const UPPER_BOUND_MAX_PARALLELISM = 1 << 15;
const DEFAULT_LOWER_BOUND_MAX_PARALLELISM = 1 << 7;

function roundUpToPowerOfTwo(x: number): number {
  let p = 1;
  while (p < x) p *= 2;
  return p;
}

/**
 * flink-runtime/.../state/KeyGroupRangeAssignment.java computeDefaultMaxParallelism: p + p/2 (integer
 * division) rounded up to a power of two, at least 128 and at most 32768. Unchanged from 1.10 to 2.x.
 */
export function computeDefaultMaxParallelism(parallelism: number): number {
  return Math.min(
    Math.max(roundUpToPowerOfTwo(parallelism + Math.floor(parallelism / 2)), DEFAULT_LOWER_BOUND_MAX_PARALLELISM),
    UPPER_BOUND_MAX_PARALLELISM,
  );
}

export interface ParallelismInput {
  vertexName: string;
  parallelism: number;
  maxParallelism: number | undefined;
  minParallelism: number | undefined;
  pointer: string;
}

/** Returns the effective max parallelism, or undefined after reporting the first violated rule. */
export function checkParallelism(v: ParallelismInput, version: FlinkVersion, out: Diagnostic[]): number | undefined {
  const at = (key: string): string => `${v.pointer}/${key}`;
  // -1 (PARALLELISM_DEFAULT, accepted by JobVertex.setParallelism from 1.15) is read as unset by
  // the caller before these checks; what remains below 1 is refused as Flink does.
  const unsetAllowed = atLeast(version, 1, 15);
  if (v.parallelism < 1) {
    const message = unsetAllowed ? 'The parallelism must be at least one, or -1 (unset).' : 'The parallelism must be at least one.';
    out.push(error('input/parallelism', message, at('parallelism'), 'IllegalArgumentException'));
    return undefined;
  }
  if (v.maxParallelism === undefined && v.parallelism > UPPER_BOUND_MAX_PARALLELISM) {
    out.push(
      error('input/parallelism', `Operator parallelism not within bounds: ${v.parallelism}`, at('parallelism'), 'IllegalArgumentException'),
    );
    return undefined;
  }
  const maxParallelism = v.maxParallelism ?? computeDefaultMaxParallelism(v.parallelism);
  for (const [what, value, key] of [
    ['parallelism', v.parallelism, 'parallelism'],
    ['max parallelism', maxParallelism, 'maxParallelism'],
  ] as const) {
    if (value < 1 || value > UPPER_BOUND_MAX_PARALLELISM) {
      const message = `Setting ${what} is not in valid bounds (1..${UPPER_BOUND_MAX_PARALLELISM}), found: ${value}`;
      out.push(error('input/parallelism', message, at(key), 'IllegalArgumentException'));
      return undefined;
    }
  }
  if (v.parallelism > maxParallelism) {
    const message = `Vertex ${v.vertexName}'s parallelism (${v.parallelism}) is higher than the max parallelism (${maxParallelism}). Please lower the parallelism or increase the max parallelism.`;
    out.push(error('input/parallelism', message, at('parallelism'), 'JobException'));
    return undefined;
  }
  if (v.minParallelism !== undefined && (v.minParallelism < 1 || v.minParallelism > v.parallelism)) {
    const message = `minParallelism (${v.minParallelism}) must be between 1 and the parallelism (${v.parallelism})`;
    out.push(error('input/parallelism', message, at('minParallelism')));
    return undefined;
  }
  return maxParallelism;
}

/** A vertex's max parallelism and where it came from. */
export interface MaxParallelism {
  readonly value: number;
  readonly source: MaxParallelismSource;
}

/**
 * The rule: the vertex's own max parallelism, else the job-wide `pipeline.max-parallelism`
 * (flink-streaming-java/.../StreamGraphGenerator.java transform: a transformation without one
 * takes ExecutionConfig.getMaxParallelism when it is > 0), else derived from the parallelism
 * (SchedulerBase.getDefaultMaxParallelism; a parallelism of -1 counts as 1 there).
 */
export function maxParallelismOf(own: number | undefined, pipeline: number | undefined, parallelism: number): MaxParallelism {
  if (own !== undefined) return { value: own, source: 'vertex' };
  if (pipeline !== undefined) return { value: pipeline, source: 'pipeline.max-parallelism' };
  return { value: computeDefaultMaxParallelism(Math.max(1, parallelism)), source: 'parallelism' };
}

/**
 * `pipeline.max-parallelism` as Flink checks it: ExecutionConfig.setMaxParallelism (> 0), then
 * Transformation.setMaxParallelism (OperatorValidationUtils.validateMaxParallelism, at most 32768).
 */
export function checkPipelineMaxParallelism(value: number, pointer: string, out: Diagnostic[]): boolean {
  if (value < 1) {
    out.push(error('input/parallelism', 'The maximum parallelism must be greater than 0.', pointer, 'IllegalArgumentException'));
    return false;
  }
  if (value > UPPER_BOUND_MAX_PARALLELISM) {
    const message = `Maximum parallelism must be between 1 and ${UPPER_BOUND_MAX_PARALLELISM}. Found: ${value}`;
    out.push(error('input/parallelism', message, pointer, 'IllegalArgumentException'));
    return false;
  }
  return true;
}

/**
 * A job graph under a configuration's `pipeline.max-parallelism` (the cluster's or the job's
 * configuration file): vertices whose max parallelism was derived take it, and are checked again as
 * Flink checks them; a vertex's own and the job graph's own value stay (the program's
 * `setMaxParallelism` overrides the configuration it starts with).
 */
export function withPipelineMaxParallelism(
  graph: JobGraph,
  value: number,
  pointer: string,
): { graph: JobGraph; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  if (!checkPipelineMaxParallelism(value, pointer, out)) return { graph, diagnostics: out };
  const vertices = graph.vertices.map((v): JobVertex => {
    if (v.maxParallelismSource !== 'parallelism') return v;
    if (v.parallelism > value) {
      const message = `Vertex ${v.name}'s parallelism (${v.parallelism}) is higher than the max parallelism (${value}). Please lower the parallelism or increase the max parallelism.`;
      out.push(error('input/parallelism', message, pointer, 'JobException'));
    }
    return { ...v, maxParallelism: value, maxParallelismConfigured: true, maxParallelismSource: 'pipeline.max-parallelism' };
  });
  return { graph: { ...graph, vertices }, diagnostics: out };
}
