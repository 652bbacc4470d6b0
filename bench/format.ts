/** Figures as the benchmark prints them: durations, sizes, counts, aligned tables, medians, verdicts. */
import os from 'node:os';

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function ms(value: number | undefined): string {
  if (value === undefined) return '—';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  if (value < 10_000) return `${value.toFixed(0)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

export function mb(bytes: number | undefined): string {
  return bytes === undefined || bytes === 0 ? '—' : `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

export function count(n: number | undefined): string {
  return n === undefined ? '—' : n.toLocaleString('en-US');
}

/** Columns before `leftAligned` are left-aligned, the rest right-aligned. */
export function table(header: string[], rows: string[][], leftAligned = 1): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (c < leftAligned ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function verdict(value: number | undefined, target: number): string {
  if (value === undefined) return 'not measured';
  return value <= target ? 'met' : `MISSED (${(value / target).toFixed(1)}× the target)`;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
