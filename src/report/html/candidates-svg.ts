/**
 * `size --search`'s candidates: one bar per ranked shape, as long as the memory it asks in total,
 * labelled with the count and the shape; the best one first and marked. The bar's text carries
 * the numbers, so nothing depends on telling colours apart.
 */
import { dimensionName } from '../../model/dimension-names.js';
import { formatBytes } from '../../model/memory-size.js';
import type { ShapeSearchReport } from '../shape-search-report.js';
import { maxOf } from '../../util/push-all.js';
import { el, num, text, title } from './markup.js';

const SHOWN = 40;
const ROW = 22;
const LABEL = 300;
const BAR = 420;

const bytes = (b: number | string): bigint => BigInt(b);

export function candidatesSvg(search: ShapeSearchReport): string {
  const shapes = search.shapes.slice(0, SHOWN);
  if (shapes.length === 0) return '<p>No shape can run the jobs.</p>';
  const longest = maxOf(
    shapes.map((s) => Number(bytes(s.totalMemory))),
    1,
  );
  const rows = shapes.map((s, i) => {
    const y = i * ROW;
    const w = (Number(bytes(s.totalMemory)) / longest) * BAR;
    const label = `#${s.rank}  ${s.taskManagers} × ${formatBytes(bytes(s.processMemory))}, ${s.slotsPerTaskManager} slots, ${s.cpuCores} CPU`;
    const tail = `${formatBytes(bytes(s.totalMemory))} · ${s.idleSlots} idle slot(s)${s.cost === undefined ? '' : ` · ${s.cost}/h`}`;
    return el(
      'g',
      { class: i === 0 ? 'cand best' : 'cand', 'data-rank': s.rank },
      title([
        label,
        `total ${formatBytes(bytes(s.totalMemory))}, ${s.totalCpuCores} CPU`,
        `runs out first: ${dimensionName(s.bindingDimension)}`,
      ]),
      el('text', { x: 0, y: y + 15 }, text(label)),
      el('rect', { x: LABEL, y: y + 3, width: Math.max(1, w), height: ROW - 6, rx: 2 }),
      el('text', { x: LABEL + w + 6, y: y + 15, class: 'small' }, text(tail)),
    );
  });
  const height = shapes.length * ROW + 4;
  const width = LABEL + BAR + 230;
  const more = search.shapes.length > SHOWN ? `<p class="note">… and ${search.shapes.length - SHOWN} more shapes that fit.</p>` : '';
  const refused = search.refused.map((r) => `<li>${r.count} shape(s): ${text(r.reason)}</li>`).join('');
  return (
    el(
      'svg',
      {
        class: 'candidates',
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height,
        viewBox: `0 0 ${width} ${num(height)}`,
        role: 'img',
        'aria-label': `${search.shapes.length} shapes that can run the jobs, ranked by ${search.rankedBy}`,
      },
      rows.join(''),
    ) +
    more +
    (refused === '' ? '' : `<p>Shapes that cannot run the jobs:</p><ul>${refused}</ul>`)
  );
}
