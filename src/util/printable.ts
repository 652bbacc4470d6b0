/**
 * Text from input (job names, ids, image names) made safe to print: control characters, which
 * could move the cursor or recolour a terminal, the bidirectional overrides and the Unicode line
 * separators become visible \u escapes.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
