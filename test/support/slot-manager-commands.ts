/**
 * Shared generators and a driver for model-based property tests of the two SlotManagers
 * (FineGrainedSlotManager, DeclarativeSlotManager) run in a manual-mode Simulation.
 *
 * A scenario is plain data (cluster options + a list of commands), so fast-check can print and
 * shrink it and a test can replay it. Commands that need an existing TaskManager or slot carry a
 * `pick` number that the driver resolves against the state at the time the command runs
 * (`pick % candidates`), so every generated sequence is runnable and replay is deterministic.
 * The driver calls `sim.flush()` after every command, as Flink's tests trigger delayed work by hand.
 */
import fc from 'fast-check';
import { type Decimal, decimalFromNumber } from '../../src/model/decimal.js';
import {
  type ResourceProfile,
  type SpecifiedProfile,
  UNKNOWN,
  divideIntoSlots,
  multiply,
  specified,
} from '../../src/model/resource-profile.js';
import { DeclarativeSlotManager } from '../../src/sim/slotmanager/declarative-slot-manager.js';
import { FineGrainedSlotManager } from '../../src/sim/slotmanager/fine-grained-slot-manager.js';
import type { ProfileCount } from '../../src/sim/slotmanager/resource-counter.js';
import type {
  RegistrationResult,
  ResourceAllocation,
  SlotManager,
  SlotManagerConfig,
  TaskManagerRegistration,
} from '../../src/sim/slotmanager/slot-manager.js';
import { Simulation } from '../../src/sim/simulation.js';

export const MIB = 1024n * 1024n;

export type SmKind = 'fine-grained' | 'declarative';

// ----- fixed profiles ---------------------------------------------------------------------------

const cpu = (n: number): Decimal => decimalFromNumber(n);

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

// ----- driver -----------------------------------------------------------------------------------

export function configOf(o: ClusterOptions): SlotManagerConfig {
  const worker = WORKERS[o.worker];
  return {
    defaultWorker: worker.total,
    slotsPerWorker: worker.slots,
    resourceAllocation: o.resourceAllocation,
    evenlySpread: o.evenlySpread,
    redundantTaskManagers: o.redundantTaskManagers,
    minTotalCpu: cpu(o.minTotalCpu),
    minTotalMemory: 0n,
    ...(o.maxTotalCpu !== undefined ? { maxTotalCpu: cpu(o.maxTotalCpu) } : {}),
    ...(o.maxSlots !== undefined ? { maxSlots: o.maxSlots } : {}),
    taskManagerTimeout: o.taskManagerTimeout,
    requirementCheckDelay: o.requirementCheckDelay,
    declareNeededResourceDelay: o.declareNeededResourceDelay,
  };
}

export function requirementsOf(list: readonly RequirementData[]): ProfileCount[] {
  return list.map((r) => ({ profile: REQUIREMENT_PROFILES[r.profile], count: r.count }));
}

/** What a command did, as far as the invariants care. */
export interface StepEffect {
  /** The (TaskManager, job) pair the test freed a slot of. */
  readonly freed?: { readonly tm: string; readonly job: string; readonly ok: boolean };
  readonly unregistered?: { readonly tm: string; readonly ok: boolean };
  readonly registered?: { readonly tm: string; readonly result: RegistrationResult; readonly again: boolean };
  /** The job whose requirements the test declared or cleared. */
  readonly declared?: { readonly job: string };
  /** What the driver ran, for failure messages. */
  readonly description: string;
  /** The command started from flushed state (no delayed requirement check was outstanding). */
  readonly settled?: boolean;
  /** The delayed work was flushed after the command (auto flush on). */
  readonly flushed?: boolean;
}

export class Driver {
  readonly sim = new Simulation(true);
  readonly sm: SlotManager;
  readonly config: SlotManagerConfig;
  /** Accepted and not unregistered, in registration order. */
  readonly live: string[] = [];
  /** Ids that were registered once and are gone now. */
  readonly gone: string[] = [];
  readonly registrations = new Map<string, TaskManagerRegistration>();
  private nextId = 1;
  private autoFlush = true;

  constructor(readonly options: ClusterOptions) {
    this.config = configOf(options);
    this.sm =
      options.kind === 'fine-grained'
        ? new FineGrainedSlotManager(this.config, this.sim.context)
        : new DeclarativeSlotManager(this.config, this.sim.context);
    this.sim.slotManager = this.sm;
  }

  /** The default slot profile of the configured worker. */
  get workerSlot(): SpecifiedProfile {
    return divideIntoSlots(this.config.defaultWorker, this.config.slotsPerWorker);
  }

  registrationOf(id: string, shape: TmShape): TaskManagerRegistration {
    const blocked = shape.blocked;
    switch (shape.model) {
      case 'worker':
        return this.options.kind === 'fine-grained'
          ? { id, total: this.config.defaultWorker, defaultSlot: this.workerSlot, numberOfSlots: 0, blocked }
          : {
              id,
              total: multiply(this.workerSlot, this.config.slotsPerWorker),
              defaultSlot: this.workerSlot,
              numberOfSlots: this.config.slotsPerWorker,
              blocked,
            };
      case 'dynamic': {
        const total = specified({
          cpuCores: cpu(shape.cpu),
          taskHeapMemory: BigInt(shape.heapMb) * MIB,
          managedMemory: BigInt(shape.managedMb) * MIB,
        });
        return { id, total, defaultSlot: divideIntoSlots(total, shape.slots), numberOfSlots: 0, blocked };
      }
      case 'static':
        return { id, total: multiply(this.workerSlot, shape.slots), defaultSlot: this.workerSlot, numberOfSlots: shape.slots, blocked };
    }
  }

  /** (TaskManager, job) pairs that hold slots, in view order. */
  holders(): { tm: string; job: string }[] {
    const out: { tm: string; job: string }[] = [];
    for (const tm of this.sm.taskManagers()) {
      const seen = new Set<string>();
      for (const s of tm.slots) {
        if (s.job === undefined || seen.has(s.job)) continue;
        seen.add(s.job);
        out.push({ tm: tm.id, job: s.job });
      }
    }
    return out;
  }

  /** Runs one command and then (unless autoFlush is off) the delayed work it scheduled. */
  apply(cmd: Command): StepEffect {
    const settled = this.autoFlush;
    const effect = this.run(cmd);
    if (this.autoFlush) this.sim.flush();
    return { ...effect, settled, flushed: this.autoFlush };
  }

  private run(cmd: Command): StepEffect {
    const { sm, sim } = this;
    switch (cmd.op) {
      case 'register': {
        let id: string;
        if (cmd.reuse !== null && this.gone.length > 0) {
          id = this.gone[cmd.reuse % this.gone.length]!;
          this.gone.splice(this.gone.indexOf(id), 1);
        } else {
          id = `tm${this.nextId++}`;
        }
        const reg = this.registrationOf(id, cmd.shape);
        const result = sm.registerTaskManager(reg);
        if (result === 'SUCCESS') {
          this.live.push(id);
          this.registrations.set(id, reg);
        } else if (!this.live.includes(id)) {
          this.gone.push(id);
        }
        return { registered: { tm: id, result, again: false }, description: `register ${id} ${JSON.stringify(cmd.shape)} → ${result}` };
      }
      case 'registerAgain': {
        if (this.live.length === 0) return { description: 'registerAgain: no TaskManager' };
        const id = this.live[cmd.pick % this.live.length]!;
        const result = sm.registerTaskManager(this.registrations.get(id)!);
        return { registered: { tm: id, result, again: true }, description: `register ${id} again → ${result}` };
      }
      case 'unregister': {
        if (this.live.length === 0) return { description: 'unregister: no TaskManager' };
        const id = this.live[cmd.pick % this.live.length]!;
        const ok = sm.unregisterTaskManager(id);
        this.live.splice(this.live.indexOf(id), 1);
        this.gone.push(id);
        return { unregistered: { tm: id, ok }, description: `unregister ${id} → ${ok}` };
      }
      case 'declare':
        sm.processResourceRequirements(cmd.job, requirementsOf(cmd.requirements));
        return {
          declared: { job: cmd.job },
          description: `declare ${cmd.job} ${cmd.requirements.map((r) => `${r.count}×${r.profile}`).join(', ') || '(none)'}`,
        };
      case 'clear':
        sm.clearResourceRequirements(cmd.job);
        return { declared: { job: cmd.job }, description: `clear ${cmd.job}` };
      case 'free': {
        const holders = this.holders();
        if (holders.length === 0) return { description: 'free: no slot' };
        const { tm, job } = holders[cmd.pick % holders.length]!;
        const ok = sm.freeSlot(tm, job);
        return { freed: { tm, job, ok }, description: `free a slot of ${job} on ${tm} → ${ok}` };
      }
      case 'advance':
        sim.advanceTo(sim.now + cmd.ms);
        return { description: `advance ${cmd.ms} ms to ${sim.now}` };
      case 'failUnfulfillable':
        sm.setFailUnfulfillableRequest(cmd.fail);
        return { description: `setFailUnfulfillableRequest(${cmd.fail})` };
      case 'autoFlush':
        this.autoFlush = cmd.on;
        return { description: `auto flush ${cmd.on ? 'on' : 'off'}` };
    }
  }
}

// ----- serialization ----------------------------------------------------------------------------

/**
 * JSON for values holding bigint, Map, Set, undefined and non-finite numbers (ResourceProfile has
 * bigint memory fields and a Map of extended resources; idle-since is Infinity while busy). Object
 * keys keep their insertion order, so the text is byte-identical only for identically built values.
 */
export function serialize(value: unknown): string {
  return JSON.stringify(encode(value));
}

function encode(v: unknown): unknown {
  if (typeof v === 'bigint') return { $bigint: v.toString() };
  if (v === undefined) return { $undefined: true };
  if (typeof v === 'number' && !Number.isFinite(v)) return { $number: String(v) };
  if (typeof v === 'function') throw new TypeError('cannot serialize a function');
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encode(k), encode(x)]) };
  if (v instanceof Set) return { $set: [...v].map(encode) };
  if (Array.isArray(v)) return v.map(encode);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = encode(x);
    return out;
  }
  return v;
}

/** Everything observable after a run, for the replay comparison. */
export function observable(d: Driver): string {
  return serialize({
    taskManagers: d.sm.taskManagers(),
    pendingTaskManagers: d.sm.pendingTaskManagers(),
    jobs: d.sm.jobs(),
    // Trace messages are built lazily: compare their text.
    trace: d.sim.trace.map((t) => ({ time: t.time, kind: t.kind, message: t.message, taskManager: t.taskManager, job: t.job })),
    declarations: d.sim.declarations,
    notifications: d.sim.notifications,
  });
}

export function describeScenario(s: Scenario): string {
  return JSON.stringify(s);
}
