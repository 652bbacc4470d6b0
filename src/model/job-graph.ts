/**
 * The JobGraph as flinkslot analyses it: JobVertices (each a chain of operators) connected by
 * JobEdges that carry a DistributionPattern and the ResultPartitionType of the produced result.
 * Vertices and edges are addressed by their position (dense integer ids), so analyses can use
 * typed arrays; `pointer` remembers where each came from in the input document.
 */
import type { FlinkVersion, FlinkVersionSource } from './flink-version.js';
import type { ProfileFields, ResourceProfile } from './resource-profile.js';

export type DistributionPattern = 'POINTWISE' | 'ALL_TO_ALL';

export const RESULT_PARTITION_TYPES = [
  'BLOCKING',
  'BLOCKING_PERSISTENT',
  'PIPELINED',
  'PIPELINED_BOUNDED',
  'PIPELINED_APPROXIMATE',
  'HYBRID_FULL',
  'HYBRID_SELECTIVE',
] as const;
export type ResultPartitionType = (typeof RESULT_PARTITION_TYPES)[number];

export type ManagedMemoryUseCase = 'OPERATOR' | 'STATE_BACKEND' | 'PYTHON';
export const USE_CASES: readonly ManagedMemoryUseCase[] = ['OPERATOR', 'STATE_BACKEND', 'PYTHON'];

export type JobMode = 'streaming' | 'batch';

/** The StreamGraph name of the group a vertex has when the user did not set one. */
export const DEFAULT_SLOT_SHARING_GROUP = 'default';

export interface Operator {
  readonly id: string;
  readonly name: string;
  /** OPERATOR-scope use cases with their integer weights. */
  readonly operatorScopeWeights: ReadonlyMap<ManagedMemoryUseCase, number>;
  /** SLOT-scope use cases (STATE_BACKEND, PYTHON) the operator declares. */
  readonly slotScopeUseCases: ReadonlySet<ManagedMemoryUseCase>;
  /** Has keyed state (it declares STATE_BACKEND because of it). */
  readonly keyed: boolean;
  /** Minimum resources (ResourceSpec); UNKNOWN when not specified. Network memory is always 0. */
  readonly resources: ResourceProfile;
  /** Flink 1.11 managed-memory weight of the transformation (default 1). */
  readonly legacyWeight: number;
  readonly legacyWeightSet: boolean;
  readonly pointer: string;
}

/**
 * Where a vertex's max parallelism comes from, in Flink's order: the operator's own
 * (`setMaxParallelism`), the job-wide `pipeline.max-parallelism` (StreamGraphGenerator applies it to
 * every transformation without one), else derived from the vertex's parallelism by the scheduler
 * (KeyGroupRangeAssignment.computeDefaultMaxParallelism).
 */
export type MaxParallelismSource = 'vertex' | 'pipeline.max-parallelism' | 'parallelism';

export interface JobVertex {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly parallelism: number;
  /** Effective max parallelism: as configured, else Flink's default derived from the parallelism. */
  readonly maxParallelism: number;
  readonly maxParallelismConfigured: boolean;
  /** Where `maxParallelism` came from (configured means not derived). */
  readonly maxParallelismSource: MaxParallelismSource;
  readonly minParallelism: number | undefined;
  /** StreamGraph slot sharing group name; `default` when the user did not set one. */
  readonly slotSharingGroup: string;
  readonly coLocationGroup: string | undefined;
  readonly operators: readonly Operator[];
  readonly pointer: string;
  /**
   * The file gives no parallelism (or Flink's -1, PARALLELISM_DEFAULT): the default scheduler runs
   * the vertex at 1 (`parallelism` is 1), the AdaptiveBatchScheduler decides it at run time.
   */
  readonly parallelismUnset?: true;
  /**
   * In a graph at one bound of the AdaptiveBatchScheduler's range (plan/adaptive-batch.ts): the
   * parallelism shown is that bound, not a value the file gives.
   */
  readonly decidedAtRuntime?: true;
}

export interface JobEdge {
  readonly index: number;
  readonly source: number;
  readonly target: number;
  readonly distribution: DistributionPattern;
  readonly resultPartitionType: ResultPartitionType;
  readonly pointer: string;
}

/** Which state backend runs the job's keyed state, and who said so. */
/** A RocksDB / ForSt memory setting that bypasses managed memory: the option and its value as written. */
export interface StateBackendMemory {
  readonly kind: 'fixed-per-slot' | 'fixed-per-tm' | 'unbounded';
  readonly key: string;
  readonly value: string;
}

export interface StateBackendChoice {
  /** hashmap, rocksdb, forst, a legacy name (jobmanager, filesystem) or a factory class. */
  readonly name: string;
  /** The job itself (its file), the TaskManager configuration (`--tm-config`), Flink's default, or BATCH mode's own backend. */
  readonly source: 'job' | 'tm-config' | 'default' | 'batch-mode';
  /** The configuration key it was read from, when from a configuration. */
  readonly key?: string;
}

export interface ManagedMemoryConfig {
  /** Raw `taskmanager.memory.managed.consumer-weights`; undefined = not set (Flink's default applies). */
  readonly consumerWeights: ReadonlyMap<string, number> | undefined;
  /** Where the weights came from: the job file or the TaskManager configuration. */
  readonly consumerWeightsSource?: 'job' | 'tm-config';
  readonly stateBackend: StateBackendChoice;
  readonly stateBackendUsesManagedMemory: boolean;
  /**
   * Where RocksDB / ForSt really take their memory from, when the TaskManager configuration moves it
   * out of managed memory (absent: managed memory, the default). Flink still reserves the share.
   */
  readonly stateBackendMemory?: StateBackendMemory;
  /** Managed memory of one slot, when known, to show fractions in bytes. */
  readonly slotManagedMemory: bigint | undefined;
}

/** The shuffle options that change the network buffers a task announces (from a TaskManager configuration). */
export interface ShuffleOptions {
  readonly buffersPerChannel?: number;
  readonly floatingBuffersPerGate?: number;
  readonly sortShuffleMinParallelism?: number;
  readonly sortShuffleMinBuffers?: number;
  readonly segmentSize?: bigint;
  /** `taskmanager.network.memory.read-buffer.required-per-gate.max` (1.17+). */
  readonly readBufferRequiredPerGateMax?: number;
  /** `execution.batch-shuffle-mode` is ALL_EXCHANGES_HYBRID_FULL or _SELECTIVE on the TaskManagers. */
  readonly hybridBatchShuffle?: boolean;
  /** `taskmanager.network.hybrid-shuffle.enable-new-mode` (1.18–1.20; default true). */
  readonly hybridNewMode?: boolean;
  /** `taskmanager.network.hybrid-shuffle.remote.path` is set (a remote tier). */
  readonly tieredRemoteStorage?: boolean;
}

export interface JobGraph {
  readonly name: string;
  readonly mode: JobMode;
  readonly flinkVersion: FlinkVersion;
  /** Where `flinkVersion` came from: the file, `--flink-version`, or nowhere (assumed, and said so). */
  readonly flinkVersionSource: FlinkVersionSource;
  readonly allVerticesInSameSlotSharingGroupByDefault: boolean;
  /** taskmanager.load-balance.mode; TASKS selects the task-balanced slot sharing strategy. */
  readonly loadBalanceMode: 'NONE' | 'SLOTS' | 'TASKS';
  readonly vertices: readonly JobVertex[];
  readonly edges: readonly JobEdge[];
  /** FLIP-156 group-level resources, by StreamGraph group name. */
  readonly slotSharingGroupResources: ReadonlyMap<string, ResourceProfile>;
  /** flinkslot's `slotMin` per StreamGraph group name: what each of its slots must hold (the request stays UNKNOWN). */
  readonly slotSharingGroupFloors?: ReadonlyMap<string, ProfileFields>;
  readonly managedMemoryConfig: ManagedMemoryConfig;
  /** Set from a TaskManager configuration (`--tm-config`); absent: Flink's defaults. */
  readonly shuffleOptions?: ShuffleOptions;
  /** Scheduler keys of the job's `configuration` and of `--tm-config` (the job's win). */
  readonly schedulerOptions?: SchedulerOptions;
}

/** A scheduler option as read: its value, the key written, and whose configuration said it. */
export interface SchedulerOption<T> {
  readonly value: T;
  readonly key: string;
  readonly source: 'job' | 'tm-config';
}

/** What decides the scheduler of a batch job and the AdaptiveBatchScheduler's bounds. */
export interface SchedulerOptions {
  /** jobmanager.scheduler */
  readonly scheduler?: SchedulerOption<'Ng' | 'Default' | 'Adaptive' | 'AdaptiveBatch'>;
  /** scheduler-mode: reactive */
  readonly reactive?: SchedulerOption<boolean>;
  readonly minParallelism?: SchedulerOption<number>;
  readonly maxParallelism?: SchedulerOption<number>;
  readonly defaultSourceParallelism?: SchedulerOption<number>;
  /** parallelism.default: the job's ExecutionConfig parallelism (1.17+ fallback of the max). */
  readonly parallelismDefault?: SchedulerOption<number>;
}
