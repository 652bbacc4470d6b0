/** How a renderer emphasises text; the command layer supplies colours, tests use `PLAIN`. */
export interface Style {
  heading(text: string): string;
  strong(text: string): string;
  dim(text: string): string;
  warn(text: string): string;
  error(text: string): string;
  ok(text: string): string;
}

const same = (text: string): string => text;
export const PLAIN: Style = { heading: same, strong: same, dim: same, warn: same, error: same, ok: same };
