/**
 * The subtask-level benchmark's cases (analyzeExecution on Flink's scheduler benchmark topology and a
 * POINTWISE chain) and the child process that runs one (`bench.js --exec-case NAME FILE`).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyzeJob } from '../src/plan/analyze-job.js';
import { analyzeExecution } from '../src/execution/analyze-execution.js';
import { jobGraphFromData } from '../src/parse/parse-job-graph.js';
import { type Json, pointwiseChainJobGraph, schedulerBenchmarkJobGraph } from './generate.js';
import { count, gc, median } from './format.js';

/** A subtask-level case: analyzeExecution on one job graph (see EXEC_CASES). */
export interface ExecCaseSpec {
  readonly name: string;
  /** Topology in a few words, for the table. */
  readonly shape: string;
  readonly generate: () => { [key: string]: Json };
  /** What Flink's rules give for this job, so the table can check the figures. */
  readonly expected: { readonly regions: number; readonly sharedSlots: number; readonly batchPeak: number | undefined };
  readonly warmups: number;
  readonly runs: number;
  readonly timeoutMs: number;
  /** Targets for analyzeExecution (median ms) and the case process's peak RSS, when there are some. */
  readonly targetMs?: number;
  readonly targetBytes?: number;
  /** Also time the whole `plan FILE --execution` process on this job. */
  readonly cli?: boolean;
}

/**
 * Flink's scheduler benchmark (flink-runtime/src/test/java/org/apache/flink/runtime/scheduler/
 * benchmark) schedules source → sink joined by one ALL_TO_ALL edge: PIPELINED for streaming jobs,
 * BLOCKING for batch jobs. Expected figures at parallelism p:
 * - streaming: the pipelined all-to-all edge joins all 2p subtasks into 1 region; source and sink
 *   share the default slot sharing group, so p shared slots (subtask i of each vertex in slot i);
 * - batch: a blocking all-to-all edge makes every subtask its own region (2p); batch mode puts
 *   each logical region in its own slot sharing group, so 2p shared slots; the sources run first,
 *   then the sinks: a peak of p slots in 2 waves.
 * The POINTWISE chain (n vertices at parallelism q, pipelined): q regions of n subtasks (subtask i
 * of every vertex), q shared slots.
 */
export const EXEC_CASES: readonly ExecCaseSpec[] = [
  ...[4_000, 10_000].flatMap((p): ExecCaseSpec[] => [
    {
      name: `sched-streaming-${p / 1000}k`,
      shape: `source → sink, ${count(p)} × ${count(p)}, ALL_TO_ALL PIPELINED, streaming`,
      generate: () => schedulerBenchmarkJobGraph(p, 'streaming'),
      expected: { regions: 1, sharedSlots: p, batchPeak: undefined },
      warmups: 1,
      runs: 3,
      timeoutMs: 60_000,
    },
    {
      name: `sched-batch-${p / 1000}k`,
      shape: `source → sink, ${count(p)} × ${count(p)}, ALL_TO_ALL BLOCKING, batch`,
      generate: () => schedulerBenchmarkJobGraph(p, 'batch'),
      expected: { regions: 2 * p, sharedSlots: 2 * p, batchPeak: p },
      warmups: 1,
      runs: 3,
      timeoutMs: 60_000,
      ...(p === 10_000 ? { targetMs: 100, targetBytes: 200 * 1024 * 1024, cli: true } : {}),
    },
  ]),
  {
    name: 'pointwise-chain-1k',
    shape: '1,000-vertex chain, parallelism 100, POINTWISE PIPELINED_BOUNDED, streaming',
    generate: () => pointwiseChainJobGraph(1_000, 100),
    expected: { regions: 100, sharedSlots: 100, batchPeak: undefined },
    warmups: 1,
    runs: 3,
    timeoutMs: 60_000,
  },
];

export const EXEC_PLAN_WALL_TARGET_MS = 1_000;
export const EXEC_CLI_RUNS = 3;
export const FLINK_REFERENCE =
  'Flink 1.14 builds the pipelined regions of the 10,000 × 10,000 all-to-all job in 120 ms (Flink 1.12: 8,257 ms; FLINK-21110)';
// ---------------------------------------------------------------------------------------------
// Child: one subtask-level case

type ExecStage = 'read' | 'analyze-job' | 'execution';

export interface ExecCaseResult {
  name: string;
  vertices?: number;
  edges?: number;
  subtasks?: number;
  jsonBytes?: number;
  regions?: number;
  sharedSlots?: number;
  /** Batch jobs only. */
  batchPeakSlots?: number;
  batchWaves?: number;
  largestRegionSlots?: number;
  /** Median of the analyzeJob runs (context, not part of the figure). */
  analyzeJobMs?: number;
  /** Timed analyzeExecution runs (ms), in run order. */
  runs: number[];
  /** maxRSS once the input is read and analyzeJob has run: what the analysis adds comes on top. */
  rssBeforeBytes: number;
  peakHeapBytes: number;
  peakArrayBuffersBytes: number;
  peakRssBytes: number;
  failure?: { stage: ExecStage; message: string };
}

export async function runExecCase(spec: ExecCaseSpec, file: string): Promise<void> {
  const result: ExecCaseResult = {
    name: spec.name,
    runs: [],
    rssBeforeBytes: 0,
    peakHeapBytes: 0,
    peakArrayBuffersBytes: 0,
    peakRssBytes: 0,
  };
  const maxRss = (): number => Math.max(process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const sample = (): void => {
    const m = process.memoryUsage();
    result.peakHeapBytes = Math.max(result.peakHeapBytes, m.heapUsed);
    result.peakArrayBuffersBytes = Math.max(result.peakArrayBuffersBytes, m.arrayBuffers);
    result.peakRssBytes = Math.max(result.peakRssBytes, maxRss());
  };
  const report = (tag: '@@partial' | '@@result'): void => {
    sample();
    process.stdout.write(`${tag} ${JSON.stringify(result)}\n`);
  };
  let stage: ExecStage = 'read';
  const enter = (s: ExecStage): void => {
    stage = s;
    process.stderr.write(`@@stage ${s}\n`);
  };

  try {
    enter('read');
    const text = readFileSync(file, 'utf8');
    result.jsonBytes = Buffer.byteLength(text);
    const graph = jobGraphFromData(JSON.parse(text));
    if (!graph.ok) throw new Error(`invalid generated job graph: ${JSON.stringify(graph.diagnostics.slice(0, 3))}`);
    result.vertices = graph.value.vertices.length;
    result.edges = graph.value.edges.length;
    result.subtasks = graph.value.vertices.reduce((n, v) => n + v.parallelism, 0);

    enter('analyze-job');
    const jobTimes: number[] = [];
    let analysis = analyzeJob(graph.value);
    for (let i = 0; i < spec.runs; i++) {
      const t0 = performance.now();
      analysis = analyzeJob(graph.value);
      jobTimes.push(performance.now() - t0);
    }
    if (!analysis.ok) throw new Error(`analysis failed: ${JSON.stringify(analysis.diagnostics.slice(0, 3))}`);
    result.analyzeJobMs = median(jobTimes);
    const jobAnalysis = analysis.value;
    gc();
    result.rssBeforeBytes = maxRss();
    report('@@partial');

    enter('execution');
    let last: ReturnType<typeof analyzeExecution> | undefined;
    for (let i = 0; i < spec.warmups + spec.runs; i++) {
      // Drops the previous run's value before gc(), so it is not measured as live memory.
      last = undefined;
      gc();
      const t0 = performance.now();
      const value = analyzeExecution(jobAnalysis);
      const t1 = performance.now();
      sample();
      last = value;
      if (!value.ok) throw new Error(`analyzeExecution failed: ${JSON.stringify(value.diagnostics.slice(0, 3))}`);
      if (i >= spec.warmups) result.runs.push(t1 - t0);
    }
    if (last?.ok) {
      const e = last.value;
      result.regions = e.regions.count;
      result.sharedSlots = e.sharing.count;
      if (e.batchPeak !== undefined) {
        result.batchPeakSlots = e.batchPeak.peakSlots;
        result.batchWaves = e.batchPeak.waves;
        result.largestRegionSlots = e.batchPeak.largestRegionSlots;
      }
    }
  } catch (e) {
    const err = e as Error;
    result.failure = { stage, message: `${err.name}: ${err.message}`.slice(0, 300) };
  }
  report('@@result');
}
