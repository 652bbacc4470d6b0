/**
 * Memoised ResourceProfile arithmetic for the SlotManager's hot path. A TaskManager's free
 * resources move between a few values (total − k slots), and every move used to build a new
 * profile (an object, a decimal and four BigInts) that often lived long enough to be copied by the
 * garbage collector. Profiles are immutable, so the same inputs may share one result: the cache
 * keys on object identity and hands back the result built the first time. Results are interned
 * by value as well: `(total − 3 slots) + 3 slots` returns the very object an earlier result equal
 * to `total` was, so the identity keys keep hitting instead of growing a chain of equal copies.
 * It only ever changes which equal object is returned, never a value. Bounded: it starts over
 * when it grows too large.
 */
import { type ResourceProfile, merge, multiply, profileKey, subtract } from './resource-profile.js';

const LIMIT = 1 << 16;

export class ProfileArithmetic {
  private readonly sums = new Map<ResourceProfile, Map<ResourceProfile, ResourceProfile>>();
  private readonly differences = new Map<ResourceProfile, Map<ResourceProfile, ResourceProfile>>();
  private readonly products = new Map<ResourceProfile, Map<number, ResourceProfile>>();
  /** Value → the first result with that value. */
  private readonly canonical = new Map<string, ResourceProfile>();
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

  private memo<K>(
    table: Map<ResourceProfile, Map<K, ResourceProfile>>,
    a: ResourceProfile,
    b: K,
    op: (a: ResourceProfile, b: K) => ResourceProfile,
  ): ResourceProfile {
    let row = table.get(a);
    const hit = row?.get(b);
    if (hit !== undefined) return hit;
    // Compute first: an invalid operation throws and caches nothing.
    const result = this.intern(op(a, b));
    if (this.size >= LIMIT) {
      this.clear();
      row = undefined;
    }
    if (row === undefined) table.set(a, (row = new Map()));
    row.set(b, result);
    this.size++;
    return result;
  }

  private intern(p: ResourceProfile): ResourceProfile {
    const key = profileKey(p);
    const known = this.canonical.get(key);
    if (known !== undefined) return known;
    this.canonical.set(key, p);
    return p;
  }

  private clear(): void {
    this.canonical.clear();
    this.sums.clear();
    this.differences.clear();
    this.products.clear();
    this.size = 0;
  }
}
