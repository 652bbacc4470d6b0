/** Short human text for a ResourceProfile as it appears in a report: the model's wording, from the JSON form. */
import { describeResources } from '../model/describe-profile.js';
import type { ResourceProfileJson } from './profile-json.js';

export function profileToTextFromJson(p: ResourceProfileJson): string {
  if (typeof p === 'string') return p;
  return describeResources(
    String(p.cpuCores),
    (f) => BigInt(p[f]),
    Object.entries(p.extendedResources).map(([name, amount]) => [name, String(amount)] as const),
  );
}
