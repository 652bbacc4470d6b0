/**
 * `size JOB --cluster CLUSTER --max-parallelism-fit`: the highest parallelism the cluster can run
 * the job at, before a traffic peak. Every vertex is scaled with the widest one (each capped at its
 * max parallelism), or only `--vertex V`; each parallelism tried is planned as Flink plans it and
 * run on the cluster by the SlotManager. Also the adaptive scheduler's answer: the parallelism it
 * would settle on with the slots the cluster gives the job at the top of the range.
 *
 * The cap is the vertex's max parallelism by the one rule (parallelism-rules.ts maxParallelismOf):
 * its own, else pipeline.max-parallelism (the job graph's, else the cluster configuration's), else
 * derived from its parallelism now. A rescale restores the job's state, and a restore keeps the max
 * parallelism the state was written with (flink-runtime/.../checkpoint/StateAssignmentOperation.java
 * checkParallelismPreconditions: an unconfigured vertex takes the state's), so the derived value
 * does not grow with the parallelism tried. The adaptive scheduler is asked for that cap: an upper
 * bound of -1 is the max parallelism (flink-runtime/.../jobgraph/JobResourceRequirements.java
 * validate), and a higher one is refused.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { JobGraph, JobVertex } from '../model/job-graph.js';
import type { SourceText } from '../model/source-text.js';
import { kindOfText } from '../parse/file-kind.js';
import { withPipelineMaxParallelism } from '../parse/parallelism-rules.js';
import { analyzeJob } from '../plan/analyze-job.js';
import type { MaxParallelismOrigin, ParallelismFitReport } from '../report/parallelism-fit-report.js';
import type { SimulationReport } from '../report/simulation-report.js';
import { minimalCount } from '../sim/minimal-count.js';
import { analyzeJobText, versionOption } from './job-text.js';
import { pipelineMaxParallelism } from './pipeline-max-parallelism.js';
import { jobDefinition, jobLabel, plannedFrom, simulateDefinitionsOnCluster } from './simulate.js';

export interface ParallelismFitOptions {
  readonly flinkVersion?: string;
  /** Scale only this vertex (its id or name). */
  readonly vertex?: string;
  /** Scale only the widest vertex. */
  readonly widestOnly?: boolean;
}

export function maxParallelismFit(
  cluster: SourceText,
  jobGraph: SourceText,
  options: ParallelismFitOptions = {},
): Result<ParallelismFitReport> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const analyzed = analyzeJobText(jobGraph.text, jobGraph.file, version.value);
  if (!analyzed.ok) return fail(analyzed.diagnostics);
  const configured = withClusterMaxParallelism(analyzed.graph, cluster);
  if (!configured.ok) return configured;
  const graph = configured.value;
  const target =
    options.vertex === undefined ? widest(graph) : graph.vertices.find((v) => v.id === options.vertex || v.name === options.vertex);
  const only = options.vertex !== undefined || options.widestOnly === true;
  if (target === undefined) {
    const names = graph.vertices.map((v) => v.id).slice(0, 10);
    return fail([error('size/vertex', `no vertex '${options.vertex}' in the job (vertices: ${names.join(', ')})`, '')]);
  }
  const simulateOptions = options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion };
  const cap = target.maxParallelism;
  const label = jobLabel(jobGraph.file, plannedFrom(analyzed.analysis));
  const run = (p: number): Result<SimulationReport> => {
    const scaled = scale(graph, target, p, only);
    const analysis = analyzeJob(scaled);
    if (!analysis.ok) return analysis;
    const simulated = simulateDefinitionsOnCluster(
      cluster,
      [jobDefinition(label, jobGraph.file, plannedFrom(analysis.value))],
      simulateOptions,
    );
    return simulated.ok ? ok(simulated.value[0]!) : simulated;
  };
  // k = parallelism − 1 from 0 to cap: the least k whose parallelism k + 1 does not run (above the
  // cap counts as not running) is the highest parallelism that does.
  const beyond = { ok: true as const, value: undefined, warnings: [] };
  const evaluate = (k: number): Result<SimulationReport | undefined> => (k + 1 > cap ? beyond : run(k + 1));
  const search = minimalCount(evaluate, (r) => !r.ok || r.value === undefined || r.value.verdict !== 'met', target.parallelism - 1, cap);
  const failed = [...search.evaluated.values()].find((r) => !r.ok);
  if (failed !== undefined && !failed.ok) return failed;
  const verdictAt = (p: number): string | null => {
    const r = search.evaluated.get(p - 1);
    return r === undefined || !r.ok || r.value === undefined ? null : r.value.verdict;
  };
  const highest = search.count ?? cap;
  // The search may have run the cap already.
  const cached = search.evaluated.get(cap - 1);
  const reused = cached?.ok === true && cached.value !== undefined ? cached.value : undefined;
  const atCap = reused === undefined ? run(cap) : ok(reused);
  const adaptive = atCap.ok ? (atCap.value.jobs[0]?.adaptiveParallelism ?? null) : null;
  return ok({
    job: label,
    ...(only ? { vertex: target.id } : {}),
    current: target.parallelism,
    highest: highest < 1 ? null : highest,
    cap,
    capFrom: capOrigin(target, jobGraph, graph === analyzed.graph ? undefined : cluster.file),
    parallelism: highest < 1 ? {} : Object.fromEntries(scale(graph, target, highest, only).vertices.map((v) => [v.id, v.parallelism])),
    proof: { met: highest < 1 ? null : verdictAt(highest), above: highest >= cap ? null : verdictAt(highest + 1) },
    adaptive,
    simulations: search.evaluated.size + (reused === undefined ? 1 : 0),
  });
}

function widest(graph: JobGraph): JobVertex | undefined {
  let best: JobVertex | undefined;
  for (const v of graph.vertices) if (best === undefined || v.parallelism > best.parallelism) best = v;
  return best;
}

/**
 * The job with `target` at parallelism p: alone, or every vertex in proportion, each within 1 … its
 * max parallelism, which stays as it is (a restore keeps it).
 */
function scale(graph: JobGraph, target: JobVertex, p: number, only: boolean): JobGraph {
  const factor = p / target.parallelism;
  const vertices = graph.vertices.map((v) => {
    if (only && v !== target) return v;
    const parallelism = v === target ? p : Math.max(1, Math.min(v.maxParallelism, Math.round(v.parallelism * factor)));
    return { ...v, parallelism };
  });
  return { ...graph, vertices };
}

/** The cluster configuration's pipeline.max-parallelism, for the vertices whose max parallelism was derived. */
function withClusterMaxParallelism(graph: JobGraph, cluster: SourceText): Result<JobGraph> {
  const configured = pipelineMaxParallelism(cluster);
  if (!configured.ok) return configured;
  if (configured.value === undefined || !graph.vertices.some((v) => v.maxParallelismSource === 'parallelism')) return ok(graph);
  const applied = withPipelineMaxParallelism(graph, configured.value.value, '/pipeline.max-parallelism');
  return applied.diagnostics.length > 0 ? fail(applied.diagnostics.map(configured.value.locate)) : ok(applied.graph);
}

/** Where the cap came from, in words a user can act on. */
function capOrigin(target: JobVertex, job: SourceText, configFile: string | undefined): MaxParallelismOrigin {
  switch (target.maxParallelismSource) {
    case 'vertex':
      // Flink's GET /jobs/:jobid answer carries each vertex's max parallelism as the running job has it.
      return kindOfText(job.text)?.flinkFormat === 'rest-job-details-json' ? { source: 'running-job' } : { source: 'vertex' };
    case 'pipeline.max-parallelism':
      return { source: 'pipeline.max-parallelism', file: configFile ?? job.file };
    case 'parallelism':
      return { source: 'parallelism', parallelism: target.parallelism };
  }
}
