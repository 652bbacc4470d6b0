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
  ResourceManagerKind,
  SlotManagerEra,
  TaskManagerLossCause,
  WorkerSpecFact,
} from '../../parse/log/log-facts.js';
import type { ExplainNetwork } from './log-explanation.js';

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
  lost: boolean;
  lostAt: LogPoint | undefined;
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
  readonly workerSpec: WorkerSpecFact | undefined;
  readonly workersRegistered: number;
  readonly workerRegistrations: readonly LogPoint[];
  readonly workersTerminated: readonly LogPoint[];
  readonly slotPoolStatus: SlotPoolStatus | undefined;
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

/** Losses that are no failure: a JobMaster that stops (its job ended) lets its TaskManagers go. */
export function isBenignLoss(message: string): boolean {
  return /Stopping JobMaster|JobManager is shutting down|job .* (?:finished|reached)|idle|is no longer needed|released/i.test(message);
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
  readonly workersNeededAt: LogPoint[] = [];
  readonly registeredWorkers = new Set<string>();
  readonly workerRegistrations: LogPoint[] = [];
  readonly workersTerminated: LogPoint[] = [];
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
        lost: false,
        lostAt: undefined,
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
        this.workersRequested++;
        this.workerRequests.push(fact.at);
        this.workerSpec = fact.spec ?? this.workerSpec;
        break;
      case 'workersNeeded':
        this.workersNeeded += fact.count;
        this.workersNeededAt.push(fact.at);
        break;
      case 'workerRegistered':
        if (!this.registeredWorkers.has(fact.worker)) this.workerRegistrations.push(fact.at);
        this.registeredWorkers.add(fact.worker);
        break;
      case 'workerTerminated':
        this.workersTerminated.push(fact.at);
        break;
      case 'minimumResourcesNotAcquired':
        this.slotPoolStatus = {
          registeredTaskManagers: fact.registeredTaskManagers,
          registeredSlots: fact.registeredSlots,
          freeSlots: fact.freeSlots,
          acquired: fact.acquired?.reduce((n, r) => n + r.count, 0),
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

  private lost(fact: LogFact & { kind: 'taskManagerLost' }): void {
    if (isBenignLoss(fact.message)) return;
    const known = this.tms.get(fact.taskManager) ?? this.byInstance.get(fact.taskManager);
    // An unregistration of an instance the log never registered (a re-registration's first half) says nothing.
    if (known === undefined && (fact.cause === 'other' || fact.cause === 'disconnected') && /task executor/i.test(fact.message)) return;
    const tm = known ?? this.taskManager(fact.taskManager);
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
    taskManagers: [...b.tms.values()],
    // Each "Requesting new worker" line is one worker (ActiveResourceManager.requestNewWorker); the
    // 1.17+ "need request N new workers" line precedes N of them, so it counts only where they are missing.
    workersRequested: b.workersRequested > 0 ? b.workersRequested : b.workersNeeded,
    workerRequests: b.workersRequested > 0 ? b.workerRequests : b.workersNeededAt,
    workerSpec: b.workerSpec,
    workersRegistered: b.registeredWorkers.size,
    workerRegistrations: b.workerRegistrations,
    workersTerminated: b.workersTerminated,
    slotPoolStatus: b.slotPoolStatus,
    network: b.network,
    maxReached: b.maxReached,
    configuration: b.configuration,
  };
}
