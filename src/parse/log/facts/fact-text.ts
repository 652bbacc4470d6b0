/**
 * Small scanners the recognisers share: a number or a word after fixed words, a ResourceID without
 * its metadata. Index arithmetic, no regular expression: every call is linear in the text.
 */

/** The text after the first `phrase`, or undefined. */
export function after(text: string, phrase: string): string | undefined {
  const at = text.indexOf(phrase);
  return at < 0 ? undefined : text.slice(at + phrase.length);
}

/** The non-negative integer whose digits start at `at` (at most 18 digits), or undefined. */
export function intAt(text: string, at: number): number | undefined {
  let i = at;
  while (i < text.length && i - at < 18 && isDigit(text.charCodeAt(i))) i++;
  return i === at ? undefined : Number(text.slice(at, i));
}

/** The integer right after the first `phrase`. */
export function intAfter(text: string, phrase: string): number | undefined {
  const at = text.indexOf(phrase);
  return at < 0 ? undefined : intAt(text, at + phrase.length);
}

/** A decimal (`2.5`, `1.0`, `1E+1`) starting at `at`. */
export function decimalAt(text: string, at: number): number | undefined {
  let i = at;
  while (i < text.length && i - at < 40 && isNumberChar(text.charCodeAt(i))) i++;
  if (i === at) return undefined;
  const value = Number(text.slice(at, i));
  return Number.isFinite(value) ? value : undefined;
}

/** The run of characters after `phrase` up to the first of `stops` (or the line's end), trimmed. */
export function wordAfter(text: string, phrase: string, stops: readonly string[] = [' ']): string | undefined {
  const rest = after(text, phrase);
  if (rest === undefined) return undefined;
  return upTo(rest, stops);
}

/** `text` up to the first of `stops` or the end of its line; undefined when empty. */
export function upTo(text: string, stops: readonly string[]): string | undefined {
  let end = text.indexOf('\n');
  if (end < 0) end = text.length;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  const word = text.slice(0, end).trim();
  return word === '' ? undefined : word;
}

/**
 * A ResourceID as 1.12+ prints it with metadata (`container_…_000002(host:45454)`): the bare id.
 * docs/research/jobmanager-log-messages.md §5.4.
 */
export function bareResourceId(id: string): string {
  if (!id.endsWith(')')) return id;
  const open = id.indexOf('(');
  return open > 0 ? id.slice(0, open) : id;
}

/** A sentence's last `.` dropped (`Worker x is registered.` → the id without it). */
export function withoutFinalPeriod(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** The first line of a text. */
export function firstLineOf(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/** A long text cut for a fact's message (a fact carries a sentence, not a stack trace). */
export function clip(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** `300000 ms`, `PT5M`, `PT1M30S`, `PT0.5S`: milliseconds. */
export function durationMs(text: string): number | undefined {
  const ms = intAt(text, 0);
  if (ms !== undefined && text.startsWith(`${ms} ms`)) return ms;
  if (!text.startsWith('PT')) return undefined;
  let total = 0;
  let i = 2;
  let any = false;
  while (i < text.length) {
    const value = decimalAt(text, i);
    if (value === undefined) break;
    let j = i;
    while (j < text.length && isNumberChar(text.charCodeAt(j))) j++;
    const unit = text[j];
    const scale = unit === 'H' ? 3_600_000 : unit === 'M' ? 60_000 : unit === 'S' ? 1000 : undefined;
    if (scale === undefined) break;
    total += value * scale;
    any = true;
    i = j + 1;
  }
  return any ? Math.round(total) : undefined;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isNumberChar(c: number): boolean {
  // digits, '.', 'E', '+', '-'
  return isDigit(c) || c === 46 || c === 69 || c === 43 || c === 45;
}
