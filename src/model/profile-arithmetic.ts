/**
 * Memoised ResourceProfile arithmetic for the SlotManager's hot path. A TaskManager's free
 * resources move between a few values (total − k slots), and every move used to build a new
 * profile (an object, a decimal and four BigInts) that often lived long enough to be copied by the
 * garbage collector. Profiles are immutable, so the same inputs may share one result: the cache
 * keys on object identity and hands back the result built the first time. It only ever changes
 * which equal object is returned, never a value. Bounded: it starts over when it grows too large.
 */
import { type ResourceProfile, merge, multiply, subtract } from './resource-profile.js';

const LIMIT = 1 << 16;

export class ProfileArithmetic {
  private readonly sums = new Map<ResourceProfile, Map<ResourceProfile, ResourceProfile>>();
  private readonly differences = new Map<ResourceProfile, Map<ResourceProfile, ResourceProfile>>();
  private readonly products = new Map<ResourceProfile, Map<number, ResourceProfile>>();
  private size = 0;

  merge(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
    return this.memo(this.sums, a, b, merge);
  }

  subtract(a: ResourceProfile, b: ResourceProfile): ResourceProfile {
    return this.memo(this.differences, a, b, subtract);
  }

  multiply(a: ResourceProfile, k: number): ResourceProfile {
    if (k === 1) return a;
    return this.memo(this.products, a, k, multiply);
  }

  private memo<K>(table: Map<ResourceProfile, Map<K, ResourceProfile>>, a: ResourceProfile, b: K, op: (a: ResourceProfile, b: K) => ResourceProfile): ResourceProfile {
    let row = table.get(a);
    const hit = row?.get(b);
    if (hit !== undefined) return hit;
    // Compute first: an invalid operation throws and caches nothing.
    const result = op(a, b);
    if (this.size >= LIMIT) {
      this.clear();
      row = undefined;
    }
    if (row === undefined) table.set(a, (row = new Map()));
    row.set(b, result);
    this.size++;
    return result;
  }

  private clear(): void {
    this.sums.clear();
    this.differences.clear();
    this.products.clear();
    this.size = 0;
  }
}
