/**
 * The AdaptiveBatchScheduler: which scheduler runs a batch job, and, when it is this one, the range
 * in which it will decide each unset vertex's parallelism at run time (from the bytes the vertex
 * consumes, which a plan cannot know). docs/research/adaptive-batch-scheduler.md has the rules per
 * release with Flink's source paths; in short:
 * - scheduler: flink-runtime/.../jobmaster/DefaultSlotPoolServiceSchedulerFactory.java (1.15–1.16 only
 *   with `jobmanager.scheduler: AdaptiveBatch`; from 1.17 every batch job unless it names another);
 * - bounds: flink-runtime/.../scheduler/adaptivebatch/DefaultVertexParallelismDecider.java (1.15–1.16,
 *   powers of two) and DefaultVertexParallelismAndInputInfosDecider.java (1.17+), with
 *   AdaptiveBatchSchedulerFactory.getDefaultMaxParallelism (1.17+).
 * A vertex with a parallelism keeps it: the scheduler decides nothing for it.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { JobGraph, JobVertex, SchedulerOption, SchedulerOptions } from '../model/job-graph.js';
import { checkAdaptiveBatchExchanges } from './adaptive-batch-exchanges.js';

/** One bound and what set it: a configuration key, `default`, or a rule named in words. */
export interface AdaptiveBatchBound {
  readonly value: number;
  readonly from: string;
}

export interface AdaptiveBatchVertex {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** A source (no inputs): default-source-parallelism rules, not the data volume. */
  readonly source: boolean;
  readonly min: AdaptiveBatchBound;
  readonly max: AdaptiveBatchBound;
  /** Its max parallelism in the dynamic graph: its own, else the global default max parallelism. */
  readonly maxParallelism: number;
}

export interface AdaptiveBatchPlan {
  readonly scheduler: 'AdaptiveBatchScheduler';
  /** Why this scheduler runs the job. */
  readonly reason: string;
  readonly minParallelism: AdaptiveBatchBound;
  readonly maxParallelism: AdaptiveBatchBound;
  readonly defaultSourceParallelism: AdaptiveBatchBound;
  /** The unset vertices, in graph order. */
  readonly vertices: readonly AdaptiveBatchVertex[];
}

export interface BatchScheduler {
  readonly adaptive: boolean;
  readonly reason: string;
}

const describe = (o: SchedulerOption<unknown>): string =>
  `${o.key}: ${String(o.value)} (${o.source === 'job' ? "the job's configuration" : '--tm-config'})`;

/** Which scheduler the JobMaster creates for a batch job (a streaming job never gets this one). */
export function batchScheduler(graph: JobGraph): BatchScheduler {
  const o = graph.schedulerOptions ?? {};
  if (graph.mode !== 'batch') return { adaptive: false, reason: 'a streaming job' };
  if (!atLeast(graph.flinkVersion, 1, 15)) return { adaptive: false, reason: 'the AdaptiveBatchScheduler exists from Flink 1.15' };
  const named = o.scheduler?.value;
  if (!atLeast(graph.flinkVersion, 1, 17)) {
    // 1.15–1.16: only when named; Adaptive (or reactive mode) with a batch job falls back to the default scheduler.
    return named === 'AdaptiveBatch'
      ? { adaptive: true, reason: describe(o.scheduler!) }
      : {
          adaptive: false,
          reason: 'Flink 1.15–1.16 run a batch job on the default scheduler unless jobmanager.scheduler is AdaptiveBatch',
        };
  }
  if (o.reactive?.value === true || named === 'Adaptive') {
    const by = o.reactive?.value === true ? o.reactive : o.scheduler!;
    return { adaptive: true, reason: `${describe(by)}: a batch job gets the AdaptiveBatchScheduler instead` };
  }
  if (named === undefined) return { adaptive: true, reason: 'from Flink 1.17 a batch job runs on the AdaptiveBatchScheduler by default' };
  return named === 'AdaptiveBatch'
    ? { adaptive: true, reason: describe(o.scheduler!) }
    : { adaptive: false, reason: describe(o.scheduler!) };
}

const bound = (o: SchedulerOption<number> | undefined, fallback: number): AdaptiveBatchBound =>
  o === undefined ? { value: fallback, from: 'default' } : { value: o.value, from: o.key };

function roundUpToPowerOfTwo(x: number): number {
  let p = 1;
  while (p < x) p *= 2;
  return x <= 0 ? 0 : p;
}

function roundDownToPowerOfTwo(x: number): number {
  if (x <= 0) return 0;
  let p = 1;
  while (p * 2 <= x) p *= 2;
  return p;
}

interface GlobalBounds {
  readonly min: AdaptiveBatchBound;
  readonly max: AdaptiveBatchBound;
  readonly source: AdaptiveBatchBound;
}

/**
 * The scheduler's global bounds, refused where Flink's decider refuses them (its constructor's
 * checkArgument, IllegalArgumentException; 1.15–1.16 `from` checks the rounded range first).
 */
function globalBounds(o: SchedulerOptions, version: FlinkVersion, out: Diagnostic[]): GlobalBounds | undefined {
  const minKey = o.minParallelism?.key ?? 'min-parallelism';
  const maxKey = o.maxParallelism?.key ?? 'max-parallelism';
  let min = bound(o.minParallelism, 1);
  let max: AdaptiveBatchBound;
  if (!atLeast(version, 1, 17)) {
    // Rounded to powers of two: the min up, the max down (getNormalizedMin/MaxParallelism).
    const raw = bound(o.maxParallelism, 128);
    max = {
      value: roundDownToPowerOfTwo(raw.value),
      from: raw.from === 'default' ? 'default' : `${raw.from} (rounded down to a power of 2)`,
    };
    min = { value: roundUpToPowerOfTwo(min.value), from: min.from === 'default' ? 'default' : `${min.from} (rounded up to a power of 2)` };
    if (max.value < min.value) {
      const message = `Invalid configuration: '${maxKey}' should be greater than or equal to '${minKey}' and the range must contain at least one power of 2.`;
      out.push(error('plan/adaptive-batch-bounds', message, '/configuration', 'IllegalStateException'));
      return undefined;
    }
  } else {
    // getDefaultMaxParallelism: the key, else the job's parallelism (parallelism.default), else 128.
    const p = o.parallelismDefault;
    max =
      o.maxParallelism !== undefined || p === undefined || p.value === -1 ? bound(o.maxParallelism, 128) : { value: p.value, from: p.key };
  }
  // 1.19+: no default source parallelism of its own; the max parallelism is the fallback.
  const sourceFallback = atLeast(version, 1, 19)
    ? { value: max.value, from: 'default-source-parallelism unset: the max parallelism' }
    : { value: 1, from: 'default-source-parallelism default' };
  const source = o.defaultSourceParallelism === undefined ? sourceFallback : bound(o.defaultSourceParallelism, 1);
  const refusal =
    min.value <= 0
      ? 'The minimum parallelism must be larger than 0.'
      : max.value < min.value
        ? 'Maximum parallelism should be greater than or equal to the minimum parallelism.'
        : source.value <= 0
          ? 'The default source parallelism must be larger than 0.'
          : undefined;
  if (refusal !== undefined) {
    out.push(error('plan/adaptive-batch-bounds', refusal, '/configuration', 'IllegalArgumentException'));
    return undefined;
  }
  return { min, max, source };
}

/** The range of one unset vertex, per release. */
function vertexRange(v: JobVertex, isSource: boolean, g: GlobalBounds, version: FlinkVersion): AdaptiveBatchVertex {
  const own = v.maxParallelismSource !== 'parallelism';
  const maxParallelism = own ? v.maxParallelism : g.max.value;
  const capped = (b: AdaptiveBatchBound): AdaptiveBatchBound =>
    atLeast(version, 1, 18) && own && maxParallelism < b.value ? { value: maxParallelism, from: `the vertex's max parallelism` } : b;
  const base = { index: v.index, id: v.id, name: v.name, source: isSource, maxParallelism };
  if (isSource) {
    // 1.18 caps the default source parallelism by the vertex's max; from 1.19 it is an upper bound a
    // source implementing DynamicParallelismInference may undercut (down to 1).
    const upper = capped(g.source);
    if (atLeast(version, 1, 19))
      return { ...base, min: { value: 1, from: 'a source may infer its own (DynamicParallelismInference)' }, max: upper };
    return { ...base, min: upper, max: upper };
  }
  return { ...base, min: capped(g.min), max: capped(g.max) };
}

/**
 * Network memory of a group with declared resources is computed once all its vertices have a
 * parallelism (DefaultExecutionGraph.initializeJobVertex → SsgNetworkMemoryCalculationUtils, dynamic
 * graph): an unset vertex's input channels, or those of a vertex reading an unset producer, come from
 * subpartition ranges drawn from run-time data volumes. Refused rather than guessed.
 */
function checkGroupNetworkMemory(graph: JobGraph, unset: ReadonlySet<number>, out: Diagnostic[]): void {
  const readsUnset = new Set(graph.edges.filter((e) => unset.has(e.source)).map((e) => e.target));
  for (const v of graph.vertices) {
    const profile = graph.slotSharingGroupResources.get(v.slotSharingGroup);
    if (profile === undefined || profile.kind === 'UNKNOWN') continue;
    if (!unset.has(v.index) && !readsUnset.has(v.index)) continue;
    const why = unset.has(v.index) ? 'has no parallelism' : 'reads a vertex that has no parallelism';
    const message = `slot sharing group '${v.slotSharingGroup}' declares resources, and its vertex '${v.name}' ${why}: Flink adds the group's network memory once the AdaptiveBatchScheduler has decided every parallelism of the group, from input channels it draws from run-time data volumes, which a plan cannot know; give the group's vertices (and their producers) a parallelism, or set jobmanager.scheduler: Default`;
    out.push(error('plan/adaptive-batch-network-memory', message, v.pointer));
    return;
  }
}

/**
 * The AdaptiveBatchScheduler's plan for a job with unset vertices; undefined when another scheduler
 * runs the job or every vertex has a parallelism (the scheduler then decides nothing: the plan is
 * exact). Its exchanges and bounds are checked whenever the scheduler runs, as Flink creates it for every such job.
 */
export function planAdaptiveBatch(graph: JobGraph): Result<AdaptiveBatchPlan | undefined> {
  const scheduler = batchScheduler(graph);
  if (!scheduler.adaptive) return ok(undefined);
  const unset = new Set(graph.vertices.filter((v) => v.parallelismUnset === true).map((v) => v.index));
  // A job whose parallelisms flinkslot leaves to this scheduler is refused as Flink refuses it; a job
  // with every parallelism set may have reached Flink on the default scheduler (a JobGraph not built
  // by the StreamGraphGenerator in BATCH mode is not dynamic), so it is warned.
  const exchange = checkAdaptiveBatchExchanges(graph, scheduler.reason, unset.size > 0 ? 'error' : 'warning');
  if (exchange?.severity === 'error') return fail([exchange]);
  const out: Diagnostic[] = [];
  const g = globalBounds(graph.schedulerOptions ?? {}, graph.flinkVersion, out);
  if (g === undefined) return fail(out);
  if (unset.size === 0) return ok(undefined, exchange === undefined ? [] : [exchange]);
  checkGroupNetworkMemory(graph, unset, out);
  if (out.length > 0) return fail(out);
  const hasInput = new Set(graph.edges.map((e) => e.target));
  const vertices = graph.vertices
    .filter((v) => unset.has(v.index))
    .map((v) => vertexRange(v, !hasInput.has(v.index), g, graph.flinkVersion));
  return ok({
    scheduler: 'AdaptiveBatchScheduler',
    reason: scheduler.reason,
    minParallelism: g.min,
    maxParallelism: g.max,
    defaultSourceParallelism: g.source,
    vertices,
  });
}

/** The job with every unset vertex at one end of its range: the graph the other analyses read. */
export function atBound(graph: JobGraph, plan: AdaptiveBatchPlan, end: 'min' | 'max'): JobGraph {
  const byIndex = new Map(plan.vertices.map((v) => [v.index, v]));
  const vertices = graph.vertices.map((v): JobVertex => {
    const range = byIndex.get(v.index);
    if (range === undefined) return v;
    return { ...v, parallelism: range[end].value, maxParallelism: range.maxParallelism, decidedAtRuntime: true };
  });
  return { ...graph, vertices };
}
