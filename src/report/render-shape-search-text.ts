/** `flinkslot size --search` as text: the ranking, then the best shape and how to deploy it. */
import { dimensionName } from '../model/dimension-names.js';
import { formatBytes } from '../model/memory-size.js';
import { count } from '../util/plural.js';
import { formatDiagnostic } from './render-plan-text.js';
import type { RankedShape, ShapeSearchReport } from './shape-search-report.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';

export function renderShapeSearchText(report: ShapeSearchReport, style: Style = PLAIN, limit = 10): string {
  const shown = limit > 0 ? report.shapes.slice(0, limit) : report.shapes;
  const node = report.shapes.some((s) => s.nodes !== undefined);
  const cost = report.rankedBy === 'cost';
  const lines = [
    style.heading(
      `${count(report.tried, 'shape')} tried, ${report.shapes.length} can run the jobs; ranked by ${cost ? 'price per hour' : 'total memory, then CPU'}`,
    ),
    ...renderTable(
      [
        'RANK',
        'TMS',
        'SLOTS',
        'MEMORY/TM',
        'MEMORY/SLOT',
        'CPU/TM',
        'TOTAL MEMORY',
        'TOTAL CPU',
        ...(node ? ['NODES'] : []),
        ...(cost ? ['PRICE/H'] : []),
        'IDLE SLOTS',
        'BINDING',
      ],
      shown.map((s) => row(s, node, cost)),
    ),
    ...(shown.length < report.shapes.length
      ? [style.dim(`  … ${report.shapes.length - shown.length} more (--limit 0 or --json shows all)`)]
      : []),
    ...(report.notes ?? []).map((d) => `  ${d.severity === 'warning' ? style.warn('warning') : style.dim('note')} ${formatDiagnostic(d)}`),
    ...report.refused.map((r) => `  ${style.dim('not possible')} ${count(r.count, 'shape')}: ${r.reason}`),
    ...(report.defaultSlotsOnly
      ? [
          `  ${style.warn('note')} the jobs declare no resources (UNKNOWN slot profiles): any slot holds them, so the most slots per TaskManager ask the least in total; MEMORY/SLOT is what each slot gets (limit it with --slot-range or --tm-memory)`,
        ]
      : []),
  ];
  const best = report.shapes[0];
  if (best !== undefined) {
    const fewer = best.size.proof.fewer;
    lines.push(
      '',
      style.heading('Best'),
      `  ${count(best.taskManagers, 'TaskManager')} of ${formatBytes(BigInt(best.processMemory))}, ${count(best.slotsPerTaskManager, 'slot')}, ${best.cpuCores} CPU: met on ${best.taskManagers}${fewer === null ? '' : `, ${fewer.verdict} on ${fewer.taskManagers}`}`,
      `  --emit flinkdeployment writes it as a FlinkDeployment; --emit flink-conf as configuration keys`,
    );
  }
  return lines.join('\n') + '\n';
}

function row(s: RankedShape, node: boolean, cost: boolean): string[] {
  return [
    String(s.rank),
    String(s.taskManagers),
    String(s.slotsPerTaskManager),
    formatBytes(BigInt(s.processMemory)),
    formatBytes(BigInt(s.processMemory) / BigInt(s.slotsPerTaskManager)),
    String(s.cpuCores),
    formatBytes(BigInt(s.totalMemory)),
    String(s.totalCpuCores),
    ...(node ? [String(s.nodes ?? '')] : []),
    ...(cost ? [s.cost === undefined ? '' : s.cost.toFixed(4)] : []),
    String(s.idleSlots),
    dimensionName(s.bindingDimension),
  ];
}
