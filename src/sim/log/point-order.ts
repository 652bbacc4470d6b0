/**
 * Reading order of log points across files: the files in the order their facts come (the order the
 * user gave them), then the line. Points carry no index; a fact's position is its file's rank and
 * its line.
 */
import type { LogFact, LogPoint } from '../../parse/log/log-facts.js';

export type PointOrder = (p: LogPoint) => number;

/** Lines per file rank: more than any log flinkslot reads (bounded far below). */
const FILE_STRIDE = 2 ** 32;

export function pointOrder(facts: readonly LogFact[]): PointOrder {
  const rank = new Map<string, number>();
  for (const f of facts) if (!rank.has(f.at.file)) rank.set(f.at.file, rank.size);
  return (p) => (rank.get(p.file) ?? rank.size) * FILE_STRIDE + p.line;
}

/** `a` comes after `b` (an undefined `b`: any point does; an undefined `a`: none). */
export function isAfter(order: PointOrder, a: LogPoint | undefined, b: LogPoint | undefined): boolean {
  if (a === undefined) return false;
  return b === undefined || order(a) > order(b);
}
