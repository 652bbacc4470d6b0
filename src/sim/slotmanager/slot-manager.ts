/**
 * What both SlotManagers (fine-grained and declarative) share: their configuration, the services
 * they call (clock, delayed work, the ResourceManager's worker allocation, the JobMasters), and the
 * state they expose to reports.
 */
import type { JobResourceListener } from './resource-tracker.js';
import type { Decimal } from '../../model/decimal.js';
import type { ResourceProfile, SpecifiedProfile } from '../../model/resource-profile.js';
import type { ProfileCount } from './resource-counter.js';

export type ResourceAllocation = 'active' | 'standalone';

export interface SlotManagerConfig {
  /** The worker the ResourceManager would start (T) and its slot count. */
  readonly defaultWorker: SpecifiedProfile;
  readonly slotsPerWorker: number;
  readonly resourceAllocation: ResourceAllocation;
  /** `taskmanager.load-balance.mode` SLOTS / `cluster.evenly-spread-out-slots`. */
  readonly evenlySpread: boolean;
  /** `taskmanager.load-balance.mode` MIN_RESOURCES (fine-grained, 2.1+): most utilized TaskManagers first. */
  readonly mostUtilization?: boolean;
  readonly redundantTaskManagers: number;
  readonly minTotalCpu: Decimal;
  readonly minTotalMemory: bigint;
  /** Absent = unlimited. */
  readonly maxTotalCpu?: Decimal;
  readonly maxTotalMemory?: bigint;
  /** The Flink keys maxTotalCpu / maxTotalMemory came from (named when the limit stops a worker). */
  readonly maxTotalKeys?: string;
  /** `slotmanager.number-of-slots.max` (declarative SlotManager); absent = unlimited. */
  readonly maxSlots?: number;
  readonly taskManagerTimeout: number;
  readonly requirementCheckDelay: number;
  readonly declareNeededResourceDelay: number;
  /** Decimals of CPU values in slot profiles divided from a total (8 from Flink 1.14, 16 before); absent: 16. */
  readonly resourceScale?: number;
  /**
   * Flink 1.18's `tryReconcileClusterResources` returns at once when no TaskManager has idled out
   * and no pending one is unused, so it never starts redundant workers by itself (an empty cluster
   * gets none); 1.19 dropped that short-cut (FLINK-15959). Absent: the 1.19+ behaviour.
   */
  readonly reconcileOnlyToRelease?: boolean;
}

export interface WorkerDeclaration {
  readonly spec: SpecifiedProfile;
  readonly slotsPerWorker: number;
  readonly numNeeded: number;
  /** Registered, not unwanted TaskManagers with this total (the ResourceManager's count of running workers). */
  readonly registered: number;
  readonly unwanted: readonly string[];
}

export type TraceKind =
  | 'register'
  | 'reject'
  | 'unregister'
  | 'declare'
  | 'check'
  | 'allocate'
  | 'free'
  | 'lost'
  | 'pending'
  | 'pending-failed'
  | 'pending-released'
  | 'unfulfillable'
  | 'not-enough-resources'
  | 'workers'
  | 'release'
  | 'reconcile'
  | 'slot-report';

export interface TraceEntry {
  readonly time: number;
  readonly kind: TraceKind;
  readonly message: string;
  readonly taskManager?: string;
  readonly job?: string;
}

/** Who a decision concerns, for filtering and counting. */
export interface TraceSubject {
  readonly taskManager?: string;
  readonly job?: string;
}

/** The services a SlotManager calls; the simulation provides them. */
export interface SlotManagerContext {
  now(): number;
  /** Runs `work` after `delay` ms (delayed work a Flink test triggers by hand). */
  schedule(delay: number, work: () => void): void;
  /** Runs `work` now and then every `period` ms. */
  every(period: number, work: () => void): void;
  /** Whether decisions are recorded; per-slot call sites check it so a run without a trace builds nothing for it. */
  readonly tracing: boolean;
  /** A decision; the message may be a function, built only when someone reads the trace. */
  trace(kind: TraceKind, message: string | (() => string), subject?: TraceSubject): void;
  /** Flink's notifyNotEnoughResourcesAvailable; `acquired` is filled only while `tracing` (it is recorded only then). */
  notEnoughResources(job: string, acquired: readonly ProfileCount[]): void;
  declareResourceNeeded(declarations: readonly WorkerDeclaration[]): void;
}

export type RegistrationResult = 'SUCCESS' | 'REJECTED' | 'IGNORED';

export interface TaskManagerRegistration {
  readonly id: string;
  /** ANY for test TaskManagers whose slots match everything. */
  readonly total: ResourceProfile;
  readonly defaultSlot: ResourceProfile;
  /** Static slots the TaskManager reports (declarative SlotManager). */
  readonly numberOfSlots: number;
  readonly blocked?: boolean;
  /** Slots the first slot report shows allocated. */
  readonly allocatedSlots?: readonly { readonly job: string; readonly profile: ResourceProfile }[];
}

export interface SlotView {
  /** Static slot index, or -1 for a dynamic slot. */
  readonly index: number;
  readonly job: string | undefined;
  readonly profile: ResourceProfile;
}

/** Why no new worker was started, in words for a person, and the pending worker refused when there was one. */
export interface WorkerLimit {
  readonly message: string;
  readonly worker?: string;
}

export interface TaskManagerView {
  readonly id: string;
  readonly total: ResourceProfile;
  readonly defaultSlot: ResourceProfile;
  readonly free: ResourceProfile;
  readonly registeredSlots: number;
  readonly freeSlots: number;
  readonly slots: readonly SlotView[];
  readonly idleSince: number;
  readonly blocked: boolean;
  readonly unwanted: boolean;
}

export interface PendingTaskManagerState {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly numberOfSlots: number;
  /** job → profile counts recorded on it. */
  readonly allocations: ReadonlyMap<string, readonly ProfileCount[]>;
}

export interface JobResourceView {
  readonly job: string;
  readonly requirements: readonly ProfileCount[];
  readonly acquired: readonly ProfileCount[];
  readonly missing: readonly ProfileCount[];
}

export interface SlotActivity {
  slotsAllocated: number;
  slotsFreed: number;
}

export interface SlotManager {
  registerTaskManager(tm: TaskManagerRegistration): RegistrationResult;
  unregisterTaskManager(id: string): boolean;
  processResourceRequirements(job: string, requirements: readonly ProfileCount[]): void;
  clearResourceRequirements(job: string): void;
  /** Frees one slot `job` holds on `tm`; false when there is none. */
  freeSlot(tm: string, job: string): boolean;
  /** The same as calling `freeSlot` up to `n` times; returns how many slots were freed. */
  freeSlots(tm: string, job: string, n: number): number;
  /** A slot report: the listed static slots are allocated to those jobs, the others free. */
  reportSlotStatus(tm: string, allocated: readonly { readonly slot: number; readonly job: string }[]): boolean;
  setFailUnfulfillableRequest(fail: boolean): void;
  triggerResourceRequirementsCheck(): void;
  /** Told after every change of a job's requirements or resources (job timelines). */
  setJobResourceListener(listener: JobResourceListener): void;

  taskManagers(): TaskManagerView[];
  taskManager(id: string): TaskManagerView | undefined;
  pendingTaskManagers(): PendingTaskManagerState[];
  jobs(): JobResourceView[];
  /** What `job` currently declares (empty when nothing). */
  requirementsOf(job: string): readonly ProfileCount[];
  job(id: string): JobResourceView | undefined;
  /** Slots `job` acquired beyond what it declares (0 when none); no view is built. */
  excessSlotsOf(job: string): number;
  /** TaskManagers holding slots of `job`, with the number of slots on each. */
  taskManagersOf(job: string): ReadonlyMap<string, number>;
  missingResources(): Map<string, readonly ProfileCount[]>;
  unfulfillableJobs(): string[];
  /** Why a new worker was last refused for `job` (or for any job: the max total resource limit); kept without a trace. */
  lastWorkerLimit(job: string): WorkerLimit | undefined;
  /** Slot allocations and frees over the run (the 'allocate' and 'free' decisions), counted without a trace. */
  readonly activity: Readonly<SlotActivity>;
  numberRegisteredSlots(): number;
  numberFreeSlots(): number;
  freeResource(): ResourceProfile;
}
