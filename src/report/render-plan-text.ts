/**
 * The `plan` report as text for people: the answer first (minimum slots and why), then the
 * requirements, groups, regions and per-operator managed memory. Long lists are cut at `limit`.
 */
import { assumedVersionNote } from '../model/flink-version.js';
import type { Diagnostic } from '../errors/diagnostic.js';
import { USE_CASES } from '../model/job-graph.js';
import type { AdaptiveBatchJson, PlanReport, UseCaseBytes } from './plan-report.js';
import { profileToTextFromJson } from './profile-text.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';
import { printable } from '../util/printable.js';
import { isGeneratedId, shortName, vertexLabeler } from './vertex-label.js';
import { renderExecutionText } from './render-execution-text.js';
import { renderNetworkBuffersText } from './network-buffers-report.js';
import { count } from '../util/plural.js';
import { formatBytes } from '../model/memory-size.js';
import { pushAll } from '../util/push-all.js';
import { isSlotScope, rowsBySlotSharingGroup, sharedReservations } from './slot-reservations.js';
import { amountText } from './slot-floor-report.js';
import { dimensionName } from '../model/dimension-names.js';
import type { FloorDimension } from '../model/slot-floor.js';

export interface TextOptions {
  style?: Style;
  /** Maximum rows per list; 0 = everything. */
  limit?: number;
}

/** The scheduler, its bounds and each unset vertex's range, in place of one number. */
function adaptiveBatchLines(a: AdaptiveBatchJson, label: (id: string) => string, limit: number, s: Style): string[] {
  const range = (lo: number, hi: number): string => (lo === hi ? String(lo) : `${lo} to ${hi}`);
  const from = (b: { value: number; from: string }): string => `${b.value} (${b.from})`;
  return [
    s.strong(`Slots: ${range(a.slots.min, a.slots.max)}`) + s.dim(' (every region deployed at once; parallelism decided at run time)'),
    `  ${a.scheduler}: ${a.reason}`,
    `  bounds: min parallelism ${from(a.minParallelism)}, max parallelism ${from(a.maxParallelism)}, default source parallelism ${from(a.defaultSourceParallelism)}`,
    ...renderTable(
      ['VERTEX', 'PARALLELISM', 'LOWER BOUND FROM', 'UPPER BOUND FROM'],
      cut(a.vertices, limit).map((v) => [
        label(v.vertex),
        range(v.minParallelism.value, v.maxParallelism.value),
        v.minParallelism.from,
        v.maxParallelism.from,
      ]),
    ),
    ...more(a.vertices.length, limit, s),
    s.dim(`  below: every range at its maximum, ${a.slots.max} slots`),
  ];
}

export function renderPlanText(report: PlanReport, options: TextOptions = {}): string {
  const s = options.style ?? PLAIN;
  const limit = options.limit ?? 50;
  const j = report.job;
  const label = vertexLabeler(report.vertexNames);
  const lines: string[] = [
    s.heading(`Job ${j.name}`) +
      s.dim(
        ` (${j.mode}, Flink ${j.flinkVersion}${j.flinkVersionSource === 'assumed' ? ' assumed' : ''}): ${count(j.vertices, 'vertex', 'vertices')}, ${count(j.edges, 'edge')}, ${count(j.operators, 'operator')}`,
      ),
    ...(j.flinkVersionSource === 'assumed' ? [`  ${s.dim('note')} ${assumedVersionNote()}`] : []),
    '',
    ...(report.adaptiveBatch === undefined
      ? [s.strong(`Minimum slots: ${report.minimumSlots}`) + (j.mode === 'batch' ? s.dim(' (every region deployed at once)') : '')]
      : adaptiveBatchLines(report.adaptiveBatch, label, limit, s)),
    `  ${report.minimumSlotsReason.explanation}`,
    '',
    s.heading('Resource requirements (FLIP-138)'),
    ...report.requirements.map((r) => `  ${r.numberOfRequiredSlots} × ${profileToTextFromJson(r.resourceProfile)}`),
    '',
    s.heading(`Slot sharing groups (${report.slotSharingGroups.length})`),
    ...renderTable(
      ['GROUP', 'SLOTS', 'PROFILE', 'VERTICES'],
      cut(report.slotSharingGroups, limit).map((g) => [
        g.id,
        String(g.slots),
        profileToTextFromJson(g.resourceProfile) + slotMinText(g.slotMin),
        names(g.vertices, limit, label),
      ]),
    ),
    ...more(report.slotSharingGroups.length, limit, s),
  ];
  if (report.coLocationGroups.length > 0) {
    lines.push('', s.heading(`Co-location groups (${report.coLocationGroups.length})`));
    pushAll(
      lines,
      report.coLocationGroups.map((c) => `  ${c.name}: ${names(c.vertices, limit, label)} ${s.dim(`(group ${c.slotSharingGroup})`)}`),
    );
  }
  pushAll(lines, ['', ...listSection(s, 'Pipelined regions', report.regions, limit, label)]);
  pushAll(lines, ['', ...listSection(s, 'Connected components', report.components, limit, label)]);
  pushAll(lines, ['', ...managedMemorySection(report, s, limit)]);
  if (report.networkBuffers) pushAll(lines, ['', ...renderNetworkBuffersText(report.networkBuffers, s, label)]);
  if (report.execution) pushAll(lines, ['', ...renderExecutionText(report.execution, s, limit)]);
  if (report.notes !== undefined && report.notes.length > 0) {
    lines.push('', s.heading('Read from a Flink file'));
    pushAll(
      lines,
      report.notes.map((n) => `  ${s.dim('note')} ${n.message}${n.location?.pointer ? s.dim(` (${n.location.pointer})`) : ''}`),
    );
  }
  if (report.warnings.length > 0) {
    lines.push('', s.heading(`Warnings (${report.warnings.length})`));
    pushAll(lines, [
      ...cut(report.warnings, limit).map((w) => `  ${s.warn('warning')} ${formatDiagnostic(w)}`),
      ...more(report.warnings.length, limit, s),
    ]);
  }
  return lines.join('\n') + '\n';
}

function cut<T>(items: readonly T[], limit: number): readonly T[] {
  return limit > 0 ? items.slice(0, limit) : items;
}

/**
 * Names in one line, at most `limit` of them: a group of 120,000 vertices is not one 1.6 MB line.
 * Only the names shown are labelled (a 100,000-vertex job labelled every vertex three times).
 */
function names(items: readonly string[], limit: number, label: (id: string) => string): string {
  const shown = cut(items, limit).map(label).join(', ');
  return limit > 0 && items.length > limit ? `${shown}, … ${items.length - limit} more` : shown;
}

function more(total: number, limit: number, s: Style): string[] {
  return limit > 0 && total > limit ? [s.dim(`  … ${total - limit} more (--limit 0 or --json shows all)`)] : [];
}

function listSection(s: Style, title: string, sets: readonly string[][], limit: number, label: (id: string) => string): string[] {
  const rows = cut(sets, limit).map((members, i) => `  ${i + 1}: ${names(members, limit, label)}`);
  return [s.heading(`${title} (${sets.length})`), ...rows, ...more(sets.length, limit, s)];
}

function fmt(n: number | string | undefined): string {
  return n === undefined ? '-' : String(n);
}

function managedMemorySection(report: PlanReport, s: Style, limit: number): string[] {
  const mm = report.managedMemory;
  const size = mm.slotManagedMemory === null ? '' : `, slot managed memory ${formatBytes(BigInt(mm.slotManagedMemory))}`;
  if (mm.model === 'legacy') {
    const label = vertexLabeler(report.vertexNames);
    const rows = cut(report.operators, limit).map((o) => [
      label(o.vertex),
      operatorLabel(o),
      o.slotSharingGroup,
      fmt(o.legacyFraction),
      ...(mm.slotManagedMemory === null ? [] : [fmt(o.bytes as number | string)]),
    ]);
    const header = ['VERTEX', OPERATOR_COLUMN, 'GROUP', 'FRACTION', ...(mm.slotManagedMemory === null ? [] : ['BYTES'])];
    return [
      s.heading(`Managed memory (Flink ${report.job.flinkVersion} model: one fraction per operator${size})`),
      ...renderTable(header, rows),
      ...more(report.operators.length, limit, s),
    ];
  }
  const weights = USE_CASES.map((uc) => `${uc}:${mm.consumerWeights?.[uc] ?? 0}`).join(',');
  const title = `Managed memory (fraction of the slot; weights ${weights}${weightsFrom(mm)}; ${backendText(mm)}${size})`;
  const cell = (o: PlanReport['operators'][number], uc: (typeof USE_CASES)[number]): string => {
    const f = o.fractionsOfSlot?.[uc];
    const shared = isSlotScope(uc) && (f ?? 0) > 0 ? ' shared' : '';
    const bytes = (o.bytes as UseCaseBytes | undefined)?.[uc];
    return `${fmt(f)}${shared}${bytes === undefined ? '' : ` (${formatBytes(BigInt(bytes))})`}`;
  };
  const label = vertexLabeler(report.vertexNames);
  const rows = cut(report.operators, limit).map((o) => [
    label(o.vertex),
    operatorLabel(o),
    o.slotSharingGroup,
    ...USE_CASES.map((uc) => cell(o, uc)),
  ]);
  return [
    s.heading(title),
    ...renderTable(['VERTEX', OPERATOR_COLUMN, 'GROUP', ...USE_CASES], rows),
    ...more(report.operators.length, limit, s),
    ...sharedLines(report, s, limit),
  ];
}

/**
 * The operator column names a chained operator; headed "OPERATOR" it would read as the OPERATOR
 * use case next to it.
 */
const OPERATOR_COLUMN = 'CHAINED OPERATOR';

/**
 * A SLOT-scope use case is one reservation per slot, however many of the group's operators declare
 * it: two keyed operators at "0.7 shared (716.8 MiB)" hold 716.8 MiB of the slot together, not
 * twice. The same reservations the HTML report draws (slot-reservations.ts).
 */
function sharedLines(report: PlanReport, s: Style, limit: number): string[] {
  const byGroup = rowsBySlotSharingGroup(report.operators);
  const lines = report.slotSharingGroups.flatMap((g) =>
    sharedReservations(byGroup.get(g.id) ?? []).map((r) => {
      const bytes = r.bytes === undefined ? '' : ` (${formatBytes(BigInt(r.bytes))})`;
      return `    group ${g.id}: ${r.useCase} ${r.fraction}${bytes}, one reservation for the slot, used by ${count(r.operators, 'operator')}`;
    }),
  );
  if (lines.length === 0) return [];
  return [
    s.dim('  shared: a slot-scope use case (STATE_BACKEND, PYTHON) is reserved once per slot, for all the operators declaring it'),
    ...cut(lines, limit),
    ...more(lines.length, limit, s),
  ];
}

export function formatDiagnostic(d: Diagnostic): string {
  const l = d.location;
  const where = l ? [l.file, l.line, l.column].filter((x) => x !== undefined).join(':') : '';
  const pointer = l && l.pointer !== '' ? ` (${l.pointer})` : '';
  return `${where ? where + ' ' : ''}${d.message}${pointer} [${d.code}]`;
}

const SOURCE_TEXT = {
  job: 'set by the job',
  'tm-config': 'from --tm-config',
  default: "Flink's default",
  'batch-mode': 'BATCH mode',
} as const;

function weightsFrom(mm: PlanReport['managedMemory']): string {
  return mm.consumerWeightsSource === 'default' ? '' : ` ${SOURCE_TEXT[mm.consumerWeightsSource]}`;
}

/** "state backend rocksdb (state.backend.type from --tm-config), uses managed memory". */
function backendText(mm: PlanReport['managedMemory']): string {
  const b = mm.stateBackend;
  const from = b.key === undefined ? SOURCE_TEXT[b.source] : `${b.key} ${SOURCE_TEXT[b.source]}`;
  return `state backend ${printable(b.name)} (${from}) ${mm.stateBackendUsesManagedMemory ? 'uses' : 'does not use'} managed memory`;
}

/** An operator of a Flink file is its vertex's only operator: '-' rather than the vertex's label again. */
function operatorLabel(o: PlanReport['operators'][number]): string {
  return isGeneratedId(o.id) ? (o.id === o.vertex ? '-' : shortName(o.name)) : printable(o.id);
}

/** `, slotMin task heap 512 MiB`: flinkslot's floor for the group's slots (issue 26 §2); the profile itself is unchanged. */
function slotMinText(slotMin: PlanReport['slotSharingGroups'][number]['slotMin']): string {
  if (slotMin === undefined) return '';
  const parts = Object.entries(slotMin).map(([d, v]) => `${dimensionName(d)} ${amountText(d as FloorDimension, v)}`);
  return parts.length === 0 ? '' : `, slotMin ${parts.join(', ')}`;
}
