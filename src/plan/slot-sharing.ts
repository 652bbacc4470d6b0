/**
 * Slot sharing and co-location groups of a JobGraph, as
 * `StreamingJobGraphGenerator.setSlotSharingAndCoLocation` assigns them:
 * - a vertex in the `default` group joins one job-wide group when
 *   allVerticesInSameSlotSharingGroupByDefault (streaming), else the group of its logical
 *   pipelined region (batch: one group per region);
 * - a user-named group is one group across the whole job, regions ignored;
 * - every group carries the FLIP-156 profile registered for its name (UNKNOWN if none);
 * - user-named groups are rejected when the job has a hybrid result partition;
 * - co-located vertices must be in the same group object, and (Flink >= 1.13,
 *   `DefaultExecutionTopology.ensureCoLocatedVerticesInSameRegion`) in the same pipelined region:
 *   subtask i of each must land in one scheduling region, which never spans logical regions.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { atLeast } from '../model/flink-version.js';
import { DEFAULT_SLOT_SHARING_GROUP, type JobGraph } from '../model/job-graph.js';
import { type ResourceProfile, UNKNOWN } from '../model/resource-profile.js';
import type { PipelinedRegions } from './pipelined-regions.js';
import { isHybrid } from './result-partition-type.js';

export interface SlotSharingGroup {
  readonly index: number;
  /** Unique label: the group name, or `default/region-N` for per-region default groups. */
  readonly id: string;
  /** StreamGraph group name. */
  readonly name: string;
  /** 1-based logical region number for per-region default groups. */
  readonly region: number | undefined;
  readonly vertices: number[];
  /** FLIP-156 group profile; UNKNOWN when the job declares none for this name. */
  readonly groupProfile: ResourceProfile;
}

export interface CoLocationGroup {
  readonly name: string;
  readonly slotSharingGroup: number;
  readonly vertices: number[];
}

export interface SlotSharing {
  readonly groups: readonly SlotSharingGroup[];
  readonly groupOf: Int32Array;
  readonly coLocationGroups: readonly CoLocationGroup[];
}

export function computeSlotSharing(graph: JobGraph, regions: PipelinedRegions): Result<SlotSharing> {
  const hybridError = checkHybridWithUserGroups(graph);
  if (hybridError) return fail([hybridError]);
  const byKey = new Map<string, SlotSharingGroup>();
  const groups: SlotSharingGroup[] = [];
  const groupOf = new Int32Array(graph.vertices.length);
  for (const vertex of graph.vertices) {
    const perRegion = vertex.slotSharingGroup === DEFAULT_SLOT_SHARING_GROUP && !graph.allVerticesInSameSlotSharingGroupByDefault;
    const region = perRegion ? regions.regionOf[vertex.index]! + 1 : undefined;
    const id = region === undefined ? vertex.slotSharingGroup : `${DEFAULT_SLOT_SHARING_GROUP}/region-${region}`;
    let group = byKey.get(id);
    if (group === undefined) {
      const groupProfile = graph.slotSharingGroupResources.get(vertex.slotSharingGroup) ?? UNKNOWN;
      group = { index: groups.length, id, name: vertex.slotSharingGroup, region, vertices: [], groupProfile };
      byKey.set(id, group);
      groups.push(group);
    }
    group.vertices.push(vertex.index);
    groupOf[vertex.index] = group.index;
  }
  const coLocation = computeCoLocationGroups(graph, groupOf);
  if (!coLocation.ok) return coLocation;
  const regionError = atLeast(graph.flinkVersion, 1, 13) ? checkCoLocatedInOneRegion(graph, coLocation.value, regions) : undefined;
  if (regionError) return fail([regionError]);
  return ok({ groups, groupOf, coLocationGroups: coLocation.value });
}

function checkHybridWithUserGroups(graph: JobGraph): Diagnostic | undefined {
  if (!graph.edges.some((e) => isHybrid(e.resultPartitionType))) return undefined;
  const named = graph.vertices.find((v) => v.slotSharingGroup !== DEFAULT_SLOT_SHARING_GROUP);
  if (named === undefined) return undefined;
  return error(
    'slot-sharing/hybrid-with-named-group',
    'hybrid shuffle mode currently does not support setting non-default slot sharing group.',
    `${named.pointer}/slotSharingGroup`,
    'IllegalStateException',
  );
}

function checkCoLocatedInOneRegion(graph: JobGraph, groups: readonly CoLocationGroup[], regions: PipelinedRegions): Diagnostic | undefined {
  for (const group of groups) {
    const first = group.vertices[0]!;
    const other = group.vertices.find((v) => regions.regionOf[v] !== regions.regionOf[first]);
    if (other === undefined) continue;
    const [a, b] = [graph.vertices[first]!, graph.vertices[other]!];
    const message = `co-located tasks must be in the same pipelined region (co-location group '${group.name}': '${a.id}' and '${b.id}' are in different pipelined regions)`;
    return error('slot-sharing/colocation-across-regions', message, `${b.pointer}/coLocationGroup`, 'IllegalStateException');
  }
  return undefined;
}

/** `setCoLocation`: the first vertex with a key fixes the group; a later one elsewhere fails. */
function computeCoLocationGroups(graph: JobGraph, groupOf: Int32Array): Result<CoLocationGroup[]> {
  const byName = new Map<string, CoLocationGroup>();
  for (const vertex of graph.vertices) {
    if (vertex.coLocationGroup === undefined) continue;
    const existing = byName.get(vertex.coLocationGroup);
    if (existing === undefined) {
      byName.set(vertex.coLocationGroup, {
        name: vertex.coLocationGroup,
        slotSharingGroup: groupOf[vertex.index]!,
        vertices: [vertex.index],
      });
    } else if (existing.slotSharingGroup !== groupOf[vertex.index]) {
      const first = graph.vertices[existing.vertices[0]!]!;
      const message = `Cannot co-locate operators from different slot sharing groups (co-location group '${vertex.coLocationGroup}': '${first.id}' and '${vertex.id}')`;
      return fail([error('slot-sharing/colocation-across-groups', message, `${vertex.pointer}/coLocationGroup`, 'IllegalStateException')]);
    } else {
      existing.vertices.push(vertex.index);
    }
  }
  return ok([...byName.values()]);
}
