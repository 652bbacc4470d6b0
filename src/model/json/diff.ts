// Generated from schemas/diff.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).

/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
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
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "bytes".
 */
export type Bytes = number | string;
/**
 * @minItems 1
 *
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "vertexIds".
 */
export type VertexIds = string[];
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "profileField".
 */
export type ProfileField = 'cpuCores' | 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "nullableBytes".
 */
export type NullableBytes = null | Bytes;
/**
 * Signed bytes: a JSON integer while |n| <= 2^53, beyond that a decimal string (exact).
 *
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "signedBytes".
 */
export type SignedBytes = number | string;

/**
 * What changed between the plans of two JobGraphs, as printed by `flinkslot diff OLD NEW --json`.
 */
export interface DiffJson {
  diffVersion: 1;
  /**
   * Warnings of reading either file (e.g. a Flink version newer than the newest flinkslot knows: its newest rules apply).
   */
  warnings?: string[];
  /**
   * Vertex id → name for vertices whose name is not their id (Flink's own files), from both plans; the text shows these names.
   */
  vertexNames?: {
    [k: string]: string;
  };
  /**
   * Anything below differs (a different job name alone does not count).
   */
  changed: boolean;
  grew: {
    /**
     * Minimum slots or the slot count of any resource requirement increased.
     */
    slots: boolean;
    /**
     * An operator's managed memory in bytes increased (only when both plans have bytes), or a matched slot sharing group's resource profile grew in CPU or a memory field.
     */
    memory: boolean;
  };
  job: {
    old: JobSide;
    new: JobSide;
  };
  minimumSlots: NumberChange;
  /**
   * Every resource profile requested by either plan (FLIP-138), with its slot count in each.
   */
  requirements: {
    resourceProfile: ResourceProfile;
    old: number;
    new: number;
    delta: number;
  }[];
  slotSharingGroups: {
    added: GroupSide[];
    removed: GroupSide[];
    changed: GroupChange[];
    unchanged: number;
  };
  /**
   * Pipelined regions compared as sets of vertex ids.
   */
  regions: {
    old: number;
    new: number;
    added: VertexIds[];
    removed: VertexIds[];
    unchanged: number;
  };
  vertices: {
    parallelismCompared: boolean;
    added: VertexSide[];
    removed: VertexSide[];
    parallelism: {
      id: string;
      old: number;
      new: number;
      delta: number;
    }[];
    /**
     * Vertices whose slot sharing group name changed.
     */
    slotSharingGroup: {
      id: string;
      old: string;
      new: string;
    }[];
  };
  managedMemory: {
    model: {
      old: 'use-cases' | 'legacy';
      new: 'use-cases' | 'legacy';
    };
    slotManagedMemory: {
      old: NullableBytes;
      new: NullableBytes;
    };
    /**
     * Both plans know a slot's managed memory, so operators are compared in bytes.
     */
    bytesCompared: boolean;
  };
  /**
   * Operators matched by (vertex id, operator id); changed = a fraction of the slot or a byte count differs.
   */
  operators: {
    added: OperatorSide[];
    removed: OperatorSide[];
    changed: OperatorChange[];
    unchanged: number;
  };
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "jobSide".
 */
export interface JobSide {
  name: string;
  mode: 'streaming' | 'batch';
  flinkVersion: string;
  flinkVersionSource: 'file' | 'option' | 'assumed';
  vertices: number;
  edges: number;
  operators: number;
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "numberChange".
 */
export interface NumberChange {
  old: number;
  new: number;
  delta: number;
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "groupSide".
 */
export interface GroupSide {
  id: string;
  name: string;
  /**
   * A batch job's per-region default slot sharing group: its id (default/region-N) is a position in its plan; text names it by its vertices.
   */
  perRegion?: true;
  slots: number;
  widestVertex: string;
  vertices: VertexIds;
  resourceProfile: ResourceProfile;
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "groupChange".
 */
export interface GroupChange {
  /**
   * name: a job-wide group (named by the user, or streaming's single default group); vertices: a per-region default group, identified by its vertex ids.
   */
  matchedBy: 'name' | 'vertices';
  old: GroupSide;
  new: GroupSide;
  slotsDelta: number;
  profileChanged: boolean;
  /**
   * Fields of the resource profile that grew; empty when either profile is UNKNOWN or ANY.
   */
  profileGrew: ProfileField[];
  verticesAdded: string[];
  verticesRemoved: string[];
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "vertexSide".
 */
export interface VertexSide {
  id: string;
  parallelism: number | null;
  slotSharingGroup: string;
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "operatorSide".
 */
export interface OperatorSide {
  vertex: string;
  id: string;
  name: string;
}
/**
 * This interface was referenced by `DiffJson`'s JSON-Schema
 * via the `definition` "operatorChange".
 */
export interface OperatorChange {
  vertex: string;
  id: string;
  name: string;
  /**
   * @minItems 1
   */
  useCases: {
    /**
     * A managed-memory use case, or LEGACY for Flink 1.10/1.11's one fraction per operator.
     */
    useCase: 'OPERATOR' | 'STATE_BACKEND' | 'PYTHON' | 'LEGACY';
    fractionOfSlot: {
      old: number | null;
      new: number | null;
    };
    bytes?: {
      old: NullableBytes;
      new: NullableBytes;
    };
  }[];
  /**
   * Managed memory of the operator summed over its use cases; present when both reports have bytes.
   */
  managedBytes?: {
    old: Bytes;
    new: Bytes;
    delta: SignedBytes;
  };
}
