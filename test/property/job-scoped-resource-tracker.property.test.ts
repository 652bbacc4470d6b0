/**
 * `JobScopedResourceTracker` takes acquired and lost resources in runs (`n` of one profile at a
 * time). A run must leave the tracker exactly as `n` single notifications would: the same
 * requirements, acquired resources (fulfilling and excess), missing resources and counts, after
 * any history of declarations (raising, lowering, other profiles) that leaves excess behind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../src/model/decimal.js';
import { type ResourceProfile, UNKNOWN, profileKey, specified } from '../../src/model/resource-profile.js';
import { JobScopedResourceTracker } from '../../src/sim/slotmanager/job-scoped-resource-tracker.js';

const MIB = 1024n * 1024n;
const small = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: 256n * MIB });
const large = specified({ cpuCores: decimalFromNumber(2), taskHeapMemory: 512n * MIB });
const RESOURCES = [small, large] as const;
const REQUIREMENTS: readonly ResourceProfile[] = [UNKNOWN, small, large];

type Op =
  | { kind: 'declare'; requirements: { profile: number; count: number }[] }
  | { kind: 'acquire'; resource: number; n: number }
  | { kind: 'lose'; resource: number; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('declare' as const),
    requirements: fc.uniqueArray(fc.record({ profile: fc.integer({ min: 0, max: 2 }), count: fc.integer({ min: 1, max: 6 }) }), {
      selector: (r) => r.profile,
      maxLength: 3,
    }),
  }),
  fc.record({ kind: fc.constant('acquire' as const), resource: fc.integer({ min: 0, max: 1 }), n: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('lose' as const), resource: fc.integer({ min: 0, max: 1 }), n: fc.integer({ min: 1, max: 6 }) }),
);

function held(t: JobScopedResourceTracker, resource: ResourceProfile): number {
  return t.getAcquiredResources().find((a) => profileKey(a.profile) === profileKey(resource))?.count ?? 0;
}

function state(t: JobScopedResourceTracker): unknown {
  const list = (items: readonly { profile: ResourceProfile; count: number }[]): string[] =>
    items.map((i) => `${i.count}×${profileKey(i.profile)}`);
  return {
    requirements: list(t.getRequirements()),
    acquired: list(t.getAcquiredResources()),
    missing: list(t.getMissingResources()),
    required: t.requiredCount,
    acquiredCount: t.acquiredCount,
  };
}

/** Applies `ops` to a tracker, runs at once (`bulk`) or one resource at a time. */
function replay(ops: readonly Op[], bulk: boolean): unknown[] {
  const t = new JobScopedResourceTracker();
  const states: unknown[] = [];
  for (const op of ops) {
    if (op.kind === 'declare')
      t.notifyResourceRequirements(op.requirements.map((r) => ({ profile: REQUIREMENTS[r.profile]!, count: r.count })));
    else {
      const resource = RESOURCES[op.resource]!;
      // Only what the job holds can be lost (the tracker throws otherwise, in both modes).
      const n = op.kind === 'lose' ? Math.min(op.n, held(t, resource)) : op.n;
      const one = (k: number): void => (op.kind === 'acquire' ? t.notifyAcquiredResource(resource, k) : t.notifyLostResource(resource, k));
      if (bulk) {
        if (n > 0) one(n);
      } else for (let i = 0; i < n; i++) one(1);
    }
    states.push(state(t));
  }
  return states;
}

describe('JobScopedResourceTracker runs', () => {
  it('n acquired or lost resources at once leave the same state as n single notifications, after every step', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        expect(replay(ops, true)).toEqual(replay(ops, false));
      }),
      { numRuns: 500 },
    );
  });

  it('the running counts equal the sums of the requirement and acquired lists', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        for (const s of replay(ops, true) as { requirements: string[]; acquired: string[]; required: number; acquiredCount: number }[]) {
          const sum = (l: string[]): number => l.reduce((n, x) => n + Number(x.split('×')[0]), 0);
          expect(s.required).toBe(sum(s.requirements));
          expect(s.acquiredCount).toBe(sum(s.acquired));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a lost run that meets excess of another profile hands that excess to the emptied requirement', () => {
    const t = new JobScopedResourceTracker();
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 3 }]);
    t.notifyAcquiredResource(small, 3);
    // Lowering leaves 2 small as excess; then a large one arrives as excess too.
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 1 }]);
    t.notifyAcquiredResource(large, 1);
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 2 }]);
    expect(t.getMissingResources()).toEqual([]);
    // Losing 3 small: the 1 small in excess first, then 2 fulfilling, each refilled from excess when possible.
    t.notifyLostResource(small, 3);
    expect(state(t)).toEqual({
      requirements: [`2×${profileKey(UNKNOWN)}`],
      acquired: [`1×${profileKey(large)}`],
      missing: [`1×${profileKey(UNKNOWN)}`],
      required: 2,
      acquiredCount: 1,
    });
  });
});
