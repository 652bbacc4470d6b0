/**
 * Model-based properties of the two SlotManagers (FineGrainedSlotManager, DeclarativeSlotManager)
 * driven by random command sequences in a manual-mode Simulation (see commands.ts):
 *
 *   1. a slot never belongs to two jobs;
 *   2. allocated ≤ capacity on every TaskManager (and pending worker), the SlotManager's totals agree
 *      with its TaskManagers, the resource limits hold, standalone never asks for workers;
 *   3. acquired slots are never taken back: a slot stays with its job until the test frees it or
 *      unregisters its TaskManager (TaskManagers only disappear when the test unregisters them);
 *   4. the resource tracker agrees with the slots (acquired per job = slots held, by profile);
 *   5. replaying a command sequence gives byte-identical observable state;
 *   6. liveness: one job with UNKNOWN requirements is never short while a TaskManager could host
 *      one more of its default slots (no limits, no targets, nothing blocked);
 *  6b. work conservation for any jobs (declarative: always; fine-grained: without resource limits,
 *      one profile per declaration, unless the job waits for a pending worker);
 *   7. new slots only fill requirements: a job's excess (acquired slots no requirement needs) grows
 *      only in a step that changes that job's requirements (checked for steps from flushed state).
 *
 * Every step also fails on any exception the SlotManager throws. The last block runs each check on
 * a corrupted copy of real state (and the liveness checks on state before the delayed requirement
 * check ran) to show that each can fail.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, decimalFromNumber, ZERO_DECIMAL, addDecimal } from '../../src/model/decimal.js';
import {
  type ResourceProfile,
  ZERO,
  allFieldsNoLessThan,
  isMatching,
  isSpecified,
  merge,
  multiply,
  profileKey,
  profilesEqual,
  subtract,
} from '../../src/model/resource-profile.js';
import type { DeclarativeSlotManager } from '../../src/sim/slotmanager/declarative-slot-manager.js';
import type { JobResourceView, PendingTaskManagerState, TaskManagerView } from '../../src/sim/slotmanager/slot-manager.js';
import {
  type Command,
  type Scenario,
  type SmKind,
  REQUIREMENT_PROFILES,
  livenessScenarioArb,
  scenarioArb,
  workConservingScenarioArb,
} from '../support/slot-manager-commands.js';
import { type StepEffect, Driver, describeScenario, observable, serialize } from '../support/slot-manager-driver.js';

/** SM_PROPERTY_RUNS raises the run count for a longer bug hunt. */
const RUNS = Number(process.env.SM_PROPERTY_RUNS ?? 200);
const KINDS: readonly SmKind[] = ['fine-grained', 'declarative'];

// ----- state snapshots ----------------------------------------------------------------------------

interface Snapshot {
  readonly taskManagers: TaskManagerView[];
  readonly pending: PendingTaskManagerState[];
  readonly jobs: JobResourceView[];
  readonly numberRegisteredSlots: number;
  readonly numberFreeSlots: number;
  readonly freeResource: ResourceProfile;
  /** Declarative only: pending slots the SlotManager waits for. */
  readonly pendingSlots: number;
  readonly declarations: number;
}

function snapshot(d: Driver): Snapshot {
  const { sm } = d;
  return {
    taskManagers: sm.taskManagers(),
    pending: sm.pendingTaskManagers(),
    jobs: sm.jobs(),
    numberRegisteredSlots: sm.numberRegisteredSlots(),
    numberFreeSlots: sm.numberFreeSlots(),
    freeResource: sm.freeResource(),
    pendingSlots: d.options.kind === 'declarative' ? (sm as DeclarativeSlotManager).numberOfPendingSlots : 0,
    declarations: d.sim.declarations.length,
  };
}

class InvariantError extends Error {}

function fail(invariant: string, message: string): never {
  throw new InvariantError(`[${invariant}] ${message}`);
}

const sumProfiles = (profiles: readonly ResourceProfile[]): ResourceProfile =>
  profiles.reduce<ResourceProfile>((a, p) => merge(a, p), ZERO);
const countOf = (list: readonly { count: number }[]): number => list.reduce((n, x) => n + x.count, 0);
const describeP = (p: ResourceProfile): string => profileKey(p);

/** job → profile key → number of slots held (from the TaskManager views). */
function heldByJob(s: Snapshot): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const tm of s.taskManagers) {
    for (const slot of tm.slots) {
      if (slot.job === undefined) continue;
      let m = out.get(slot.job);
      if (m === undefined) out.set(slot.job, (m = new Map()));
      const k = profileKey(slot.profile);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }
  return out;
}

const total = (m: Map<string, number> | undefined): number => [...(m?.values() ?? [])].reduce((a, b) => a + b, 0);

// ----- invariant checks ---------------------------------------------------------------------------

/** 1. A slot never belongs to two jobs. */
function checkSingleOwner(kind: SmKind, s: Snapshot): void {
  const ids = s.taskManagers.map((tm) => tm.id);
  if (new Set(ids).size !== ids.length) fail('1 single owner', `a TaskManager appears twice: ${ids.join(', ')}`);
  for (const tm of s.taskManagers) {
    if (kind === 'fine-grained') {
      for (const slot of tm.slots) {
        if (slot.index !== -1) fail('1 single owner', `dynamic slot on ${tm.id} has index ${slot.index}`);
        if (slot.job === undefined) fail('1 single owner', `dynamic slot on ${tm.id} belongs to no job`);
      }
    } else {
      const indices = tm.slots.map((slot) => slot.index).sort((a, b) => a - b);
      const expected = Array.from({ length: tm.registeredSlots }, (_, i) => i);
      if (JSON.stringify(indices) !== JSON.stringify(expected)) {
        fail(
          '1 single owner',
          `static slots of ${tm.id} are ${JSON.stringify(indices)}, expected each of ${JSON.stringify(expected)} once`,
        );
      }
    }
  }
}

/** 2. Allocated ≤ capacity, totals agree, limits hold, standalone never asks for workers. */
function checkCapacity(d: Driver, s: Snapshot): void {
  const kind = d.options.kind;
  const inv = '2 capacity';
  const live = [...d.live].sort().join(',');
  const seen = s.taskManagers
    .map((tm) => tm.id)
    .sort()
    .join(',');
  if (live !== seen) fail(inv, `registered TaskManagers are [${seen}], the test registered [${live}]`);
  let registeredSlots = 0;
  let freeSlots = 0;
  let free: ResourceProfile = ZERO;
  let totalCpu = ZERO_DECIMAL;
  for (const tm of s.taskManagers) {
    const reg = d.registrations.get(tm.id)!;
    if (!profilesEqual(tm.total, reg.total) || !profilesEqual(tm.defaultSlot, reg.defaultSlot))
      fail(inv, `${tm.id} changed its total or default slot`);
    registeredSlots += tm.registeredSlots;
    freeSlots += tm.freeSlots;
    free = merge(free, tm.free);
    if (isSpecified(tm.total)) totalCpu = addDecimal(totalCpu, tm.total.cpuCores);
    if (tm.freeSlots < 0 || tm.freeSlots > tm.registeredSlots)
      fail(inv, `${tm.id} has ${tm.freeSlots} free of ${tm.registeredSlots} slots`);
    if (kind === 'fine-grained') {
      if (!allFieldsNoLessThan(tm.free, ZERO)) fail(inv, `${tm.id} has negative free resources ${describeP(tm.free)}`);
      for (const slot of tm.slots)
        if (!isSpecified(slot.profile) || !allFieldsNoLessThan(slot.profile, ZERO))
          fail(inv, `${tm.id} has a slot of ${describeP(slot.profile)}`);
      const used = sumProfiles(tm.slots.map((slot) => slot.profile));
      if (!profilesEqual(merge(used, tm.free), tm.total)) {
        fail(inv, `${tm.id}: slots ${describeP(used)} + free ${describeP(tm.free)} ≠ total ${describeP(tm.total)}`);
      }
    } else {
      const owned = tm.slots.filter((slot) => slot.job !== undefined).length;
      if (owned > tm.registeredSlots) fail(inv, `${tm.id}: ${owned} owned slots > ${tm.registeredSlots} registered`);
      if (tm.freeSlots !== tm.registeredSlots - owned)
        fail(inv, `${tm.id}: freeSlots ${tm.freeSlots} but ${tm.registeredSlots - owned} slots have no job`);
      if (!profilesEqual(tm.free, multiply(tm.defaultSlot, tm.freeSlots)))
        fail(inv, `${tm.id}: free ${describeP(tm.free)} ≠ ${tm.freeSlots} × default slot`);
      for (const slot of tm.slots)
        if (!profilesEqual(slot.profile, tm.defaultSlot)) fail(inv, `${tm.id}/${slot.index} is not of the default slot profile`);
    }
  }
  if (s.numberRegisteredSlots !== registeredSlots)
    fail(inv, `numberRegisteredSlots ${s.numberRegisteredSlots} ≠ Σ TaskManagers ${registeredSlots}`);
  if (s.numberFreeSlots !== freeSlots) fail(inv, `numberFreeSlots ${s.numberFreeSlots} ≠ Σ TaskManagers ${freeSlots}`);
  if (!profilesEqual(s.freeResource, free)) fail(inv, `freeResource ${describeP(s.freeResource)} ≠ Σ TaskManagers ${describeP(free)}`);
  for (const p of s.pending) {
    const recorded: ResourceProfile[] = [];
    for (const list of p.allocations.values())
      for (const { profile, count } of list) for (let i = 0; i < count; i++) recorded.push(profile);
    const sum = sumProfiles(recorded);
    if (!allFieldsNoLessThan(p.total, sum)) fail(inv, `pending ${p.id}: recorded ${describeP(sum)} > total ${describeP(p.total)}`);
    totalCpu = addDecimal(totalCpu, p.total.cpuCores);
  }
  if (d.options.resourceAllocation === 'standalone') {
    if (s.pending.length > 0) fail(inv, `standalone, but ${s.pending.length} pending worker(s)`);
    if (s.declarations > 0) fail(inv, 'standalone, but workers were declared');
  }
  if (
    kind === 'fine-grained' &&
    d.options.maxTotalCpu !== undefined &&
    compareDecimal(totalCpu, decimalFromNumber(d.options.maxTotalCpu)) > 0
  ) {
    fail(inv, `registered + pending CPU exceeds maxTotalCpu ${d.options.maxTotalCpu}`);
  }
  if (kind === 'declarative' && d.options.maxSlots !== undefined && registeredSlots + s.pendingSlots > d.options.maxSlots) {
    fail(inv, `${registeredSlots} registered + ${s.pendingSlots} pending slots exceed maxSlots ${d.options.maxSlots}`);
  }
}

/** 2 (registration results): a second registration is IGNORED; only a configured limit rejects. */
function checkRegistration(d: Driver, effect: StepEffect): void {
  const r = effect.registered;
  if (r === undefined) return;
  if (r.again && r.result !== 'IGNORED') fail('2 capacity', `${r.tm} registered twice and got ${r.result}`);
  const limited = d.options.kind === 'fine-grained' ? d.options.maxTotalCpu !== undefined : d.options.maxSlots !== undefined;
  if (!r.again && r.result !== 'SUCCESS' && !(r.result === 'REJECTED' && limited))
    fail('2 capacity', `${r.tm} registered and got ${r.result} without a resource limit`);
}

/** 3. Acquired slots are never taken back (except by the test's own free / unregister). */
function checkNoRevocation(kind: SmKind, prev: Snapshot, effect: StepEffect, cur: Snapshot): void {
  const inv = '3 no revocation';
  if (effect.unregistered !== undefined && !effect.unregistered.ok) fail(inv, `unregistering ${effect.unregistered.tm} failed`);
  if (effect.freed !== undefined && !effect.freed.ok) fail(inv, `freeing a slot of ${effect.freed.job} on ${effect.freed.tm} failed`);
  const curById = new Map(cur.taskManagers.map((tm) => [tm.id, tm]));
  for (const before of prev.taskManagers) {
    const after = curById.get(before.id);
    if (after === undefined) {
      if (effect.unregistered?.tm !== before.id) fail(inv, `${before.id} disappeared without being unregistered`);
      continue;
    }
    const freedJob = effect.freed?.tm === before.id ? effect.freed.job : undefined;
    if (kind === 'fine-grained') {
      const count = (tm: TaskManagerView): Map<string, number> => {
        const m = new Map<string, number>();
        for (const slot of tm.slots) {
          const k = `${slot.job}|${profileKey(slot.profile)}`;
          m.set(k, (m.get(k) ?? 0) + 1);
        }
        return m;
      };
      const a = count(before);
      const b = count(after);
      let lost = 0;
      for (const [k, n] of a) {
        const deficit = n - (b.get(k) ?? 0);
        if (deficit <= 0) continue;
        if (freedJob === undefined || !k.startsWith(`${freedJob}|`)) fail(inv, `${before.id} lost ${deficit} slot(s) ${k}`);
        lost += deficit;
      }
      if (lost > 1) fail(inv, `${before.id} lost ${lost} slots of ${freedJob} but the test freed one`);
    } else {
      const owners = new Map(after.slots.map((slot) => [slot.index, slot.job]));
      let lost = 0;
      for (const slot of before.slots) {
        if (slot.job === undefined || owners.get(slot.index) === slot.job) continue;
        if (slot.job !== freedJob) fail(inv, `${before.id}/${slot.index} moved from ${slot.job} to ${String(owners.get(slot.index))}`);
        lost++;
      }
      if (lost > 1) fail(inv, `${before.id} lost ${lost} slots of ${freedJob} but the test freed one`);
    }
  }
}

/** 4. The resource tracker's acquired resources are exactly the slots each job holds. */
function checkTrackerAgrees(s: Snapshot): void {
  const inv = '4 tracker agrees';
  const held = heldByJob(s);
  const jobs = s.jobs.map((j) => j.job);
  if (new Set(jobs).size !== jobs.length) fail(inv, `a job appears twice in jobs(): ${jobs.join(', ')}`);
  const viewByJob = new Map(s.jobs.map((j) => [j.job, j]));
  for (const job of new Set([...held.keys(), ...jobs])) {
    const view = viewByJob.get(job);
    const acquired = new Map<string, number>();
    for (const { profile, count } of view?.acquired ?? [])
      acquired.set(profileKey(profile), (acquired.get(profileKey(profile)) ?? 0) + count);
    const h = held.get(job) ?? new Map<string, number>();
    const a = [...acquired].sort().join(';');
    const b = [...h].sort().join(';');
    if (a !== b) fail(inv, `job ${job}: tracker acquired {${a}} (total ${total(acquired)}), slots held {${b}} (total ${total(h)})`);
    if (view === undefined) continue;
    const required = countOf(view.requirements);
    const missing = countOf(view.missing);
    if (missing > required || missing < required - total(acquired))
      fail(inv, `job ${job}: missing ${missing} with ${required} required and ${total(acquired)} acquired`);
    for (const m of view.missing) {
      const r = view.requirements.find((x) => profilesEqual(x.profile, m.profile));
      if (r === undefined || m.count > r.count || m.count <= 0)
        fail(inv, `job ${job}: missing ${m.count} × ${describeP(m.profile)} is not part of its requirements`);
    }
  }
}

/** Acquired slots that fulfil no requirement (kept after the job lowered or changed its requirements). */
function excessOf(view: JobResourceView | undefined): number {
  if (view === undefined) return 0;
  return countOf(view.acquired) - (countOf(view.requirements) - countOf(view.missing));
}

/**
 * 7. New slots only fill requirements: a job's excess never grows, except in a step where the test
 * changed that job's requirements (then slots it holds may stop matching them). Only for steps that
 * start from flushed state: while a requirement check is outstanding, a TaskManager that takes over
 * a pending worker gets the slots recorded on it for the old requirements, as in Flink.
 */
function checkNoOverAllocation(prev: Snapshot, effect: StepEffect, cur: Snapshot): void {
  if (effect.settled === false) return;
  for (const view of cur.jobs) {
    if (effect.declared?.job === view.job) continue;
    const before = excessOf(prev.jobs.find((j) => j.job === view.job));
    const after = excessOf(view);
    if (after > before)
      fail(
        '7 no over-allocation',
        `job ${view.job} holds ${after} slot(s) no requirement needs (was ${before}); acquired ${countOf(view.acquired)}, required ${countOf(view.requirements)}`,
      );
  }
}

/** 6. (Liveness scenarios) the job is not short while a TaskManager could host another default slot. */
function freeDefaultSlotCapacity(kind: SmKind, s: Snapshot): number {
  let n = 0;
  for (const tm of s.taskManagers) {
    if (tm.blocked) continue;
    if (kind === 'declarative') {
      n += tm.freeSlots;
      continue;
    }
    let left: ResourceProfile = tm.free;
    while (!profilesEqual(tm.defaultSlot, ZERO) && allFieldsNoLessThan(left, tm.defaultSlot)) {
      left = subtract(left, tm.defaultSlot);
      n++;
    }
  }
  return n;
}

/**
 * 6b. Work conservation (after flushed steps): declarative — no job misses a profile that a free
 * slot of a non-blocked TaskManager matches; fine-grained — a job misses a slot that fits on a
 * non-blocked TaskManager only while slots of it are recorded on a pending worker it waits for.
 */
function checkWorkConserving(kind: SmKind, s: Snapshot): void {
  for (const job of s.jobs) {
    for (const m of job.missing) {
      for (const tm of s.taskManagers) {
        if (tm.blocked) continue;
        const fits =
          kind === 'declarative'
            ? tm.slots.some((slot) => slot.job === undefined && isMatching(slot.profile, m.profile))
            : allFieldsNoLessThan(tm.free, isSpecified(m.profile) ? m.profile : tm.defaultSlot);
        if (!fits) continue;
        const waiting = s.pending.some((p) => (p.allocations.get(job.job) ?? []).length > 0);
        if (kind === 'declarative' || !waiting)
          fail('6b work conservation', `job ${job.job} misses ${m.count} × ${describeP(m.profile)} while ${tm.id} could host one`);
      }
    }
  }
}

function checkLiveness(kind: SmKind, s: Snapshot, job = 'j1'): void {
  const view = s.jobs.find((j) => j.job === job);
  const missing = countOf(view?.missing ?? []);
  if (missing === 0) return;
  const capacity = freeDefaultSlotCapacity(kind, s);
  if (capacity > 0) fail('6 liveness', `job ${job} misses ${missing} slot(s) while the TaskManagers could host ${capacity} more`);
}

/** '' when equal, else both texts around the first differing character. */
function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `replays differ at character ${i}:\n  first:  …${b.slice(Math.max(0, i - 80), i + 80)}\n  second: …${a.slice(Math.max(0, i - 80), i + 80)}`;
}

// ----- running scenarios --------------------------------------------------------------------------

type StepCheck = (d: Driver, prev: Snapshot, effect: StepEffect, cur: Snapshot) => void;

/** Runs the scenario, calling `check` after every command; a thrown error names the failing step. */
function runChecked(scenario: Scenario, check: StepCheck): Driver {
  const d = new Driver(scenario.options);
  let prev = snapshot(d);
  const log: string[] = [];
  scenario.commands.forEach((cmd: Command, i) => {
    let effect: StepEffect;
    try {
      effect = d.apply(cmd);
    } catch (e) {
      throw new Error(`step ${i} (${JSON.stringify(cmd)}) threw: ${String(e)}\nafter: ${log.join(' | ')}`, { cause: e });
    }
    log.push(effect.description);
    const cur = snapshot(d);
    try {
      check(d, prev, effect, cur);
    } catch (e) {
      if (e instanceof InvariantError) throw new Error(`${e.message}\nat step ${i}: ${log.join(' | ')}`, { cause: e });
      throw e;
    }
    prev = cur;
  });
  return d;
}

const properties: Record<string, StepCheck> = {
  '1. a slot never belongs to two jobs': (d, _p, _e, cur) => checkSingleOwner(d.options.kind, cur),
  '2. allocated ≤ capacity on every TaskManager, totals and limits agree': (d, _p, effect, cur) => {
    checkRegistration(d, effect);
    checkCapacity(d, cur);
  },
  '3. acquired slots are never taken back by the ResourceManager': (d, prev, effect, cur) =>
    checkNoRevocation(d.options.kind, prev, effect, cur),
  '4. the resource tracker agrees with the slots': (_d, _p, _e, cur) => checkTrackerAgrees(cur),
  '7. new slots only fill requirements (no excess unless the job changed its requirements)': (_d, prev, effect, cur) =>
    checkNoOverAllocation(prev, effect, cur),
};

for (const kind of KINDS) {
  describe(`${kind} SlotManager under random command sequences`, () => {
    for (const [name, check] of Object.entries(properties)) {
      it(name, () => {
        fc.assert(
          fc.property(scenarioArb(kind), (scenario) => {
            runChecked(scenario, check);
          }),
          { numRuns: RUNS },
        );
      });
    }

    it('5. replaying a command sequence gives byte-identical state, trace, declarations and notifications', () => {
      fc.assert(
        fc.property(scenarioArb(kind), (scenario) => {
          const first = observable(runChecked(scenario, () => {}));
          const copy: Scenario = JSON.parse(describeScenario(scenario)) as Scenario;
          const second = observable(runChecked(copy, () => {}));
          if (second !== first) expect(firstDifference(second, first)).toBe('');
        }),
        { numRuns: Math.ceil((RUNS * 2) / 3) },
      );
    });

    it('7. freeSlots(tm, job, n) leaves the same state, trace and notifications as n single freeSlot calls', () => {
      fc.assert(
        fc.property(scenarioArb(kind), fc.nat(), (scenario, pick) => {
          const bulk = runChecked(scenario, () => {});
          const single = runChecked(JSON.parse(describeScenario(scenario)) as Scenario, () => {});
          const holders = bulk.holders();
          if (holders.length === 0) return;
          const { tm, job } = holders[pick % holders.length]!;
          const held = bulk.sm.taskManager(tm)!.slots.filter((s) => s.job === job).length;
          const n = 1 + (pick % (held + 1));
          const freed = bulk.sm.freeSlots(tm, job, n);
          let singles = 0;
          for (let i = 0; i < n; i++) if (single.sm.freeSlot(tm, job)) singles++;
          expect(freed).toBe(singles);
          // With an immediate requirement check a freed slot can be handed straight back to the job.
          if (bulk.config.requirementCheckDelay > 0) expect(freed).toBe(Math.min(n, held));
          bulk.sim.flush();
          single.sim.flush();
          const a = observable(bulk);
          const b = observable(single);
          if (a !== b) expect(firstDifference(a, b)).toBe('');
        }),
        { numRuns: RUNS },
      );
    });

    it('8. the activity counters count the allocate and free decisions of the trace', () => {
      fc.assert(
        fc.property(scenarioArb(kind), (scenario) => {
          const d = runChecked(scenario, () => {});
          d.sim.flush();
          const allocations = d.sim.trace.filter((t) => t.kind === 'allocate').length;
          const frees = d.sim.trace.filter((t) => t.kind === 'free').length;
          expect(d.sm.activity).toEqual({ slotsAllocated: allocations, slotsFreed: frees });
        }),
        { numRuns: RUNS },
      );
    });

    it('6. one job with UNKNOWN requirements is fully served whenever registered TaskManagers have room', () => {
      let served = 0;
      fc.assert(
        fc.property(livenessScenarioArb(kind), (scenario) => {
          runChecked(scenario, (_d, _p, _e, cur) => {
            checkLiveness(kind, cur);
            const view = cur.jobs.find((j) => j.job === 'j1');
            if (view !== undefined && countOf(view.requirements) > 0 && countOf(view.missing) === 0) served++;
          });
        }),
        { numRuns: RUNS },
      );
      // Not vacuous: many steps end with a non-empty requirement fully met.
      expect(served).toBeGreaterThan(RUNS);
    });

    it('6b. no job stays short of a slot a registered TaskManager could host (work conservation)', () => {
      let short = 0;
      fc.assert(
        fc.property(workConservingScenarioArb(kind), (scenario) => {
          runChecked(scenario, (_d, _p, effect, cur) => {
            if (effect.flushed === false) return;
            checkWorkConserving(kind, cur);
            if (cur.jobs.some((j) => j.missing.length > 0) && cur.taskManagers.length > 0) short++;
          });
        }),
        { numRuns: RUNS },
      );
      // Not vacuous: jobs are often short while TaskManagers are registered.
      expect(short).toBeGreaterThan(RUNS);
    });
  });
}

// ----- the checks can fail --------------------------------------------------------------------------

/** Real state after a short fixed scenario, for corruption tests. */
function stateAfter(kind: SmKind, commands: Command[]): { d: Driver; prev: Snapshot; effect: StepEffect; cur: Snapshot } {
  const d = new Driver({
    kind,
    worker: 'w4',
    resourceAllocation: 'active',
    evenlySpread: false,
    redundantTaskManagers: 0,
    minTotalCpu: 0,
    taskManagerTimeout: 30_000,
    requirementCheckDelay: 50,
    declareNeededResourceDelay: 50,
  });
  let prev = snapshot(d);
  let effect: StepEffect = { description: '' };
  for (const cmd of commands) {
    prev = snapshot(d);
    effect = d.apply(cmd);
  }
  return { d, prev, effect, cur: snapshot(d) };
}

const noFlush: Command = { op: 'autoFlush', on: false };
const reg = (): Command => ({ op: 'register', shape: { model: 'worker', blocked: false }, reuse: null });
const declare = (job: 'j1' | 'j2', count: number): Command => ({ op: 'declare', job, requirements: [{ profile: 'UNKNOWN', count }] });

/** A deep copy of a snapshot whose views can be edited. */
function mutable(
  s: Snapshot,
): { taskManagers: Array<TaskManagerView & { slots: Array<TaskManagerView['slots'][number]> }>; jobs: JobResourceView[] } & Snapshot {
  return {
    ...s,
    taskManagers: s.taskManagers.map((tm) => ({ ...tm, slots: tm.slots.map((slot) => ({ ...slot })) })),
    jobs: s.jobs.map((j) => ({ ...j, acquired: [...j.acquired] })),
  };
}

describe('the invariant checks detect corrupted state', () => {
  for (const kind of KINDS) {
    it(`${kind}: every check passes on real state and fails on a corrupted copy`, () => {
      const { d, prev, effect, cur } = stateAfter(kind, [reg(), declare('j1', 1), declare('j2', 1)]);
      // Real state passes.
      checkSingleOwner(kind, cur);
      checkCapacity(d, cur);
      checkNoRevocation(kind, prev, effect, cur);
      checkTrackerAgrees(cur);
      checkNoOverAllocation(prev, effect, cur);
      expect(heldByJob(cur).get('j1')?.size).toBe(1);
      expect(heldByJob(cur).get('j2')?.size).toBe(1);

      // 1: a slot listed twice / a dynamic slot without a job.
      const twice = mutable(cur);
      const tm0 = twice.taskManagers[0]!;
      if (kind === 'declarative') tm0.slots[1] = { ...tm0.slots[1]!, index: 0 };
      else tm0.slots[0] = { ...tm0.slots[0]!, job: undefined };
      expect(() => checkSingleOwner(kind, twice)).toThrow(InvariantError);

      // 2: free resources that do not add up.
      const over = mutable(cur);
      const t = over.taskManagers[0]!;
      over.taskManagers[0] =
        kind === 'declarative' ? { ...t, freeSlots: t.freeSlots + 1 } : { ...t, free: merge(t.free, REQUIREMENT_PROFILES.SMALL) };
      expect(() => checkCapacity(d, over)).toThrow(InvariantError);

      // 3: j1's slot moves to j2.
      const moved = mutable(cur);
      const slot = moved.taskManagers[0]!.slots.findIndex((x) => x.job === 'j1');
      moved.taskManagers[0]!.slots[slot] = { ...moved.taskManagers[0]!.slots[slot]!, job: 'j2' };
      expect(() => checkNoRevocation(kind, cur, { description: '' }, moved)).toThrow(InvariantError);
      // ... which the test's own free of that slot would excuse.
      expect(() =>
        checkNoRevocation(kind, cur, { freed: { tm: moved.taskManagers[0]!.id, job: 'j1', ok: true }, description: '' }, moved),
      ).not.toThrow();

      // 4: the tracker forgets a resource.
      const forgot = mutable(cur);
      forgot.jobs[0] = { ...forgot.jobs[0]!, acquired: [] };
      expect(() => checkTrackerAgrees(forgot)).toThrow(InvariantError);

      // 7: a job gets a slot it did not ask for (in a step that did not change its requirements).
      const extra = mutable(cur);
      const j1 = extra.jobs.findIndex((j) => j.job === 'j1');
      extra.jobs[j1] = { ...extra.jobs[j1]!, acquired: extra.jobs[j1]!.acquired.map((a) => ({ ...a, count: a.count + 1 })) };
      expect(() => checkNoOverAllocation(cur, { description: '' }, extra)).toThrow(InvariantError);
      expect(() => checkNoOverAllocation(cur, { declared: { job: 'j1' }, description: '' }, extra)).not.toThrow();
    });

    it(`${kind}: the liveness checks fail before the delayed requirement check has run`, () => {
      const after = stateAfter(kind, [reg(), declare('j1', 2)]);
      expect(() => checkLiveness(kind, after.cur)).not.toThrow();
      expect(() => checkWorkConserving(kind, after.cur)).not.toThrow();
      const before = stateAfter(kind, [reg(), noFlush, declare('j1', 2)]);
      expect(() => checkLiveness(kind, before.cur)).toThrow(InvariantError);
      expect(() => checkWorkConserving(kind, before.cur)).toThrow(InvariantError);
    });

    it(`${kind}: the replay comparison sees a different history`, () => {
      const a = stateAfter(kind, [reg(), declare('j1', 1), declare('j2', 1)]).d;
      const b = stateAfter(kind, [reg(), declare('j2', 1), declare('j1', 1)]).d;
      const c = stateAfter(kind, [reg(), declare('j1', 1), declare('j2', 1)]).d;
      expect(firstDifference(observable(c), observable(a))).toBe('');
      expect(firstDifference(observable(b), observable(a))).toMatch(/^replays differ at character \d+/);
    });
  }

  it('the serializer keeps bigint, Map, undefined and Infinity apart', () => {
    expect(serialize({ a: 1n })).not.toBe(serialize({ a: 2n }));
    expect(serialize({ a: 1n })).not.toBe(serialize({ a: '1' }));
    expect(serialize(new Map([['x', 1]]))).not.toBe(serialize(new Map([['x', 2]])));
    expect(serialize({ a: undefined })).not.toBe(serialize({}));
    expect(serialize({ a: Number.POSITIVE_INFINITY })).not.toBe(serialize({ a: null }));
  });
});
