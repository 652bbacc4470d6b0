/**
 * POINTWISE subtask wiring, as `EdgeManagerBuildUtil` / `VertexInputInfoComputationUtils`: with
 * s producer and t consumer subtasks, consumer i reads producer partitions
 * [floor(i·s/t), floor((i+1)·s/t) − 1] when s ≥ t (contiguous, sizes differ by at most one), and
 * the single partition floor(i·s/t) when s < t (partition p then feeds consumers
 * ceil(p·t/s) .. ceil((p+1)·t/s) − 1). ALL_TO_ALL needs no table: every consumer reads all s.
 */
export interface SubtaskRange {
  /** First producer subtask read. */
  readonly start: number;
  /** One past the last producer subtask read. */
  readonly end: number;
}

export function pointwiseRange(s: number, t: number, consumer: number): SubtaskRange {
  const start = Math.floor((consumer * s) / t);
  const end = s >= t ? Math.floor(((consumer + 1) * s) / t) : start + 1;
  return { start, end };
}

/** For s < t several consumers read one partition and share its ConsumedPartitionGroup. */
export function sharesPartitionGroups(s: number, t: number): boolean {
  return s < t;
}
