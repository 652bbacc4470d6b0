/**
 * Shared generators for model-based property tests of the two SlotManagers
 * (FineGrainedSlotManager, DeclarativeSlotManager) run in a manual-mode Simulation by the driver (slot-manager-driver.ts).
 *
 * A scenario is plain data (cluster options + a list of commands), so fast-check can print and
 * shrink it and a test can replay it. Commands that need an existing TaskManager or slot carry a
 * `pick` number that the driver resolves against the state at the time the command runs
 * (`pick % candidates`), so every generated sequence is runnable and replay is deterministic.
 * The driver calls `sim.flush()` after every command, as Flink's tests trigger delayed work by hand.
 */
import fc from 'fast-check';
import { type Decimal, decimalFromNumber } from '../../src/model/decimal.js';
import { type ResourceProfile, UNKNOWN, specified } from '../../src/model/resource-profile.js';
import type { ResourceAllocation } from '../../src/sim/slotmanager/slot-manager.js';

export const MIB = 1024n * 1024n;

export type SmKind = 'fine-grained' | 'declarative';

// ----- fixed profiles ---------------------------------------------------------------------------

export const cpu = (n: number): Decimal => decimalFromNumber(n);

/** Default workers T the ResourceManager would start, with their slot counts. */
export const WORKERS = {
  /** 4 slots of cpu 1, heap 512m, managed 256m. */
  w4: { total: specified({ cpuCores: cpu(4), taskHeapMemory: 2048n * MIB, managedMemory: 1024n * MIB }), slots: 4 },
  /** 2 slots of cpu 1, heap 512m (equal to the SLOT requirement). */
  w2: { total: specified({ cpuCores: cpu(2), taskHeapMemory: 1024n * MIB }), slots: 2 },
  /** 3 slots of cpu 1, heap 512m. */
  w3: { total: specified({ cpuCores: cpu(3), taskHeapMemory: 1536n * MIB }), slots: 3 },
} as const;
export type WorkerName = keyof typeof WORKERS;

/** Requirement profiles a job may declare. HUGE fits no default worker and no generated TaskManager. */
export const REQUIREMENT_PROFILES = {
  UNKNOWN,
  SMALL: specified({ cpuCores: cpu(0.5), taskHeapMemory: 256n * MIB }),
  SLOT: specified({ cpuCores: cpu(1), taskHeapMemory: 512n * MIB }),
  MEDIUM: specified({ cpuCores: cpu(2), taskHeapMemory: 1024n * MIB }),
  HUGE: specified({ cpuCores: cpu(8), taskHeapMemory: 512n * MIB }),
} as const satisfies Record<string, ResourceProfile>;
export type RequirementName = keyof typeof REQUIREMENT_PROFILES;
const REQUIREMENT_NAMES = Object.keys(REQUIREMENT_PROFILES) as RequirementName[];

export const JOBS = ['j1', 'j2', 'j3'] as const;
export type JobName = (typeof JOBS)[number];

// ----- scenario data ----------------------------------------------------------------------------

export interface ClusterOptions {
  readonly kind: SmKind;
  readonly worker: WorkerName;
  readonly resourceAllocation: ResourceAllocation;
  readonly evenlySpread: boolean;
  /** Absent = unlimited (fine-grained only has an effect). */
  readonly maxTotalCpu?: number;
  /** Absent = unlimited (declarative only has an effect). */
  readonly maxSlots?: number;
  readonly redundantTaskManagers: number;
  readonly minTotalCpu: number;
  readonly taskManagerTimeout: number;
  readonly requirementCheckDelay: number;
  readonly declareNeededResourceDelay: number;
}

/**
 * What a TaskManager registers with. `worker`: exactly the default worker T (fine-grained: total T
 * divided into the configured slot count, so it can take over a pending worker; declarative: the
 * configured slot count). `dynamic` (fine-grained): a total and a slot count for its default slot.
 * `static` (declarative): `slots` slots of the default slot profile.
 */
export type TmShape =
  | { readonly model: 'worker'; readonly blocked: boolean }
  | {
      readonly model: 'dynamic';
      readonly cpu: number;
      readonly heapMb: number;
      readonly managedMb: number;
      readonly slots: number;
      readonly blocked: boolean;
    }
  | { readonly model: 'static'; readonly slots: number; readonly blocked: boolean };

export interface RequirementData {
  readonly profile: RequirementName;
  readonly count: number;
}

export type Command =
  /** A new TaskManager; `reuse` picks the id of an unregistered one (when there is one) instead of a fresh id. */
  | { readonly op: 'register'; readonly shape: TmShape; readonly reuse: number | null }
  /** A registered TaskManager registers again (must be IGNORED). */
  | { readonly op: 'registerAgain'; readonly pick: number }
  | { readonly op: 'unregister'; readonly pick: number }
  /** Counts of 0 are left out (Flink's ResourceRequirement needs at least one slot), so a list may be empty. */
  | { readonly op: 'declare'; readonly job: JobName; readonly requirements: readonly RequirementData[] }
  | { readonly op: 'clear'; readonly job: JobName }
  /** Frees one slot of one (TaskManager, job) pair that holds slots. */
  | { readonly op: 'free'; readonly pick: number }
  | { readonly op: 'advance'; readonly ms: number }
  /** `setFailUnfulfillableRequest`. */
  | { readonly op: 'failUnfulfillable'; readonly fail: boolean }
  /**
   * Whether the driver flushes delayed work after each command (on by default). Off lets several
   * commands pile up before one delayed requirement check; turning it on flushes at once.
   */
  | { readonly op: 'autoFlush'; readonly on: boolean };

export interface Scenario {
  readonly options: ClusterOptions;
  readonly commands: readonly Command[];
}

// ----- arbitraries ------------------------------------------------------------------------------

export interface OptionsConstraints {
  /** Allow maxTotalCpu / maxSlots limits. */
  readonly limits?: boolean;
  /** Allow redundancy and minimum-resource targets. */
  readonly targets?: boolean;
}

export function optionsArb(kind: SmKind, c: OptionsConstraints = {}): fc.Arbitrary<ClusterOptions> {
  const limits = c.limits ?? true;
  const targets = c.targets ?? true;
  return fc
    .record({
      worker: fc.constantFrom<WorkerName>('w4', 'w2', 'w3'),
      resourceAllocation: fc.constantFrom<ResourceAllocation>('active', 'standalone'),
      evenlySpread: fc.boolean(),
      maxTotalCpu: limits ? fc.option(fc.constantFrom(4, 6, 8, 12), { nil: undefined, freq: 2 }) : fc.constant(undefined),
      maxSlots: limits ? fc.option(fc.constantFrom(4, 6, 8, 12), { nil: undefined, freq: 2 }) : fc.constant(undefined),
      redundantTaskManagers: targets ? fc.constantFrom(0, 0, 0, 1) : fc.constant(0),
      minTotalCpu: targets ? fc.constantFrom(0, 0, 0, 4) : fc.constant(0),
      taskManagerTimeout: fc.constantFrom(1000, 30_000),
      requirementCheckDelay: fc.constantFrom(50, 50, 0),
      declareNeededResourceDelay: fc.constantFrom(50, 50, 0),
    })
    .map((o) => {
      const out: { -readonly [K in keyof ClusterOptions]: ClusterOptions[K] } = { kind, ...o };
      if (o.maxTotalCpu === undefined) delete out.maxTotalCpu;
      if (o.maxSlots === undefined) delete out.maxSlots;
      return out;
    });
}

export function shapeArb(kind: SmKind, allowBlocked = true): fc.Arbitrary<TmShape> {
  const blocked = allowBlocked ? fc.constantFrom(false, false, false, false, false, true) : fc.constant(false);
  const worker = fc.record({ model: fc.constant('worker' as const), blocked });
  const own =
    kind === 'fine-grained'
      ? fc.record({
          model: fc.constant('dynamic' as const),
          cpu: fc.integer({ min: 1, max: 4 }),
          heapMb: fc.constantFrom(512, 1024, 2048),
          managedMb: fc.constantFrom(0, 0, 1024),
          slots: fc.integer({ min: 1, max: 4 }),
          blocked,
        })
      : fc.record({ model: fc.constant('static' as const), slots: fc.integer({ min: 1, max: 4 }), blocked });
  return fc.oneof({ arbitrary: worker, weight: 1 }, { arbitrary: own, weight: 2 });
}

export interface CommandConstraints {
  readonly jobs?: readonly JobName[];
  readonly profiles?: readonly RequirementName[];
  readonly allowBlocked?: boolean;
  readonly withClear?: boolean;
  readonly withRegisterAgain?: boolean;
  /** Also generate failUnfulfillable and autoFlush commands. */
  readonly withExtras?: boolean;
}

/** UNKNOWN and SLOT (the profiles static slots can serve) are drawn more often. */
function profileArb(profiles: readonly RequirementName[]): fc.Arbitrary<RequirementName> {
  const weight: Record<RequirementName, number> = { UNKNOWN: 4, SLOT: 2, SMALL: 1, MEDIUM: 1, HUGE: 1 };
  return fc.oneof(...profiles.map((p) => ({ arbitrary: fc.constant(p), weight: weight[p] })));
}

/** Up to three distinct profiles with counts 0..6; zero counts are dropped, so the list may be empty. */
export function requirementsArb(profiles: readonly RequirementName[] = REQUIREMENT_NAMES): fc.Arbitrary<RequirementData[]> {
  return fc
    .uniqueArray(fc.record({ profile: profileArb(profiles), count: fc.integer({ min: 0, max: 6 }) }), {
      minLength: 0,
      maxLength: Math.min(3, profiles.length),
      selector: (r) => r.profile,
    })
    .map((list) => list.filter((r) => r.count > 0));
}

export function commandArb(kind: SmKind, c: CommandConstraints = {}): fc.Arbitrary<Command> {
  const jobs = c.jobs ?? JOBS;
  const pick = fc.nat({ max: 1000 });
  const arbs: { arbitrary: fc.Arbitrary<Command>; weight: number }[] = [
    {
      arbitrary: fc.record({
        op: fc.constant('register' as const),
        shape: shapeArb(kind, c.allowBlocked ?? true),
        reuse: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: pick, weight: 1 }),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ op: fc.constant('unregister' as const), pick }), weight: 2 },
    {
      arbitrary: fc.record({
        op: fc.constant('declare' as const),
        job: fc.constantFrom(...jobs),
        requirements: requirementsArb(c.profiles),
      }),
      weight: 5,
    },
    { arbitrary: fc.record({ op: fc.constant('free' as const), pick }), weight: 4 },
    { arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(1, 50, 500, 1000, 5000, 30_000) }), weight: 2 },
  ];
  if (c.withClear ?? true)
    arbs.push({ arbitrary: fc.record({ op: fc.constant('clear' as const), job: fc.constantFrom(...jobs) }), weight: 1 });
  if (c.withRegisterAgain ?? true) arbs.push({ arbitrary: fc.record({ op: fc.constant('registerAgain' as const), pick }), weight: 1 });
  if (c.withExtras ?? true) {
    arbs.push({ arbitrary: fc.record({ op: fc.constant('failUnfulfillable' as const), fail: fc.boolean() }), weight: 1 });
    arbs.push({ arbitrary: fc.record({ op: fc.constant('autoFlush' as const), on: fc.boolean() }), weight: 1 });
  }
  return fc.oneof(...arbs);
}

export function scenarioArb(kind: SmKind, maxCommands = 40): fc.Arbitrary<Scenario> {
  return fc.record({
    options: optionsArb(kind),
    commands: fc.array(commandArb(kind), { minLength: 1, maxLength: maxCommands, size: 'max' }),
  });
}

/**
 * Scenarios for the work-conservation property: no resource limits (fine-grained: a worker the
 * limit refuses leaves a requirement unrecorded, and a TaskManager that takes over a pending worker
 * triggers no new check) and, for fine-grained, one profile per declaration (a slot placed for an
 * UNKNOWN requirement may be booked against an equal specified one, leaving the UNKNOWN one short
 * until the next check).
 */
export function workConservingScenarioArb(kind: SmKind, maxCommands = 40): fc.Arbitrary<Scenario> {
  const single = (c: Command): Command =>
    c.op === 'declare' && kind === 'fine-grained' ? { ...c, requirements: c.requirements.slice(0, 1) } : c;
  return fc.record({
    options: optionsArb(kind, { limits: kind === 'declarative' }),
    commands: fc.array(commandArb(kind).map(single), { minLength: 1, maxLength: maxCommands, size: 'max' }),
  });
}

/**
 * The liveness scenarios: one job, UNKNOWN requirements only, no resource limits or targets, no
 * blocked TaskManagers, and a few TaskManagers registered before anything else happens.
 */
export function livenessScenarioArb(kind: SmKind, maxCommands = 30): fc.Arbitrary<Scenario> {
  const constrained: CommandConstraints = {
    jobs: ['j1'],
    profiles: ['UNKNOWN'],
    allowBlocked: false,
    withRegisterAgain: false,
    withExtras: false,
  };
  const register = fc.record({ op: fc.constant('register' as const), shape: shapeArb(kind, false), reuse: fc.constant(null) });
  return fc
    .record({
      options: optionsArb(kind, { limits: false, targets: false }),
      prefix: fc.array(register, { minLength: 1, maxLength: 4 }),
      commands: fc.array(commandArb(kind, constrained), { minLength: 1, maxLength: maxCommands, size: 'max' }),
    })
    .map(({ options, prefix, commands }) => ({ options, commands: [...prefix, ...commands] }));
}
