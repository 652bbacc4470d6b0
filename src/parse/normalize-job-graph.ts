/**
 * Written JobGraph (schema-valid data) → the canonical JobGraph model, applying defaults and the
 * rules a schema cannot express: unique ids, edges naming existing vertices, Flink's parallelism
 * checks, memory sizes, version-gated features, and that the graph is acyclic (the edges: job-graph-edges.ts).
 */
import { type Diagnostic, type Result, error, fail, hasErrors, ok } from '../errors/diagnostic.js';
import {
  DEFAULT_FLINK_VERSION,
  type FlinkVersion,
  type FlinkVersionSource,
  atLeast,
  formatVersion,
  resolveFlinkVersion,
} from '../model/flink-version.js';
import {
  DEFAULT_SLOT_SHARING_GROUP,
  type JobGraph,
  type JobVertex,
  type ManagedMemoryConfig,
  type ManagedMemoryUseCase,
  type Operator,
  type SchedulerOptions,
} from '../model/job-graph.js';
import { type ResourceProfile, UNKNOWN } from '../model/resource-profile.js';
import { readConsumerWeights } from './consumer-weights.js';
import type { JobGraphInput, OperatorInput, VertexInput } from './job-graph-input.js';
import { checkAcyclic, readEdges } from './job-graph-edges.js';
import { applyBatchExecution } from './batch-execution.js';
import { checkParallelism, checkPipelineMaxParallelism, maxParallelismOf } from './parallelism-rules.js';
import { JAVA_INT_MAX } from './consumer-weights.js';
import { readMemorySize, readResourceSpec } from './resources-input.js';
import { pushAll } from '../util/push-all.js';
import { readGroupFloors, readGroupResources } from './slot-sharing-group-input.js';
import { readSchedulerOptions } from './scheduler-options.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface NormalizeOptions {
  /** `--flink-version`: replaces the file's `flinkVersion`. */
  readonly flinkVersion?: FlinkVersion;
}

export function normalizeJobGraph(input: JobGraphInput, options: NormalizeOptions = {}): Result<JobGraph> {
  const out: Diagnostic[] = [];
  const { flinkVersion, flinkVersionSource } = readVersion(input.flinkVersion, options.flinkVersion, out);
  const mode = input.mode ?? 'streaming';
  const read = readVertices(input.vertices, readPipelineMaxParallelism(input.maxParallelism, out), flinkVersion, out);
  const batch = applyBatchExecution(
    mode,
    flinkVersion,
    read.vertices,
    readManagedMemoryConfig(input.managedMemoryConfig, flinkVersion, out),
    input.managedMemoryConfig?.stateBackendUsesManagedMemory !== undefined,
    out,
  );
  const vertices = batch.vertices;
  const edges = readEdges(input.edges ?? [], read.indexOfId, mode, flinkVersion, out);
  const graph: JobGraph = {
    name: input.name ?? 'job',
    mode,
    flinkVersion,
    flinkVersionSource,
    allVerticesInSameSlotSharingGroupByDefault: input.allVerticesInSameSlotSharingGroupByDefault ?? mode === 'streaming',
    loadBalanceMode: readLoadBalanceMode(input.loadBalanceMode, flinkVersion, out),
    vertices,
    edges,
    slotSharingGroupResources: readGroupResources(input, vertices, flinkVersion, out),
    slotSharingGroupFloors: readGroupFloors(input, vertices, out),
    managedMemoryConfig: batch.managedMemoryConfig,
    ...readJobSchedulerOptions(input.configuration, flinkVersion, out),
  };
  if (!hasErrors(out)) checkAcyclic(graph, out);
  return hasErrors(out) ? fail(out) : ok(graph, out);
}

function readLoadBalanceMode(
  mode: JobGraphInput['loadBalanceMode'],
  version: FlinkVersion,
  out: Diagnostic[],
): JobGraph['loadBalanceMode'] {
  if (mode === 'TASKS' && !atLeast(version, 2, 2)) {
    out.push(
      error(
        'input/load-balance-mode',
        `taskmanager.load-balance.mode TASKS exists from Flink 2.2 on (TaskManagerOptions.TaskManagerLoadBalanceMode is NONE, SLOTS before; MIN_RESOURCES in 2.1); flinkVersion is ${formatVersion(version)}`,
        '/loadBalanceMode',
      ),
    );
  }
  return mode ?? 'NONE';
}

function readVersion(
  text: string | undefined,
  override: FlinkVersion | undefined,
  out: Diagnostic[],
): { flinkVersion: FlinkVersion; flinkVersionSource: FlinkVersionSource } {
  if (override !== undefined) return { flinkVersion: override, flinkVersionSource: 'option' };
  const version = resolveFlinkVersion(text, 'flinkVersion', '/flinkVersion');
  const flinkVersionSource = text === undefined ? 'assumed' : 'file';
  if (version.ok) {
    pushAll(out, version.warnings);
    return { flinkVersion: version.value, flinkVersionSource };
  }
  pushAll(out, version.diagnostics);
  return { flinkVersion: DEFAULT_FLINK_VERSION, flinkVersionSource };
}

/** The job's own Flink configuration (`flink run -D`, the program's): its scheduler keys. */
function readJobSchedulerOptions(
  configuration: JobGraphInput['configuration'],
  version: FlinkVersion,
  out: Diagnostic[],
): { schedulerOptions?: SchedulerOptions } {
  if (configuration === undefined) return {};
  const get = (key: string): string | undefined => {
    const value = Object.hasOwn(configuration, key) ? configuration[key] : undefined;
    return value === undefined ? undefined : String(value);
  };
  const pointerOf = (key: string): string => `/configuration/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  return { schedulerOptions: readSchedulerOptions(get, 'job', version, pointerOf, out) };
}

/** The job graph's `maxParallelism`: pipeline.max-parallelism, for every vertex without its own. */
function readPipelineMaxParallelism(value: number | undefined, out: Diagnostic[]): number | undefined {
  return value !== undefined && checkPipelineMaxParallelism(value, '/maxParallelism', out) ? value : undefined;
}

/**
 * The vertices, and the index of the first vertex of each id: the edges name vertices by id
 * (readEdges), so the one map serves both (a 100,000-vertex job built it twice, issue 29 §3).
 */
function readVertices(
  inputs: readonly VertexInput[],
  pipelineMax: number | undefined,
  version: FlinkVersion,
  out: Diagnostic[],
): { vertices: JobVertex[]; indexOfId: ReadonlyMap<string, number> } {
  const indexOfId = new Map<string, number>();
  const operatorIds = new Map<string, string>();
  const vertices = inputs.map((v, index): JobVertex => {
    const pointer = `/vertices/${index}`;
    const first = indexOfId.get(v.id);
    if (first === undefined) indexOfId.set(v.id, index);
    else out.push(duplicateId('vertex', v.id, `/vertices/${first}`, pointer));
    const operators = readOperators(v, pointer, out);
    // An implicit operator carries its vertex's id: a duplicate vertex is reported once, as such.
    if (v.operators !== undefined) for (const op of operators) noteDuplicate(operatorIds, op.id, op.pointer, 'operator', out);
    // No parallelism (or Flink's -1 where JobVertex accepts it): unset. The default scheduler runs
    // such a vertex at 1 (SchedulerBase.normalizeParallelism; ExecutionJobVertex before 1.13), the
    // AdaptiveBatchScheduler decides it at run time (plan/adaptive-batch.ts).
    const unset = v.parallelism === undefined || (v.parallelism === -1 && atLeast(version, 1, 15));
    const parallelism = unset ? 1 : v.parallelism!;
    const source = maxParallelismOf(v.maxParallelism, pipelineMax, parallelism).source;
    const configured = v.maxParallelism ?? pipelineMax;
    const maxParallelism = checkParallelism(
      { vertexName: v.name ?? v.id, parallelism, maxParallelism: configured, minParallelism: v.minParallelism, pointer },
      version,
      out,
    );
    const vertex: Mutable<JobVertex> = {
      index,
      id: v.id,
      name: v.name ?? v.id,
      parallelism,
      maxParallelism: maxParallelism ?? parallelism,
      maxParallelismConfigured: configured !== undefined,
      maxParallelismSource: source,
      minParallelism: v.minParallelism,
      slotSharingGroup: v.slotSharingGroup ?? DEFAULT_SLOT_SHARING_GROUP,
      coLocationGroup: v.coLocationGroup,
      operators,
      pointer,
    };
    // Set after, not spread into the literal: a literal with a spread is built slowly, 100,000 times.
    if (unset) vertex.parallelismUnset = true;
    return vertex;
  });
  return { vertices, indexOfId };
}

/** `owner` is the pointer of the object holding the id; the diagnostic points at its `id` key. */
function noteDuplicate(seen: Map<string, string>, id: string, owner: string, what: string, out: Diagnostic[]): void {
  const first = seen.get(id);
  if (first === undefined) seen.set(id, owner);
  else out.push(duplicateId(what, id, first, owner));
}

function duplicateId(what: string, id: string, first: string, owner: string): Diagnostic {
  return error('input/duplicate-id', `duplicate ${what} id '${id}' (first defined at ${first})`, `${owner}/id`);
}

function readOperators(v: VertexInput, pointer: string, out: Diagnostic[]): Operator[] {
  if (v.operators === undefined) return [readOperator({ ...v, id: v.id }, pointer, out)];
  for (const key of ['managedMemory', 'resources', 'legacyWeight'] as const) {
    if (v[key] !== undefined) {
      out.push(
        error(
          'input/vertex-operator-fields',
          `vertex '${v.id}' lists operators: give ${key} on its operators instead`,
          `${pointer}/${key}`,
        ),
      );
    }
  }
  return v.operators.map((op, i) => readOperator(op, `${pointer}/operators/${i}`, out));
}

/**
 * Most operators declare no managed memory: they share these two empty values (read-only in the
 * model) instead of a fresh Map and Set each, 400,000 objects for a 200,000-operator job.
 */
const NO_WEIGHTS: ReadonlyMap<ManagedMemoryUseCase, number> = new Map();
const NO_USE_CASES: ReadonlySet<ManagedMemoryUseCase> = new Set();

function readOperator(op: OperatorInput, pointer: string, out: Diagnostic[]): Operator {
  const operatorWeights = readOperatorWeights(op, pointer, out);
  const slotScope = op.managedMemory?.slotScope;
  const keyed = op.keyed === true;
  // The pointer is made only for resources given: most operators have none (UNKNOWN).
  const resources: ResourceProfile = op.resources === undefined ? UNKNOWN : readResourceSpec(op.resources, `${pointer}/resources`, out);
  return {
    id: op.id,
    name: op.name ?? op.id,
    operatorScopeWeights: operatorWeights,
    slotScopeUseCases:
      slotScope === undefined && !keyed ? NO_USE_CASES : new Set([...(slotScope ?? []), ...(keyed ? (['STATE_BACKEND'] as const) : [])]),
    keyed,
    resources,
    legacyWeight: op.legacyWeight ?? 1,
    legacyWeightSet: op.legacyWeight !== undefined,
    pointer,
  };
}

function readOperatorWeights(op: OperatorInput, pointer: string, out: Diagnostic[]): ReadonlyMap<ManagedMemoryUseCase, number> {
  const operatorWeight = op.managedMemory?.operatorScope?.OPERATOR;
  if (operatorWeight !== undefined) {
    const at = `${pointer}/managedMemory/operatorScope/OPERATOR`;
    if (operatorWeight <= 0) {
      out.push(
        error(
          'input/managed-memory-weight',
          'Weights for operator scope use cases must be greater than 0.',
          at,
          'IllegalArgumentException',
        ),
      );
    } else if (operatorWeight > JAVA_INT_MAX) {
      out.push(error('input/managed-memory-weight', `weight ${operatorWeight} is larger than a Java int (${JAVA_INT_MAX})`, at));
    }
  }
  return operatorWeight === undefined ? NO_WEIGHTS : new Map([['OPERATOR', operatorWeight]]);
}

function readManagedMemoryConfig(
  input: JobGraphInput['managedMemoryConfig'],
  version: FlinkVersion,
  out: Diagnostic[],
): ManagedMemoryConfig {
  const pointer = '/managedMemoryConfig';
  if (input?.stateBackend === 'forst' && !atLeast(version, 2, 0)) {
    out.push(
      error(
        'input/state-backend',
        `the ForSt state backend exists from Flink 2.0 on; flinkVersion is ${formatVersion(version)}`,
        `${pointer}/stateBackend`,
      ),
    );
  }
  const consumerWeights =
    input?.consumerWeights === undefined ? undefined : readConsumerWeights(input.consumerWeights, `${pointer}/consumerWeights`, out);
  const backendUses = input?.stateBackend === undefined ? false : input.stateBackend !== 'hashmap';
  const stateBackend: ManagedMemoryConfig['stateBackend'] =
    input?.stateBackend === undefined
      ? { name: defaultStateBackend(version), source: 'default' }
      : { name: input.stateBackend, source: 'job' };
  const slotManagedMemory =
    input?.slotManagedMemory === undefined
      ? undefined
      : readMemorySize(input.slotManagedMemory, 'slotManagedMemory', `${pointer}/slotManagedMemory`, out);
  return {
    consumerWeights,
    ...(consumerWeights === undefined ? {} : { consumerWeightsSource: 'job' as const }),
    stateBackend,
    stateBackendUsesManagedMemory: input?.stateBackendUsesManagedMemory ?? backendUses,
    slotManagedMemory,
  };
}

/** Flink's default state backend: the heap one, named hashmap from 1.13 (MemoryStateBackend, "jobmanager", before). */
export function defaultStateBackend(version: FlinkVersion): string {
  return atLeast(version, 1, 13) ? 'hashmap' : 'jobmanager';
}
