/**
 * Managed memory per operator, drawn within one slot of each slot sharing group: a slot holds one
 * subtask of every vertex of its group. A bar shows the slot and its reservations; a table lists
 * each operator's fraction and, when the slot's managed memory is known (a TaskManager
 * configuration), its bytes.
 */
import { formatBytes } from '../../model/memory-size.js';
import type { PlanReport } from '../plan-report.js';
import type { BytesJson } from '../../model/profile-json.js';
import { isSlotScope, rowsBySlotSharingGroup, sharedReservations } from '../slot-reservations.js';
import { el, more, num, shorten, text, title } from './markup.js';
import { colourClass } from './palette.js';

type OperatorRow = PlanReport['operators'][number];

/** Operator rows listed per group, and groups drawn, before "… and N more". */
const ROWS = 60;
const GROUPS = 50;

const percent = (f: number): string => `${num(f * 100)}%`;

function fractionOf(o: OperatorRow): number {
  if (o.legacyFraction !== undefined) return o.legacyFraction;
  return Object.values(o.fractionsOfSlot ?? {}).reduce((sum, f) => sum + (f ?? 0), 0);
}

/** An operator's own reservation (OPERATOR scope, or the legacy fraction) and its share of slot-scope ones. */
function splitOf(o: OperatorRow): { own: number; shared: number } {
  if (o.legacyFraction !== undefined) return { own: o.legacyFraction, shared: 0 };
  const f = o.fractionsOfSlot ?? {};
  const own = f.OPERATOR ?? 0;
  return { own, shared: fractionOf(o) - own };
}

function fractionText(o: OperatorRow): string {
  const { own, shared } = splitOf(o);
  if (shared <= 0) return percent(own);
  return own > 0 ? `${percent(own)} + ${percent(shared)} shared` : `${percent(shared)} shared`;
}

function bytesText(o: OperatorRow): string {
  if (o.bytes === undefined) return '';
  const total =
    typeof o.bytes === 'object' ? Object.values(o.bytes).reduce<bigint>((sum, b) => sum + BigInt(b as BytesJson), 0n) : BigInt(o.bytes);
  return formatBytes(total);
}

function useCases(o: OperatorRow): string {
  if (o.legacyFraction !== undefined) return 'legacy';
  return Object.entries(o.fractionsOfSlot ?? {})
    .filter(([, f]) => (f ?? 0) > 0)
    .map(([uc]) => (isSlotScope(uc) ? `${uc} (shared)` : uc))
    .join(', ');
}

/** One reservation of the slot's managed memory: an operator's own, or one shared by a slot-scope use case. */
interface Segment {
  readonly label: string;
  readonly fraction: number;
  readonly lines: readonly string[];
}

/**
 * OPERATOR-scope reservations add up, one per operator; a SLOT-scope use case (STATE_BACKEND,
 * PYTHON) is one reservation the slot's operators share (MemoryManager's shared resources), so it
 * is drawn once, however many operators declare it. The legacy model reserves per operator.
 */
function segments(rows: readonly OperatorRow[], slotBytes: bigint | undefined): Segment[] {
  const bytes = (f: number): string => (slotBytes === undefined ? '' : formatBytes(BigInt(Math.floor(Number(slotBytes) * f))));
  const out: Segment[] = [];
  for (const o of rows) {
    if (o.legacyFraction !== undefined) {
      out.push({
        label: o.name,
        fraction: o.legacyFraction,
        lines: [o.name, `${percent(o.legacyFraction)} of the slot (legacy fraction)`, bytes(o.legacyFraction)],
      });
      continue;
    }
    const own = o.fractionsOfSlot?.OPERATOR ?? 0;
    if (own > 0) out.push({ label: o.name, fraction: own, lines: [o.name, `OPERATOR: ${percent(own)} of the slot`, bytes(own)] });
  }
  const shared = sharedReservations(rows).map((s) => ({
    label: s.useCase,
    fraction: s.fraction,
    lines: [`${s.useCase}: ${percent(s.fraction)} of the slot, one reservation shared by ${s.operators} operator(s)`, bytes(s.fraction)],
  }));
  return [...shared, ...out];
}

/** Reservations drawn in one bar; the rest are one segment (they would be under a pixel each). */
const SEGMENTS = 100;

function slotBar(all: readonly Segment[], group: number): string {
  const width = 600;
  let x = 0;
  const rest = all.slice(SEGMENTS);
  const restFraction = rest.reduce((sum, p) => sum + p.fraction, 0);
  const parts =
    rest.length === 0
      ? all
      : [
          ...all.slice(0, SEGMENTS),
          {
            label: `${rest.length} more`,
            fraction: restFraction,
            lines: [`${rest.length} more reservations: ${percent(restFraction)} of the slot`],
          },
        ];
  const drawn = parts.map((p) => {
    const w = Math.min(p.fraction, 1) * width;
    const part = el(
      'g',
      {},
      title(p.lines.filter((l) => l !== '')),
      el('rect', { x, y: 0, width: w, height: 22 }),
      w > 70 ? el('text', { x: x + 4, y: 15 }, text(shorten(p.label, Math.floor(w / 7)))) : '',
    );
    x += w;
    return part;
  });
  return el(
    'svg',
    {
      class: `slotbar ${colourClass(group)}`,
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height: 24,
      viewBox: `0 0 ${width} 24`,
      role: 'img',
      'aria-label': 'managed memory of one slot by reservation',
    },
    el('rect', { class: 'slot', x: 0, y: 0, width, height: 22 }),
    drawn.join(''),
  );
}

/** Its own reservation solid, its share of a shared one lighter: the shared part is not its alone. */
function fractionBar(o: OperatorRow): string {
  const { own, shared } = splitOf(o);
  const width = (f: number): string => `width:${num(Math.min(1, f) * 100)}%`;
  const ownBar = own > 0 ? el('span', { class: 'bar', style: width(own) }, ' ') : '';
  const sharedBar = shared > 0 ? el('span', { class: 'bar shared', style: width(Math.min(shared, 1 - Math.min(own, 1))) }, ' ') : '';
  return ownBar + sharedBar;
}

function operatorTable(rows: readonly OperatorRow[], withBytes: boolean): string {
  const shown = rows
    .slice(0, ROWS)
    .map((o) =>
      el(
        'tr',
        { 'data-operator': text(o.id) },
        el('td', { title: text(o.name) }, text(shorten(o.name, 60))),
        el('td', {}, text(useCases(o))),
        el('td', { class: 'n' }, fractionText(o)),
        withBytes ? el('td', { class: 'n' }, bytesText(o)) : '',
        el('td', {}, fractionBar(o)),
      ),
    );
  const rest = rows.length > ROWS ? `<tr><td colspan="${withBytes ? 5 : 4}">… and ${rows.length - ROWS} more operators</td></tr>` : '';
  const head = `<tr><th>operator</th><th>use cases</th><th>of the slot</th>${withBytes ? '<th>bytes</th>' : ''}<th></th></tr>`;
  return `<table class="ops">${head}${shown.join('')}${rest}</table>`;
}

/** A slot with a specified profile holds its managed memory; a default slot the configured share (unknown without one). */
function slotBytesOf(plan: PlanReport, group: PlanReport['slotSharingGroups'][number]): bigint | undefined {
  if (typeof group.resourceProfile === 'object') return BigInt(group.resourceProfile.managedMemory);
  return plan.managedMemory.slotManagedMemory === null ? undefined : BigInt(plan.managedMemory.slotManagedMemory);
}

export function memorySection(plan: PlanReport): string {
  const users = plan.operators.filter((o) => fractionOf(o) > 0);
  if (users.length === 0) return '<p>No operator declares managed memory: the slots’ managed memory stays unused.</p>';
  const byGroup = rowsBySlotSharingGroup(users);
  const groups = plan.slotSharingGroups.flatMap((g, i) => (byGroup.has(g.id) ? [{ g, i }] : []));
  const sections = groups
    .slice(0, GROUPS)
    .map(({ g, i }) => {
      const rows = byGroup.get(g.id)!;
      const slotBytes = slotBytesOf(plan, g);
      const slot = slotBytes === undefined ? '' : ` of ${formatBytes(slotBytes)}`;
      const parts = segments(rows, slotBytes);
      const used = parts.reduce((sum, p) => sum + p.fraction, 0);
      return el(
        'div',
        { class: 'slotmem' },
        el('h4', {}, text(`slot sharing group ${g.name}: one slot${slot}, ${percent(used)} reserved, for ${rows.length} operator(s)`)),
        slotBar(parts, i),
        operatorTable(rows, slotBytes !== undefined),
      );
    })
    .join('');
  return sections + more(groups.length, GROUPS, 'slot sharing groups with managed memory');
}
