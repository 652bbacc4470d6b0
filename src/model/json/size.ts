// Generated from schemas/size.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { DiagnosticCode } from '../../errors/codes.js';

/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
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
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "bytes".
 */
export type Bytes = number | string;
/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "floorSource".
 */
export type FloorSource =
  | {
      kind: 'slot-min';
    }
  | {
      kind: 'job-graph';
      job: string;
      group: string;
    }
  | {
      kind: 'managed-memory-default';
      job: string;
      group: string;
      useCases: ('OPERATOR' | 'STATE_BACKEND' | 'PYTHON')[];
      stateBackend?: string;
    }
  | {
      kind: 'tm-config-base';
      file: string;
    };
/**
 * A typed reason a shape is rejected; `kind` tells which (more kinds may join).
 *
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "rejection".
 */
export type Rejection = FloorRejection | NetworkBuffersRejection;
/**
 * A job is judged when it finished (fully met then, or not), else at the end. never-met: it never held every slot it required; not-met: it did, but not at the end or at finishing; partly-met: the adaptive scheduler would run it at lower parallelism with what it holds; failing: it holds every slot, but a TaskManager's network buffer pool cannot serve its tasks. The run: met when every job is, partly-met when every job is met or partly met, failing when every job is met, partly met or failing, else not-met.
 *
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "verdict".
 */
export type Verdict = 'met' | 'partly-met' | 'failing' | 'not-met' | 'never-met';
/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "dimension".
 */
export type Dimension = ('slots' | 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory') | string;

/**
 * The least number of TaskManagers of one shape on which every job's requirements are met, as printed by `flinkslot size JOB... --tm-config CONFIG --json`, with the two SlotManager runs that prove it and the use of each resource.
 */
export interface SizeJson {
  flinkVersion: string;
  slotManager: 'declarative' | 'fine-grained';
  /**
   * N: the least number of TaskManagers of the shape on which every requirement is met.
   */
  taskManagers: number;
  slotsPerTaskManager: number;
  taskManager: ResourceProfile;
  slot: ResourceProfile;
  /**
   * What every slot must hold at least, one entry per dimension, and who says so (--slot-min, a job graph's slotSharingGroups[].slotMin, flinkslot's managed-memory default for a job that uses managed memory, or the --search --tm-config base's slots). Empty: only slots are counted.
   */
  floor: Floor[];
  /**
   * Why this shape is not an answer: each dimension in which its default slot holds less than the floor (slot-below-floor), and each job that fails at deployment for want of network buffers (network-buffers). Empty when it is one. `size --tm-config` exits 1 when not empty.
   */
  rejections: Rejection[];
  jobs: {
    id: string;
    source?: string;
    slots: number;
  }[];
  proof: {
    met: Run;
    /**
     * The run on N - 1 TaskManagers: not met (null when N is 0).
     */
    fewer: null | Run;
  };
  usage: {
    dimension: Dimension;
    total: number | string;
    used: number | string;
    unused: number | string;
    utilisation: number;
  }[];
  bindingDimension: Dimension;
  simulations: number;
  notes?: Diagnostic[];
  /**
   * What to deploy (size --emit writes it): present when the shape came from a Flink configuration (flink-conf.yaml, config.yaml, FlinkDeployment).
   */
  deployment?: {
    flinkVersion: string;
    /**
     * The shape's TaskManager keys (memory, slots, CPU, state backend).
     */
    flinkConfiguration: {
      [k: string]: string;
    };
    /**
     * Total Process Memory of one TaskManager in bytes.
     */
    processMemory: number | string;
    cpuCores: number;
    replicas: number;
    jobs: {
      id: string;
      /**
       * The job's largest vertex parallelism.
       */
      parallelism: number;
      /**
       * Each vertex's name and parallelism (absent when the job gives slot requirements only): job.parallelism is written only when they are all one.
       */
      vertices?: {
        name: string;
        parallelism: number;
      }[];
    }[];
  };
  /**
   * What stays idle on the N TaskManagers, per dimension (slots and CPU cores as numbers, memory in bytes, extended resources such as gpu in their units).
   */
  unused: {
    slots?: number | string;
    cpuCores?: number | string;
    taskHeapMemory?: number | string;
    taskOffHeapMemory?: number | string;
    managedMemory?: number | string;
    networkMemory?: number | string;
    [k: string]: number | string | undefined;
  };
  /**
   * With --emit: the file printed without --json. With a base (--base, or --tm-config of the emitted kind) it is that file with only the TaskManager sizing changed, the changes listed; else a new file whose placeholders say so in comments.
   */
  emitted?: {
    format: 'flinkdeployment' | 'flink-conf';
    /**
     * The file the answer was written into; absent when the file is new.
     */
    base?: string;
    /**
     * The file to deploy.
     */
    text: string;
    /**
     * Each value changed in the base, by its JSON pointer in the document (flat or nested keys as the file writes them); from null: added, to null: removed.
     */
    changes: {
      path: string;
      from: string | null;
      to: string | null;
    }[];
    /**
     * The changes as a unified-style diff of the base's lines (empty for a new file).
     */
    diff: string;
    /**
     * What the file does not say itself: how the operator counts TaskManagers and sets the parallelism.
     */
    notes: string[];
  };
}
/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "floor".
 */
export interface Floor {
  dimension: 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
  /**
   * Bytes, or CPU cores for cpuCores.
   */
  minimum: number | string;
  from: FloorSource;
}
/**
 * slot-below-floor: a slot of the shape holds less than the floor in one dimension (by `short`).
 *
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "floorRejection".
 */
export interface FloorRejection {
  kind: 'slot-below-floor';
  dimension: 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
  /**
   * Bytes, or CPU cores for cpuCores.
   */
  floor: number | string;
  /**
   * Bytes, or CPU cores for cpuCores.
   */
  slot: number | string;
  /**
   * Bytes, or CPU cores for cpuCores.
   */
  short: number | string;
  from: FloorSource;
}
/**
 * network-buffers: the slots serve every job, but on the sized count a job fails at deployment: the tasks placed on a TaskManager require more network buffers than its pool holds (required > total); message is Flink's for the first request refused.
 *
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "networkBuffersRejection".
 */
export interface NetworkBuffersRejection {
  kind: 'network-buffers';
  job: string;
  taskManager: string;
  required: number;
  total: number;
  message: string;
}
/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "run".
 */
export interface Run {
  taskManagers: number;
  verdict: Verdict;
  missing: {
    job: string;
    profile: ResourceProfile;
    count: number;
  }[];
}
/**
 * This interface was referenced by `SizeJson`'s JSON-Schema
 * via the `definition` "diagnostic".
 */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  location?: {
    file?: string;
    pointer: string;
    line?: number;
    column?: number;
  };
}
