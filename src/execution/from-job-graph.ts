/**
 * JobGraph analysis → ExecutionTopology: every JobEdge becomes an input of its target with its
 * distribution pattern; vertices carry their slot sharing group, co-location group, ResourceSpec
 * and logical region. Refuses jobs above MAX_SUBTASKS subtasks before allocating per-subtask
 * arrays, so an absurd parallelism is an error instead of running out of memory.
 */
import type { JobAnalysis } from '../plan/analyze-job.js';
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { buildDigraph } from '../graph/digraph.js';
import { flinkTopologicalOrder } from '../graph/flink-topological-order.js';
import { vertexResourceSpec } from '../plan/slot-plan.js';
import { type ExecutionInput, type ExecutionTopology, subtaskOffsets } from './execution-topology.js';
import { groupThousands } from '../util/plain-locale.js';

export const MAX_SUBTASKS = 10_000_000;

export function checkSubtaskBound(total: number): Diagnostic | undefined {
  if (total <= MAX_SUBTASKS) return undefined;
  const message = `the job has ${total} subtasks; subtask-level analysis is limited to ${groupThousands(MAX_SUBTASKS)} (lower the parallelism, or drop --execution)`;
  return error('execution/too-many-subtasks', message, '/vertices');
}

export function toExecutionTopology(a: JobAnalysis): Result<ExecutionTopology> {
  const g = a.graph;
  const offsets = subtaskOffsets(g.vertices);
  const tooMany = checkSubtaskBound(offsets[g.vertices.length]!);
  if (tooMany) return fail([tooMany]);
  const inputs: ExecutionInput[][] = g.vertices.map(() => []);
  for (const e of g.edges)
    inputs[e.target]!.push({ pattern: e.distribution, producer: e.source, resultPartitionType: e.resultPartitionType });
  const coLocationIndex = new Map(a.slotSharing.coLocationGroups.map((c, i) => [c.name, i]));
  const inDegree = new Int32Array(g.vertices.length);
  for (const e of g.edges) inDegree[e.target]!++;
  const order = flinkTopologicalOrder(
    buildDigraph(
      g.vertices.length,
      g.edges.map((e) => e.source),
      g.edges.map((e) => e.target),
    ),
    inDegree,
  );
  if (order === undefined) throw new Error('the JobGraph was checked to be acyclic');
  return ok({
    vertices: g.vertices.map((v) => ({
      id: v.id,
      parallelism: v.parallelism,
      slotSharingGroup: a.slotSharing.groupOf[v.index]!,
      coLocationGroup: v.coLocationGroup === undefined ? undefined : coLocationIndex.get(v.coLocationGroup),
      resources: vertexResourceSpec(v),
      inputs: inputs[v.index]!,
      logicalRegion: a.regions.regionOf[v.index]!,
    })),
    topologicalOrder: order,
    // A declared group profile as the JobMaster requests it: from 1.14 with its network memory (slot-plan.ts).
    slotSharingGroups: a.slotSharing.groups.map((s, i) => {
      const plan = a.slotSharingGroups[i]!;
      return { id: s.id, profile: plan.profileSource === 'slot-sharing-group' ? plan.resourceProfile : s.groupProfile };
    }),
    coLocationGroups: a.slotSharing.coLocationGroups.map((c) => c.name),
    offsets,
    subtaskCount: offsets[g.vertices.length]!,
  });
}
