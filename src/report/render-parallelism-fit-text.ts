/** `size --max-parallelism-fit` as text: the highest parallelism, its proof, and the adaptive scheduler's answer. */
import type { MaxParallelismOrigin, ParallelismFitReport } from './parallelism-fit-report.js';
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
  lines.push(`  max parallelism ${report.cap}: ${origin(report.capFrom)}`);
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
  // The cap is what stops the search: say how to raise it (only a job started without state can).
  if (report.highest === report.cap && report.capFrom.source !== 'vertex')
    lines.push(`  above ${report.cap}: start the job without state with a higher maxParallelism or pipeline.max-parallelism`);
  return lines.join('\n') + '\n';
}

function origin(from: MaxParallelismOrigin): string {
  switch (from.source) {
    case 'vertex':
      return "the vertex's own (maxParallelism in the job graph)";
    case 'running-job':
      return "the running job's (GET /jobs/:jobid); its state keeps it";
    case 'pipeline.max-parallelism':
      return `pipeline.max-parallelism in ${printable(from.file)}`;
    case 'parallelism':
      return `derived from parallelism ${from.parallelism} as Flink does (p + p/2 rounded up to a power of two, at least 128); a restore from a savepoint keeps it`;
  }
}
