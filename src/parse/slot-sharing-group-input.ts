/**
 * The `slotSharingGroups` list of flinkslot's job graph format: FLIP-156 group resources (from Flink
 * 1.14; an earlier release ignores them, and is warned) and flinkslot's own per-slot floor `slotMin`.
 */
import { type Diagnostic, error, warning } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import type { JobVertex } from '../model/job-graph.js';
import type { ProfileFields, ResourceProfile } from '../model/resource-profile.js';
import type { JobGraphInput } from './job-graph-input.js';
import { readProfileFields, readSlotSharingGroupProfile } from './resources-input.js';

export function readGroupResources(
  input: JobGraphInput,
  vertices: readonly JobVertex[],
  version: FlinkVersion,
  out: Diagnostic[],
): Map<string, ResourceProfile> {
  const profiles = new Map<string, ResourceProfile>();
  const used = new Set(vertices.map((v) => v.slotSharingGroup));
  (input.slotSharingGroups ?? []).forEach((group, i) => {
    const pointer = `/slotSharingGroups/${i}`;
    if (profiles.has(group.name)) {
      out.push(error('input/duplicate-id', `slot sharing group '${group.name}' is listed twice`, `${pointer}/name`));
      return;
    }
    const profile = readSlotSharingGroupProfile(group.resources, `${pointer}/resources`, out);
    if (!used.has(group.name))
      out.push(warning('input/unused-slot-sharing-group', `no vertex is in slot sharing group '${group.name}'`, `${pointer}/name`));
    if (profile.kind !== 'UNKNOWN' && !atLeast(version, 1, 14)) {
      out.push(
        warning(
          'input/flip156-unsupported',
          `slot sharing group resources (FLIP-156) need Flink 1.14; ignored for flinkVersion ${formatVersion(version)}`,
          `${pointer}/resources`,
        ),
      );
      return;
    }
    profiles.set(group.name, profile);
  });
  return profiles;
}

/**
 * flinkslot's `slotMin` per group (any release: it is flinkslot's, not Flink's). Beside declared
 * resources it says nothing: the group's slots are cut to its profile, not the default slot. A group no
 * vertex is in requests no slot, so its floor holds none (input/unused-slot-sharing-group says so).
 */
export function readGroupFloors(input: JobGraphInput, vertices: readonly JobVertex[], out: Diagnostic[]): Map<string, ProfileFields> {
  const floors = new Map<string, ProfileFields>();
  const used = new Set(vertices.map((v) => v.slotSharingGroup));
  (input.slotSharingGroups ?? []).forEach((group, i) => {
    if (group.slotMin === undefined || floors.has(group.name)) return;
    const pointer = `/slotSharingGroups/${i}/slotMin`;
    if (group.resources !== undefined && Object.keys(group.resources).length > 0) {
      const message = `slot sharing group '${group.name}' declares resources: its slots are cut to them, so slotMin (a floor for default slots) is ignored`;
      out.push(warning('input/slot-min-ignored', message, pointer));
      return;
    }
    const before = out.length;
    const fields = readProfileFields(group.slotMin, pointer, out);
    if (out.length === before && used.has(group.name)) floors.set(group.name, fields);
  });
  return floors;
}
