/**
 * A job read from one of Flink's JSON files: its vertices and edges as the file gives them, the
 * facts it states, and how those parts become flinkslot JobGraph input (producers before consumers,
 * every default the file left to flinkslot noted).
 */
import type { EdgeInput, JobGraphInput, VertexInput } from '../job-graph-input.js';
import { definedOnly } from '../../util/defined-only.js';
import type { FlinkFormat } from './flink-format.js';
import { type ImportNote, type OriginMap, note } from './import-notes.js';
import { inferManagedMemory } from './infer-managed-memory.js';
import type { ResultPartitionTypeName } from './mapping.js';

export interface ImportedVertex {
  readonly id: string;
  readonly name?: string;
  /** A JobGraph plan's description as written (HTML-escaped, `<br/>` between lines). */
  readonly description?: string;
  /** A StreamGraph node's kind: Data Source, Operator, Data Sink. */
  readonly pact?: string;
  readonly parallelism?: number;
  readonly maxParallelism?: number;
  /** GET /jobs/:jobid's `slotSharingGroupId` (Flink 1.20+): a random hex id per group, not its name. */
  readonly slotSharingGroupId?: string;
}

export interface ImportedEdge {
  readonly source: string;
  readonly target: string;
  readonly inputNum?: number;
  readonly shipStrategy?: string;
  readonly exchange?: string;
  readonly resultPartitionType: ResultPartitionTypeName;
  readonly distribution: 'POINTWISE' | 'ALL_TO_ALL';
}

export interface ImportedJob {
  readonly format: FlinkFormat;
  readonly jobId?: string;
  readonly jobName?: string;
  readonly jobState?: string;
  /** The plan's `type`, null when the file does not state it. */
  readonly jobType: 'STREAMING' | 'BATCH' | null;
  readonly vertices: readonly ImportedVertex[];
  readonly edges: readonly ImportedEdge[];
  /** The equivalent flinkslot JobGraph file's data. */
  readonly jobGraph: JobGraphInput;
  readonly notes: readonly ImportNote[];
  /** flinkslot pointers (into `jobGraph`) → pointers into the Flink file. */
  readonly origin: OriginMap;
}

export interface Parts {
  readonly format: FlinkFormat;
  readonly jobId?: string;
  readonly jobName?: string;
  readonly jobState?: string;
  readonly jobType: 'STREAMING' | 'BATCH' | null;
  readonly mode: 'streaming' | 'batch';
  readonly vertices: ImportedVertex[];
  readonly edges: (ImportedEdge & { pointer: string })[];
  readonly notes: ImportNote[];
  readonly origin: OriginMap;
  /** Where an edge's fields sit in the Flink input entry ('' = the entry itself). */
  readonly edgeFields: Readonly<Record<string, string>>;
}

export function assemble(p: Parts): ImportedJob {
  const edges = p.edges.map(({ pointer, ...edge }, j) => {
    p.origin.edge(j, pointer, p.edgeFields);
    return edge;
  });
  const groups = slotSharingGroupsOf(p.vertices, p.notes);
  const inferred = inferManagedMemory(p.vertices, edges, p.mode, p.notes);
  const ssg = groups === undefined ? 'slot sharing groups (streaming: one "default" group; batch: one per region), ' : '';
  const mm = inferred.size === 0 ? ', no managed memory declarations' : '';
  p.notes.push(note('import/defaults', `not in the file, so flinkslot uses the defaults: ${ssg}no resources (UNKNOWN profiles)${mm}`));
  const order = topologicalOrder(p.vertices, edges);
  const vertices = order.map((i) => p.vertices[i]!);
  p.origin.reorderVertices(order);
  const jobGraph: JobGraphInput = {
    ...(p.jobName === undefined || p.jobName === '' ? {} : { name: p.jobName }),
    mode: p.mode,
    vertices: vertices.map((v) => ({ ...vertexInput(v), ...inferred.get(v.id), ...definedOnly({ slotSharingGroup: groups?.get(v.id) }) })),
    ...(edges.length === 0 ? {} : { edges: edges.map(edgeInput) }),
  };
  return {
    ...definedOnly({ jobId: p.jobId, jobName: p.jobName, jobState: p.jobState }),
    format: p.format,
    jobType: p.jobType,
    vertices,
    edges,
    jobGraph,
    notes: p.notes,
    origin: p.origin,
  };
}

/**
 * GET /jobs/:jobid's `slotSharingGroupId`s (1.20+) → group names: one group needs no name (it is
 * the default group); several are named `ssg-` and the id's first 8 hex digits. Undefined when the
 * file carries none.
 */
function slotSharingGroupsOf(vertices: readonly ImportedVertex[], notes: ImportNote[]): Map<string, string> | undefined {
  const ids = [...new Set(vertices.flatMap((v) => (v.slotSharingGroupId === undefined ? [] : [v.slotSharingGroupId])))];
  if (ids.length === 0) return undefined;
  if (ids.length === 1) {
    notes.push(
      note(
        'import/slot-sharing-groups',
        `every vertex is in one slot sharing group (slotSharingGroupId ${ids[0]}): read as the default group`,
      ),
    );
    return new Map();
  }
  const name = (id: string): string => `ssg-${id.slice(0, 8)}`;
  notes.push(
    note(
      'import/slot-sharing-groups',
      `${ids.length} slot sharing groups from the vertices' slotSharingGroupId (Flink gives ids, not names): ${ids.map(name).join(', ')}`,
    ),
  );
  return new Map(vertices.flatMap((v) => (v.slotSharingGroupId === undefined ? [] : [[v.id, name(v.slotSharingGroupId)] as const])));
}

function vertexInput(v: ImportedVertex): VertexInput {
  return definedOnly({ id: v.id, name: v.name, parallelism: v.parallelism, maxParallelism: v.maxParallelism }) as VertexInput;
}

function edgeInput(e: ImportedEdge): EdgeInput {
  return { source: e.source, target: e.target, distribution: e.distribution, resultPartitionType: e.resultPartitionType };
}

/**
 * Producers before consumers (plans list consumers first); vertices on a cycle keep their file
 * order at the end (the analysis reports the cycle).
 */
function topologicalOrder(vertices: readonly ImportedVertex[], edges: readonly ImportedEdge[]): number[] {
  const index = new Map<string, number>();
  vertices.forEach((v, i) => {
    if (!index.has(v.id)) index.set(v.id, i);
  });
  // Repeated ids make the edges ambiguous; keep the file's order, so each duplicate is reported where it is.
  if (index.size < vertices.length) return vertices.map((_, i) => i);
  const indegree = new Array<number>(vertices.length).fill(0);
  const consumers: number[][] = vertices.map(() => []);
  for (const e of edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined) continue;
    consumers[s]!.push(t);
    indegree[t]!++;
  }
  // Kahn's algorithm with a FIFO seeded in file order: linear, and deterministic.
  const ready = vertices.map((_, i) => i).filter((i) => indegree[i] === 0);
  const order: number[] = [];
  const placed = new Array<boolean>(vertices.length).fill(false);
  for (let head = 0; head < ready.length; head++) {
    const i = ready[head]!;
    order.push(i);
    placed[i] = true;
    for (const t of consumers[i]!) if (--indegree[t]! === 0) ready.push(t);
  }
  vertices.forEach((_, i) => {
    if (!placed[i]) order.push(i);
  });
  return order;
}
