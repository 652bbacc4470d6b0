// Generated from schemas/plan.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { DiagnosticCode } from '../../errors/codes.js';

/**
 * This interface was referenced by `PlanJson`'s JSON-Schema
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
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "bytes".
 */
export type Bytes = number | string;
/**
 * @minItems 1
 *
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "vertexIds".
 */
export type VertexIds = string[];
/**
 * Size distribution, largest first: how many have each size.
 *
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "sizeDistribution".
 */
export type SizeDistribution = {
  size: number;
  count: number;
}[];
/**
 * Subtask names (VERTEX#INDEX) per region or shared slot; listed for jobs up to 100 subtasks or with --members.
 *
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "members".
 */
export type Members = string[][];
/**
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "slotsPerGroup".
 */
export type SlotsPerGroup = {
  slotSharingGroup: string;
  slots: number;
}[];

/**
 * The analysis of one JobGraph, as printed by `flinkslot plan FILE --json`.
 */
export interface PlanJson {
  reportVersion: 1;
  job: {
    name: string;
    mode: 'streaming' | 'batch';
    flinkVersion: string;
    /**
     * Where flinkVersion came from: the file, --flink-version, or nowhere (assumed: the newest release flinkslot knows).
     */
    flinkVersionSource: 'file' | 'option' | 'assumed';
    allVerticesInSameSlotSharingGroupByDefault: boolean;
    vertices: number;
    edges: number;
    operators: number;
  };
  /**
   * Present when the AdaptiveBatchScheduler decides the parallelism of vertices without one at run time (batch jobs from Flink 1.17, or with jobmanager.scheduler: AdaptiveBatch from 1.15). The rest of the report is the job with every range at its maximum.
   */
  adaptiveBatch?: {
    scheduler: 'AdaptiveBatchScheduler';
    reason: string;
    minParallelism: {
      value: number;
      /**
       * The configuration key that set it, default, or the rule (a vertex max parallelism, a source inferring its own).
       */
      from: string;
    };
    maxParallelism: {
      value: number;
      /**
       * The configuration key that set it, default, or the rule (a vertex max parallelism, a source inferring its own).
       */
      from: string;
    };
    defaultSourceParallelism: {
      value: number;
      /**
       * The configuration key that set it, default, or the rule (a vertex max parallelism, a source inferring its own).
       */
      from: string;
    };
    /**
     * Slots the job needs with every range at its minimum and at its maximum.
     */
    slots: {
      min: number;
      max: number;
    };
    vertices: {
      vertex: string;
      source: boolean;
      minParallelism: {
        value: number;
        /**
         * The configuration key that set it, default, or the rule (a vertex max parallelism, a source inferring its own).
         */
        from: string;
      };
      maxParallelism: {
        value: number;
        /**
         * The configuration key that set it, default, or the rule (a vertex max parallelism, a source inferring its own).
         */
        from: string;
      };
      /**
       * Its max parallelism in the dynamic graph: its own, else the scheduler's default max parallelism; sizes its producers' subpartitions.
       */
      vertexMaxParallelism: number;
    }[];
  };
  /**
   * Slots needed with every slot sharing group deployed at once: the sum over groups of each group's highest parallelism.
   */
  minimumSlots: number;
  minimumSlotsReason: {
    explanation: string;
    groups: {
      slotSharingGroup: string;
      slots: number;
      /**
       * The vertex whose parallelism sets the group's slot count.
       */
      vertex: string;
    }[];
  };
  /**
   * FLIP-138 ResourceRequirements: slots required per distinct slot ResourceProfile.
   */
  requirements: {
    resourceProfile: ResourceProfile;
    numberOfRequiredSlots: number;
  }[];
  slotSharingGroups: {
    /**
     * Unique label: the group name, or default/region-N for a batch job's per-region default groups.
     */
    id: string;
    /**
     * StreamGraph group name.
     */
    name: string;
    /**
     * 1-based logical region of a per-region default group.
     */
    region: number | null;
    vertices: VertexIds;
    slots: number;
    widestVertex: string;
    resourceProfile: ResourceProfile;
    profileSource: 'slot-sharing-group' | 'operators' | 'unknown';
    /**
     * flinkslot's slotMin of the job graph (not Flink's): what each slot of the group must hold; the request stays as resourceProfile says. Memory in bytes, CPU in cores. `size` holds TaskManager shapes to it.
     */
    slotMin?: {
      cpuCores?: number | string;
      taskHeapMemory?: number | string;
      taskOffHeapMemory?: number | string;
      managedMemory?: number | string;
      networkMemory?: number | string;
    };
  }[];
  coLocationGroups: {
    name: string;
    slotSharingGroup: string;
    vertices: VertexIds;
  }[];
  /**
   * Logical pipelined regions.
   */
  regions: VertexIds[];
  /**
   * Connected components (any edge).
   */
  components: VertexIds[];
  managedMemory: {
    /**
     * use-cases: Flink >= 1.12 per-use-case fractions; legacy: one fraction per operator (1.10, 1.11).
     */
    model: 'use-cases' | 'legacy';
    consumerWeights: UseCaseMap | null;
    /**
     * Who set the weights: the job file, the TaskManager configuration (Flink reads the slot's weights from the cluster's configuration), or Flink's default for the version.
     */
    consumerWeightsSource: 'job' | 'tm-config' | 'default';
    stateBackend: {
      /**
       * hashmap, rocksdb, forst, a legacy name (jobmanager, filesystem) or a factory class.
       */
      name: string;
      source: 'job' | 'tm-config' | 'default' | 'batch-mode';
      /**
       * The configuration key it was read from (state.backend.type, state.backend).
       */
      key?: string;
      /**
       * RocksDB / ForSt sized outside managed memory by the TaskManager configuration (absent: they use their managed-memory share). Flink reserves the share all the same.
       */
      memory?: {
        kind: 'fixed-per-slot' | 'fixed-per-tm' | 'unbounded';
        key: string;
        value: string;
      };
    };
    stateBackendUsesManagedMemory: boolean;
    /**
     * Operators with keyed state (they declare the STATE_BACKEND use case).
     */
    keyedOperators: number;
    /**
     * Managed memory of one slot in bytes, when given.
     */
    slotManagedMemory: Bytes | null;
  };
  /**
   * Vertex id → name, for the vertices whose name is not their id (Flink's own files): the text report shows these names, shortened.
   */
  vertexNames?: {
    [k: string]: string;
  };
  operators: {
    vertex: string;
    id: string;
    name: string;
    slotSharingGroup: string;
    fractionsOfUseCase?: UseCaseMap;
    fractionsOfSlot?: UseCaseMap;
    legacyFraction?: number;
    /**
     * floor(slot managed memory × fraction of the slot): per use case, or one value in the legacy model.
     */
    bytes?: UseCaseBytes | Bytes;
  }[];
  warnings: Diagnostic[];
  /**
   * Present when the input was one of Flink's own files: how it was read and which defaults the import chose (severity info, codes import/...).
   */
  notes?: Diagnostic[];
  /**
   * Subtask-level analysis, present with --execution.
   */
  execution?: {
    subtasks: number;
    slotSharingStrategy: 'LOCAL_INPUT_PREFERRED' | 'TASK_BALANCED';
    schedulingRegions: {
      count: number;
      sizes: SizeDistribution;
      members?: Members;
    };
    executionSlotSharingGroups: {
      count: number;
      perSlotSharingGroup: SlotsPerGroup;
      sizes: SizeDistribution;
      members?: Members;
      /**
       * The physical slot each listed shared slot requests (FLIP-156 group profile, else the sum of its subtasks' resources), aligned with members.
       */
      slotProfiles?: ResourceProfile[];
    };
    /**
     * FLIP-138 ResourceRequirements: slots required per distinct slot ResourceProfile.
     */
    requirements: {
      resourceProfile: ResourceProfile;
      numberOfRequiredSlots: number;
    }[];
    /**
     * Shared slots with every region deployed at once (a streaming job's requirement).
     */
    allAtOnceSlots: number;
    batch: null | {
      waves: number;
      /**
       * Most shared slots held at once (in one wave) when every region takes one step.
       */
      peakSlots: number;
      /**
       * 0-based wave in which the peak is first reached.
       */
      peakWave: number;
      peakWaveSlotsPerSlotSharingGroup: SlotsPerGroup;
      mostSlotsPerSlotSharingGroup: SlotsPerGroup;
      largestRegionSlots: number;
      /**
       * Regions that can never start: on a cycle of blocking dependencies between regions, or downstream of one.
       */
      unschedulableRegions: number;
    };
    warnings: Diagnostic[];
  };
  /**
   * Present with --tm-config: whether the configured TaskManagers hold the network buffers the job's tasks require (docs/research/network-buffers.md). The job's slots fill TaskManagers of taskmanager.numberOfTaskSlots slots in request order; required is the most demanding TaskManager's requirement.
   */
  networkBuffers?: {
    /**
     * N: network buffers of one TaskManager (network memory / segment size).
     */
    total: number;
    /**
     * R: buffers the tasks of the most demanding TaskManager require (pool minima + exclusive buffers of remote channels).
     */
    required: number;
    fits: boolean;
    /**
     * Bytes per buffer (taskmanager.memory.segment-size).
     */
    segmentSize: number;
    /**
     * The TaskManager's network memory in bytes.
     */
    networkMemory: number | string;
    slotsPerTaskManager: number;
    /**
     * The job's slots (execution slot sharing groups).
     */
    slots: number;
    /**
     * TaskManagers the job's slots fill.
     */
    taskManagers: number;
    /**
     * 0-based index of the most demanding TaskManager, in request order.
     */
    mostDemandingTaskManager: number;
    /**
     * Batch: the 0-based wave of regions whose tasks run on the most demanding TaskManager (mostDemandingTaskManager then counts among that wave's TaskManagers).
     */
    mostDemandingWave?: number;
    /**
     * Of required: minima of the result partitions' and input gates' buffer pools.
     */
    pools: number;
    /**
     * Of required: exclusive buffers of channels whose producer runs on another TaskManager.
     */
    exclusive: number;
    /**
     * Sizes of the most demanding TaskManager's requests (pool minima, exclusive buffers per remote channel), each once, in Flink's set-up order: the 'required' of Flink's message is one of them.
     */
    requestSizes: number[];
    /**
     * The most demanding TaskManager's requirement by job vertex, in set-up order: its subtasks there and the buffers they require (partitions, gates, exclusive buffers of their remote channels).
     */
    perVertex: {
      vertex: string;
      subtasks: number;
      required: number;
    }[];
    /**
     * all-tasks: every task at once (streaming); worst-wave: batch, per TaskManager the wave of regions that requires the most.
     */
    counted: 'all-tasks' | 'worst-wave';
    /**
     * Present when some slots declare resources (fine-grained): Flink carves them from the TaskManager's free resources, so they are counted as one of taskmanager.numberOfTaskSlots each, an approximation.
     */
    declaredResources?: true;
    /**
     * When required > total: the first request Flink refuses in its set-up order, and Flink's message.
     */
    failure?: {
      required: number;
      available: number;
      message: string;
    };
    /**
     * What would fit, each recomputed through the memory model.
     */
    advice?: {
      networkMemory?: {
        /**
         * Flink configuration keys to set, with their values.
         */
        keys: {
          [k: string]: string;
        };
        total: number;
      };
      fraction?: {
        /**
         * Flink configuration keys to set, with their values.
         */
        keys: {
          [k: string]: string;
        };
        total: number;
      };
      slotsPerTaskManager?: {
        /**
         * The most slots per TaskManager that fit; 0: not even one.
         */
        slots: number;
        required: number;
      };
      buffersPerChannel?: {
        required: number;
        fits: boolean;
      };
    };
  };
}
/**
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "useCaseMap".
 */
export interface UseCaseMap {
  OPERATOR?: number;
  STATE_BACKEND?: number;
  PYTHON?: number;
}
/**
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "useCaseBytes".
 */
export interface UseCaseBytes {
  OPERATOR?: Bytes;
  STATE_BACKEND?: Bytes;
  PYTHON?: Bytes;
}
/**
 * This interface was referenced by `PlanJson`'s JSON-Schema
 * via the `definition` "diagnostic".
 */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  flinkErrorType?: string;
  location?: {
    file?: string;
    pointer: string;
    line?: number;
    column?: number;
  };
}
