// Generated from schemas/size-search.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { Diagnostic, Dimension, Floor, FloorRejection, ResourceProfile, SizeJson } from './size.js';

/**
 * Every TaskManager shape tried by `flinkslot size JOB... --search --json`: those that can run the jobs ranked by the total memory asked, then CPU (or by price with --cost), each with its size and proof (size.schema.json), and the shapes that cannot, by reason.
 */
export interface SizeSearchJson {
  tried: number;
  rankedBy: 'memory' | 'cost';
  shapes: {
    rank: number;
    /**
     * Total Process Memory of one TaskManager, bytes.
     */
    processMemory: number | string;
    slotsPerTaskManager: number;
    cpuCores: number;
    taskManagers: number;
    totalMemory: number | string;
    totalCpuCores: number;
    /**
     * Per hour, with --cost.
     */
    cost?: number;
    /**
     * Nodes of --node size the TaskManagers fill.
     */
    nodes?: number;
    idleSlots: number;
    bindingDimension: Dimension;
    /**
     * The shape's default slot: task heap, managed and network memory per slot.
     */
    slot: ResourceProfile;
    size: SizeJson;
  }[];
  refused: {
    count: number;
    reason: string;
  }[];
  /**
   * Every requirement is a default (UNKNOWN) slot: any shape holds them.
   */
  defaultSlotsOnly: boolean;
  /**
   * What every slot must hold at least (see size.schema.json).
   */
  floor: Floor[];
  /**
   * Default slots only and no floor: flinkslot can count slots but not say which shape is enough; shapes[0] is the smallest, not the best.
   */
  slotsOnly: boolean;
  /**
   * Shapes whose slots hold less than the floor, in the order tried, each with its default slot and why.
   */
  rejected: {
    processMemory: number | string;
    slotsPerTaskManager: number;
    cpuCores: number;
    slot: ResourceProfile;
    /**
     * @minItems 1
     */
    rejections: FloorRejection[];
  }[];
  /**
   * How the inputs were read (info notes), as in size.schema.json.
   */
  notes?: Diagnostic[];
  /**
   * With --emit: the best shape's file (see size.schema.json).
   */
  emitted?: NonNullable<SizeJson['emitted']>;
}
