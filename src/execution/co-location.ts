/**
 * `DefaultExecutionTopology.ensureCoLocatedVerticesInSameRegion`: subtask i of every vertex of a
 * co-location group must sit in one scheduling region, else Flink fails the job with
 * "co-located tasks must be in the same pipelined region".
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import type { ExecutionTopology } from './execution-topology.js';
import type { SchedulingRegions } from './scheduling-regions.js';

export function checkCoLocatedSubtasks(t: ExecutionTopology, regions: SchedulingRegions): Diagnostic | undefined {
  const regionOfIndex = new Map<number, number[]>();
  for (let v = 0; v < t.vertices.length; v++) {
    const vertex = t.vertices[v]!;
    if (vertex.coLocationGroup === undefined) continue;
    let seen = regionOfIndex.get(vertex.coLocationGroup);
    if (seen === undefined) regionOfIndex.set(vertex.coLocationGroup, (seen = []));
    for (let i = 0; i < vertex.parallelism; i++) {
      const region = regions.regionOf[t.offsets[v]! + i]!;
      if (seen[i] === undefined) seen[i] = region;
      else if (seen[i] !== region) {
        const group = t.coLocationGroups[vertex.coLocationGroup]!;
        const message = `co-located tasks must be in the same pipelined region (co-location group '${group}': subtask ${vertex.id}#${i} is in another scheduling region than subtask ${i} of the vertices before it)`;
        return error('execution/colocation-across-regions', message, `/vertices/${v}/coLocationGroup`, 'IllegalStateException');
      }
    }
  }
  return undefined;
}
