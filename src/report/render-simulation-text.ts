/** The simulation report as text: verdicts first, then why, then the cluster; `--trace` adds decisions. */
import { formatDuration } from '../model/duration.js';
import { profileToTextFromJson } from './profile-text.js';
import type { CountJson, SimulationReport, Verdict } from './simulation-report.js';
import type { Style } from './style.js';

function countsText(list: readonly CountJson[]): string {
  return list.length === 0 ? 'none' : list.map((c) => `${c.count} × ${profileToTextFromJson(c.profile)}`).join(', ');
}

function verdictText(v: Verdict, style: Style): string {
  if (v === 'met') return style.ok('met');
  if (v === 'partly-met') return style.warn('partly met');
  return style.error('not met');
}

export function renderSimulationText(report: SimulationReport, style: Style, taskManagerRows = 20): string {
  const lines: string[] = [];
  const title = [report.scenario, report.variant].filter((x) => x !== undefined).join(' / ');
  lines.push(style.heading(`Simulation${title ? ` ${title}` : ''}: ${verdictText(report.verdict, style)}`));
  lines.push(
    `Flink ${report.flinkVersion}, ${report.slotManager} SlotManager, ${report.resourceAllocation} ResourceManager; settled at ${formatDuration(report.endTime)}`,
  );
  for (const n of report.notes ?? []) lines.push(style.dim(`note: ${n.message}`));
  lines.push('');
  for (const job of report.jobs) {
    const finished = job.finishedAt === undefined ? '' : ` (finished at ${formatDuration(job.finishedAt)})`;
    lines.push(`${style.heading(`Job ${job.id}`)}${job.source ? ` (${job.source})` : ''}: ${verdictText(job.verdict, style)}${finished}`);
    lines.push(`  requires  ${countsText(job.requirements)}`);
    lines.push(`  acquired  ${countsText(job.acquired)}`);
    if (job.missing.length > 0) lines.push(`  missing   ${countsText(job.missing)}`);
    if (job.adaptiveParallelism)
      lines.push(
        `  the adaptive scheduler would run it at ${Object.entries(job.adaptiveParallelism)
          .map(([v, p]) => `${v}=${p}`)
          .join(', ')}`,
      );
    for (const e of job.explanations) {
      lines.push(`  why ${e.count} × ${profileToTextFromJson(e.profile)} is missing:`);
      for (const r of e.reasons) lines.push(`    - ${r.message}`);
    }
    lines.push('');
  }
  lines.push(style.heading(`TaskManagers (${report.taskManagers.length})`));
  for (const tm of report.taskManagers.slice(0, taskManagerRows)) {
    const owners =
      tm.slots.length === 0 ? 'idle' : tm.slots.map((s) => `${s.index === undefined ? '' : `#${s.index} `}${s.job}`).join(', ');
    lines.push(
      `  ${tm.id}${tm.released ? ' (released)' : ''}${tm.blocked ? ' (blocked)' : ''}: ${tm.registeredSlots - tm.freeSlots}/${tm.registeredSlots} slots used; ${owners}; free ${profileToTextFromJson(tm.free)}`,
    );
  }
  if (report.taskManagers.length > taskManagerRows)
    lines.push(style.dim(`  … ${report.taskManagers.length - taskManagerRows} more (--json lists all)`));
  if (report.pendingTaskManagers.length > 0) {
    lines.push(style.heading(`Pending workers (${report.pendingTaskManagers.length})`));
    for (const p of report.pendingTaskManagers) {
      const recorded = Object.entries(p.allocations)
        .map(([job, list]) => `${job}: ${countsText(list)}`)
        .join('; ');
      lines.push(`  ${p.id}: ${profileToTextFromJson(p.total)}, ${p.slots} slot(s)${recorded ? `; reserved for ${recorded}` : ''}`);
    }
  }
  if (report.trace) {
    lines.push('');
    lines.push(style.heading('Decisions'));
    for (const t of report.trace) lines.push(`  ${String(t.time).padStart(8)} ms  ${t.kind.padEnd(20)} ${t.message}`);
  }
  return lines.join('\n');
}
