/** The `execution` part of the plan as text: regions, shared slots, requirements, batch peak. */
import type { ExecutionReport, SizeCount } from './execution-report.js';
import type { ResourceProfileJson } from './profile-json.js';
import { profileToTextFromJson } from './profile-text.js';
import type { Style } from './style.js';

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
  else if (e.batch) {
    const b = e.batch;
    lines.push(
      s.strong(`  Batch peak: ${plural(b.peakSlots, 'slot')}`) +
        ` in wave ${b.peakWave + 1} of ${b.waves} (regions start once their blocking inputs are finished; one step each)`,
      `    per slot sharing group: ${perGroup(b.peakSlotsPerSlotSharingGroup, limit)}`,
      `    fewest slots that let the job progress (largest region): ${b.largestRegionSlots}`,
    );
  }
  if (e.batch && e.batch.unschedulableRegions > 0) {
    lines.push(
      s.warn(`    ${e.batch.unschedulableRegions} regions can never start: they wait for each other in a cycle, or for such regions`),
    );
  }
  for (const w of e.warnings) lines.push(`  ${s.warn('warning')} ${w.message}`);
  return lines;
}
