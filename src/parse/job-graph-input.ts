/** The written form of a JobGraph file (what `schemas/job-graph.schema.json` accepts). */
import type { ResourcesInput } from './resources-input.js';

export interface ManagedMemoryDeclarationInput {
  operatorScope?: { OPERATOR?: number };
  slotScope?: Array<'STATE_BACKEND' | 'PYTHON'>;
}

export interface OperatorInput {
  id: string;
  name?: string;
  /** Keyed state: declares the STATE_BACKEND use case at slot scope. */
  keyed?: boolean;
  managedMemory?: ManagedMemoryDeclarationInput;
  resources?: ResourcesInput;
  legacyWeight?: number;
}

export interface VertexInput extends Omit<OperatorInput, 'id'> {
  id: string;
  parallelism?: number;
  maxParallelism?: number;
  minParallelism?: number;
  slotSharingGroup?: string;
  coLocationGroup?: string;
  operators?: OperatorInput[];
}

export interface EdgeInput {
  source: string;
  target: string;
  distribution?: 'POINTWISE' | 'ALL_TO_ALL';
  resultPartitionType?: string;
}

export interface JobGraphInput {
  name?: string;
  mode?: 'streaming' | 'batch';
  flinkVersion?: string;
  allVerticesInSameSlotSharingGroupByDefault?: boolean;
  loadBalanceMode?: 'NONE' | 'SLOTS' | 'TASKS';
  /** pipeline.max-parallelism: the max parallelism of every vertex without its own. */
  maxParallelism?: number;
  managedMemoryConfig?: {
    consumerWeights?: string | Record<string, number>;
    stateBackend?: 'hashmap' | 'rocksdb' | 'forst';
    stateBackendUsesManagedMemory?: boolean;
    slotManagedMemory?: string | number;
  };
  vertices: VertexInput[];
  edges?: EdgeInput[];
  slotSharingGroups?: Array<{ name: string; resources?: ResourcesInput; slotMin?: ResourcesInput }>;
  /** The job's own Flink configuration (flat keys); flinkslot reads the scheduler keys. */
  configuration?: Record<string, string | number | boolean>;
}

/** Anything that may carry a `resources` map (vertex, operator, slot sharing group). */
export interface ResourcesInputHolder {
  resources?: ResourcesInput;
}
