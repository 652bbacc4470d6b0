/**
 * An explicit subtask graph (subtasks named "A#0", edges listed one by one, each its own result
 * partition) → ExecutionTopology, for computations Flink's tests run on hand-wired graphs
 * (SchedulingPipelinedRegionComputeUtil, the slot sharing strategies).
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { buildDigraph } from '../graph/digraph.js';
import { topologicalSort } from '../graph/topological-sort.js';
import type { ResultPartitionType } from '../model/job-graph.js';
import { type ResourceProfile, UNKNOWN } from '../model/resource-profile.js';
import { type ExecutionInput, type ExecutionTopology, subtaskOffsets } from './execution-topology.js';

export interface SubtaskGraph {
  readonly subtasks: readonly string[];
  readonly edges: ReadonlyArray<{ source: string; target: string; resultPartitionType: ResultPartitionType }>;
  /** Slot sharing group name → job vertex ids; vertices not listed get a group of their own. */
  readonly slotSharingGroups?: ReadonlyMap<string, readonly string[]>;
  readonly slotSharingGroupProfiles?: ReadonlyMap<string, ResourceProfile>;
  readonly coLocationGroups?: ReadonlyMap<string, readonly string[]>;
  /** Visit order for the slot sharing strategies; default: topological, ties by first appearance. */
  readonly topologicalOrder?: readonly string[];
}

function parseName(name: string): { vertex: string; index: number } | undefined {
  const match = /^(.*)#(\d+)$/.exec(name);
  return match ? { vertex: match[1]!, index: Number(match[2]) } : undefined;
}

export function fromSubtaskGraph(g: SubtaskGraph): Result<ExecutionTopology> {
  const ids: string[] = [];
  const parallelism = new Map<string, number>();
  for (const name of g.subtasks) {
    const parsed = parseName(name);
    if (parsed === undefined) return fail([error('input/subtask-name', `subtask '${name}' is not named VERTEX#INDEX`, '')]);
    if (!parallelism.has(parsed.vertex)) ids.push(parsed.vertex);
    parallelism.set(parsed.vertex, Math.max(parallelism.get(parsed.vertex) ?? 0, parsed.index + 1));
  }
  const index = new Map(ids.map((id, i) => [id, i]));
  const inputs = new Map<string, { producer: number; resultPartitionType: ResultPartitionType; consumed: number[][] }>();
  const consumerOf = new Map<string, number>();
  for (const e of g.edges) {
    const [s, c] = [parseName(e.source), parseName(e.target)];
    if (!s || !c || !index.has(s.vertex) || !index.has(c.vertex))
      return fail([error('input/unknown-subtask', `edge ${e.source} -> ${e.target} names an unknown subtask`, '')]);
    const key = `${s.vertex}>${c.vertex}>${e.resultPartitionType}`;
    let input = inputs.get(key);
    if (input === undefined) {
      input = {
        producer: index.get(s.vertex)!,
        resultPartitionType: e.resultPartitionType,
        consumed: Array.from({ length: parallelism.get(c.vertex)! }, () => []),
      };
      inputs.set(key, input);
      consumerOf.set(key, index.get(c.vertex)!);
    }
    input.consumed[c.index]!.push(s.index);
  }
  const groupOfVertex = groupIndex(ids, g.slotSharingGroups);
  const coLocationOf = new Map<string, number>();
  [...(g.coLocationGroups ?? new Map<string, readonly string[]>()).values()].forEach((members, i) =>
    members.forEach((m) => coLocationOf.set(m, i)),
  );
  const vertexInputs: ExecutionInput[][] = ids.map(() => []);
  for (const [key, input] of inputs) vertexInputs[consumerOf.get(key)!]!.push({ pattern: 'EXPLICIT', ...input });
  const order = visitOrder(ids, inputs, consumerOf, g.topologicalOrder);
  const vertices = ids.map((id, v) => ({
    id,
    parallelism: parallelism.get(id)!,
    slotSharingGroup: groupOfVertex.of[v]!,
    coLocationGroup: coLocationOf.get(id),
    resources: UNKNOWN,
    inputs: vertexInputs[v]!,
    logicalRegion: undefined,
  }));
  const offsets = subtaskOffsets(vertices);
  return ok({
    vertices,
    topologicalOrder: order,
    slotSharingGroups: groupOfVertex.names.map((name) => ({ id: name, profile: g.slotSharingGroupProfiles?.get(name) ?? UNKNOWN })),
    coLocationGroups: [...(g.coLocationGroups?.keys() ?? [])],
    offsets,
    subtaskCount: offsets[vertices.length]!,
  });
}

function groupIndex(ids: readonly string[], groups: ReadonlyMap<string, readonly string[]> | undefined): { of: number[]; names: string[] } {
  const names = [...(groups?.keys() ?? [])];
  const byVertex = new Map<string, number>();
  names.forEach((name, i) => groups!.get(name)!.forEach((v) => byVertex.set(v, i)));
  const of = ids.map((id) => {
    const known = byVertex.get(id);
    if (known !== undefined) return known;
    names.push(id);
    return names.length - 1;
  });
  return { of, names };
}

function visitOrder(
  ids: readonly string[],
  inputs: Map<string, { producer: number }>,
  consumerOf: Map<string, number>,
  given: readonly string[] | undefined,
): number[] {
  if (given !== undefined) return given.map((id) => ids.indexOf(id));
  const keys = [...inputs.keys()];
  const sorted = topologicalSort(
    buildDigraph(
      ids.length,
      keys.map((k) => inputs.get(k)!.producer),
      keys.map((k) => consumerOf.get(k)!),
    ),
  );
  return sorted.ok ? [...sorted.order] : ids.map((_, i) => i);
}
