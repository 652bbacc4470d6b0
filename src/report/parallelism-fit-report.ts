/** What `size --max-parallelism-fit` found (schemas/parallelism-fit.schema.json). */
export interface ParallelismFitReport {
  readonly job: string;
  /** The vertex scaled, or undefined when every vertex scales with the widest. */
  readonly vertex?: string;
  /** The widest vertex's (or `vertex`'s) parallelism now, the highest that runs, and the cap. */
  readonly current: number;
  readonly highest: number | null;
  readonly cap: number;
  /** Every vertex's parallelism at `highest`. */
  readonly parallelism: Record<string, number>;
  /** On `highest` the job is met; on `highest + 1` (when below the cap) it is not. */
  readonly proof: { readonly met: string | null; readonly above: string | null };
  /** The adaptive scheduler at the cap: per vertex, with the slots the cluster gives (null: all met). */
  readonly adaptive: Record<string, number> | null;
  readonly simulations: number;
}
