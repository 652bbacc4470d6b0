/**
 * A log's facts → the cluster the SlotManager saw: which SlotManager and ResourceManager, the
 * TaskManagers (registered, their slots and resources, lost and why), the workers an active
 * ResourceManager requested and got, the slot pool's last status, the network buffer failure, the
 * configuration a TaskManager log printed. One linear pass; nothing judged here.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import { isSpecified } from '../../model/resource-profile.js';
import type {
  Deployment,
  LogFact,
  LogPoint,
  RegistrationEvent,
  ResourceManagerKind,
  SlotManagerEra,
  TaskManagerLossCause,
  WorkerFactSource,
  WorkerSpecFact,
} from '../../parse/log/log-facts.js';
import { lossCause } from '../../parse/log/facts/taskmanager-loss.js';
import type { ExplainNetwork } from './log-explanation.js';
import { foldEndpointLosses, isWorkerLoss } from './taskmanager-losses.js';

export interface RebuiltTaskManager {
  readonly id: string;
  /** The FineGrainedSlotManager's instance ids of its registrations (its unregister line names those). */
  readonly instances: string[];
  host: string | undefined;
  /** host:port of its RPC address (two TaskManagers at one address share a taskmanager.host). */
  endpoint: string | undefined;
  registrations: LogPoint[];
  slots: number | undefined;
  total: ResourceProfile | undefined;
  available: ResourceProfile | undefined;
  /** A slot's profile an allocation on it printed (its default slot, when the requirement was UNKNOWN). */
  slotProfile: ResourceProfile | undefined;
  lost: boolean;
  lostAt: LogPoint | undefined;
  /** Every line that says it was lost (its worker terminated, its connection closed, its endpoint unreachable), in reading order. */
  lossPoints: LogPoint[];
  lossCause: TaskManagerLossCause | undefined;
  lossMessage: string | undefined;
}

/** The DeclarativeSlotPoolBridge's "Current slot pool status" (1.14+). */
export interface SlotPoolStatus {
  readonly registeredTaskManagers: number | undefined;
  readonly registeredSlots: number | undefined;
  readonly freeSlots: number | undefined;
  readonly acquired: number | undefined;
  readonly at: LogPoint;
}

export interface RebuiltCluster {
  readonly slotManager: SlotManagerEra | undefined;
  readonly slotManagerAt: LogPoint | undefined;
  readonly resourceManager: ResourceManagerKind | undefined;
  readonly deployment: Deployment | undefined;
  readonly taskManagers: readonly RebuiltTaskManager[];
  readonly workersRequested: number;
  readonly workerRequests: readonly LogPoint[];
  /** The YARN / Kubernetes driver's container and pod requests (the workers being created). */
  readonly driverRequests: readonly LogPoint[];
  readonly workerSpec: WorkerSpecFact | undefined;
  readonly workersRegistered: number;
  readonly workerRegistrations: readonly LogPoint[];
  readonly workersTerminated: readonly LogPoint[];
  readonly slotPoolStatus: SlotPoolStatus | undefined;
  /** A TaskManager log's registration at the ResourceManager: the lines that it did, and those that it failed (or lost it). */
  readonly registeredAtResourceManager: readonly LogPoint[];
  readonly registrationTrouble: readonly { readonly event: RegistrationEvent; readonly at: LogPoint }[];
  readonly network: (ExplainNetwork & { readonly at: LogPoint }) | undefined;
  readonly maxReached: readonly LogPoint[];
  /** The last value of each configuration key a log printed, and where. */
  readonly configuration: ReadonlyMap<string, { readonly value: string; readonly at: LogPoint }>;
}

/** How each SlotManager era shows in facts other than its logger (a weaker sign than the logger). */
function eraOfFact(fact: LogFact): SlotManagerEra | undefined {
  if (fact.kind === 'resourcesMissing') return 'fine-grained';
  if (fact.kind === 'slotRequested') return 'legacy';
  return undefined;
}

/**
 * Losses that are no failure, or say nothing by themselves: a JobMaster that stops (its job ended)
 * lets its TaskManagers go; an idle TaskManager released; the SlotManager's own "Unregistering task
 * executor …" follows every departure (the ResourceManager's line before it gives the cause).
 */
export function isBenignLoss(message: string): boolean {
  return (
    /^\s*Unregister(?:ing)? (?:task executor|TaskManager) /.test(message) ||
    /Stopping JobMaster|JobManager is shutting down|job .* (?:finished|reached)|idle|is no longer needed|released/i.test(message)
  );
}

class ClusterBuilder {
  slotManager: SlotManagerEra | undefined;
  slotManagerAt: LogPoint | undefined;
  /** Whether a logger line named the SlotManager (strongest evidence). */
  slotManagerNamed = false;
  resourceManager: ResourceManagerKind | undefined;
  deployment: Deployment | undefined;
  readonly tms = new Map<string, RebuiltTaskManager>();
  readonly byInstance = new Map<string, RebuiltTaskManager>();
  workersRequested = 0;
  readonly workerRequests: LogPoint[] = [];
  workerSpec: WorkerSpecFact | undefined;
  workersNeeded = 0;
  readonly driverRequests: LogPoint[] = [];
  readonly registrationTrouble: { readonly event: RegistrationEvent; readonly at: LogPoint }[] = [];
  readonly registeredAtResourceManager: LogPoint[] = [];
  readonly workersNeededAt: LogPoint[] = [];
  readonly registeredWorkers = new Map<string, { readonly source: WorkerFactSource | undefined; readonly at: LogPoint }>();
  readonly workersTerminated: LogPoint[] = [];
  /** Workers the ResourceManager stopped itself: their termination after is no loss. */
  readonly workersStopped = new Set<string>();
  slotPoolStatus: SlotPoolStatus | undefined;
  network: (ExplainNetwork & { readonly at: LogPoint }) | undefined;
  readonly maxReached: LogPoint[] = [];
  readonly configuration = new Map<string, { value: string; at: LogPoint }>();

  taskManager(id: string): RebuiltTaskManager {
    let tm = this.tms.get(id) ?? this.byInstance.get(id);
    if (tm === undefined) {
      tm = {
        id,
        instances: [],
        host: undefined,
        endpoint: undefined,
        registrations: [],
        slots: undefined,
        total: undefined,
        available: undefined,
        slotProfile: undefined,
        lost: false,
        lostAt: undefined,
        lossPoints: [],
        lossCause: undefined,
        lossMessage: undefined,
      };
      this.tms.set(id, tm);
    }
    return tm;
  }

  add(fact: LogFact): void {
    const era = eraOfFact(fact);
    if (era !== undefined && !this.slotManagerNamed && this.slotManager === undefined) {
      this.slotManager = era;
      this.slotManagerAt = fact.at;
    }
    switch (fact.kind) {
      case 'slotManager':
        this.slotManager = fact.slotManager;
        this.slotManagerAt = fact.at;
        this.slotManagerNamed = true;
        break;
      case 'resourceManager':
        this.resourceManager = fact.resourceManager;
        this.deployment = fact.deployment ?? this.deployment;
        break;
      case 'taskManagerRegistered':
        this.registered(fact);
        break;
      case 'taskManagerResources':
        this.resources(fact.taskManager, fact);
        break;
      case 'resourcesMissing':
        for (const t of fact.taskManagers) this.resources(t.taskManager, t);
        break;
      case 'taskManagerLost':
        this.lost(fact);
        break;
      case 'workerRequested':
        // 1.12+ print the ResourceManager's line and the driver's for one worker: each counted apart.
        if (fact.source === 'driver') {
          this.driverRequests.push(fact.at);
        } else {
          this.workersRequested++;
          this.workerRequests.push(fact.at);
        }
        this.workerSpec = fact.spec ?? this.workerSpec;
        break;
      case 'workersNeeded':
        this.workersNeeded += fact.count;
        this.workersNeededAt.push(fact.at);
        break;
      case 'workerRegistered': {
        // The ResourceManager's "Worker … is registered." says it; the driver's "received" line comes first.
        const seen = this.registeredWorkers.get(fact.worker);
        if (seen === undefined || (seen.source === 'driver' && fact.source !== 'driver'))
          this.registeredWorkers.set(fact.worker, { source: fact.source, at: fact.at });
        break;
      }
      case 'workerTerminated':
        this.workersTerminated.push(fact.at);
        this.workerTerminated(fact);
        break;
      case 'minimumResourcesNotAcquired':
        this.slotPoolStatus = {
          registeredTaskManagers: fact.registeredTaskManagers,
          registeredSlots: fact.registeredSlots,
          freeSlots: fact.freeSlots,
          acquired: fact.acquired?.reduce((n, r) => n + r.count, 0) ?? fact.acquiredSlots,
          at: fact.at,
        };
        break;
      case 'insufficientNetworkBuffers':
        this.network = {
          required: fact.required,
          available: fact.available,
          total: fact.total,
          ...(fact.segmentSize === undefined ? {} : { segmentSize: fact.segmentSize }),
          at: fact.at,
        };
        break;
      case 'maxResourcesReached':
        this.maxReached.push(fact.at);
        break;
      case 'configuration':
        this.configuration.set(fact.key, { value: fact.value, at: fact.at });
        break;
      case 'slotAllocated':
        if (fact.taskManager !== undefined && fact.profile !== undefined && isSpecified(fact.profile)) {
          const tm = this.taskManager(fact.taskManager);
          tm.slotProfile ??= fact.profile;
        }
        break;
      case 'resourceManagerRegistration':
        if (fact.event === 'registered') this.registeredAtResourceManager.push(fact.at);
        else if (fact.event !== 'connecting') this.registrationTrouble.push({ event: fact.event, at: fact.at });
        break;
      default:
        break;
    }
  }

  private registered(fact: LogFact & { kind: 'taskManagerRegistered' }): void {
    const tm = this.taskManager(fact.taskManager);
    tm.registrations.push(fact.at);
    if (fact.instance !== undefined) {
      tm.instances.push(fact.instance);
      this.byInstance.set(fact.instance, tm);
    }
    tm.lost = false;
    tm.host = fact.host ?? tm.host;
    tm.endpoint = endpointOf(fact.address) ?? tm.endpoint;
  }

  private resources(id: string, r: { slots?: number; total?: ResourceProfile; available?: ResourceProfile }): void {
    const tm = this.taskManager(id);
    if (r.slots !== undefined) tm.slots = r.slots;
    if (r.total !== undefined && isSpecified(r.total)) tm.total = r.total;
    if (r.available !== undefined) tm.available = r.available;
  }

  /** The ResourceManager's own "Worker … is terminated" closes that TaskManager's connection (taskmanager-losses.ts). */
  private workerTerminated(fact: LogFact & { kind: 'workerTerminated' }): void {
    const stopped = this.workersStopped.has(fact.worker);
    if (fact.diagnostics?.startsWith('Stopping ') === true) this.workersStopped.add(fact.worker);
    if (fact.source === 'driver' || !isWorkerLoss(fact.diagnostics, stopped)) return;
    const message = `Worker ${fact.worker} is terminated. Diagnostics: ${fact.diagnostics ?? ''}`;
    this.lost({ kind: 'taskManagerLost', taskManager: fact.worker, cause: lossCause(message, 'terminated'), message, at: fact.at });
  }

  private lost(fact: LogFact & { kind: 'taskManagerLost' }): void {
    if (isBenignLoss(fact.message)) return;
    const tm = this.taskManager(fact.taskManager);
    tm.lossPoints.push(fact.at);
    // The first cause the log gives is the one that counts (later lines repeat the consequence).
    if (!tm.lost) {
      tm.lost = true;
      tm.lostAt = fact.at;
      tm.lossCause = fact.cause;
      tm.lossMessage = fact.message;
    }
  }
}

/** "pekko.tcp://flink@10.0.0.5:6122/user/rpc/taskmanager_0" → "10.0.0.5:6122". */
export function endpointOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const at = address.indexOf('@');
  const rest = at < 0 ? address : address.slice(at + 1);
  const end = rest.indexOf('/');
  const endpoint = end < 0 ? rest : rest.slice(0, end);
  return endpoint === '' ? undefined : endpoint;
}

/**
 * Workers requested, as Flink counts them: each ResourceManager "Requesting new worker" line is one
 * (ActiveResourceManager.requestNewWorker); the 1.17+ "need request N new workers" precedes N of them,
 * so an excerpt that cut some of those lines still shows N; the driver's container/pod lines count only
 * where the ResourceManager's are missing (≤ 1.11, or an excerpt of the driver's alone).
 */
function workersRequested(b: ClusterBuilder): { workersRequested: number; workerRequests: LogPoint[] } {
  const own = b.workersRequested;
  const count = Math.max(own, b.workersNeeded) || b.driverRequests.length;
  const points = b.workersNeededAt.length > 0 ? [...b.workersNeededAt, ...b.workerRequests] : own > 0 ? b.workerRequests : b.driverRequests;
  return { workersRequested: count, workerRequests: points };
}

export function rebuildCluster(facts: readonly LogFact[]): RebuiltCluster {
  const b = new ClusterBuilder();
  for (const fact of facts) b.add(fact);
  // An active ResourceManager shows itself by requesting workers even where its class is not printed.
  const active = b.workersRequested > 0 || facts.some((f) => f.kind === 'workersNeeded' || f.kind === 'workerRegistered');
  return {
    slotManager: b.slotManager,
    slotManagerAt: b.slotManagerAt,
    resourceManager: b.resourceManager ?? (active ? 'active' : undefined),
    deployment: b.deployment,
    taskManagers: foldEndpointLosses([...b.tms.values()]),
    ...workersRequested(b),
    driverRequests: b.driverRequests,
    workerSpec: b.workerSpec,
    workersRegistered: b.registeredWorkers.size,
    workerRegistrations: [...b.registeredWorkers.values()].map((w) => w.at),
    workersTerminated: b.workersTerminated,
    slotPoolStatus: b.slotPoolStatus,
    registeredAtResourceManager: b.registeredAtResourceManager,
    registrationTrouble: b.registrationTrouble,
    network: b.network,
    maxReached: b.maxReached,
    configuration: b.configuration,
  };
}
