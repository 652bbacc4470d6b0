/**
 * Text from input (job names, ids, image names) made safe to print: control characters, which
 * could move the cursor or recolour a terminal, become visible \u escapes.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
