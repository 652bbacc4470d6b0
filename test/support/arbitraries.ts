/**
 * fast-check generators of random DAG job graphs, written as a user's JobGraph file would be:
 * vertices v0..v(n-1), edges only from a lower to a higher index (so the graph is acyclic), every
 * result partition type, random distribution, parallelism 1..64, a few slot sharing group names,
 * streaming or batch, operators with managed-memory declarations. Combinations Flink rejects
 * (hybrid shuffle in streaming mode or before 1.16, hybrid with named groups, both resources and
 * a weight in 1.11, unbounded partitions out of a group with resources) are repaired so that every
 * generated job is valid.
 */
import fc from 'fast-check';
import { RESULT_PARTITION_TYPES, type ResultPartitionType } from '../../src/model/job-graph.js';

export const GROUP_NAMES = ['g1', 'g2', 'g3'] as const;

export interface OperatorData {
  id: string;
  managedMemory?: { operatorScope?: { OPERATOR?: number }; slotScope?: Array<'STATE_BACKEND' | 'PYTHON'> };
  resources?: { cpuCores: number; taskHeapMemory: string; managedMemory?: string };
  legacyWeight?: number;
}

export interface VertexData {
  id: string;
  parallelism: number;
  slotSharingGroup?: string;
  operators: OperatorData[];
}

export interface EdgeData {
  source: string;
  target: string;
  distribution: 'POINTWISE' | 'ALL_TO_ALL';
  resultPartitionType: ResultPartitionType;
}

export interface JobData {
  mode: 'streaming' | 'batch';
  flinkVersion?: string;
  vertices: VertexData[];
  edges: EdgeData[];
  managedMemoryConfig?: {
    consumerWeights?: Record<string, number>;
    stateBackend?: 'hashmap' | 'rocksdb' | 'forst';
    slotManagedMemory?: string | number;
  };
  slotSharingGroups?: Array<{ name: string; resources?: { cpuCores: number; taskHeapMemory: string } }>;
}

export interface JobOptions {
  /** Flink versions to draw from; undefined = leave the default (newest). */
  readonly versions?: ReadonlyArray<string | undefined>;
  /** Give operators resource specs and groups FLIP-156 profiles. */
  readonly resources?: boolean;
  readonly maxVertices?: number;
}

const versionNumber = (v: string | undefined): number => {
  if (v === undefined) return 99;
  const [major, minor] = v.split('.').map(Number);
  return major! * 100 + minor!;
};

const operatorArb = (withResources: boolean): fc.Arbitrary<Omit<OperatorData, 'id'>> =>
  fc
    .record(
      {
        weight: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined, freq: 2 }),
        stateBackend: fc.boolean(),
        python: fc.boolean(),
        resources: withResources
          ? fc.option(
              fc.record({
                cpuCores: fc.integer({ min: 1, max: 40 }).map((tenths) => tenths / 10),
                taskHeapMemory: fc.integer({ min: 1, max: 2048 }).map((mb) => `${mb}mb`),
                managedMemory: fc.option(
                  fc.integer({ min: 0, max: 4096 }).map((mb) => `${mb}m`),
                  { nil: undefined },
                ),
              }),
              { nil: undefined },
            )
          : fc.constant(undefined),
        legacyWeight: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined, freq: 3 }),
      },
      { requiredKeys: [] },
    )
    .map(({ weight, stateBackend, python, resources, legacyWeight }) => {
      const op: Omit<OperatorData, 'id'> = {};
      const slotScope: Array<'STATE_BACKEND' | 'PYTHON'> = [];
      if (stateBackend) slotScope.push('STATE_BACKEND');
      if (python) slotScope.push('PYTHON');
      if (weight !== undefined || slotScope.length > 0) {
        op.managedMemory = {};
        if (weight !== undefined) op.managedMemory.operatorScope = { OPERATOR: weight };
        if (slotScope.length > 0) op.managedMemory.slotScope = slotScope;
      }
      if (resources !== undefined) {
        op.resources = { cpuCores: resources.cpuCores, taskHeapMemory: resources.taskHeapMemory };
        if (resources.managedMemory !== undefined) op.resources.managedMemory = resources.managedMemory;
      } else if (legacyWeight !== undefined) {
        op.legacyWeight = legacyWeight;
      }
      return op;
    });

const groupArb = fc.option(fc.constantFrom<string>('default', ...GROUP_NAMES), { nil: undefined, freq: 2 });

export function jobArb(options: JobOptions = {}): fc.Arbitrary<JobData> {
  const maxVertices = options.maxVertices ?? 24;
  const withResources = options.resources ?? false;
  return fc.integer({ min: 1, max: maxVertices }).chain((n) =>
    fc
      .record({
        mode: fc.constantFrom<'streaming' | 'batch'>('streaming', 'batch'),
        flinkVersion: options.versions === undefined ? fc.constant(undefined) : fc.constantFrom(...options.versions),
        vertices: fc.array(
          fc.record({
            parallelism: fc.integer({ min: 1, max: 64 }),
            slotSharingGroup: groupArb,
            operators: fc.array(operatorArb(withResources), { minLength: 1, maxLength: 3 }),
          }),
          { minLength: n, maxLength: n },
        ),
        edges: fc.array(
          fc.record({
            a: fc.nat({ max: n - 1 }),
            b: fc.nat({ max: n - 1 }),
            distribution: fc.constantFrom<'POINTWISE' | 'ALL_TO_ALL'>('POINTWISE', 'ALL_TO_ALL'),
            resultPartitionType: fc.constantFrom(...RESULT_PARTITION_TYPES),
          }),
          { maxLength: 2 * n },
        ),
        consumerWeights: fc.option(
          fc.record(
            {
              OPERATOR: fc.integer({ min: 0, max: 100 }),
              STATE_BACKEND: fc.integer({ min: 0, max: 100 }),
              PYTHON: fc.integer({ min: 0, max: 100 }),
              DATAPROC: fc.integer({ min: 0, max: 100 }),
            },
            { requiredKeys: [] },
          ),
          { nil: undefined },
        ),
        stateBackend: fc.option(fc.constantFrom<'hashmap' | 'rocksdb' | 'forst'>('hashmap', 'rocksdb', 'forst'), { nil: undefined }),
        slotManagedMemory: fc.option(
          fc.oneof(
            fc.integer({ min: 0, max: 1 << 30 }),
            fc.integer({ min: 1, max: 4096 }).map((mb) => `${mb}mb`),
          ),
          {
            nil: undefined,
          },
        ),
        groupResources: (withResources
          ? fc.array(
              fc.record({
                name: fc.constantFrom('default', ...GROUP_NAMES),
                cpuCores: fc.integer({ min: 1, max: 40 }).map((tenths) => tenths / 10),
                heapMb: fc.integer({ min: 1, max: 4096 }),
              }),
              { maxLength: 3 },
            )
          : fc.constant([])) as fc.Arbitrary<Array<{ name: string; cpuCores: number; heapMb: number }>>,
      })
      .map((r): JobData => {
        const version = versionNumber(r.flinkVersion);
        const vertices: VertexData[] = r.vertices.map((v, i) => ({
          id: `v${i}`,
          parallelism: v.parallelism,
          ...(v.slotSharingGroup === undefined ? {} : { slotSharingGroup: v.slotSharingGroup }),
          operators: v.operators.map((op, k) => ({ id: `v${i}.op${k}`, ...op })),
        }));
        let edges: EdgeData[] = r.edges
          .filter((e) => e.a !== e.b)
          .map((e) => ({
            source: `v${Math.min(e.a, e.b)}`,
            target: `v${Math.max(e.a, e.b)}`,
            distribution: e.distribution,
            resultPartitionType: e.resultPartitionType,
          }));
        const hybridAllowed = r.mode === 'batch' && version >= 116;
        edges = edges.map((e) =>
          !hybridAllowed && e.resultPartitionType.startsWith('HYBRID_')
            ? { ...e, resultPartitionType: e.resultPartitionType === 'HYBRID_FULL' ? 'BLOCKING' : 'PIPELINED' }
            : e,
        );
        // PIPELINED_APPROXIMATE exists from 1.12 on.
        if (version < 112)
          edges = edges.map((e) => (e.resultPartitionType === 'PIPELINED_APPROXIMATE' ? { ...e, resultPartitionType: 'BLOCKING' } : e));
        if (edges.some((e) => e.resultPartitionType.startsWith('HYBRID_'))) {
          for (const v of vertices) delete v.slotSharingGroup;
        }
        const job: JobData = { mode: r.mode, vertices, edges };
        if (r.flinkVersion !== undefined) job.flinkVersion = r.flinkVersion;
        const config: NonNullable<JobData['managedMemoryConfig']> = {};
        if (r.consumerWeights !== undefined) config.consumerWeights = r.consumerWeights;
        // ForSt exists from 2.0 on.
        if (r.stateBackend !== undefined) config.stateBackend = r.stateBackend === 'forst' && version < 200 ? 'rocksdb' : r.stateBackend;
        if (r.slotManagedMemory !== undefined) config.slotManagedMemory = r.slotManagedMemory;
        if (Object.keys(config).length > 0) job.managedMemoryConfig = config;
        const names = [...new Set(r.groupResources.map((g) => g.name))];
        if (names.length > 0) {
          job.slotSharingGroups = names.map((name) => {
            const g = r.groupResources.find((x) => x.name === name)!;
            return { name, resources: { cpuCores: g.cpuCores, taskHeapMemory: `${g.heapMb}mb` } };
          });
          // A group with resources producing an unbounded partition is refused from 1.14 (PIPELINED)
          // and 1.16 (hybrid): bounded or blocking exchanges instead (src/plan/network-memory.ts).
          const declared = new Set(names);
          const groupOf = (id: string): string => vertices[indexOf(id)]!.slotSharingGroup ?? 'default';
          job.edges = edges.map((e) =>
            !declared.has(groupOf(e.source))
              ? e
              : e.resultPartitionType === 'PIPELINED'
                ? { ...e, resultPartitionType: 'PIPELINED_BOUNDED' }
                : e.resultPartitionType.startsWith('HYBRID_')
                  ? { ...e, resultPartitionType: 'BLOCKING' }
                  : e,
          );
        }
        return job;
      }),
  );
}

/** Index of vertex `vN`. */
export const indexOf = (id: string): number => Number(id.slice(1));

/** Sets of numbers as a canonical sorted list of sorted lists. */
export function canonical(sets: ReadonlyArray<ReadonlyArray<number | string>>): number[][] {
  return sets.map((s) => s.map((x) => (typeof x === 'number' ? x : Number(x))).sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
}
