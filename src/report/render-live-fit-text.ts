/** The live-cluster answer as text: the answer first, then the cluster, its jobs, and the simulation behind it. */
import { printable } from '../util/printable.js';
import type { LiveFitAnswer, LiveFitReport } from './live-fit-report.js';
import { formatDiagnostic } from './render-plan-text.js';
import { renderSimulationText } from './render-simulation-text.js';
import type { Style } from './style.js';
import { pushAll } from '../util/push-all.js';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function answerText(answer: LiveFitAnswer, newJobs: number): string {
  switch (answer.kind) {
    case 'fits-now':
      return newJobs === 1
        ? 'fits now: the new job gets every slot it asks for on the TaskManagers running now'
        : 'fits now: the new jobs get every slot they ask for on the TaskManagers running now';
    case 'fits-if-jobs-stop':
      return `fits if ${answer.stop.length === 1 ? 'this job stops' : 'these jobs stop'}: ${answer.stop.map((s) => `'${printable(s)}'`).join(', ')}`;
    case 'needs-task-managers':
      return `needs ${plural(answer.count, 'more TaskManager')} like '${printable(answer.like)}' (${plural(answer.slotsEach, 'slot')} each)`;
    case 'does-not-fit':
      return `does not fit: ${answer.reason}`;
  }
}

export function renderLiveFitText(report: LiveFitReport, style: Style, taskManagerRows = 20): string {
  const c = report.cluster;
  const fits = report.answer.kind === 'fits-now';
  const lines = [
    style.heading(`Cluster ${printable(c.url)}: ${(fits ? style.ok : style.error)(answerText(report.answer, report.newJobs.length))}`),
  ];
  for (const alt of report.alternatives) lines.push(`  or ${answerText(alt, report.newJobs.length)}`);
  if (report.advice.length > 0) {
    lines.push('', style.heading(`What to do on this ${printable(report.deployment.description)}`));
    pushAll(
      lines,
      report.advice.map((l) => `  ${printable(l)}`),
    );
  }
  lines.push(
    '',
    `Flink ${c.flinkVersion}: ${plural(c.taskManagers, 'TaskManager')}, ${plural(c.slotsTotal, 'slot')}, ${c.slotsAvailable} free (GET /overview); ${c.slotsFreeSimulated} free once the running jobs' requirements are placed`,
  );
  lines.push('', style.heading(`Running jobs (${report.runningJobs.length})`));
  if (report.runningJobs.length === 0) lines.push('  none');
  for (const j of report.runningJobs) {
    const held = j.allocatedSlots === undefined ? '' : `, holds ${plural(j.allocatedSlots, 'slot')}`;
    lines.push(`  ${printable(j.id)}  ${j.jobId}  ${j.state}: needs ${plural(j.requiredSlots, 'slot')}${held}`);
  }
  lines.push('', style.heading(`New jobs (${report.newJobs.length})`));
  for (const j of report.newJobs) lines.push(`  ${printable(j.id)}: needs ${plural(j.requiredSlots, 'slot')}, ${j.verdict} now`);
  const notes = report.notes.map((d) => `  ${formatDiagnostic(d)}`);
  if (notes.length > 0) pushAll(lines, ['', style.heading('Read from the cluster'), ...notes]);
  lines.push('', renderSimulationText({ ...report.simulation, notes: [] }, style, taskManagerRows));
  return lines.join('\n') + '\n';
}
