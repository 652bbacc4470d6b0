import type { ParallelismFitJson } from '../model/json/parallelism-fit.js';

/** What `size --max-parallelism-fit` found: the type generated from schemas/parallelism-fit.schema.json. */
export type ParallelismFitReport = ParallelismFitJson;

/**
 * Where a max parallelism came from: the vertex's own (`maxParallelism` in the job graph), the
 * running job's (Flink's GET /jobs/:jobid answer: what its state was written with),
 * `pipeline.max-parallelism` (of the job graph or the cluster's configuration: `file`), or derived
 * from the vertex's parallelism now.
 */
export type MaxParallelismOrigin =
  | { readonly source: 'vertex' }
  | { readonly source: 'running-job' }
  | { readonly source: 'pipeline.max-parallelism'; readonly file: string }
  | { readonly source: 'parallelism'; readonly parallelism: number };
