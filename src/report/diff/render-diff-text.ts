/**
 * The `diff` report as text for people: the headline first (minimum slots old → new, what grew),
 * then only what changed: requirements, slot sharing groups, regions, vertices, operators.
 * Long lists are cut at `limit` rows.
 */
import type { GroupChange, GroupSide, JobSide, OperatorChange, PlanDiff, SignedBytesJson } from '../../plan/diff/plan-diff-model.js';
import { formatBytes } from '../../model/memory-size.js';
import type { BytesJson, ResourceProfileJson } from '../../model/profile-json.js';
import { profileToTextFromJson } from '../profile-text.js';
import { type Style, PLAIN } from '../style.js';
import { renderTable } from '../table.js';
import { vertexLabeler } from '../vertex-label.js';
import { groupLabel, regionLabel } from './region-label.js';
import { pushAll } from '../../util/push-all.js';

export interface DiffTextOptions {
  /** Maximum rows per list; 0 = everything. */
  limit?: number;
}

export function renderDiffText(
  diff: PlanDiff,
  style: Style = PLAIN,
  oldFile = 'old',
  newFile = 'new',
  options: DiffTextOptions = {},
): string {
  const s = style;
  const limit = options.limit ?? 50;
  const label = vertexLabeler(diff.vertexNames);
  const lines: string[] = [s.heading(`Plan diff ${oldFile} → ${newFile}`) + s.dim(` ${jobLine(diff)}`)];
  for (const w of diff.warnings ?? []) lines.push(`  ${s.warn('warning')} ${w}`);
  lines.push('');
  if (!diff.changed) {
    lines.push(s.ok(`No differences: both plans need ${diff.minimumSlots.new} slots, with the same groups, regions and managed memory.`));
    return lines.join('\n') + '\n';
  }
  lines.push(s.strong(`Minimum slots ${change(diff.minimumSlots.old, diff.minimumSlots.new, diff.minimumSlots.delta)}`));
  lines.push(grewLine(diff, s));

  const requirements = diff.requirements.filter((r) => r.delta !== 0);
  if (requirements.length > 0) {
    lines.push('', s.heading('Resource requirements (FLIP-138)'));
    pushAll(
      lines,
      table(
        ['SLOTS', 'PROFILE'],
        requirements.map((r) => [change(r.old, r.new, r.delta), profileText(r.resourceProfile)]),
      ),
    );
  }

  const g = diff.slotSharingGroups;
  if (g.added.length + g.removed.length + g.changed.length > 0) {
    lines.push(
      '',
      s.heading(
        `Slot sharing groups (${counts([
          [g.changed.length, 'changed'],
          [g.added.length, 'added'],
          [g.removed.length, 'removed'],
          [g.unchanged, 'unchanged'],
        ])})`,
      ),
    );
    const rows = [
      ...g.changed.map((c) => groupChangeRow(c, label)),
      ...g.removed.map((x) => groupRow('removed', x, label)),
      ...g.added.map((x) => groupRow('added', x, label)),
    ];
    pushAll(lines, [...table(['GROUP', 'CHANGE', 'SLOTS', 'PROFILE', 'VERTICES'], cut(rows, limit)), ...more(rows.length, limit, s)]);
  }

  const r = diff.regions;
  if (r.added.length + r.removed.length > 0) {
    lines.push(
      '',
      s.heading(
        `Pipelined regions ${r.old} → ${r.new} (${counts([
          [r.removed.length, 'removed'],
          [r.added.length, 'added'],
          [r.unchanged, 'unchanged'],
        ])})`,
      ),
    );
    const region = (x: readonly string[]): string => regionLabel(x, label, 8);
    const rows = [...r.removed.map((x) => `  - ${region(x)}`), ...r.added.map((x) => `  + ${region(x)}`)];
    pushAll(lines, [...cut(rows, limit), ...more(rows.length, limit, s)]);
  }

  const v = diff.vertices;
  if (v.added.length + v.removed.length + v.parallelism.length + v.slotSharingGroup.length > 0) {
    lines.push(
      '',
      s.heading(
        `Vertices (${counts([
          [v.added.length, 'added'],
          [v.removed.length, 'removed'],
          [v.parallelism.length, 'parallelism changed'],
          [v.slotSharingGroup.length, 'moved to another group'],
        ])})`,
      ),
    );
    const p = (n: number | null): string => (n === null ? '' : `parallelism ${n}, `);
    const rows: string[][] = [
      ...v.removed.map((x) => [label(x.id), 'removed', `${p(x.parallelism)}group ${x.slotSharingGroup}`]),
      ...v.added.map((x) => [label(x.id), 'added', `${p(x.parallelism)}group ${x.slotSharingGroup}`]),
      ...v.parallelism.map((x) => [label(x.id), 'parallelism', change(x.old, x.new, x.delta)]),
      ...v.slotSharingGroup.map((x) => [label(x.id), 'group', `${x.old} → ${x.new}`]),
    ];
    pushAll(lines, [...table(['VERTEX', 'CHANGE', 'DETAIL'], cut(rows, limit)), ...more(rows.length, limit, s)]);
  }

  const mm = diff.managedMemory;
  if (mm.model.old !== mm.model.new || !sameBytes(mm.slotManagedMemory.old, mm.slotManagedMemory.new)) {
    lines.push('', s.heading('Managed memory'));
    if (mm.model.old !== mm.model.new) lines.push(`  model ${mm.model.old} → ${mm.model.new}`);
    if (!sameBytes(mm.slotManagedMemory.old, mm.slotManagedMemory.new))
      lines.push(`  slot managed memory ${bytesOrDash(mm.slotManagedMemory.old)} → ${bytesOrDash(mm.slotManagedMemory.new)}`);
  }

  const o = diff.operators;
  if (o.added.length + o.removed.length + o.changed.length > 0) {
    const bytes = mm.bytesCompared ? '' : '; fractions only (no managed memory size on both sides: use --tm-config)';
    lines.push(
      '',
      s.heading(
        `Operators (${counts([
          [o.changed.length, 'changed'],
          [o.added.length, 'added'],
          [o.removed.length, 'removed'],
          [o.unchanged, 'unchanged'],
        ])}${bytes})`,
      ),
    );
    const rows: string[][] = [
      ...o.changed.flatMap((c) => operatorRows({ ...c, vertex: label(c.vertex), id: label(c.id) }, mm.bytesCompared)),
      ...o.removed.map((x) => [label(x.vertex), label(x.id), '(removed)', '', ...(mm.bytesCompared ? [''] : [])]),
      ...o.added.map((x) => [label(x.vertex), label(x.id), '(added)', '', ...(mm.bytesCompared ? [''] : [])]),
    ];
    const header = ['VERTEX', 'OPERATOR', 'USE CASE', 'FRACTION OF SLOT', ...(mm.bytesCompared ? ['BYTES'] : [])];
    pushAll(lines, [...table(header, cut(rows, limit)), ...more(rows.length, limit, s)]);
  }
  return lines.join('\n') + '\n';
}

/** renderTable without the padding it leaves after an empty last cell. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return renderTable(header, rows).map((line) => line.trimEnd());
}

function jobLine(diff: PlanDiff): string {
  const { old: a, new: b } = diff.job;
  const part = (x: string, y: string): string => (x === y ? x : `${x} → ${y}`);
  return `(job ${part(a.name, b.name)}, ${part(a.mode, b.mode)}, Flink ${part(versionText(a), versionText(b))})`;
}

function grewLine(diff: PlanDiff, s: Style): string {
  const grew = [...(diff.grew.slots ? ['slots'] : []), ...(diff.grew.memory ? ['memory'] : [])];
  return grew.length === 0 ? s.ok('Grew: nothing (no more slots or memory needed)') : s.warn(`Grew: ${grew.join(', ')}`);
}

/** "4 → 6 (+2)", or "4 (unchanged)". */
function change(oldValue: number, newValue: number, delta: number): string {
  return delta === 0 ? `${newValue} (unchanged)` : `${oldValue} → ${newValue} (${signed(delta)})`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function counts(parts: ReadonlyArray<[number, string]>): string {
  const shown = parts.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`);
  return shown.length === 0 ? 'none' : shown.join(', ');
}

function cut<T>(items: readonly T[], limit: number): readonly T[] {
  return limit > 0 ? items.slice(0, limit) : items;
}

function more(total: number, limit: number, s: Style): string[] {
  return limit > 0 && total > limit ? [s.dim(`  … ${total - limit} more (--json shows all)`)] : [];
}

function profileText(p: ResourceProfileJson): string {
  return profileToTextFromJson(p);
}

function groupRow(what: string, g: GroupSide, label: (id: string) => string): string[] {
  return [groupLabel(g, label), what, String(g.slots), profileText(g.resourceProfile), members(g.vertices.map(label))];
}

function groupChangeRow(c: GroupChange, label: (id: string) => string): string[] {
  const [before, after] = [groupLabel(c.old, label), groupLabel(c.new, label)];
  const id = before === after ? after : `${before} → ${after}`;
  const profile = c.profileChanged
    ? `${profileText(c.old.resourceProfile)} → ${profileText(c.new.resourceProfile)}`
    : profileText(c.new.resourceProfile);
  const moved = [...c.verticesAdded.map((v) => `+${label(v)}`), ...c.verticesRemoved.map((v) => `-${label(v)}`)];
  return [
    id,
    'changed',
    change(c.old.slots, c.new.slots, c.slotsDelta),
    profile,
    members(moved.length > 0 ? moved : c.new.vertices.map(label)),
  ];
}

/** A group's vertices in a table cell: the first few, then how many more. */
function members(ids: readonly string[], shown = 8): string {
  return ids.length <= shown ? ids.join(', ') : `${ids.slice(0, shown).join(', ')}, … ${ids.length - shown} more`;
}

function bytesText(b: BytesJson | SignedBytesJson | bigint | null): string {
  if (b === null) return '-';
  const n = BigInt(b);
  return formatBytes(n);
}

function bytesOrDash(b: BytesJson | null): string {
  return b === null ? 'unknown' : bytesText(b);
}

function sameBytes(a: BytesJson | null, b: BytesJson | null): boolean {
  return a === null || b === null ? a === b : BigInt(a) === BigInt(b);
}

function fromTo(before: string, after: string): string {
  return before === after ? after : `${before} → ${after}`;
}

function fraction(f: number | null): string {
  return f === null ? '-' : String(f);
}

function operatorRows(c: OperatorChange, bytesCompared: boolean): string[][] {
  return c.useCases.map((u) => {
    const row = [c.vertex, c.id, u.useCase, fromTo(fraction(u.fractionOfSlot.old), fraction(u.fractionOfSlot.new))];
    if (bytesCompared) {
      const b = u.bytes;
      const delta = b === undefined ? 0n : BigInt(b.new ?? 0) - BigInt(b.old ?? 0);
      row.push(
        b === undefined
          ? ''
          : `${bytesText(b.old)} → ${bytesText(b.new)}${delta === 0n ? '' : ` (${delta > 0n ? '+' : ''}${bytesText(delta)})`}`,
      );
    }
    return row;
  });
}

/** The version, marked when no file named it (the newest known was assumed). */
function versionText(side: JobSide): string {
  return side.flinkVersionSource === 'assumed' ? `${side.flinkVersion} assumed` : side.flinkVersion;
}
