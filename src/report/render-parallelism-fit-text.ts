/** `size --max-parallelism-fit` as text: the highest parallelism, its proof, and the adaptive scheduler's answer. */
import type { ParallelismFitReport } from './parallelism-fit-report.js';
import { printable } from '../util/printable.js';
import { type Style, PLAIN } from './style.js';

export function renderParallelismFitText(report: ParallelismFitReport, cluster: string, style: Style = PLAIN): string {
  const what = report.vertex === undefined ? 'every vertex scaled with the widest' : `vertex ${printable(report.vertex)} alone`;
  const list = (p: Record<string, number>) =>
    Object.entries(p)
      .map(([v, n]) => `${printable(v)} ${n}`)
      .join(', ');
  const lines = [
    style.heading(
      report.highest === null
        ? `Job ${printable(report.job)} does not run on ${printable(cluster)} even at parallelism 1`
        : `Job ${printable(report.job)} on ${printable(cluster)}: parallelism up to ${report.highest} runs (now ${report.current}, max ${report.cap}; ${what})`,
    ),
  ];
  if (report.highest !== null) {
    lines.push(`  parallelism: ${list(report.parallelism)}`);
    const above = report.proof.above === null ? `${report.cap} is the max parallelism` : `at ${report.highest + 1} ${report.proof.above}`;
    lines.push(`  proof: at ${report.highest} ${report.proof.met ?? 'met'}; ${above} (${report.simulations} SlotManager runs)`);
  }
  lines.push(
    report.adaptive === null
      ? `  adaptive scheduler: every vertex at its max parallelism runs (${report.cap})`
      : `  adaptive scheduler, asked for parallelism ${report.cap}: runs ${list(report.adaptive)} with the slots the cluster gives`,
  );
  return lines.join('\n') + '\n';
}
