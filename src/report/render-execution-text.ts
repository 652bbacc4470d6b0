/** The `execution` part of the plan as text: regions, shared slots, requirements, batch peak. */
import type { ExecutionReport, SizeCount } from './execution-report.js';
import type { ResourceProfileJson } from '../model/profile-json.js';
import { profileToTextFromJson } from './profile-text.js';
import type { Style } from './style.js';
import { pushAll } from '../util/push-all.js';

function distribution(sizes: readonly SizeCount[]): string {
  const shown = sizes.slice(0, 8).map((x) => `${x.count} × ${x.size}`);
  return shown.join(', ') + (sizes.length > 8 ? `, … (${sizes.length - 8} more sizes)` : '');
}

function memberLines(
  members: string[][] | undefined,
  total: number,
  limit: number,
  s: Style,
  profiles?: readonly ResourceProfileJson[],
): string[] {
  if (members === undefined) return [s.dim('    (members: --members, or --json --members)')];
  const shown = limit > 0 ? members.slice(0, limit) : members;
  const rows = shown.map(
    (m, i) =>
      `    ${i + 1}: ${m.join(', ')}` +
      (profiles?.[i] === undefined || profiles[i] === 'UNKNOWN' ? '' : s.dim(`  [${profileToTextFromJson(profiles[i]!)}]`)),
  );
  if (total > shown.length) rows.push(s.dim(`    … ${total - shown.length} more`));
  return rows;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function perGroup(groups: ReadonlyArray<{ slotSharingGroup: string; slots: number }>, limit: number): string {
  const shown = (limit > 0 ? groups.slice(0, limit) : groups).map((g) => `${g.slotSharingGroup} ${g.slots}`);
  return shown.join(', ') + (limit > 0 && groups.length > limit ? `, … ${groups.length - limit} more groups` : '');
}

/**
 * The peak, with what it is made of (the groups holding slots in the peak wave: they add up to it),
 * and apart from it, labelled, each group's own peak.
 */
function batchPeakLines(b: NonNullable<ExecutionReport['batch']>, s: Style, limit: number): string[] {
  const wave = `wave ${b.peakWave + 1}`;
  const held = b.peakWaveSlotsPerSlotSharingGroup.filter((g) => g.slots > 0);
  return [
    s.strong(`  Batch peak: ${plural(b.peakSlots, 'slot')} held at once`) +
      `, in ${wave} of ${b.waves} (regions start once their blocking inputs are finished; one step each)`,
    `    held in ${wave}, per slot sharing group: ${perGroup(held, limit)}`,
    ...groupPeaksLine(b, limit),
    `    fewest slots that let the job progress (largest region): ${b.largestRegionSlots}`,
  ];
}

/**
 * Each group's own most slots in any wave, when that says more than the peak wave's breakdown:
 * groups peak in different waves, so these add up to more than the peak, and are labelled so.
 */
function groupPeaksLine(b: NonNullable<ExecutionReport['batch']>, limit: number): string[] {
  const total = b.mostSlotsPerSlotSharingGroup.reduce((sum, g) => sum + g.slots, 0);
  if (total === b.peakSlots) return [];
  return [
    `    each group's own peak, in different waves (${total} together, never held at once): ${perGroup(
      b.mostSlotsPerSlotSharingGroup,
      limit,
    )}`,
  ];
}

export function renderExecutionText(e: ExecutionReport, s: Style, limit: number): string[] {
  const lines = [
    s.heading(`Execution (subtask level; ${plural(e.subtasks, 'subtask')}, ${e.slotSharingStrategy} slot sharing)`),
    `  Scheduling regions: ${e.schedulingRegions.count} (sizes: ${distribution(e.schedulingRegions.sizes)})`,
    ...memberLines(e.schedulingRegions.members, e.schedulingRegions.count, limit, s),
    `  Shared slots (execution slot sharing groups): ${e.executionSlotSharingGroups.count} — ${perGroup(e.executionSlotSharingGroups.perSlotSharingGroup, limit)}`,
    ...memberLines(
      e.executionSlotSharingGroups.members,
      e.executionSlotSharingGroups.count,
      limit,
      s,
      e.executionSlotSharingGroups.slotProfiles,
    ),
    `  Requirements with every slot deployed at once (${plural(e.allAtOnceSlots, 'slot')}):`,
    ...e.requirements.map((r) => `    ${r.numberOfRequiredSlots} × ${profileToTextFromJson(r.resourceProfile)}`),
  ];
  if (e.batch && e.batch.waves === 0) lines.push(s.warn('  Batch peak: no region can ever start'));
  else if (e.batch) pushAll(lines, batchPeakLines(e.batch, s, limit));
  if (e.batch && e.batch.unschedulableRegions > 0) {
    lines.push(
      s.warn(`    ${e.batch.unschedulableRegions} regions can never start: they wait for each other in a cycle, or for such regions`),
    );
  }
  for (const w of e.warnings) lines.push(`  ${s.warn('warning')} ${w.message}`);
  return lines;
}
