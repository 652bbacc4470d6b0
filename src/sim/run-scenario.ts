/**
 * Runs a scenario on the embedded SlotManager: TaskManagers register, jobs declare their
 * requirements at their submit times, the events of the timeline happen, and an active
 * ResourceManager starts the workers the SlotManager declares (after `workerStartupLatency`) and
 * stops the ones it releases. Ends when only periodic checks are left (or at `until`).
 */
import { DeclarativeSlotManager } from './slotmanager/declarative-slot-manager.js';
import type { AllocationStrategy } from './slotmanager/allocation-strategy.js';
import { FineGrainedSlotManager } from './slotmanager/fine-grained-slot-manager.js';
import { newPendingTaskManager, sharedDefaultSlot } from './slotmanager/fine-grained-task-manager.js';
import { emptyAllocationResult, recordPlacement } from './slotmanager/resource-allocation-strategy.js';
import { ResourceCounter, countSlots } from './slotmanager/resource-counter.js';
import type { SlotManager, SlotManagerConfig, TaskManagerRegistration, WorkerDeclaration } from './slotmanager/slot-manager.js';
import { JobTimelines } from './job-timeline.js';
import { Priority, Simulation } from './simulation.js';
import { profilesEqual } from '../model/resource-profile.js';
import type { ClusterModel, JobDefinition, Scenario, ScenarioEvent, StrategyStub } from './scenario/scenario.js';

/** Steps after which a scenario that keeps producing work is stopped (a guard, not a limit users meet). */
export const MAX_STEPS = 50_000_000;

/** The fixed strategy result of `strategyResult` (Flink's tests stub the strategy this way). */
export function stubStrategy(stub: StrategyStub, config: SlotManagerConfig): AllocationStrategy {
  return {
    tryFulfillRequirements: () => {
      const result = emptyAllocationResult();
      for (let i = 1; i <= stub.newPendingTaskManagers; i++)
        result.newPendingTaskManagers.push({ id: `p${i}`, total: config.defaultWorker, numberOfSlots: config.slotsPerWorker });
      for (const [job, perTm] of stub.onPending)
        for (const [tm, list] of perTm) for (const { profile, count } of list) recordPlacement(result.onPending, job, tm, profile, count);
      return result;
    },
    tryReconcileClusterResources: () => ({ taskManagersToRelease: [], pendingTaskManagersToRelease: [], pendingTaskManagersToAllocate: 0 }),
  };
}

export function createSlotManager(cluster: ClusterModel, sim: Simulation): SlotManager {
  if (cluster.slotManager === 'declarative') return new DeclarativeSlotManager(cluster.config, sim.context);
  const pending = cluster.pendingTaskManagers.map((p) => {
    const ptm = newPendingTaskManager(p.id, p.total, p.numberOfSlots, cluster.config.resourceScale);
    for (const [job, list] of p.allocations) ptm.allocations.set(job, ResourceCounter.of(list));
    return ptm;
  });
  const strategy = cluster.strategyResult === undefined ? undefined : stubStrategy(cluster.strategyResult, cluster.config);
  return new FineGrainedSlotManager(cluster.config, sim.context, strategy, pending);
}

interface StartingWorker {
  readonly id: string;
  cancelled: boolean;
}

/** The active ResourceManager: starts and stops workers to match the SlotManager's declarations. */
class ResourceManagerDriver {
  /** Workers started and neither registered nor cancelled yet, per worker spec, in start order. */
  private readonly starting: { spec: WorkerDeclaration['spec']; workers: StartingWorker[] }[] = [];
  private nextWorker = 1;
  /** Workers this ResourceManager started (a later cancellation does not undo the count). */
  startedCount = 0;
  /** When it started, registered and released workers (a report's timeline marks them). */
  readonly log: { time: number; kind: 'startWorker' | 'registerTaskManager' | 'releaseTaskManager'; subject: string }[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly cluster: ClusterModel,
  ) {}

  onDeclaration(declarations: readonly WorkerDeclaration[]): void {
    const sm = this.sim.slotManager;
    for (const d of declarations) {
      for (const id of d.unwanted) {
        this.log.push({ time: this.sim.now, kind: 'releaseTaskManager', subject: id });
        this.sim.at(this.sim.now, () => void sm.unregisterTaskManager(id), Priority.WORKER);
      }
      const registered = d.registered;
      const starting = this.startingOf(d.spec);
      let have = registered + starting.length;
      while (have < d.numNeeded) {
        this.start(d, starting);
        have++;
      }
      // The last started go first.
      for (; starting.length > 0 && have > d.numNeeded; have--) {
        const worker = starting.pop()!;
        worker.cancelled = true;
        this.sim.context.trace('workers', `the ResourceManager cancels starting worker ${worker.id}`, {
          taskManager: worker.id,
        });
      }
    }
  }

  private startingOf(spec: WorkerDeclaration['spec']): StartingWorker[] {
    let group = this.starting.find((g) => profilesEqual(g.spec, spec));
    if (group === undefined) this.starting.push((group = { spec, workers: [] }));
    return group.workers;
  }

  private start(d: WorkerDeclaration, starting: StartingWorker[]): void {
    const id = `worker-${this.nextWorker++}`;
    const entry: StartingWorker = { id, cancelled: false };
    this.startedCount++;
    this.log.push({ time: this.sim.now, kind: 'startWorker', subject: id });
    starting.push(entry);
    this.sim.context.trace(
      'workers',
      () => `the ResourceManager starts worker ${id}; it registers after ${this.cluster.workerStartupLatency} ms`,
      { taskManager: id },
    );
    this.sim.at(
      this.sim.now + this.cluster.workerStartupLatency,
      () => {
        if (entry.cancelled) return;
        starting.splice(starting.indexOf(entry), 1);
        this.log.push({ time: this.sim.now, kind: 'registerTaskManager', subject: id });
        const registration: TaskManagerRegistration = {
          id,
          total: d.spec,
          defaultSlot: sharedDefaultSlot(d.spec, d.slotsPerWorker, this.cluster.config.resourceScale),
          numberOfSlots: d.slotsPerWorker,
        };
        this.sim.slotManager.registerTaskManager(registration);
      },
      Priority.WORKER,
    );
  }
}

/** The JobMaster side: declares at submit, frees all slots at finish, returns excess idle slots. */
class JobMasters {
  /** When each job last lowered its requirements: its excess slots go back slot.idle.timeout later. */
  private readonly loweredAt = new Map<string, number>();
  /** Slots each job last declared (what its JobMaster asked for; every declaration goes through here). */
  private readonly declared = new Map<string, number>();
  readonly finishedAt = new Map<string, number>();
  readonly timelines: JobTimelines;

  constructor(
    private readonly sim: Simulation,
    private readonly cluster: ClusterModel,
  ) {
    this.timelines = new JobTimelines(() => sim.now);
    sim.slotManager.setJobResourceListener(this.timelines.listener);
  }

  submit(job: JobDefinition): void {
    this.timelines.declared(job.id);
    this.declared.set(job.id, countSlots(job.requirements));
    this.sim.slotManager.processResourceRequirements(job.id, job.requirements);
  }

  clear(job: string): void {
    this.declared.delete(job);
    this.sim.slotManager.clearResourceRequirements(job);
  }

  finish(job: string): void {
    const sm = this.sim.slotManager;
    this.finishedAt.set(job, this.sim.now);
    this.timelines.finishing(job);
    this.clear(job);
    for (const [tm, n] of [...sm.taskManagersOf(job)]) sm.freeSlots(tm, job, n);
  }

  declare(job: string, requirements: ScenarioEvent & { kind: 'declare' }): void {
    this.timelines.declared(job);
    const before = this.declared.get(job) ?? 0;
    const after = countSlots(requirements.requirements);
    this.declared.set(job, after);
    this.sim.slotManager.processResourceRequirements(job, requirements.requirements);
    if (after >= before) return;
    // The slot pool returns slots beyond the new requirements once they were idle for slot.idle.timeout.
    this.loweredAt.set(job, this.sim.now);
    this.sim.at(this.sim.now + this.cluster.slotIdleTimeout, () => this.releaseExcess(job), Priority.EVENT);
  }

  private releaseExcess(job: string): void {
    if (this.sim.now < (this.loweredAt.get(job) ?? 0) + this.cluster.slotIdleTimeout) return;
    const sm = this.sim.slotManager;
    let excess = sm.excessSlotsOf(job);
    if (excess <= 0) return;
    this.sim.context.trace('free', `job ${job} returns ${excess} idle excess slot(s) after slot.idle.timeout`, { job });
    for (const [tm, n] of [...sm.taskManagersOf(job)].reverse()) {
      if (excess <= 0) break;
      excess -= sm.freeSlots(tm, job, Math.min(n, excess));
    }
  }
}

export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly sim: Simulation;
  readonly slotManager: SlotManager;
  readonly endTime: number;
  /** Jobs that finished (by finishAt or a finishJob event) and when. */
  readonly finishedAt: ReadonlyMap<string, number>;
  /** Workers the active ResourceManager started (0 for a standalone one). */
  readonly workersStarted: number;
  /** Each job's history: declared, fully met, lost and regained, judged at finishing time. */
  readonly timelines: JobTimelines;
  /** What the active ResourceManager did with workers, in order (empty for a standalone one). */
  readonly workerEvents: readonly { readonly time: number; readonly kind: string; readonly subject: string }[];
}

export function runScenario(scenario: Scenario, options: { trace?: boolean } = {}): ScenarioRun {
  const { cluster } = scenario;
  // The trace feeds --trace only; without it nothing per decision is built (explanations and
  // activity counts come from the SlotManager itself).
  const sim = new Simulation(false, options.trace ?? true);
  const sm = createSlotManager(cluster, sim);
  sim.slotManager = sm;
  let rm: ResourceManagerDriver | undefined;
  if (cluster.config.resourceAllocation === 'active') {
    const driver = new ResourceManagerDriver(sim, cluster);
    sim.onDeclaration((d) => driver.onDeclaration(d));
    rm = driver;
  } else {
    // A standalone ResourceManager holds back "not enough resources" during its start-up time.
    sm.setFailUnfulfillableRequest(false);
    sim.at(cluster.standaloneStartupTime, () => sm.setFailUnfulfillableRequest(true), Priority.PERIODIC);
  }
  const jobs = new Map(scenario.jobs.map((j) => [j.id, j]));
  const masters = new JobMasters(sim, cluster);
  const registeredByEvent = new Set(scenario.events.flatMap((e) => (e.event.kind === 'registerTaskManager' ? [e.event.taskManager] : [])));
  const definitions = new Map(cluster.taskManagers.map((t) => [t.registration.id, t]));
  for (const t of cluster.taskManagers) {
    if (!registeredByEvent.has(t.registration.id) && t.registerAt !== undefined)
      sim.at(t.registerAt, () => void sm.registerTaskManager(t.registration));
  }
  const submittedByEvent = new Set(scenario.events.flatMap((e) => (e.event.kind === 'submitJob' ? [e.event.job] : [])));
  for (const job of scenario.jobs) {
    if (!submittedByEvent.has(job.id)) sim.at(job.submitAt ?? 0, () => masters.submit(job));
    if (job.finishAt !== undefined) sim.at(job.finishAt, () => masters.finish(job.id));
  }
  for (const { time, event } of scenario.events) sim.at(time, () => applyEvent(event, sm, masters, definitions, jobs));
  const endTime = sim.runToQuiescence(scenario.until, MAX_STEPS);
  const workersStarted = rm?.startedCount ?? 0;
  const workerEvents = rm?.log ?? [];
  return {
    scenario,
    sim,
    slotManager: sm,
    endTime,
    finishedAt: masters.finishedAt,
    workersStarted,
    timelines: masters.timelines,
    workerEvents,
  };
}

function applyEvent(
  event: ScenarioEvent,
  sm: SlotManager,
  masters: JobMasters,
  definitions: ReadonlyMap<string, { registration: TaskManagerRegistration }>,
  jobs: ReadonlyMap<string, JobDefinition>,
): void {
  switch (event.kind) {
    case 'declare':
      masters.declare(event.job, event);
      break;
    case 'clearRequirements':
      masters.clear(event.job);
      break;
    case 'submitJob':
      masters.submit(jobs.get(event.job)!);
      break;
    case 'finishJob':
      masters.finish(event.job);
      break;
    case 'registerTaskManager':
      sm.registerTaskManager(definitions.get(event.taskManager)!.registration);
      break;
    case 'unregisterTaskManager':
      sm.unregisterTaskManager(event.taskManager);
      break;
    case 'freeSlot':
      sm.freeSlot(event.taskManager, event.job);
      break;
    case 'slotReport':
      sm.reportSlotStatus(event.taskManager, event.slots);
      break;
    case 'setFailUnfulfillableRequest':
      sm.setFailUnfulfillableRequest(event.fail);
      break;
  }
}
