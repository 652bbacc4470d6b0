/**
 * The `diff` report as GitHub-flavoured Markdown, to paste into a pull request comment: a heading,
 * a summary table, then one section per kind of change; a list longer than a few rows folds into
 * `<details>`, and very long lists are cut (the JSON output has everything).
 */
import type { GroupChange, GroupSide, JobSide, PlanDiff } from '../../plan/diff/plan-diff-model.js';
import { formatBytes } from '../../model/memory-size.js';
import type { BytesJson } from '../../model/profile-json.js';
import { profileToTextFromJson } from '../profile-text.js';
import { vertexLabeler } from '../vertex-label.js';
import { groupLabel, regionLabel } from './region-label.js';
import { maxOf, pushAll } from '../../util/push-all.js';

/** Rows shown without folding. */
const INLINE_ROWS = 10;
/** Rows listed at most per section (a GitHub comment holds 65,536 characters). */
const MAX_ROWS = 100;

export function renderDiffMarkdown(diff: PlanDiff, oldFile = 'old', newFile = 'new'): string {
  const label = vertexLabeler(diff.vertexNames);
  const out: string[] = [`### flinkslot diff: ${code(oldFile)} → ${code(newFile)}`, ''];
  const { old: a, new: b } = diff.job;
  const part = (x: string, y: string): string => (x === y ? text(x) : `${text(x)} → ${text(y)}`);
  out.push(`Job ${part(a.name, b.name)} (${part(a.mode, b.mode)}, Flink ${part(versionText(a), versionText(b))})`, '');
  for (const w of diff.warnings ?? []) out.push(`> :warning: ${text(w)}`, '');
  if (!diff.changed) {
    out.push(
      `:white_check_mark: **No differences** in the plan: minimum slots ${diff.minimumSlots.new}, same slot sharing groups, regions and managed memory.`,
    );
    return out.join('\n') + '\n';
  }
  const grew = [...(diff.grew.slots ? ['slots'] : []), ...(diff.grew.memory ? ['memory'] : [])];
  const m = diff.minimumSlots;
  const headline = m.delta === 0 ? `**Minimum slots ${m.new}** (unchanged)` : `**Minimum slots ${m.old} → ${m.new} (${signed(m.delta)})**`;
  out.push(`${headline} · ${grew.length === 0 ? 'grew: nothing' : `:warning: grew: **${grew.join(', ')}**`}`, '');
  pushAll(out, [...summaryTable(diff), '']);

  const requirements = diff.requirements.filter((r) => r.delta !== 0);
  const requirementRows = requirements.map((r) => [
    text(profileToTextFromJson(r.resourceProfile)),
    String(r.old),
    String(r.new),
    signed(r.delta),
  ]);
  pushAll(
    out,
    section(
      'Resource requirements',
      `${requirementRows.length} changed`,
      table(['Profile', 'Old', 'New', 'Change'], requirementRows, ['---', '--:', '--:', '--:']),
      requirementRows.length,
    ),
  );

  const g = diff.slotSharingGroups;
  const groupRows = [
    ...g.changed.map((c) => groupChangeRow(c, label)),
    ...g.removed.map((x) => groupRow('removed', x, label)),
    ...g.added.map((x) => groupRow('added', x, label)),
  ];
  pushAll(
    out,
    section(
      'Slot sharing groups',
      `${g.changed.length} changed, ${g.added.length} added, ${g.removed.length} removed`,
      table(['Group', 'Change', 'Slots', 'Profile', 'Vertices'], groupRows),
      groupRows.length,
    ),
  );

  const r = diff.regions;
  const regionLines = [...r.removed.map((x) => `- ${regionLabel(x, label, 20)}`), ...r.added.map((x) => `+ ${regionLabel(x, label, 20)}`)];
  pushAll(
    out,
    section(
      'Pipelined regions',
      `${r.removed.length} removed, ${r.added.length} added, ${r.unchanged} unchanged`,
      fenced('diff', regionLines),
      regionLines.length,
    ),
  );

  const v = diff.vertices;
  const vertex = (id: string): string => code(label(id));
  const p = (n: number | null): string => (n === null ? '' : `parallelism ${n}, `);
  const vertexRows = [
    ...v.removed.map((x) => [vertex(x.id), 'removed', `${p(x.parallelism)}group ${code(x.slotSharingGroup)}`]),
    ...v.added.map((x) => [vertex(x.id), 'added', `${p(x.parallelism)}group ${code(x.slotSharingGroup)}`]),
    ...v.parallelism.map((x) => [vertex(x.id), 'parallelism', `${x.old} → ${x.new} (${signed(x.delta)})`]),
    ...v.slotSharingGroup.map((x) => [vertex(x.id), 'group', `${code(x.old)} → ${code(x.new)}`]),
  ];
  pushAll(out, section('Vertices', `${vertexRows.length} changes`, table(['Vertex', 'Change', 'Detail'], vertexRows), vertexRows.length));

  const o = diff.operators;
  const bytes = diff.managedMemory.bytesCompared;
  const operatorRows = [
    ...o.changed.flatMap((c) =>
      c.useCases.map((u) => [
        vertex(c.vertex),
        vertex(c.id),
        u.useCase,
        fromTo(fraction(u.fractionOfSlot.old), fraction(u.fractionOfSlot.new)),
        ...(bytes ? [u.bytes === undefined ? '' : fromTo(bytesText(u.bytes.old), bytesText(u.bytes.new))] : []),
      ]),
    ),
    ...o.removed.map((x) => [vertex(x.vertex), vertex(x.id), '_removed_', '', ...(bytes ? [''] : [])]),
    ...o.added.map((x) => [vertex(x.vertex), vertex(x.id), '_added_', '', ...(bytes ? [''] : [])]),
  ];
  const operatorHeader = ['Vertex', 'Operator', 'Use case', 'Fraction of slot', ...(bytes ? ['Managed memory'] : [])];
  pushAll(
    out,
    section(
      'Operators (managed memory)',
      `${o.changed.length} changed, ${o.added.length} added, ${o.removed.length} removed`,
      table(operatorHeader, operatorRows),
      operatorRows.length,
    ),
  );

  out.push('<sub>Generated by <code>flinkslot diff</code>; <code>--json</code> lists every change.</sub>');
  return out.join('\n') + '\n';
}

function summaryTable(diff: PlanDiff): string[] {
  const { old: a, new: b } = diff.job;
  const g = diff.slotSharingGroups;
  const oldGroups = g.removed.length + g.changed.length + g.unchanged;
  const newGroups = g.added.length + g.changed.length + g.unchanged;
  const rows: string[][] = [
    row('Minimum slots', diff.minimumSlots.old, diff.minimumSlots.new),
    row('Slot sharing groups', oldGroups, newGroups),
    row('Pipelined regions', diff.regions.old, diff.regions.new),
    row('Vertices', a.vertices, b.vertices),
    row('Operators', a.operators, b.operators),
  ];
  const mm = diff.managedMemory.slotManagedMemory;
  const model = diff.managedMemory.model;
  if (model.old !== model.new) rows.push(['Managed memory model', model.old, model.new, '']);
  if (mm.old !== null || mm.new !== null)
    rows.push([
      'Managed memory per slot',
      bytesText(mm.old),
      bytesText(mm.new),
      mm.old === null || mm.new === null ? '' : signedBytes(BigInt(mm.new) - BigInt(mm.old)),
    ]);
  return table(['', 'Old', 'New', 'Change'], rows, ['---', '--:', '--:', '--:']);
}

function row(label: string, oldValue: number, newValue: number): string[] {
  return [label, String(oldValue), String(newValue), newValue === oldValue ? '' : `**${signed(newValue - oldValue)}**`];
}

/** A titled section; nothing when it has no rows; folded when long. */
function section(title: string, summary: string, body: string[], rows: number): string[] {
  if (rows === 0) return [];
  if (rows <= INLINE_ROWS) return [`#### ${title}`, '', ...body, ''];
  return [`#### ${title}`, '', `<details><summary>${escapeHtml(summary)}</summary>`, '', ...body, '', '</details>', ''];
}

function table(header: readonly string[], rows: readonly string[][], align?: readonly string[]): string[] {
  const shown = rows.slice(0, MAX_ROWS);
  const lines = [
    `| ${header.join(' | ')} |`,
    `| ${(align ?? header.map(() => '---')).join(' | ')} |`,
    ...shown.map((r) => `| ${r.join(' | ')} |`),
  ];
  if (rows.length > MAX_ROWS) lines.push('', `_… ${rows.length - MAX_ROWS} more rows (flinkslot diff --json lists all)_`);
  return lines;
}

function fenced(language: string, lines: readonly string[]): string[] {
  const shown = lines.slice(0, MAX_ROWS);
  const longest = maxOf(shown.map(longestBacktickRun), 2);
  const fence = '`'.repeat(longest + 1);
  const out = [fence + language, ...shown, fence];
  if (lines.length > MAX_ROWS) out.push('', `_… ${lines.length - MAX_ROWS} more (flinkslot diff --json lists all)_`);
  return out;
}

function groupRow(what: string, g: GroupSide, label: (id: string) => string): string[] {
  return [
    code(groupLabel(g, label)),
    what,
    String(g.slots),
    text(profileToTextFromJson(g.resourceProfile)),
    members(g.vertices.map((v) => code(label(v)))),
  ];
}

function groupChangeRow(c: GroupChange, label: (id: string) => string): string[] {
  const [before, after] = [groupLabel(c.old, label), groupLabel(c.new, label)];
  const id = before === after ? code(after) : `${code(before)} → ${code(after)}`;
  const slots = c.slotsDelta === 0 ? String(c.new.slots) : `${c.old.slots} → ${c.new.slots} (${signed(c.slotsDelta)})`;
  const profile = c.profileChanged
    ? `${text(profileToTextFromJson(c.old.resourceProfile))} → ${text(profileToTextFromJson(c.new.resourceProfile))}`
    : text(profileToTextFromJson(c.new.resourceProfile));
  const moved = [...c.verticesAdded.map((v) => `+${code(label(v))}`), ...c.verticesRemoved.map((v) => `-${code(label(v))}`)];
  return [id, 'changed', slots, profile, members(moved.length > 0 ? moved : c.new.vertices.map((v) => code(label(v))))];
}

/** A group's vertices in a table cell: the first few, then how many more. */
function members(cells: readonly string[], shown = 8): string {
  return cells.length <= shown ? cells.join(', ') : `${cells.slice(0, shown).join(', ')}, … ${cells.length - shown} more`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function signedBytes(n: bigint): string {
  if (n === 0n) return '';
  return n > 0n ? `+${formatBytes(n)}` : formatBytes(n);
}

function bytesText(b: BytesJson | null): string {
  return b === null ? '–' : formatBytes(BigInt(b));
}

function fromTo(before: string, after: string): string {
  return before === after ? before : `${before} → ${after}`;
}

function fraction(f: number | null): string {
  return f === null ? '–' : String(f);
}

/** Inline code that survives a table cell: backticks fenced by a longer run, pipes escaped. */
function code(value: string): string {
  const longest = longestBacktickRun(value);
  const fence = '`'.repeat(longest + 1);
  const padded = longest > 0 ? ` ${value} ` : value;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}

/** Plain text in a table cell or paragraph: Markdown and HTML specials escaped. */
function text(value: string): string {
  return escapeHtml(value).replace(/([\\`*_[\]|#])/g, '\\$1');
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The version, marked when no file named it (the newest known was assumed). */
function versionText(side: JobSide): string {
  return side.flinkVersionSource === 'assumed' ? `${side.flinkVersion} assumed` : side.flinkVersion;
}

function longestBacktickRun(text: string): number {
  return maxOf(
    (text.match(/`+/g) ?? []).map((run) => run.length),
    0,
  );
}
