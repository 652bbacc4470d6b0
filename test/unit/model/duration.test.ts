/** Times of one line in one unit (issue 25 §5). */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationsAlike } from '../../../src/model/duration.js';

describe('formatDurationsAlike', () => {
  it('seconds for all when the largest is a second or more, exact to the millisecond', () => {
    expect(formatDurationsAlike([1000, 1050])).toEqual(['1 s', '1.05 s']);
    expect(formatDurationsAlike([0, 60050])).toEqual(['0 s', '60.05 s']);
    expect(formatDurationsAlike([10_000, 60_001])).toEqual(['10 s', '60.001 s']);
  });

  it('minutes when every time is whole minutes; milliseconds below a second', () => {
    expect(formatDurationsAlike([60_000, 300_000])).toEqual(['1 min', '5 min']);
    expect(formatDurationsAlike([0, 50])).toEqual(['0 ms', '50 ms']);
  });

  it('one time alone by the same rule', () => {
    expect([formatDuration(300_000), formatDuration(2050), formatDuration(100), formatDuration(0)]).toEqual([
      '5 min',
      '2.05 s',
      '100 ms',
      '0 ms',
    ]);
  });
});
