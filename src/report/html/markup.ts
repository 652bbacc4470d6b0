/**
 * Safe markup from input text: names and ids from job files reach HTML and SVG only through `text`
 * and `attr`, which escape the five markup characters after `printable` made control characters,
 * bidirectional overrides and line separators visible. Numbers go through `num` (finite, short).
 */
import { printable } from '../../util/printable.js';
import { groupThousands } from '../../util/plain-locale.js';

const MARKUP: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text content of an element. */
export function text(value: string): string {
  return printable(value).replace(/[&<>"']/g, (c) => MARKUP[c]!);
}

/** An attribute value (always written in double quotes). */
export const attr = text;

/** A coordinate or size: two decimals at most, never NaN or an exponent. */
export function num(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Math.round(value * 100) / 100);
}

/** An element with attributes (already escaped by the caller where they come from input) and content. */
export function el(name: string, attrs: Readonly<Record<string, string | number | undefined>>, ...content: string[]): string {
  let open = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    open += ` ${k}="${typeof v === 'number' ? num(v) : v}"`;
  }
  return content.length === 0 ? `${open}/>` : `${open}>${content.join('')}</${name}>`;
}

/** A hover title for an SVG shape (the browser shows it as a tooltip; screen readers read it). */
export function title(lines: readonly string[]): string {
  return `<title>${lines.map(text).join('\n')}</title>`;
}

/** "… and 980 more TaskManagers" under a list cut at `shown`, or nothing. */
export function more(total: number, shown: number, what: string): string {
  return total > shown ? `<p class="note">… and ${groupThousands(total - shown)} more ${what}.</p>` : '';
}

/** Long names shortened to `max` characters for a label; the title keeps the full text. */
export function shorten(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : chars.slice(0, max - 1).join('') + '…';
}
