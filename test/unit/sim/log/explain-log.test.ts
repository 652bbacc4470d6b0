/** explainLog (src/sim/log/explain-log.ts): what it passes through and the release it applies. */
import { describe, expect, it } from 'vitest';
import { explainLog } from '../../../../src/sim/log/explain-log.js';
import { FactLog } from '../../../support/fact-log.js';

describe('explainLog', () => {
  it("the log's release wins over --flink-version; the records counted pass through", () => {
    const log = new FactLog().add('release', { version: '1.17' }).declare('j', 1);
    const e = explainLog(log.done(), { flinkVersion: { major: 1, minor: 20 } });
    expect([e.flinkVersion, e.flinkVersionSource, e.records, e.recognisedRecords]).toEqual([{ major: 1, minor: 17 }, 'log', 12, 2]);
  });

  it('--flink-version when the log names none; nothing when neither does', () => {
    const log = new FactLog().declare('j', 1);
    expect(explainLog(log.done(), { flinkVersion: { major: 1, minor: 15 } })).toMatchObject({
      flinkVersion: { major: 1, minor: 15 },
      flinkVersionSource: 'option',
    });
    expect(explainLog(log.done())).toMatchObject({ flinkVersion: undefined, flinkVersionSource: undefined });
    expect(explainLog(log.done(), { messageFormsVersion: { major: 1, minor: 18 } })).toMatchObject({ flinkVersionSource: 'message-forms' });
  });

  it('an empty list of facts: nothing known, the diagnosis unknown', () => {
    const e = explainLog({ facts: [], records: 0, recognisedRecords: 0 });
    expect(e).toMatchObject({
      slotManager: undefined,
      resourceManager: undefined,
      jobs: [],
      taskManagers: [],
      workersRequested: 0,
      timeline: [],
    });
    expect(e.diagnosis.code).toBe('unknown');
    expect(e.replay).toEqual({ replayed: false, verdicts: [], disagreements: [] });
  });
});
