/** The simulation report as text: verdicts first, then why, then the cluster; `--trace` adds decisions. */
import { formatDuration, formatDurationsAlike } from '../model/duration.js';
import { formatBytes } from '../model/memory-size.js';
import { profileToTextFromJson, usableFreeJson } from './profile-text.js';
import type { CountJson, SimulationReport, Verdict } from './simulation-report.js';
import type { Style } from './style.js';
import { vertexLabeler } from './vertex-label.js';
import { printable } from '../util/printable.js';
import { count } from '../util/plural.js';
import { pushAll } from '../util/push-all.js';

function countsText(list: readonly CountJson[]): string {
  return list.length === 0 ? 'none' : list.map((c) => `${c.count} × ${profileToTextFromJson(c.profile)}`).join(', ');
}

function verdictText(v: Verdict, style: Style): string {
  if (v === 'met') return style.ok('met');
  if (v === 'partly-met') return style.warn('partly met');
  if (v === 'never-met') return style.error('never met');
  if (v === 'failing') return style.error('failing at deployment');
  return style.error('not met');
}

/** `submitted at 1 s; fully met at 60.05 s; lost at …; regained at …`, every time in one unit (nothing for a job that never declared). */
function historyText(job: SimulationReport['jobs'][number]): string | undefined {
  if (job.submittedAt === null) return undefined;
  const fullyMet = job.firstFullyMetAt !== null && job.firstFullyMetAt > job.submittedAt ? [job.firstFullyMetAt] : [];
  const times = formatDurationsAlike([job.submittedAt, ...fullyMet, ...job.lostAt, ...job.regainedAt]);
  const take = (n: number): string[] => times.splice(0, n);
  const parts = [`submitted at ${take(1)[0]!}`];
  const held = job.slotsBeforeFullyMet === 0 ? 'no slot held' : `at most ${count(job.slotsBeforeFullyMet, 'slot')} held`;
  if (job.firstFullyMetAt === null) parts.push(`never fully met (${held})`);
  else if (fullyMet.length > 0) parts.push(`fully met at ${take(1)[0]!}`);
  if (job.lostAt.length > 0) parts.push(`lost at ${take(job.lostAt.length).join(', ')}`);
  if (job.regainedAt.length > 0) parts.push(`regained at ${take(job.regainedAt.length).join(', ')}`);
  return parts.join('; ');
}

type TaskManagerRow = SimulationReport['taskManagers'][number];

/**
 * "3/4 slots used". Fine-grained slots are cut to size from the TaskManager's total, so a
 * TaskManager can hold more of them than its configured number of slots: say so, not "4/4".
 */
function slotsUsed(tm: TaskManagerRow): string {
  const used = tm.slots.length;
  if (used <= tm.registeredSlots) return `${used}/${tm.registeredSlots} slots used`;
  return `${count(used, 'slot')} used (${tm.registeredSlots} configured; fine-grained slots are cut to size)`;
}

/** `; network buffers 48 of 4096`; a pool its tasks overrun says so. */
function networkText(tm: TaskManagerRow, style: Style): string {
  const n = tm.networkBuffers;
  if (n === undefined) return '';
  const figures = `network buffers ${n.required} of ${n.total}`;
  return n.fits ? `; ${figures}` : `; ${style.error(`${figures}: its tasks fail at deployment`)}`;
}

/** The slots' owners in order; long runs of one job folded ("etl ×12"). */
function owners(tm: TaskManagerRow): string {
  if (tm.slots.length === 0) return 'idle';
  const named = tm.slots.map((s) => `${s.index === undefined ? '' : `#${s.index} `}${printable(s.job)}`);
  if (named.length <= 8) return named.join(', ');
  const runs: { job: string; n: number }[] = [];
  for (const s of tm.slots) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.job === s.job) last.n++;
    else runs.push({ job: s.job, n: 1 });
  }
  return runs.map((r) => (r.n === 1 ? printable(r.job) : `${printable(r.job)} ×${r.n}`)).join(', ');
}

export function renderSimulationText(report: SimulationReport, style: Style, taskManagerRows = 20): string {
  const lines: string[] = [];
  const title = [report.scenario, report.variant]
    .filter((x) => x !== undefined)
    .map(printable)
    .join(' / ');
  lines.push(style.heading(`Simulation${title ? ` ${title}` : ''}: ${verdictText(report.verdict, style)}`));
  lines.push(
    `Flink ${report.flinkVersion}${report.flinkVersionSource === 'assumed' ? ' (assumed)' : ''}, ${report.slotManager} SlotManager, ${report.taskManagersFrom ?? `${report.resourceAllocation} ResourceManager`}; the cluster settled (no more changes) at ${formatDuration(report.endTime)}`,
  );
  for (const n of report.notes ?? [])
    lines.push(n.severity === 'info' ? style.dim(`note: ${n.message}`) : `${style.warn(n.severity)}: ${n.message}`);
  lines.push('');
  for (const job of report.jobs) {
    const finished = job.finishedAt === undefined ? '' : ` (finished at ${formatDuration(job.finishedAt)})`;
    lines.push(
      `${style.heading(`Job ${printable(job.id)}`)}${job.source ? ` (${printable(job.source)})` : ''}: ${verdictText(job.verdict, style)}${finished}`,
    );
    const history = historyText(job);
    const label = vertexLabeler(job.vertexNames);
    if (history !== undefined) lines.push(`  history   ${history}`);
    // The same parallelism at the end is said once, below ("would run it at").
    const meanwhile = job.parallelismBeforeFullyMet;
    if (meanwhile !== undefined && job.firstFullyMetAt === null && JSON.stringify(meanwhile) !== JSON.stringify(job.adaptiveParallelism)) {
      const parallelism = Object.entries(meanwhile).map(([v, p]) => `${label(v)}=${p}`);
      lines.push(`  meanwhile the adaptive scheduler could run it at ${parallelism.join(', ')}`);
    }
    lines.push(`  requires  ${countsText(job.requirements)}`);
    lines.push(`  acquired  ${countsText(job.acquired)}`);
    if (job.missing.length > 0) lines.push(`  missing   ${countsText(job.missing)}`);
    if (job.adaptiveParallelism)
      lines.push(
        `  the adaptive scheduler would run it at ${Object.entries(job.adaptiveParallelism)
          .map(([v, p]) => `${label(v)}=${p}`)
          .join(', ')}`,
      );
    if (job.networkBuffers !== undefined)
      lines.push(`  fails     on TaskManager ${printable(job.networkBuffers.taskManager)}: ${job.networkBuffers.message}`);
    for (const e of job.explanations) {
      lines.push(`  why ${e.count} × ${profileToTextFromJson(e.profile)} is missing:`);
      for (const r of e.reasons) lines.push(`    - ${r.message}`);
    }
    lines.push('');
  }
  if (
    report.advice !== undefined ||
    report.raiseLimits !== undefined ||
    report.lowerParallelism !== undefined ||
    report.networkAdvice !== undefined
  )
    pushAll(lines, [...adviceLines(report, style), '']);
  lines.push(style.heading(`TaskManagers (${report.taskManagers.length})`));
  for (const tm of report.taskManagers.slice(0, taskManagerRows))
    lines.push(
      `  ${tm.id}${tm.released ? ' (released)' : ''}${tm.blocked ? ' (blocked)' : ''}: ${slotsUsed(tm)}; ${owners(tm)}; free ${profileToTextFromJson(usableFreeJson(tm.free, tm.remainder))}${networkText(tm, style)}`,
    );
  if (report.taskManagers.length > taskManagerRows)
    lines.push(style.dim(`  … ${report.taskManagers.length - taskManagerRows} more (--json lists all)`));
  const overrun = report.taskManagers.filter((tm) => tm.networkBuffers?.fits === false);
  if (overrun.length > 0) {
    const ids = overrun.slice(0, 5).map((tm) => printable(tm.id));
    const more = overrun.length > 5 ? ` and ${overrun.length - 5} more` : '';
    lines.push(
      style.error(
        `  ${count(overrun.length, 'TaskManager')} cannot serve the network buffers their tasks require: ${ids.join(', ')}${more}`,
      ),
    );
  }
  if (report.pendingTaskManagers.length > 0) {
    lines.push(style.heading(`Pending workers (${report.pendingTaskManagers.length})`));
    for (const p of report.pendingTaskManagers) {
      const recorded = Object.entries(p.allocations)
        .map(([job, list]) => `${job}: ${countsText(list)}`)
        .join('; ');
      lines.push(`  ${p.id}: ${profileToTextFromJson(p.total)}, ${count(p.slots, 'slot')}${recorded ? `; reserved for ${recorded}` : ''}`);
    }
  }
  if (report.trace) {
    lines.push('');
    lines.push(style.heading('Decisions'));
    for (const t of report.trace) lines.push(`  ${String(t.time).padStart(8)} ms  ${t.kind.padEnd(20)} ${t.message}`);
  }
  return lines.join('\n');
}

/** Network memory for the buffers the most demanding TaskManager's tasks require, or fewer slots per TaskManager. */
function networkAdviceLines(report: SimulationReport): string[] {
  const n = report.networkAdvice;
  if (n === undefined) return [];
  const memory = formatBytes(BigInt(n.networkMemory));
  const lines =
    n.keys === undefined
      ? [`  give each TaskManager at least ${memory} of network memory (${n.buffers} network buffers)`]
      : [
          `  give each TaskManager ${memory} of network memory for its ${n.buffers} network buffers: ${Object.entries(n.keys)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')}; met with them`,
        ];
  if (n.slotsPerTaskManager !== undefined)
    lines.push(
      `  or at most ${count(n.slotsPerTaskManager, 'slot')} per TaskManager (taskmanager.numberOfTaskSlots: ${n.slotsPerTaskManager}), with which the tasks of each TaskManager fit`,
    );
  return lines;
}

/** The shortfall as something to do: the TaskManagers to add, or a lower parallelism. */
function adviceLines(report: SimulationReport, style: Style): string[] {
  const { advice, lowerParallelism: lower } = report;
  const lines = [style.heading('To run every job')];
  if (advice !== undefined) {
    const n = advice.addTaskManagers;
    const slots = `${advice.slotsPerTaskManager} slot${advice.slotsPerTaskManager === 1 ? '' : 's'} each`;
    const add =
      advice.instruction ??
      `add ${n} TaskManager${n === 1 ? '' : 's'} like the default worker (${slots}, ${profileToTextFromJson(advice.taskManager)})`;
    lines.push(`  ${add}: met with them, not with one fewer`);
  }
  pushAll(lines, networkAdviceLines(report));
  for (const limit of report.raiseLimits ?? [])
    lines.push(
      `  ${limit.instruction ?? `raise ${limit.key} from ${printable(limit.from)} to ${limit.to}`}: met at ${limit.to}, not at ${limit.notAt}`,
    );
  const or = advice === undefined && report.raiseLimits === undefined && report.networkAdvice === undefined ? '' : 'or ';
  lines.push(
    lower === undefined
      ? `  ${or}lower the parallelism: \`flinkslot size JOB --cluster CLUSTER --max-parallelism-fit\` finds the highest that runs`
      : `  ${or}lower vertex '${printable(lower.vertex)}' to parallelism ${lower.parallelism} (from ${lower.current}): met at ${lower.parallelism}, not at ${lower.parallelism + 1}`,
  );
  return lines;
}
