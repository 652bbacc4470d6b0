/** What `size --max-parallelism-fit` found (schemas/parallelism-fit.schema.json). */
export interface ParallelismFitReport {
  readonly job: string;
  /** The vertex scaled, or undefined when every vertex scales with the widest. */
  readonly vertex?: string;
  /** The widest vertex's (or `vertex`'s) parallelism now, the highest that runs, and the cap. */
  readonly current: number;
  readonly highest: number | null;
  readonly cap: number;
  /** Where the cap (the scaled vertex's max parallelism) came from. */
  readonly capFrom: MaxParallelismOrigin;
  /** Every vertex's parallelism at `highest`. */
  readonly parallelism: Record<string, number>;
  /** On `highest` the job is met; on `highest + 1` (when below the cap) it is not. */
  readonly proof: { readonly met: string | null; readonly above: string | null };
  /** The adaptive scheduler at the cap: per vertex, with the slots the cluster gives (null: all met). */
  readonly adaptive: Record<string, number> | null;
  readonly simulations: number;
}

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
