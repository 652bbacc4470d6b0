/**
 * `DefaultRequirementMatcher` (`runtime/slots/DefaultRequirementMatcher.java`): which requirement a
 * slot that was offered to (or acquired by) a job should fulfil. Used by the JobMaster's slot pool
 * and by the ResourceManager's per-job resource tracker. Plus the two ResourceCounter operations
 * both need on whole counters.
 *
 * Iteration order: Flink keeps requirements in a `HashMap`, so "the first matching requirement"
 * depends on profile hash codes; flinkslot walks the counter's insertion order. Outcomes that
 * depend on this order are unspecified in Flink.
 */
import { type ResourceProfile, isMatching } from '../../model/resource-profile.js';
import { type ResourceCounter } from './resource-counter.js';

/** How many slots are already assigned to a requirement profile. */
export type AssignedLookup = (requirement: ResourceProfile) => number;

/**
 * `DefaultRequirementMatcher.match`: the requirement that a slot with profile `slot` should
 * fulfil, or undefined when no requirement both matches it and is still short of slots.
 *
 * First an exactly equal requirement that is still short (the fine-grained short-cut, so a
 * specified slot prefers its own profile over an earlier UNKNOWN requirement); otherwise the first
 * requirement, in `required`'s order, that `isMatching` accepts and that is still short. "Short"
 * means `count > assigned(requirement)`: released Flink (1.12 .. 2.x) looks the assigned count up
 * for the candidate requirement. (A development line that introduced load-aware profiles looks it
 * up for the slot's own profile, which would let an UNKNOWN requirement absorb every offer; not
 * modelled.) Throws like Flink when `slot` is UNKNOWN and the short-cut does not apply.
 */
export function matchRequirement(slot: ResourceProfile, required: ResourceCounter, assigned: AssignedLookup): ResourceProfile | undefined {
  if (required.get(slot) > assigned(slot)) return slot;
  for (const { profile: requirement, count } of required.values()) {
    if (isMatching(slot, requirement) && count > assigned(requirement)) return requirement;
  }
  return undefined;
}

/** Flink's `a.add(b)`, as a new counter. */
export function addCounters(a: ResourceCounter, b: ResourceCounter): ResourceCounter {
  const out = a.copy();
  for (const { profile, count } of b.toList()) out.add(profile, count);
  return out;
}

/** Flink's `a.subtract(b)`: per profile max(0, a − b), as a new counter. */
export function subtractCounters(a: ResourceCounter, b: ResourceCounter): ResourceCounter {
  const out = a.copy();
  for (const { profile, count } of b.toList()) out.remove(profile, count);
  return out;
}
