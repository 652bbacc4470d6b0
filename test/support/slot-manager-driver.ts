/**
 * The driver of the SlotManager property tests: runs a generated scenario's commands (test/support/
 * slot-manager-commands.ts) against a FineGrainedSlotManager or DeclarativeSlotManager in a
 * manual-mode Simulation, resolving each `pick` against the state at that time, and flushing the
 * delayed work after every command.
 */
import { type SpecifiedProfile, divideIntoSlots, multiply, specified } from '../../src/model/resource-profile.js';
import type { AllocationStrategy } from '../../src/sim/slotmanager/allocation-strategy.js';
import { DeclarativeSlotManager } from '../../src/sim/slotmanager/declarative-slot-manager.js';
import { FineGrainedSlotManager } from '../../src/sim/slotmanager/fine-grained-slot-manager.js';
import type { ProfileCount } from '../../src/sim/slotmanager/resource-counter.js';
import type {
  RegistrationResult,
  SlotManager,
  SlotManagerConfig,
  TaskManagerRegistration,
} from '../../src/sim/slotmanager/slot-manager.js';
import { Simulation } from '../../src/sim/simulation.js';
import {
  MIB,
  cpu,
  WORKERS,
  REQUIREMENT_PROFILES,
  type ClusterOptions,
  type TmShape,
  type RequirementData,
  type Command,
  type Scenario,
} from './slot-manager-commands.js';

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

  /** `strategy`: replaces the fine-grained SlotManager's allocation strategy (a reference to compare with). */
  constructor(
    readonly options: ClusterOptions,
    strategy?: (config: SlotManagerConfig) => AllocationStrategy,
  ) {
    this.config = configOf(options);
    this.sm =
      options.kind === 'fine-grained'
        ? new FineGrainedSlotManager(this.config, this.sim.context, strategy?.(this.config))
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
