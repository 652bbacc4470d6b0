/**
 * The benchmark's paired rounds and target verdicts (bench/paired.ts): which side runs when, the
 * median of per-round ratios, the spread, and met / MISSED, with made-up figures (no clock).
 */
import { describe, expect, it } from 'vitest';
import { inTurn, quantile, ratioVerdict, runRounds, spreadText, summarisePairs, targetText } from '../../bench/paired.js';

describe('runRounds', () => {
  it('runs A and B in turn, the order alternating each round, and returns each side in round order', () => {
    const order: string[] = [];
    const side = (name: string) => () => {
      order.push(name);
      return `${name}${order.length}`;
    };
    const [a, b] = runRounds(3, [side('A'), side('B')]);
    expect(order).toEqual(['A', 'B', 'B', 'A', 'A', 'B']);
    expect(a).toEqual(['A1', 'A4', 'A5']);
    expect(b).toEqual(['B2', 'B3', 'B6']);
  });

  it('rotates three sides so each starts a round in turn', () => {
    const order: number[] = [];
    const sides = [0, 1, 2].map((i) => () => order.push(i));
    runRounds(3, sides);
    expect(order).toEqual([0, 1, 2, 1, 2, 0, 2, 0, 1]);
    expect(inTurn(1, [() => 'a', () => 'b'])).toEqual(['a', 'b']);
  });

  it('calls onRound before each round', () => {
    const events: string[] = [];
    runRounds(2, [() => events.push('run')], (r) => events.push(`round ${r}`));
    expect(events).toEqual(['round 0', 'run', 'round 1', 'run']);
  });
});

describe('summarisePairs', () => {
  it('takes the median of the per-round ratios, not the ratio of the medians', () => {
    // Round 3 was hit by other work on B's side only: its ratio is an outlier the median drops.
    const s = summarisePairs([200, 220, 210, 400, 205], [100, 110, 30, 200, 100])!;
    expect(s.ratios).toEqual([2, 2, 7, 2, 2.05]);
    expect(s.ratio).toBe(2);
    expect(s.a).toBe(210);
    expect(s.b).toBe(100);
    expect([s.min, s.max]).toEqual([2, 7]);
    expect(s.upperQuartile).toBe(2.05);
  });

  it('leaves out a round where either side failed, and has nothing to say without a whole round', () => {
    const s = summarisePairs([300, undefined, 330], [100, 100, undefined])!;
    expect(s.ratios).toEqual([3]);
    expect(summarisePairs([undefined], [100])).toBeUndefined();
    expect(summarisePairs([], [])).toBeUndefined();
  });
});

describe('quantile', () => {
  it('is the nearest rank', () => {
    expect(quantile([5, 1, 4, 2, 3], 0.75)).toBe(4);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3);
    expect(quantile([7], 0.75)).toBe(7);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(() => quantile([], 0.5)).toThrow('quantile of no values');
  });
});

describe('ratioVerdict', () => {
  const summary = (ratios: number[]) =>
    summarisePairs(
      ratios,
      ratios.map(() => 1),
    );

  it('meets a target at or below the limit, misses above it', () => {
    expect(ratioVerdict(summary([1.4, 1.5, 1.6]), { limit: 1.5 })).toBe('met');
    expect(ratioVerdict(summary([1.4, 1.6, 1.7]), { limit: 1.5 })).toBe('MISSED');
  });

  it('asks a stable target to hold in three rounds of four', () => {
    expect(ratioVerdict(summary([1.8, 1.9, 1.95, 2.0, 2.4]), { limit: 2, stable: true })).toBe('met');
    expect(ratioVerdict(summary([1.8, 1.9, 1.95, 2.1, 2.4]), { limit: 2, stable: true })).toBe('MISSED (unstable: upper quartile 2.10×)');
    expect(ratioVerdict(summary([1.8, 1.9, 1.95, 2.1, 2.4]), { limit: 2 })).toBe('met');
  });

  it('says information for a row without a target, and not measured without figures', () => {
    expect(ratioVerdict(summary([7]), 'information')).toBe('information');
    expect(ratioVerdict(undefined, { limit: 2 })).toBe('not measured');
  });
});

describe('texts', () => {
  it('prints the target and the spread of the rounds', () => {
    expect(targetText({ limit: 1.5 })).toBe('≤ 1.5×');
    expect(targetText({ limit: 2, stable: true })).toBe('≤ 2.0×, stable');
    expect(targetText('information')).toBe('information');
    expect(spreadText(summarisePairs([3, 4.5, 4], [2, 2, 2]))).toBe('1.50–2.25× (3 rounds)');
    expect(spreadText(summarisePairs([3], [2]))).toBe('1.50–1.50× (1 round)');
    expect(spreadText(undefined)).toBe('—');
  });
});
