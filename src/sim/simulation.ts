/**
 * The deterministic discrete-event loop around a SlotManager: a clock, the delayed work the
 * SlotManager schedules, periodic checks, and what the ResourceManager does with worker
 * declarations. Entries run in (time, priority, insertion) order; nothing reads a wall clock.
 *
 * Two ways to drive it: `manual` (as Flink's tests do: delayed work runs when `flush` is called,
 * periodic work only when time is advanced) and the timeline mode `simulate` uses.
 */
import type { ProfileCount } from './slotmanager/resource-counter.js';
import type {
  SlotManager,
  SlotManagerContext,
  TraceEntry,
  TraceKind,
  TraceSubject,
  WorkerDeclaration,
} from './slotmanager/slot-manager.js';
import { EventQueue } from './event-queue.js';

/** Same-time order: scenario events first, then delayed SlotManager work, then periodic checks. */
export const Priority = { EVENT: 0, WORKER: 1, DELAYED: 2, PERIODIC: 3 } as const;

interface Work {
  readonly run: () => void;
  readonly periodic: boolean;
}

export interface NotEnoughResources {
  readonly time: number;
  readonly job: string;
  readonly acquired: readonly ProfileCount[];
}

export interface DeclarationRecord {
  readonly time: number;
  readonly declarations: readonly WorkerDeclaration[];
}

export type DeclarationListener = (declarations: readonly WorkerDeclaration[]) => void;

export class Simulation {
  private clock = 0;
  private readonly timeline = new EventQueue<Work>();
  private readonly delayed = new EventQueue<Work>();
  readonly trace: TraceEntry[] = [];
  /** Every notification with what the job had acquired: kept, like the trace, only when recording. */
  readonly notifications: NotEnoughResources[] = [];
  /** Notifications per job, always counted. */
  readonly notificationCounts = new Map<string, number>();
  readonly declarations: DeclarationRecord[] = [];
  private listener: DeclarationListener | undefined;
  /** Live non-periodic timeline entries (scenario events, worker start-ups). */
  private oneOffs = 0;
  /** Set once the SlotManager exists. */
  slotManager!: SlotManager;

  readonly context: SlotManagerContext;

  constructor(
    readonly manual: boolean,
    readonly recordTrace = true,
  ) {
    this.context = {
      now: () => this.clock,
      tracing: recordTrace,
      schedule: (delay, work) => {
        this.delayed.push(this.clock + delay, Priority.DELAYED, { run: work, periodic: false });
      },
      every: (period, work) => {
        const tick = (): void => {
          work();
          this.timeline.push(this.clock + period, Priority.PERIODIC, { run: tick, periodic: true });
        };
        this.timeline.push(this.clock, Priority.PERIODIC, { run: tick, periodic: true });
      },
      trace: (kind: TraceKind, message: string | (() => string), subject?: TraceSubject) => {
        if (this.recordTrace) this.trace.push(new LazyTraceEntry(this.clock, kind, message, subject));
      },
      notEnoughResources: (job, acquired) => {
        this.notificationCounts.set(job, (this.notificationCounts.get(job) ?? 0) + 1);
        if (this.recordTrace) this.notifications.push({ time: this.clock, job, acquired });
      },
      declareResourceNeeded: (declarations) => {
        this.declarations.push({ time: this.clock, declarations });
        this.listener?.(declarations);
      },
    };
  }

  get now(): number {
    return this.clock;
  }

  onDeclaration(listener: DeclarationListener): void {
    this.listener = listener;
  }

  at(time: number, work: () => void, priority: number = Priority.EVENT): void {
    this.oneOffs++;
    this.timeline.push(Math.max(time, this.clock), priority, { run: work, periodic: false });
  }

  /** Runs delayed work now, whatever its due time (a test's manual trigger). */
  flush(): void {
    for (let entry = this.delayed.pop(); entry !== undefined; entry = this.delayed.pop()) entry.payload.run();
  }

  /** Runs everything due up to `time` in order, then sets the clock to `time`. */
  advanceTo(time: number): void {
    for (;;) {
      const next = this.nextEntry();
      if (next === undefined || next.entry.time > time) break;
      this.runEntry(next);
      if (this.manual) this.flush();
    }
    this.clock = Math.max(this.clock, time);
  }

  /**
   * Runs until only periodic checks remain (the cluster has settled) or `until` is reached;
   * returns the time it stopped. `maxSteps` guards against a scenario that never settles.
   */
  runToQuiescence(until: number | undefined, maxSteps: number): number {
    let steps = 0;
    for (;;) {
      const next = this.nextEntry();
      if (next === undefined) break;
      if (until !== undefined ? next.entry.time > until : !this.hasNonPeriodicWork()) break;
      if (++steps > maxSteps) throw new Error(`the simulation did not settle within ${maxSteps} steps`);
      this.runEntry(next);
    }
    if (until !== undefined) this.clock = Math.max(this.clock, until);
    return this.clock;
  }

  private runEntry(next: { queue: EventQueue<Work>; entry: { time: number; payload: Work } }): void {
    next.queue.pop();
    if (next.queue === this.timeline && !next.entry.payload.periodic) this.oneOffs--;
    this.clock = Math.max(this.clock, next.entry.time);
    next.entry.payload.run();
  }

  private hasNonPeriodicWork(): boolean {
    return this.oneOffs > 0 || this.delayed.peek() !== undefined;
  }

  private nextEntry() {
    const a = this.timeline.peek();
    const b = this.manual ? undefined : this.delayed.peek();
    if (a === undefined && b === undefined) return undefined;
    if (b === undefined || (a !== undefined && earlier(a, b))) return { queue: this.timeline, entry: a! };
    return { queue: this.delayed, entry: b };
  }
}

/** A trace entry whose message text is built on first read (most runs never read most of them). */
class LazyTraceEntry implements TraceEntry {
  readonly taskManager?: string;
  readonly job?: string;

  constructor(
    readonly time: number,
    readonly kind: TraceKind,
    private text: string | (() => string),
    subject: TraceSubject | undefined,
  ) {
    if (subject?.taskManager !== undefined) this.taskManager = subject.taskManager;
    if (subject?.job !== undefined) this.job = subject.job;
  }

  get message(): string {
    if (typeof this.text !== 'string') this.text = this.text();
    return this.text;
  }
}

function earlier(a: { time: number; priority: number; seq: number }, b: { time: number; priority: number; seq: number }): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}
