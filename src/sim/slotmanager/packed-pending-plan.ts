/**
 * The slots a requirement check recorded on pending workers, when every pending worker is alike and
 * every slot takes the workers' default slot: Flink's `DefaultResourceAllocationStrategy` then packs
 * the missing slots, job after job, onto the pending workers in order, `perBin` per worker, and
 * starts new workers for the rest (`tryFulfillRequirementsWithPendingResources`, first fit over
 * fresh identical workers, which is packing in order: a worker that cannot take the one slot
 * profile once never can). The plan keeps that packing as the jobs' running totals instead of one
 * map per worker, so a check costs its jobs, not its pending workers; a worker's share is read from
 * it when asked (`allocationsOf`), the same counts Flink records per `PendingTaskManager`.
 */
import type { SpecifiedProfile } from '../../model/resource-profile.js';
import { ResourceCounter } from './resource-counter.js';

export interface PackedJob {
  readonly job: string;
  readonly count: number;
}

export class PackedPendingPlan {
  /** `ends[j]`: slots of jobs 0 … j together (the stream position after job j). */
  private readonly ends: number[] = [];
  private readonly jobs: string[] = [];
  /** The plan's jobs as a set, built on the first `clear` (most plans are never cleared). */
  private jobSet: Set<string> | undefined;
  readonly total: number;

  /**
   * @param jobs the missing slots per job, in the check's job order (a job at most once; jobs without any are left out)
   * @param perBin slots of the one profile a pending worker takes
   * @param existing pending workers before the check (bins 0 … existing - 1)
   * @param existingSlot the profile recorded on an existing worker: its own default slot
   * @param newSlot the profile recorded on a worker started by this check (the strategy's default slot)
   */
  constructor(
    jobs: readonly PackedJob[],
    readonly perBin: number,
    readonly existing: number,
    private readonly newSlot: SpecifiedProfile,
  ) {
    let end = 0;
    for (const { job, count } of jobs) {
      if (count <= 0) continue;
      end += count;
      this.jobs.push(job);
      this.ends.push(end);
    }
    this.total = end;
  }

  /** Workers with at least one slot: the first `usedBins` of the plan. */
  get usedBins(): number {
    return Math.ceil(this.total / this.perBin);
  }

  /** New workers the plan needs beyond the existing ones. */
  get newBins(): number {
    return Math.max(0, this.usedBins - this.existing);
  }

  /** Bin `i`'s slots per job (job order), as the tracker records them on that pending worker. */
  allocationsOf(i: number, ownDefaultSlot: SpecifiedProfile): Map<string, ResourceCounter> {
    const out = new Map<string, ResourceCounter>();
    const from = i * this.perBin;
    const to = Math.min(from + this.perBin, this.total);
    if (i < 0 || from >= to) return out;
    const profile = i < this.existing ? ownDefaultSlot : this.newSlot;
    for (let j = this.firstJobAt(from); j < this.jobs.length; j++) {
      const start = this.startOf(j);
      if (start >= to) break;
      const n = Math.min(this.ends[j]!, to) - Math.max(start, from);
      if (n > 0 && !this.cleared.has(this.jobs[j]!)) out.set(this.jobs[j]!, ResourceCounter.of([{ profile, count: n }]));
    }
    return out;
  }

  /** Jobs with a slot on bin `i` or later, in job order. */
  jobsFromBin(i: number): string[] {
    const from = i * this.perBin;
    return from >= this.total ? [] : this.jobs.slice(this.firstJobAt(from));
  }

  /** Jobs whose slots were dropped since (`clearPendingAllocationsOfJob`). */
  readonly cleared = new Set<string>();

  /** Drops a job's slots from every bin; false when the job has none in the plan. */
  clear(job: string): boolean {
    this.jobSet ??= new Set(this.jobs);
    if (!this.jobSet.has(job)) return false;
    this.cleared.add(job);
    return true;
  }

  /**
   * Used bins left with nothing once the cleared jobs' slots went: those lying wholly within the
   * cleared jobs' (adjacent, merged) stretches of the packing, ascending.
   */
  emptiedBins(): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.jobs.length; j++) {
      if (!this.cleared.has(this.jobs[j]!)) continue;
      const start = this.startOf(j);
      while (j + 1 < this.jobs.length && this.cleared.has(this.jobs[j + 1]!)) j++;
      const end = this.ends[j]!;
      // Bins within [start, end); the last bin ends at `total`, not at a multiple of perBin.
      for (let i = Math.ceil(start / this.perBin); i * this.perBin < end; i++)
        if (Math.min((i + 1) * this.perBin, this.total) <= end) out.push(i);
    }
    return out;
  }

  private startOf(j: number): number {
    return j === 0 ? 0 : this.ends[j - 1]!;
  }

  /** The first job whose slots reach past stream position `pos` (binary search over the running totals). */
  private firstJobAt(pos: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends[mid]! > pos) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
