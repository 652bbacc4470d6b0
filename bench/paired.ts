/**
 * Paired rounds (issue 29 §5): A and B (and C…) run in turn, one round after another, the order
 * rotating each round, so that the machine's drift over seconds and minutes (other work on 2 shared
 * cores) lands on both sides of a ratio alike. A/B is the median of the per-round ratios, each taken
 * from runs seconds apart; one slow round moves it less than it moves a ratio of two medians
 * gathered at different moments. The spread of the per-round ratios says how far to trust it.
 * Pure helpers, no clock: the callers time; test/bench/paired.test.ts checks these.
 */
import { median } from './format.js';

/** Runs each side once, round `round`'s turn: starting with side `round` mod n, then on in order. Values in side order. */
export function inTurn<T>(round: number, sides: readonly (() => T)[]): T[] {
  const values = new Array<T>(sides.length);
  for (let k = 0; k < sides.length; k++) {
    const side = (round + k) % sides.length;
    values[side] = sides[side]!();
  }
  return values;
}

/**
 * Runs `rounds` rounds of the sides in turn (two sides: AB, BA, AB, …) and returns each side's
 * values in round order. `onRound` is called before each round (progress, load samples).
 */
export function runRounds<T>(rounds: number, sides: readonly (() => T)[], onRound?: (round: number) => void): T[][] {
  const values: T[][] = sides.map(() => []);
  for (let r = 0; r < rounds; r++) {
    onRound?.(r);
    inTurn(r, sides).forEach((v, side) => values[side]!.push(v));
  }
  return values;
}

export interface RatioSummary {
  /** Median of A's values and of B's values (information: the ratio is not their quotient). */
  readonly a: number;
  readonly b: number;
  /** A/B of each round, in round order. */
  readonly ratios: readonly number[];
  /** The figure: the median of the per-round ratios. */
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  /** The upper quartile of the per-round ratios (nearest rank): three rounds in four are at or below it. */
  readonly upperQuartile: number;
}

/** Value at quantile q (0 < q ≤ 1) by nearest rank: the smallest value with at least q of them at or below it. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
}

/** A/B per round (rounds where either side failed, `undefined`, are left out); undefined when no round has both. */
export function summarisePairs(a: readonly (number | undefined)[], b: readonly (number | undefined)[]): RatioSummary | undefined {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < Math.min(a.length, b.length); r++) {
    const x = a[r];
    const y = b[r];
    if (x === undefined || y === undefined || !(y > 0)) continue;
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  if (ratios.length === 0) return undefined;
  return {
    a: median(as),
    b: median(bs),
    ratios,
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    upperQuartile: quantile(ratios, 0.75),
  };
}

/**
 * A row's target: A/B at most `limit`; `stable` also asks three rounds in four to be within it
 * (the upper quartile), so a median that only just passes among scattered rounds is not met.
 */
export type RatioTarget = { readonly limit: number; readonly stable?: boolean } | 'information';

export function times(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

export function targetText(target: RatioTarget): string {
  if (target === 'information') return 'information';
  return `≤ ${target.limit.toFixed(1)}×${target.stable === true ? ', stable' : ''}`;
}

/** 'met', 'MISSED (…)', or for a row without a target 'information'. */
export function ratioVerdict(summary: RatioSummary | undefined, target: RatioTarget): string {
  if (summary === undefined) return 'not measured';
  if (target === 'information') return 'information';
  if (summary.ratio > target.limit) return 'MISSED';
  if (target.stable === true && summary.upperQuartile > target.limit)
    return `MISSED (unstable: upper quartile ${times(summary.upperQuartile)})`;
  return 'met';
}

/** The per-round ratios' range: `1.71–2.05× (5 rounds)`. */
export function spreadText(summary: RatioSummary | undefined): string {
  if (summary === undefined) return '—';
  const rounds = `${summary.ratios.length} round${summary.ratios.length === 1 ? '' : 's'}`;
  return `${summary.min.toFixed(2)}–${times(summary.max)} (${rounds})`;
}
