/**
 * How `diff` names a pipelined region and a batch job's per-region default slot sharing group: by
 * the vertices in it ("region {scan, agg}"), not by the number flinkslot gave it (`default/region-1`):
 * the numbers are positions in each plan, so the same number on both sides can be different regions.
 */
import type { GroupSide } from '../../plan/diff/plan-diff-model.js';

/** Vertices named in a region's label before "+N more". */
const SHOWN = 3;

/** "region {scan, agg}", or the first vertices and how many more: "region {a, b, c, +4 more}". */
export function regionLabel(ids: readonly string[], label: (id: string) => string, shown = SHOWN): string {
  const names = ids.slice(0, shown).map(label);
  if (ids.length > shown) names.push(`+${ids.length - shown} more`);
  return `region {${names.join(', ')}}`;
}

/** A group's name in text: its own, or its region's for a per-region default group. */
export function groupLabel(g: GroupSide, label: (id: string) => string): string {
  return g.perRegion === true ? regionLabel(g.vertices, label) : g.id;
}
