/**
 * Flink's `ResourceCounter`: resource profile → count, zero entries dropped. Iteration follows
 * insertion order, which makes every walk over requirements deterministic (Flink's own counter is
 * a HashMap, whose order is unspecified).
 */
import { type ResourceProfile, profileKey } from '../../model/resource-profile.js';

export interface ProfileCount {
  readonly profile: ResourceProfile;
  readonly count: number;
}

/** Slots in a list of profile counts. */
export function countSlots(list: readonly ProfileCount[]): number {
  let n = 0;
  for (const c of list) n += c.count;
  return n;
}

export class ResourceCounter {
  private readonly entries = new Map<string, { profile: ResourceProfile; count: number }>();

  static of(items: Iterable<ProfileCount>): ResourceCounter {
    const counter = new ResourceCounter();
    for (const { profile, count } of items) counter.add(profile, count);
    return counter;
  }

  /**
   * Replaces the contents with `items` (as `ResourceCounter.of` would build them). A declaration
   * usually repeats the profiles of the previous one with other counts: then the entries are
   * updated in place, which keeps their (identical) order and builds nothing. Returns whether any
   * profile's count went down (or the profile went away).
   */
  assign(items: readonly ProfileCount[]): boolean {
    if (!this.updatableInPlace(items)) {
      const before = new Map([...this.entries].map(([key, e]) => [key, e.count]));
      this.entries.clear();
      for (const { profile, count } of items) this.add(profile, count);
      for (const [key, count] of before) if ((this.entries.get(key)?.count ?? 0) < count) return true;
      return false;
    }
    let shrunk = false;
    let i = 0;
    for (const entry of this.entries.values()) {
      const count = items[i++]!.count;
      if (count < entry.count) shrunk = true;
      entry.count = count;
    }
    return shrunk;
  }

  private updatableInPlace(items: readonly ProfileCount[]): boolean {
    if (items.length !== this.entries.size) return false;
    let i = 0;
    for (const entry of this.entries.values()) {
      const item = items[i++]!;
      if (item.count <= 0 || (item.profile !== entry.profile && profileKey(item.profile) !== profileKey(entry.profile))) return false;
    }
    return true;
  }

  get(profile: ResourceProfile): number {
    return this.entries.get(profileKey(profile))?.count ?? 0;
  }

  add(profile: ResourceProfile, count = 1): void {
    if (count === 0) return;
    const key = profileKey(profile);
    const entry = this.entries.get(key);
    if (entry === undefined) {
      if (count > 0) this.entries.set(key, { profile, count });
      return;
    }
    entry.count += count;
    if (entry.count <= 0) this.entries.delete(key);
  }

  /** Removes up to `count`; the entry disappears at zero (never negative). */
  remove(profile: ResourceProfile, count = 1): void {
    this.add(profile, -Math.min(count, this.get(profile)));
  }

  has(profile: ResourceProfile): boolean {
    return this.entries.has(profileKey(profile));
  }

  isEmpty(): boolean {
    return this.entries.size === 0;
  }

  get size(): number {
    return this.entries.size;
  }

  total(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.count;
    return n;
  }

  /** The live entries, for walks that neither keep them nor change the counter meanwhile (no copies). */
  values(): IterableIterator<ProfileCount> {
    return this.entries.values();
  }

  toList(): ProfileCount[] {
    return [...this.entries.values()].map((e) => ({ profile: e.profile, count: e.count }));
  }

  profiles(): ResourceProfile[] {
    return [...this.entries.values()].map((e) => e.profile);
  }

  copy(): ResourceCounter {
    return ResourceCounter.of(this.toList());
  }
}
