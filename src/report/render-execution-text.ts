/** The `execution` part of the plan as text: regions, shared slots, requirements, batch peak. */
import type { ExecutionReport, SizeCount } from './execution-report.js';
import { profileToTextFromJson } from './profile-text.js';
import type { Style } from './style.js';

function distribution(sizes: readonly SizeCount[]): string {
  const shown = sizes.slice(0, 8).map((x) => `${x.count} × ${x.size}`);
  return shown.join(', ') + (sizes.length > 8 ? `, … (${sizes.length - 8} more sizes)` : '');
}

function memberLines(members: string[][] | undefined, limit: number, s: Style): string[] {
  if (members === undefined) return [s.dim('    (members: --members, or --json --members)')];
  const rows = (limit > 0 ? members.slice(0, limit) : members).map((m, i) => `    ${i + 1}: ${m.join(', ')}`);
  if (limit > 0 && members.length > limit) rows.push(s.dim(`    … ${members.length - limit} more`));
  return rows;
}

export function renderExecutionText(e: ExecutionReport, s: Style, limit: number): string[] {
  const lines = [
    s.heading(`Execution (subtask level; ${e.subtasks} subtasks, ${e.slotSharingStrategy} slot sharing)`),
    `  Scheduling regions: ${e.schedulingRegions.count} (sizes: ${distribution(e.schedulingRegions.sizes)})`,
    ...memberLines(e.schedulingRegions.members, limit, s),
    `  Shared slots (execution slot sharing groups): ${e.executionSlotSharingGroups.count} — ` +
      e.executionSlotSharingGroups.perSlotSharingGroup.map((g) => `${g.slotSharingGroup} ${g.slots}`).join(', '),
    ...memberLines(e.executionSlotSharingGroups.members, limit, s),
    `  Requirements with every slot deployed at once (${e.allAtOnceSlots} slots):`,
    ...e.requirements.map((r) => `    ${r.numberOfRequiredSlots} × ${profileToTextFromJson(r.resourceProfile)}`),
  ];
  if (e.batch) {
    const b = e.batch;
    lines.push(
      s.strong(`  Batch peak: ${b.peakSlots} slots`) + ` in wave ${b.peakWave + 1} of ${b.waves} (regions run once their blocking inputs are finished, one step each)`,
      `    per slot sharing group: ${b.peakSlotsPerSlotSharingGroup.map((g) => `${g.slotSharingGroup} ${g.slots}`).join(', ')}`,
      `    fewest slots that let the job progress (largest region): ${b.largestRegionSlots}`,
    );
    if (b.regionsOnCycles > 0) lines.push(s.warn(`    ${b.regionsOnCycles} regions depend on each other in a cycle and were counted in a last wave`));
  }
  for (const w of e.warnings) lines.push(`  ${s.warn('warning')} ${w.message}`);
  return lines;
}
