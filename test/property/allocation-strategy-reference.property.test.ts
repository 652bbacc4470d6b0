/**
 * The fine-grained SlotManager's optimised allocation strategy (registered-first halves, the packed
 * plan on alike pending workers, idle TaskManagers in idle order, pending workers counted per kind)
 * decides exactly what a plain reference of Flink's `DefaultResourceAllocationStrategy` decides
 * (test/support/reference-allocation-strategy.ts): random command sequences run through both give
 * the same trace, TaskManagers, pending workers, jobs, declarations and notifications. And its work
 * on pending workers per check does not grow with them: counted, never timed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FineGrainedSlotManager } from '../../src/sim/slotmanager/fine-grained-slot-manager.js';
import { type ClusterOptions, type Command, type Scenario, commandArb, optionsArb, scenarioArb } from '../support/slot-manager-commands.js';
import { Driver, describeScenario, observable } from '../support/slot-manager-driver.js';
import { referenceStrategy } from '../support/reference-allocation-strategy.js';

const RUNS = Number(process.env.SM_PROPERTY_RUNS ?? 150);

function run(s: Scenario, reference: boolean): Driver {
  const d = reference ? new Driver(s.options, referenceStrategy) : new Driver(s.options);
  for (const c of s.commands) d.apply(c);
  d.sim.flush();
  return d;
}

const tracker = (d: Driver) => (d.sm as FineGrainedSlotManager).tracker;

/**
 * Active clusters whose checks take the packed plan: UNKNOWN requirements only, no targets, most
 * TaskManagers the default worker (so they take over pending workers), clears and limits included.
 */
function packedScenarioArb(maxCommands = 60): fc.Arbitrary<Scenario> {
  const options = optionsArb('fine-grained', { targets: false }).map((o): ClusterOptions => ({
    ...o,
    resourceAllocation: 'active',
    evenlySpread: false,
  }));
  const unknownOnly = commandArb('fine-grained', { profiles: ['UNKNOWN'], allowBlocked: false });
  const worker = fc.record({
    op: fc.constant('register' as const),
    shape: fc.constant({ model: 'worker' as const, blocked: false }),
    reuse: fc.constant(null),
  });
  const command: fc.Arbitrary<Command> = fc.oneof({ arbitrary: unknownOnly, weight: 3 }, { arbitrary: worker, weight: 2 });
  return fc.record({ options, commands: fc.array(command, { minLength: 1, maxLength: maxCommands, size: 'max' }) });
}

/** An active fine-grained cluster starting workers of 4 default slots, Flink's default delays and timeout. */
const ACTIVE_WORKERS_OF_4: ClusterOptions = {
  kind: 'fine-grained',
  worker: 'w4',
  resourceAllocation: 'active',
  evenlySpread: false,
  redundantTaskManagers: 0,
  minTotalCpu: 0,
  taskManagerTimeout: 30_000,
  requirementCheckDelay: 50,
  declareNeededResourceDelay: 50,
};

describe('the optimised fine-grained strategy decides as the plain reference does', () => {
  it('any scenario (active or standalone, targets, limits, blocked TaskManagers, load balancing)', () => {
    fc.assert(
      fc.property(scenarioArb('fine-grained', 50), (s) => {
        expect(observable(run(s, false)), describeScenario(s)).toBe(observable(run(s, true)));
      }),
      { numRuns: RUNS },
    );
  });

  it('active scenarios that pack their checks onto alike pending workers', () => {
    let packedRuns = 0;
    fc.assert(
      fc.property(packedScenarioArb(), (s) => {
        const optimised = run(s, false);
        expect(observable(optimised), describeScenario(s)).toBe(observable(run(s, true)));
        if (tracker(optimised).pendingWorkers.packed) packedRuns++;
      }),
      { numRuns: RUNS },
    );
    // The comparison covers the packed plan, not only the general loop.
    expect(packedRuns).toBeGreaterThan(RUNS / 10);
  });

  it('a job cleared while its slots are packed on pending workers frees exactly the workers it alone filled', () => {
    const options = ACTIVE_WORKERS_OF_4;
    const declare = (job: 'j1' | 'j2' | 'j3', count: number): Command => ({
      op: 'declare',
      job,
      requirements: [{ profile: 'UNKNOWN', count }],
    });
    const s: Scenario = {
      options,
      commands: [
        declare('j1', 6),
        declare('j2', 9),
        declare('j3', 3),
        { op: 'clear', job: 'j2' },
        { op: 'register', shape: { model: 'worker', blocked: false }, reuse: null },
      ],
    };
    const optimised = run(s, false);
    expect(observable(optimised)).toBe(observable(run(s, true)));
    // j1 6 | j2 9 | j3 3 over workers of 4: [j1 4] [j1 2, j2 2] [j2 4] [j2 3, j3 1] [j3 2]; clearing j2 empties the third.
    expect(optimised.sim.trace.filter((t) => t.kind === 'pending-released').map((t) => t.message)).toEqual([
      'pending worker pending-3 is no longer needed',
    ]);
  });
});

describe('work on pending workers per requirement check', () => {
  /** `workers` pending workers for one job, then `checks` checks for a second job while they wait. */
  function visits(workers: number, checks: number, reference: boolean): number {
    const options = ACTIVE_WORKERS_OF_4;
    const commands: Command[] = [{ op: 'declare', job: 'j1', requirements: [{ profile: 'UNKNOWN', count: 4 * workers }] }];
    for (let i = 0; i < checks; i++)
      commands.push({ op: 'declare', job: 'j2', requirements: [{ profile: 'UNKNOWN', count: 1 + (i % 3) }] });
    const d = run({ options, commands }, reference);
    expect(d.sm.pendingTaskManagers().length).toBeGreaterThanOrEqual(workers);
    return tracker(d).pendingWorkers.visits;
  }

  it('grows linearly when the pending workers and the checks double (the plain loop: quadratically)', () => {
    const small = visits(100, 100, false);
    const doubled = visits(200, 200, false);
    expect(doubled).toBeLessThanOrEqual(2 * small + 10);
    // The same count on the reference, which walks every pending worker per check, quadruples: the counter sees that work.
    const referenceSmall = visits(100, 100, true);
    const referenceDoubled = visits(200, 200, true);
    expect(referenceDoubled).toBeGreaterThan(3.5 * referenceSmall);
    expect(referenceSmall).toBeGreaterThan(50 * small);
  });
});
