/**
 * What a Flink log says happened, as values: the facts `flinkslot explain` rebuilds the cluster and
 * the jobs' requirements from (issue 28 §1). Each fact is read from one log record by a recogniser
 * (`facts/`); it keeps where it was read (file, line, the record's first line as printed) so a
 * diagnosis can cite it. Nothing here judges: `sim/log/` replays and diagnoses.
 *
 * The message forms per release are in docs/research/jobmanager-log-messages.md.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import type { LogLevel } from './log-layout.js';

/** Where a fact was read: the record's file, its first line's number and text (as printed, unescaped). */
export interface LogPoint {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  /**
   * Milliseconds of the record's timestamp, on the log's own clock (the printed local time read as
   * if UTC; `relative-thread` layouts: milliseconds since start). Undefined without a timestamp.
   * Only differences between points mean something.
   */
  readonly time?: number;
  readonly level?: LogLevel;
  /** The last line the fact was read from, when it is not the record's own (a message a paste split into records). */
  readonly endLine?: number;
}

/** `numberOfRequiredSlots` slots of `profile` (Flink's ResourceRequirement). */
export interface RequirementFact {
  readonly profile: ResourceProfile;
  readonly count: number;
}

/** An active ResourceManager's worker (Flink's WorkerResourceSpec, as printed). */
export interface WorkerSpecFact {
  readonly cpuCores?: number;
  readonly taskHeap?: bigint;
  readonly taskOffHeap?: bigint;
  readonly network?: bigint;
  readonly managed?: bigint;
  /** 1.13+ prints it; 1.11–1.12 do not. */
  readonly numSlots?: number;
  readonly extended?: Readonly<Record<string, number>>;
}

export type SlotManagerEra = 'legacy' | 'declarative' | 'fine-grained';
export type ResourceManagerKind = 'standalone' | 'active';
export type Deployment = 'standalone' | 'yarn' | 'kubernetes' | 'local';

/** Flink's JobStatus names. */
export type JobStatusName =
  | 'INITIALIZING'
  | 'CREATED'
  | 'RUNNING'
  | 'FAILING'
  | 'FAILED'
  | 'CANCELLING'
  | 'CANCELED'
  | 'FINISHED'
  | 'RESTARTING'
  | 'SUSPENDED'
  | 'RECONCILING';

/** Why a TaskManager left, as the log says it. */
export type TaskManagerLossCause = 'heartbeat-timeout' | 'unreachable' | 'terminated' | 'killed' | 'disconnected' | 'other';

/** How the log says a slot request timed out (the three forms of the eras). */
export type SlotTimeoutForm = 'bulk-not-fulfillable' | 'pending-request-timeout' | 'allocate-within-timeout';

export type LogFact =
  /** The logger or a start-up line names the SlotManager (SlotManagerImpl, DeclarativeSlotManager, FineGrainedSlotManager). */
  | { readonly kind: 'slotManager'; readonly slotManager: SlotManagerEra; readonly at: LogPoint }
  /** The ResourceManager's class or a driver line names it (StandaloneResourceManager, ActiveResourceManager, YARN, Kubernetes). */
  | {
      readonly kind: 'resourceManager';
      readonly resourceManager: ResourceManagerKind;
      readonly deployment?: Deployment;
      readonly at: LogPoint;
    }
  /**
   * "Starting …(Version: X…" or a flink-dist jar on the class path: the release. `stackFrame`: read from
   * a stack frame's jar (`~[flink-dist_2.11-1.11.2.jar:1.11.2]`), weaker than a banner (flink-release-of-log.ts).
   */
  | { readonly kind: 'release'; readonly version: string; readonly stackFrame?: true; readonly at: LogPoint }
  /** A job submitted / named: "Submitting job {name} ({id})", "Received JobGraph submission '{name}' ({id})". */
  | { readonly kind: 'jobSubmitted'; readonly job: string; readonly name?: string; readonly at: LogPoint }
  /** "Job {name} ({id}) switched from state A to B." (with the cause's first line when it failed). */
  | {
      readonly kind: 'jobStatus';
      readonly job?: string;
      readonly name?: string;
      readonly from?: JobStatusName;
      readonly to: JobStatusName;
      readonly cause?: string;
      readonly at: LogPoint;
    }
  /** "Registering TaskManager with ResourceID {id} ({address}) at ResourceManager", FG "Registering task executor {id} under {instance}". */
  | {
      readonly kind: 'taskManagerRegistered';
      readonly taskManager: string;
      readonly address?: string;
      readonly host?: string;
      readonly instance?: string;
      readonly at: LogPoint;
    }
  /** What a TaskManager has: FG block's Total/Available, a TM log's configuration (numberOfTaskSlots), a slot report. */
  | {
      readonly kind: 'taskManagerResources';
      readonly taskManager: string;
      readonly slots?: number;
      readonly total?: ResourceProfile;
      readonly available?: ResourceProfile;
      readonly at: LogPoint;
    }
  /** "Closing TaskExecutor connection {id} because: …", "Disconnect TaskExecutor", heartbeat timeouts, "Worker … is terminated", FG "Unregistering task executor {instance}". */
  | {
      readonly kind: 'taskManagerLost';
      readonly taskManager: string;
      readonly cause: TaskManagerLossCause;
      readonly message: string;
      /**
       * The SlotManager's InstanceID when the line names the TaskManager by it (FG "Unregistering task
       * executor {instance}"); `taskManager` is then the ResourceID a registration of the same reading
       * paired with it, else the instance itself (a registration the excerpt does not show).
       */
      readonly instance?: string;
      readonly at: LogPoint;
    }
  /** "Received resource requirements from job {id}: [ResourceRequirement{…}, …]" (1.13+; an empty list = cleared). */
  | {
      readonly kind: 'requirementsDeclared';
      readonly job: string;
      readonly requirements: readonly RequirementFact[];
      readonly at: LogPoint;
    }
  /** "Clearing resource requirements of job {id}". */
  | { readonly kind: 'requirementsCleared'; readonly job: string; readonly at: LogPoint }
  /** Legacy ≤ 1.12: SlotPoolImpl "Requesting new slot [...] and profile …", RM "Request slot with profile … for job …". */
  | {
      readonly kind: 'slotRequested';
      readonly job?: string;
      readonly profile: ResourceProfile;
      readonly request?: string;
      readonly allocation?: string;
      readonly at: LogPoint;
    }
  /** "Could not fulfill resource requirements of job {id}.[ Free slots: N]". */
  | { readonly kind: 'requirementsNotFulfilled'; readonly job: string; readonly freeSlots?: number; readonly at: LogPoint }
  /** FG 1.18+: "Matching resource requirements …" block: what is missing per job, each TaskManager's available / total. */
  | {
      readonly kind: 'resourcesMissing';
      readonly missing: readonly { readonly job: string; readonly requirements: readonly RequirementFact[] }[];
      readonly taskManagers: readonly {
        readonly taskManager: string;
        readonly available?: ResourceProfile;
        readonly total?: ResourceProfile;
      }[];
      /**
       * The block as read is incomplete (an excerpt's gap, a paste cut inside it, a profile that did
       * not read): a job without its requirements, a TaskManager without Available/Total, or no
       * "Current resources:" at all. The TaskManagers listed are then not all there are.
       */
      readonly truncated?: boolean;
      readonly at: LogPoint;
    }
  /** DeclarativeSlotPoolBridge 1.14+: "Could not acquire the minimum required resources … Registered TMs: t, registered slots: s free slots: f". */
  | {
      readonly kind: 'minimumResourcesNotAcquired';
      readonly acquired?: readonly RequirementFact[];
      /** The slots of the Acquired list (the ResourceManager's count for the job) when its profiles do not read (a wrapped paste); `acquired` otherwise. */
      readonly acquiredSlots?: number;
      readonly registeredTaskManagers?: number;
      readonly registeredSlots?: number;
      readonly freeSlots?: number;
      readonly at: LogPoint;
    }
  /** Active RM: "Requesting new worker with resource spec …, current pending count: n." and the driver's container/pod requests. */
  | {
      readonly kind: 'workerRequested';
      readonly spec?: WorkerSpecFact;
      readonly pending?: number;
      readonly worker?: string;
      /**
       * Who printed it: the ResourceManager (1.12+ "Requesting new worker…", spec, no name) or the
       * YARN/Kubernetes driver (the container/pod request, often with its name). 1.12+ print both for
       * one worker: count the ResourceManager's when the log has them.
       */
      readonly source?: WorkerFactSource;
      /** The driver's container/pod resource: `<memory:6144, vCores:2>`, `<2500,2.5>` (MB, CPU). */
      readonly resource?: { readonly memoryMb?: number; readonly cpuCores?: number };
      readonly at: LogPoint;
    }
  /** 1.17+: "need request N new workers, current worker number C, declared worker number D". */
  | { readonly kind: 'workersNeeded'; readonly count: number; readonly current?: number; readonly declared?: number; readonly at: LogPoint }
  /** "Worker {id} is registered.", a container/pod received. */
  | { readonly kind: 'workerRegistered'; readonly worker: string; readonly source?: WorkerFactSource; readonly at: LogPoint }
  /** "Worker {id} is terminated. Diagnostics: …", a container completed / pod deleted. */
  | {
      readonly kind: 'workerTerminated';
      readonly worker: string;
      readonly diagnostics?: string;
      readonly source?: WorkerFactSource;
      readonly at: LogPoint;
    }
  /** "Could not allocate N more slots … maximum is M", "Max total resource limitation … is reached". */
  | { readonly kind: 'maxResourcesReached'; readonly message: string; readonly at: LogPoint }
  /** A slot request that timed out, in the form the era prints (bulk: 1.12+; `timeout` in ms when printed). */
  | { readonly kind: 'slotRequestTimeout'; readonly form: SlotTimeoutForm; readonly timeoutMs?: number; readonly at: LogPoint }
  /** Any other NoResourceAvailableException text ("Could not acquire the minimum required resources.", "Not enough resources available for scheduling."). */
  | { readonly kind: 'noResourceAvailable'; readonly message: string; readonly at: LogPoint }
  /** "Insufficient number of network buffers: required R, but only A available. The total number of network buffers is currently set to T of B bytes each." */
  | {
      readonly kind: 'insufficientNetworkBuffers';
      readonly required: number;
      readonly available: number;
      readonly total?: number;
      readonly segmentSize?: number;
      readonly at: LogPoint;
    }
  /** A TaskManager's configuration as its log prints it ("Loading configuration property: k, v"): slots, host, memory keys. */
  | { readonly kind: 'configuration'; readonly key: string; readonly value: string; readonly at: LogPoint }
  /**
   * A task (subtask attempt) failed: "{task} ({attempt}) switched from A to FAILED[ on {location}]." with
   * its cause's first exception line (a job failing for a reason that is not resources, fixture 19).
   */
  | {
      readonly kind: 'taskFailed';
      readonly task: string;
      readonly from?: string;
      /** The TaskManager named by ` on {resourceId} @ {host}` (1.11+), when printed. */
      readonly taskManager?: string;
      readonly cause?: string;
      readonly at: LogPoint;
    }
  /**
   * A TaskManager's side of its registration at the ResourceManager (a TaskManager log, fixture 12):
   * connecting, registered, failed, timed out, the address not resolved, or the connection to the
   * JobManager's RPC system lost (association failed / disassociated).
   */
  /**
   * A slot given to a job, in the forms each side prints: the SlotManager "Starting allocation of slot
   * {allocation} from {taskManager} for job {job} with resource profile …" (1.13+), the TaskManager
   * "Activate slot {allocation}.", a task deployed ("… switched from SCHEDULED to DEPLOYING": the
   * scheduler deploys a region once all its slots are there), the adaptive scheduler's "Desired
   * resources are met" (2.x) and its entering Executing. `job` when the line names it.
   */
  | {
      readonly kind: 'slotAllocated';
      /** `resources-met`: "Desired resources are met"; `executing`: the adaptive scheduler runs with the slots it has (maybe fewer). */
      readonly form: 'allocation' | 'activation' | 'deployment' | 'resources-met' | 'executing';
      readonly job?: string;
      readonly taskManager?: string;
      readonly allocation?: string;
      /** The slot's profile, where the allocation prints it (for an UNKNOWN requirement: the TaskManager's default slot). */
      readonly profile?: ResourceProfile;
      readonly at: LogPoint;
    }
  | {
      readonly kind: 'resourceManagerRegistration';
      readonly event: RegistrationEvent;
      readonly address?: string;
      readonly message: string;
      readonly at: LogPoint;
    };

/** Who printed a worker fact: the ResourceManager itself, or its YARN / Kubernetes driver. */
export type WorkerFactSource = 'resource-manager' | 'driver';

/**
 * `address-mismatch`: the RPC system dropped a message "for non-local recipient [X] … inbound addresses
 * are [Y]" — the TaskManagers address the JobManager by a name it does not bind (fixtures 24, 25).
 */
export type RegistrationEvent =
  'connecting' | 'registered' | 'failed' | 'declined' | 'timed-out' | 'unresolved' | 'disassociated' | 'address-mismatch';

export type LogFactKind = LogFact['kind'];

/** The facts of one or more log files, in reading order, and what was read. */
export interface LogFacts {
  readonly facts: readonly LogFact[];
  /** Records read, and those that gave at least one fact (the rest were skipped as unknown). */
  readonly records: number;
  readonly recognisedRecords: number;
}
