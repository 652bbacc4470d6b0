// Generated from schemas/parallelism-fit.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).

/**
 * The highest parallelism a cluster runs a job at, as printed by `flinkslot size JOB --cluster CLUSTER --max-parallelism-fit --json`: every vertex scaled with the widest (or one --vertex), proven by the SlotManager (met at `highest`, not at `highest + 1`), and the adaptive scheduler's answer at the max parallelism.
 */
export interface ParallelismFitJson {
  job: string;
  /**
   * The vertex scaled alone (--vertex).
   */
  vertex?: string;
  current: number;
  /**
   * null: not even parallelism 1 runs.
   */
  highest: null | number;
  /**
   * The scaled vertex's max parallelism: its own, else pipeline.max-parallelism, else derived from its parallelism now (KeyGroupRangeAssignment.computeDefaultMaxParallelism), which a restore from a savepoint keeps.
   */
  cap: number;
  /**
   * Where the cap came from: vertex (its maxParallelism in the job graph), running-job (Flink's GET /jobs/:jobid answer), pipeline.max-parallelism (of the job graph or the cluster's configuration: file), parallelism (derived from the vertex's parallelism now).
   */
  capFrom:
    | {
        source: 'vertex' | 'running-job';
      }
    | {
        source: 'pipeline.max-parallelism';
        file: string;
      }
    | {
        source: 'parallelism';
        parallelism: number;
      };
  /**
   * Every vertex's parallelism at `highest`.
   */
  parallelism: {
    [k: string]: number;
  };
  proof: {
    met: null | string;
    /**
     * The verdict at highest + 1; null when highest is the cap.
     */
    above: null | string;
  };
  /**
   * Per vertex, the parallelism the adaptive scheduler runs at when asked for the cap; null when the cap runs.
   */
  adaptive: null | {
    [k: string]: number;
  };
  simulations: number;
}
