/** `flinkslot size --search` as text: the ranking, then the best shape and how to deploy it. */
import { dimensionName } from '../model/dimension-names.js';
import { formatBytes } from '../model/memory-size.js';
import { count } from '../util/plural.js';
import type { ResourceProfileJson } from '../model/profile-json.js';
import { formatDiagnostic } from './render-plan-text.js';
import type { RankedShape, RejectedShape, ShapeSearchReport } from './shape-search-report.js';
import { type FloorRejectionJson, floorLines, rejectionText } from './slot-floor-report.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';

export function renderShapeSearchText(report: ShapeSearchReport, style: Style = PLAIN, limit = 10): string {
  const shown = limit > 0 ? report.shapes.slice(0, limit) : report.shapes;
  const node = report.shapes.some((s) => s.nodes !== undefined);
  const cost = report.rankedBy === 'cost';
  const below = report.rejected.length === 0 ? '' : `, ${report.rejected.length} have slots below the floor`;
  const lines = [
    style.heading(
      `${count(report.tried, 'shape')} tried, ${report.shapes.length} can run the jobs${below}; ranked by ${cost ? 'price per hour' : 'total memory, then CPU'}`,
    ),
    ...floorLines(report.floor),
    ...renderTable(
      [
        'RANK',
        'TMS',
        'SLOTS',
        'MEMORY/TM',
        'HEAP/SLOT',
        'MANAGED/SLOT',
        'NETWORK/SLOT',
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
    ...belowFloorLines(report.rejected, style),
    ...(report.slotsOnly
      ? [
          `  ${style.warn('note')} the jobs declare no resources and no floor (UNKNOWN slot profiles, no slotMin, no managed memory in use): flinkslot can only count slots, so every shape runs them and the smallest total wins whatever its slots hold; the /SLOT columns show what each slot gets. Say what a slot must hold with --slot-min task-heap=…,managed=… (or --tm-config a configuration whose slots are the size you want)`,
        ]
      : []),
  ];
  const best = report.shapes[0];
  if (best !== undefined) {
    const fewer = best.size.proof.fewer;
    lines.push(
      '',
      style.heading(
        report.slotsOnly ? 'Smallest (slots counted only: not a recommendation until --slot-min says what a slot needs)' : 'Best',
      ),
      `  ${count(best.taskManagers, 'TaskManager')} of ${formatBytes(BigInt(best.processMemory))}, ${count(best.slotsPerTaskManager, 'slot')}, ${best.cpuCores} CPU: met on ${best.taskManagers}${fewer === null ? '' : `, ${fewer.verdict} on ${fewer.taskManagers}`}`,
      `  each slot: ${slotText(best.slot)}`,
      `  --emit flinkdeployment writes it as a FlinkDeployment; --emit flink-conf as configuration keys`,
    );
  }
  return lines.join('\n') + '\n';
}

/** Per dimension: how many shapes are short in it, and the one closest to the floor. */
function belowFloorLines(rejected: readonly RejectedShape[], style: Style): string[] {
  const byDimension = new Map<string, { shape: RejectedShape; rejection: FloorRejectionJson }[]>();
  for (const shape of rejected)
    for (const rejection of shape.rejections)
      byDimension.set(rejection.dimension, [...(byDimension.get(rejection.dimension) ?? []), { shape, rejection }]);
  return [...byDimension].map(([dimension, all]) => {
    const closest = all.reduce((a, b) => (Number(b.rejection.short) < Number(a.rejection.short) ? b : a));
    const s = closest.shape;
    return `  ${style.dim('below the floor')} ${count(all.length, 'shape')} short of ${dimensionName(dimension)} (closest: ${formatBytes(BigInt(s.processMemory))} with ${count(s.slotsPerTaskManager, 'slot')}, ${rejectionText(closest.rejection)})`;
  });
}

/** heap, managed and network of one slot. */
function slotText(slot: ResourceProfileJson): string {
  if (typeof slot === 'string') return slot;
  return `task heap ${perSlot(slot, 'taskHeapMemory')}, managed ${perSlot(slot, 'managedMemory')}, network ${perSlot(slot, 'networkMemory')}`;
}

function perSlot(slot: ResourceProfileJson, field: 'taskHeapMemory' | 'managedMemory' | 'networkMemory'): string {
  return typeof slot === 'string' ? '' : formatBytes(BigInt(slot[field]));
}

function row(s: RankedShape, node: boolean, cost: boolean): string[] {
  return [
    String(s.rank),
    String(s.taskManagers),
    String(s.slotsPerTaskManager),
    formatBytes(BigInt(s.processMemory)),
    perSlot(s.slot, 'taskHeapMemory'),
    perSlot(s.slot, 'managedMemory'),
    perSlot(s.slot, 'networkMemory'),
    String(s.cpuCores),
    formatBytes(BigInt(s.totalMemory)),
    String(s.totalCpuCores),
    ...(node ? [String(s.nodes ?? '')] : []),
    ...(cost ? [s.cost === undefined ? '' : s.cost.toFixed(4)] : []),
    String(s.idleSlots),
    dimensionName(s.bindingDimension),
  ];
}
