/** `flinkslot size` as text: the answer first, then its proof and how much of each resource it leaves idle. */
import { decimalFromNumber, decimalToString } from '../model/decimal.js';
import { formatBytes } from '../model/memory-size.js';
import { printable } from '../util/printable.js';
import { count } from '../util/plural.js';
import { formatDiagnostic } from './render-plan-text.js';
import { profileToTextFromJson } from './profile-text.js';
import type { DimensionUse, NetworkBuffersRejection, SizeDimension, SizeReport, SizeRun, UsageDimension } from './size-report.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';
import { type FloorRejectionJson, belowFloorAdvice, floorLines, rejectionText } from './slot-floor-report.js';

const LABELS: Record<SizeDimension, string> = {
  slots: 'slots',
  cpuCores: 'CPU cores',
  taskHeapMemory: 'task heap',
  taskOffHeapMemory: 'task off-heap',
  managedMemory: 'managed',
  networkMemory: 'network',
};

export function renderSizeText(report: SizeReport, style: Style = PLAIN): string {
  const n = report.taskManagers;
  const lines = [
    ...networkRejectionLines(report, style),
    ...rejectedLines(report, style),
    style.heading(
      `${count(n, 'TaskManager')} of ${count(report.slotsPerTaskManager, 'slot')} each (Flink ${report.flinkVersion}, ${report.slotManager} SlotManager)`,
    ),
    `  TaskManager: ${profileToTextFromJson(report.taskManager)}`,
    `  slot: ${profileToTextFromJson(report.slot)}`,
    `  jobs: ${report.jobs.map((j) => `${printable(j.id)} (${count(j.slots, 'slot')})`).join(', ')}`,
    ...(report.floor.length === 0
      ? [`  floor per slot: none, slots are counted, not their size (--slot-min task-heap=…,managed=… says what a slot must hold)`]
      : floorLines(report.floor)),
    ...(report.notes ?? []).map((d) => `  ${d.severity === 'warning' ? style.warn('warning') : style.dim('note')} ${formatDiagnostic(d)}`),
    '',
    style.heading('Proof (the embedded SlotManager, every job declaring at once)'),
    `  on ${count(n, 'TaskManager')}: ${style.ok(report.proof.met.verdict)}`,
    ...(report.proof.fewer === null ? ['  no TaskManager is needed'] : fewerLines(report.proof.fewer, style)),
    '',
    style.heading(`Use of the ${count(n, 'TaskManager')}`),
    ...renderTable(
      ['RESOURCE', 'TOTAL', 'USED', 'IDLE', 'USE'],
      report.usage.map((u) => [
        label(u.dimension),
        amount(u, u.total),
        amount(u, u.used),
        amount(u, usableIdle(u, report)),
        `${Math.round(u.utilisation * 100)}%`,
      ]),
    ),
    `  binding: ${style.strong(label(report.bindingDimension))} (${report.simulations} SlotManager runs)`,
  ];
  return lines.join('\n') + '\n';
}

/** A shape whose slots are below the floor: said first, with what to change. */
function rejectedLines(report: SizeReport, style: Style): string[] {
  const below = report.rejections.filter((r): r is FloorRejectionJson => r.kind === 'slot-below-floor');
  if (below.length === 0) return [];
  return [
    style.warn('Rejected: the slots of this shape hold less than the floor'),
    ...below.map((r) => `  ${rejectionText(r)}`),
    `  ${belowFloorAdvice(below)}`,
    '',
    style.dim('Counting slots only:'),
  ];
}

/** A shape whose slots suffice but whose TaskManagers cannot serve the tasks' network buffers: not an answer, said first. */
function networkRejectionLines(report: SizeReport, style: Style): string[] {
  return report.rejections
    .filter((r): r is NetworkBuffersRejection => r.kind === 'network-buffers')
    .flatMap((r) => [
      style.error(
        `Rejected: job ${printable(r.job)} fails at deployment: the tasks on TaskManager ${printable(r.taskManager)} require ${r.required} network buffers, its pool has ${r.total}`,
      ),
      `  Flink: ${r.message}`,
      '',
    ]);
}

function fewerLines(fewer: SizeRun, style: Style): string[] {
  const missing = fewer.missing.map((m) => `${printable(m.job)} ${m.count} × ${profileToTextFromJson(m.profile)}`);
  return [
    `  on ${count(fewer.taskManagers, 'TaskManager')}: ${style.warn(fewer.verdict)}${missing.length > 0 ? `, missing ${missing.join('; ')}` : ''}`,
  ];
}

/** An extended resource (gpu) is named as the configuration names it. */
const label = (d: UsageDimension): string => (d in LABELS ? LABELS[d as SizeDimension] : printable(d));

/**
 * Idle as a person should read it: memory within the remainders of dividing each TaskManager into
 * its slots (fewer bytes than slots, per TaskManager; model/slot-remainder.ts) is 0, as no slot can
 * use it. The JSON keeps the exact amount.
 */
function usableIdle(u: DimensionUse, report: SizeReport): number | string {
  if (!(u.dimension in LABELS) || u.dimension === 'slots' || u.dimension === 'cpuCores') return u.unused;
  const remainders = BigInt(report.taskManagers) * BigInt(Math.max(0, report.slotsPerTaskManager - 1));
  return BigInt(u.unused) <= remainders ? 0 : u.unused;
}

function amount(u: DimensionUse, value: number | string): string {
  if (u.dimension === 'slots') return String(value);
  if (u.dimension in LABELS && u.dimension !== 'cpuCores') return formatBytes(BigInt(value));
  return decimalToString(decimalFromNumber(Number(value)));
}
