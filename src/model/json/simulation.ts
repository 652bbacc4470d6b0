// Generated from schemas/simulation.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { DiagnosticCode } from '../../errors/codes.js';

/**
 * A job is judged when it finished (fully met then, or not), else at the end. never-met: it never held every slot it required; not-met: it did, but not at the end or at finishing; partly-met: the adaptive scheduler would run it at lower parallelism with what it holds; failing: it holds every slot it requires, but a TaskManager's network buffer pool cannot serve its tasks, which fail at deployment (networkBuffers says where, with Flink's message). The run: met when every job is, partly-met when every job is met or partly met, failing when every job is met, partly met or failing, else not-met.
 *
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "verdict".
 */
export type Verdict = 'met' | 'partly-met' | 'failing' | 'not-met' | 'never-met';
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "resourceProfile".
 */
export type ResourceProfile =
  | ('UNKNOWN' | 'ANY')
  | {
      cpuCores: number;
      taskHeapMemory: Bytes;
      taskOffHeapMemory: Bytes;
      managedMemory: Bytes;
      networkMemory: Bytes;
      extendedResources: {
        [k: string]: number;
      };
    };
/**
 * Bytes: a JSON integer up to 2^53, beyond that a decimal string (exact).
 *
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "bytes".
 */
export type Bytes = number | string;

/**
 * The result of one simulation (an array of these when the scenario has variants).
 */
export interface SimulationJson {
  scenario?: string;
  variant?: string;
  flinkVersion: string;
  /**
   * option: --flink-version; file: the scenario or cluster file, or when it names none the version its job graph files name; assumed: none given, the newest release flinkslot knows.
   */
  flinkVersionSource: 'option' | 'file' | 'assumed';
  slotManager: 'declarative' | 'fine-grained';
  resourceAllocation: 'active' | 'standalone';
  /**
   * Where the TaskManagers come from when resourceAllocation would mislead a person: a running cluster's TaskManagers held as they are now (its own ResourceManager may start more).
   */
  taskManagersFrom?: string;
  /**
   * Simulated milliseconds when the cluster settled.
   */
  endTime: number;
  verdict: Verdict;
  jobs: Job[];
  taskManagers: TaskManager[];
  pendingTaskManagers: PendingTaskManager[];
  workersStarted: number;
  trace?: Decision[];
  /**
   * How the input was read: a cluster given as Flink's GET /taskmanagers answer (info, codes import/...), how the Flink version was chosen (info, scenario/flink-version-*), a job whose file names another version than the cluster (warning, scenario/flink-version-mismatch), a --flink-version newer than the newest known (warning).
   */
  notes?: {
    code: DiagnosticCode;
    severity: 'error' | 'warning' | 'info';
    message: string;
    location?: {
      file?: string;
      pointer: string;
      line?: number;
      column?: number;
    };
  }[];
  /**
   * simulate --cluster on a standalone cluster the jobs do not fit: the fewest TaskManagers of the cluster's default worker to add so that every requirement is met (met with them, not with one fewer).
   */
  advice?: {
    /**
     * The same advice in the terms of the file given as the cluster (spec.taskManager.replicas of a FlinkDeployment, the replicas of a TaskManager Deployment); absent for a flinkslot cluster file.
     */
    instruction?: string;
    addTaskManagers: number;
    slotsPerTaskManager: number;
    taskManager: ResourceProfile;
  };
  /**
   * simulate --cluster on a cluster whose ResourceManager starts TaskManagers (active) but a SlotManager limit stops the jobs: each limit set that must be raised, to the smallest value at which every job runs (met at `to`, not at `notAt`, one slot, 10^-scale CPU or one byte below).
   */
  raiseLimits?: {
    option: 'maxSlots' | 'maxTotalCpu' | 'maxTotalMemory';
    key: 'slotmanager.number-of-slots.max' | 'slotmanager.max-total-resource.cpu' | 'slotmanager.max-total-resource.memory';
    setIn: 'options' | 'configuration';
    from: string;
    to: string;
    notAt: string;
    instruction?: string;
  }[];
  /**
   * `simulate --cluster` where jobs hold their slots but fail at deployment for want of network buffers: the most buffers one TaskManager's tasks require, that many segments as network memory (bytes, whole MiB), the keys that give it (when the cluster's default worker is a Flink configuration; every job is met with them, proven by a run), and the most slots per TaskManager with which each failing job's fully used TaskManagers fit.
   */
  networkAdvice?: {
    buffers: number;
    networkMemory: string;
    keys?: {
      [k: string]: string;
    };
    slotsPerTaskManager?: number;
  };
  /**
   * simulate --cluster with one job that does not fit a standalone cluster: the highest parallelism of its widest vertex (scaled alone) that runs (met at it, not one above).
   */
  lowerParallelism?: {
    vertex: string;
    parallelism: number;
    current: number;
  };
  /**
   * Slots held per job over time and the events between; present when a report asks for it (flinkslot report).
   */
  history?: {
    slotsHeld: {
      job: string;
      /**
       * [time in ms, slots held] at each change
       */
      series: [number, number][];
    }[];
    events: {
      time: number;
      kind: string;
      subject: string;
    }[];
  };
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "job".
 */
export interface Job {
  id: string;
  source?: string;
  verdict: Verdict;
  /**
   * Milliseconds; the job finished and returned its slots.
   */
  finishedAt?: number;
  requirements: Count[];
  acquired: Count[];
  missing: Count[];
  /**
   * Vertex → parallelism the adaptive scheduler would run with the acquired slots.
   */
  adaptiveParallelism?: {
    [k: string]: number;
  };
  notEnoughResourcesNotifications: number;
  explanations: {
    profile: ResourceProfile;
    count: number;
    reasons: Explanation[];
  }[];
  /**
   * When the job first declared its requirements (ms); null when it never did.
   */
  submittedAt: number | null;
  /**
   * When it first held every slot it required (ms); null: never.
   */
  firstFullyMetAt: number | null;
  /**
   * When it stopped being fully met (a TaskManager lost, or its requirements raised).
   */
  lostAt: number[];
  /**
   * When it was fully met again.
   */
  regainedAt: number[];
  /**
   * Most slots held before it was first fully met (over the whole run when it never was).
   */
  slotsBeforeFullyMet: number;
  /**
   * The parallelism per vertex the adaptive scheduler could have run with those slots (jobs from job graph files).
   */
  parallelismBeforeFullyMet?: {
    [k: string]: number;
  };
  /**
   * Vertex id → name for vertices whose name is not their id (Flink's own files); the text shows these names.
   */
  vertexNames?: {
    [k: string]: string;
  };
  /**
   * Verdict failing: the first request of the job's tasks that a TaskManager's network buffer pool refuses (TaskManagers in the SlotManager's order, the jobs on one served in submission order), as Flink reports it.
   */
  networkBuffers?: {
    taskManager: string;
    /**
     * Flink's 'required': the refused request (a pool's minimum, or a remote channel's exclusive buffers).
     */
    required: number;
    /**
     * Flink's 'only ... available': what the earlier requests left.
     */
    available: number;
    /**
     * N: the TaskManager's network memory / segment size.
     */
    total: number;
    segmentSize: number;
    /**
     * Flink's IOException text (NetworkBufferPool).
     */
    message: string;
  };
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "count".
 */
export interface Count {
  profile: ResourceProfile;
  count: number;
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "explanation".
 */
export interface Explanation {
  kind:
    | 'closest-task-manager'
    | 'no-task-manager'
    | 'no-matching-slot'
    | 'larger-than-worker'
    | 'worker-limit'
    | 'standalone'
    | 'waiting-for-workers';
  message: string;
  taskManager?: string;
  /**
   * worker-limit: the pending worker the limit refused, by the id the decision trace (--trace) gives it.
   */
  worker?: string;
  shortfalls?: Shortfall[];
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "shortfall".
 */
export interface Shortfall {
  dimension: string;
  required: string;
  available: string;
  shortBy: string;
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "taskManager".
 */
export interface TaskManager {
  id: string;
  total: ResourceProfile;
  free: ResourceProfile;
  remainder?: ResourceProfile;
  registeredSlots: number;
  freeSlots: number;
  slots: {
    index?: number;
    job: string;
    profile: ResourceProfile;
  }[];
  /**
   * The SlotManager released it as idle; it stays until it disconnects.
   */
  released: boolean;
  blocked: boolean;
  /**
   * Present when jobs planned from job graph files hold slots here and the TaskManager's total names its network memory: N (network memory / segment size), what the tasks of those jobs require together (pool minima, and exclusive buffers of remote channels), and whether that fits.
   */
  networkBuffers?: {
    total: number;
    required: number;
    fits: boolean;
  };
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "pendingTaskManager".
 */
export interface PendingTaskManager {
  id: string;
  total: ResourceProfile;
  slots: number;
  allocations: {
    [k: string]: Count[];
  };
}
/**
 * This interface was referenced by `SimulationJson`'s JSON-Schema
 * via the `definition` "decision".
 */
export interface Decision {
  time: number;
  kind: string;
  message: string;
  taskManager?: string;
  job?: string;
}
