/**
 * A simulation scenario as plain data: the cluster (TaskManagers, the worker the ResourceManager
 * can start, SlotManager options), jobs with their requirements and submit times, and a timeline of
 * events. `read-scenario.ts` builds it from a scenario or cluster file.
 */
import type { Diagnostic } from '../../errors/diagnostic.js';
import type { FlinkVersion, FlinkVersionSource } from '../../model/flink-version.js';
import type { ResourceProfile, SpecifiedProfile } from '../../model/resource-profile.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { SlotManagerConfig, TaskManagerRegistration } from '../slotmanager/slot-manager.js';
import type { VertexInformation } from '../scheduler/slot-sharing-slot-allocator.js';
import type { NetworkBufferPlan } from '../../execution/network-buffer-plan.js';
import type { ShuffleOptions } from '../../model/job-graph.js';

export type SlotManagerKind = 'declarative' | 'fine-grained';

export interface ClusterModel {
  readonly slotManager: SlotManagerKind;
  /**
   * The release whose default picked the declarative SlotManager although its configuration can
   * pick the fine-grained one (1.13 to 1.17): a refusal of a job's fine-grained profile names the option.
   */
  readonly declarativeByDefault?: FlinkVersion;
  readonly config: SlotManagerConfig;
  readonly taskManagers: readonly TaskManagerDefinition[];
  readonly pendingTaskManagers: readonly PendingDefinition[];
  readonly strategyResult: StrategyStub | undefined;
  readonly standaloneStartupTime: number;
  readonly slotIdleTimeout: number;
  readonly workerStartupLatency: number;
  /** The default worker's network options (segment size, buffers per channel …) when a Flink configuration gives it. */
  readonly shuffleOptions?: ShuffleOptions;
}

export interface TaskManagerDefinition {
  readonly registration: TaskManagerRegistration;
  /** Registers at this time unless an event registers it; undefined = only through an event. */
  readonly registerAt: number | undefined;
  readonly pointer: string;
}

export interface PendingDefinition {
  readonly id: string;
  readonly total: SpecifiedProfile;
  readonly numberOfSlots: number;
  readonly allocations: ReadonlyMap<string, readonly ProfileCount[]>;
}

export interface StrategyStub {
  readonly newPendingTaskManagers: number;
  /** job → pending TaskManager → profiles */
  readonly onPending: ReadonlyMap<string, ReadonlyMap<string, readonly ProfileCount[]>>;
}

export interface JobDefinition {
  readonly id: string;
  readonly requirements: readonly ProfileCount[];
  readonly submitAt: number | undefined;
  readonly finishAt: number | undefined;
  /** For the adaptive scheduler's parallelism when the job came from a job graph. */
  readonly vertices: readonly VertexInformation[] | undefined;
  readonly source: string | undefined;
  readonly pointer: string;
  /** The version the job's own file names (jobs planned from job graph files); undefined otherwise. */
  readonly flinkVersion?: { readonly version: FlinkVersion; readonly source: FlinkVersionSource } | undefined;
  /** What its tasks ask of the TaskManagers' network buffer pools (jobs planned from job graph files). */
  readonly network?: JobNetwork | undefined;
}

/**
 * A job's network-buffer plan, and the profile each of its slots (execution slot sharing groups, in
 * request order) requests when the job requests more than one profile (else undefined).
 */
export interface JobNetwork {
  readonly plan: NetworkBufferPlan;
  readonly slotProfiles: readonly ResourceProfile[] | undefined;
}

export type ScenarioEvent =
  | { readonly kind: 'declare'; readonly job: string; readonly requirements: readonly ProfileCount[] }
  | { readonly kind: 'clearRequirements'; readonly job: string }
  | { readonly kind: 'submitJob'; readonly job: string }
  | { readonly kind: 'finishJob'; readonly job: string }
  | { readonly kind: 'registerTaskManager'; readonly taskManager: string }
  | { readonly kind: 'unregisterTaskManager'; readonly taskManager: string }
  | { readonly kind: 'freeSlot'; readonly taskManager: string; readonly job: string }
  | {
      readonly kind: 'slotReport';
      readonly taskManager: string;
      readonly slots: readonly { readonly slot: number; readonly job: string }[];
    }
  | { readonly kind: 'setFailUnfulfillableRequest'; readonly fail: boolean };

export interface TimedEvent {
  readonly time: number;
  readonly event: ScenarioEvent;
  readonly pointer: string;
}

export interface Scenario {
  readonly name: string | undefined;
  readonly flinkVersion: string;
  /** 'file': the scenario or cluster file, or (when it names none) the jobs' common version. */
  readonly flinkVersionSource: FlinkVersionSource;
  /** How the version was chosen, and jobs whose version differs from the cluster's. */
  readonly notes: readonly Diagnostic[];
  readonly cluster: ClusterModel;
  readonly jobs: readonly JobDefinition[];
  readonly events: readonly TimedEvent[];
  readonly until: number | undefined;
  /** Label of the variant this scenario is (files with `variants`). */
  readonly variant: string | undefined;
}

export function requirementsAreUnknown(requirements: readonly { readonly profile: ResourceProfile }[]): boolean {
  return requirements.every((r) => r.profile.kind === 'UNKNOWN');
}
