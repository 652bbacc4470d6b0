/**
 * Colours of slot sharing groups and jobs: the Okabe–Ito palette, told apart by people with the
 * common colour vision deficiencies, never red against green alone. Shapes carry a class; the page's
 * style sheet maps each class to a light or a dark shade, whichever the viewer prefers.
 */
export const PALETTE_SIZE = 8;

/** The class of the n-th group or job (-1: several, drawn neutral). */
export function colourClass(n: number): string {
  return n < 0 ? 'cx' : `c${n % PALETTE_SIZE}`;
}

/** Light-scheme fills (the hues lightened for black text) and dark-scheme fills (darkened for white text). */
const LIGHT = ['#9fd0f0', '#f5c76b', '#7fd4b9', '#f3ea8a', '#8fb8db', '#f0a77f', '#e3b1cf', '#cfcfcf'];
const DARK = ['#1d5f86', '#8a5d00', '#00684c', '#6e6612', '#0a4f80', '#8a3c06', '#7a3d63', '#5a5a5a'];

function rules(fills: readonly string[]): string {
  return fills.map((fill, i) => `.c${i} rect{fill:${fill}}.sw.c${i}{background:${fill}}`).join('');
}

export const PALETTE_CSS = `${rules(LIGHT)}@media (prefers-color-scheme: dark){${rules(DARK)}}`;
