/**
 * Bounds of src/sim/log/: a log of hundreds of thousands of facts is read in linear passes (no
 * argument spreads of input-sized arrays), a cluster beyond the replay's bound is explained without
 * a replay, and the timeline keeps its first MAX_TIMELINE entries.
 */
import { describe, expect, it } from 'vitest';
import { explainLog } from '../../../../src/sim/log/explain-log.js';
import { MAX_TIMELINE } from '../../../../src/sim/log/log-timeline.js';
import { MAX_REPLAY_EVENTS } from '../../../../src/sim/log/replay-model.js';
import { FactLog } from '../../../support/fact-log.js';

describe('bounds', () => {
  it('200 000 TaskManagers: explained, not replayed, the timeline cut', () => {
    const log = new FactLog();
    const n = 200_000;
    for (let i = 0; i < n; i++) log.add('taskManagerRegistered', { taskManager: `tm-${i}` });
    log
      .add('configuration', { key: 'taskmanager.numberOfTaskSlots', value: '1' })
      .declare('j', 3)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    expect(n * 2).toBeGreaterThan(MAX_REPLAY_EVENTS);
    const e = explainLog(log.done());
    expect(e.taskManagers).toHaveLength(n);
    expect(e.replay.replayed).toBe(false);
    expect(e.timeline).toHaveLength(MAX_TIMELINE);
    expect(e.timelineOmitted).toBe(n + 2 - MAX_TIMELINE);
    expect(e.diagnosis.code).toBe('slots/not-enough');
  }, 120_000);
});
