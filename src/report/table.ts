/** Left-aligned text columns; numeric-looking cells are right-aligned. */
const ANSI = /\u001b\[[0-9;]*m/g;

function visibleLength(text: string): number {
  return text.replace(ANSI, '').length;
}

export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], indent = '  '): string[] {
  // A loop, not Math.max(...rows): spreading 200k rows into arguments overflows the stack.
  const widths = header.map((h, i) => rows.reduce((w, r) => Math.max(w, visibleLength(r[i] ?? '')), visibleLength(h)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[\d.,]+( ?[a-z]+)?$/.test(r[i] ?? '')));
  const line = (cells: readonly string[]): string =>
    indent +
    cells
      .map((c, i) => {
        const pad = ' '.repeat(widths[i]! - visibleLength(c));
        return numeric[i] ? pad + c : i === cells.length - 1 ? c : c + pad;
      })
      .join('  ');
  return [line(header), ...rows.map(line)];
}
