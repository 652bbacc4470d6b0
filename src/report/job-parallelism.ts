/**
 * What one `job.parallelism` can say about a sized job graph (issue 25 §2). The operator passes
 * `job.parallelism` — or, with `taskManager.replicas`, replicas × slots — to Flink as
 * `parallelism.default` (flink-kubernetes-operator/.../config/FlinkConfigBuilder.java:
 * getParallelism), and Flink applies that only to operators that set no parallelism of their own
 * (flink-core/.../configuration/CoreOptions.java: DEFAULT_PARALLELISM; an operator's
 * setParallelism overrides it — Flink's "Parallel Execution" page). So one value gives the job
 * graph sized only when all of its vertices run at one parallelism.
 */
import { printable } from '../util/printable.js';
import type { SizedJob } from './size-report.js';

/** The one parallelism every vertex runs at; undefined when they differ or the job gives no vertices. */
export function uniformParallelism(job: SizedJob): number | undefined {
  const vertices = job.vertices ?? [];
  const first = vertices[0]?.parallelism;
  return first !== undefined && vertices.every((v) => v.parallelism === first) ? first : undefined;
}

/** The vertices by parallelism, for text: `Source: Kafka, Sink: Kafka at 4; Window at 8`. */
export function verticesByParallelism(job: SizedJob, except?: number): string {
  const groups = new Map<number, string[]>();
  for (const v of job.vertices ?? [])
    if (v.parallelism !== except) groups.set(v.parallelism, [...(groups.get(v.parallelism) ?? []), printable(v.name)]);
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([p, names]) => `${names.join(', ')} at ${p}`)
    .join('; ');
}

/**
 * A job graph of mixed parallelisms under a parallelism.default of `runs`: the vertices it leaves
 * as they are, when the job took `took` from the default (which vertices set their own is in the
 * job's code, not in its graph). Undefined when every vertex runs at one parallelism.
 */
export function untouchedByDefault(job: SizedJob, took: number, runs: number): string | undefined {
  if (uniformParallelism(job) !== undefined || (job.vertices ?? []).length === 0) return undefined;
  const others = verticesByParallelism(job, took);
  return `the job graph's vertices run at different parallelisms, and parallelism.default ${runs} reaches only the vertices that set none of their own: if the job was built with parallelism.default ${took}, these set their own and keep it: ${others}`;
}
