/**
 * The registered TaskManagers as one run of the allocation strategy sees them: Flink's
 * `DefaultResourceAllocationStrategy` copies each registered TaskManager's free resources into an
 * `InternalResourceInfo` per check; this pool instead walks the tracker's index of TaskManagers with
 * free resources and keeps what the run placed in an overlay, so a check costs what it places, not
 * the cluster size. It is apart from the tracker because it is the strategy's side ("decide"): it
 * never changes the tracker; the SlotManager applies the result afterwards.
 */
import {
  type ResourceProfile,
  type SpecifiedProfile,
  ZERO,
  allFieldsNoLessThan,
  fitCount,
  isSpecified,
  merge,
  profilesEqual,
  subtract,
} from '../../model/resource-profile.js';
import type { ProfileArithmetic } from '../../model/profile-arithmetic.js';
import type { IndexSet } from '../../util/index-set.js';
import type { FineGrainedTaskManager } from './fine-grained-task-manager.js';
import { type MatchingOrder, type PlaceSlot, type RegisteredPool, effectiveProfile, priorityOf } from './registered-pool.js';

/** Nothing available: what a TaskManager this run filled has left. */
const NOTHING = ZERO as SpecifiedProfile;

/**
 * The registered TaskManagers for one strategy run: walks the index of TaskManagers with free
 * resources in registration order and keeps what this run placed in an overlay.
 */
export class TrackerPool implements RegisteredPool {
  private readonly overlay = new Map<number, SpecifiedProfile>();
  /** What this run placed, summed only if a redundancy or minimum target asks for the available sum. */
  private readonly placed: SpecifiedProfile[] = [];
  /**
   * Every open TaskManager before this index has nothing left in this run and a default slot that
   * needs something, so no requirement that needs something fits there: first fit starts here
   * instead of passing again, at each requirement, the TaskManagers that earlier ones filled.
   */
  private filledBefore = 0;

  constructor(
    private readonly byIndex: readonly (FineGrainedTaskManager | undefined)[],
    private readonly open: IndexSet,
    private readonly available: () => ResourceProfile,
    private readonly total: ResourceProfile,
    private readonly arithmetic: ProfileArithmetic,
  ) {}

  fulfil(required: ResourceProfile, n: number, order: MatchingOrder, place: PlaceSlot): number {
    return order === 'first-fit' ? this.firstFit(required, n, place) : this.prioritized(required, n, place, order);
  }

  availableSum(): ResourceProfile {
    const available = this.available();
    return isSpecified(available)
      ? subtract(
          available,
          this.placed.reduce<ResourceProfile>((sum, p) => merge(sum, p), ZERO),
        )
      : available;
  }

  totalSum(): ResourceProfile {
    return this.total;
  }

  private availableOf(tm: FineGrainedTaskManager): SpecifiedProfile {
    return this.overlay.get(tm.index) ?? tm.available;
  }

  private take(tm: FineGrainedTaskManager, p: SpecifiedProfile, place: PlaceSlot, k = 1): void {
    const all = this.arithmetic.multiply(p, k) as SpecifiedProfile;
    this.overlay.set(tm.index, this.arithmetic.subtract(this.availableOf(tm), all) as SpecifiedProfile);
    this.placed.push(all);
    place(tm.id, p, k);
  }

  /** Moves `filledBefore` past the TaskManagers this run filled (-1: all of them); returns it. */
  private firstUnfilled(): number {
    if (this.filledBefore === -1) return -1;
    let i = this.open.next(this.filledBefore);
    while (i !== -1) {
      const tm = this.byIndex[i]!;
      if (!profilesEqual(this.availableOf(tm), ZERO) || fitCount(NOTHING, tm.defaultSlot, 1) > 0) break;
      i = this.open.next(i + 1);
    }
    this.filledBefore = i;
    return i;
  }

  private firstFit(required: ResourceProfile, n: number, place: PlaceSlot): number {
    // A requirement that fits even where nothing is left (a ZERO one) may land on a filled TaskManager: walk all.
    const start = isSpecified(required) && fitCount(NOTHING, required, 1) > 0 ? this.open.next(0) : this.firstUnfilled();
    for (let i = start; i !== -1 && n > 0; i = this.open.next(i + 1)) {
      const tm = this.byIndex[i]!;
      const p = effectiveProfile(required, tm.defaultSlot);
      const k = fitCount(this.availableOf(tm), p, n);
      if (k > 0) {
        this.take(tm, p, place, k);
        n -= k;
      }
    }
    return n;
  }

  /** O(open TaskManagers) per placement, like Flink's priority queue rebuilt per requirement. */
  private prioritized(required: ResourceProfile, n: number, place: PlaceSlot, order: MatchingOrder): number {
    const candidates = [...this.open].map((i) => this.byIndex[i]!).filter((tm) => !profilesEqual(this.availableOf(tm), ZERO));
    while (n > 0 && candidates.length > 0) {
      let best = 0;
      let bestKey = priorityOf(order, candidates[0]!.total, this.availableOf(candidates[0]!));
      for (let i = 1; i < candidates.length; i++) {
        const key = priorityOf(order, candidates[i]!.total, this.availableOf(candidates[i]!));
        if (key < bestKey) [best, bestKey] = [i, key];
      }
      const tm = candidates[best]!;
      const p = effectiveProfile(required, tm.defaultSlot);
      if (!allFieldsNoLessThan(this.availableOf(tm), p)) {
        candidates.splice(best, 1);
        continue;
      }
      this.take(tm, p, place);
      n--;
      if (profilesEqual(this.availableOf(tm), ZERO)) candidates.splice(best, 1);
    }
    return n;
  }
}
