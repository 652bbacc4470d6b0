/** What `size --emit` says on stderr of a patched file (issue 25 §2): nothing for a new file, the proof and the diff for the user's. */
import { describe, expect, it } from 'vitest';
import { renderEmitSummary } from '../../../src/report/render-emit-summary.js';
import type { SizeReport } from '../../../src/report/size-report.js';

const report = { taskManagers: 2, slotsPerTaskManager: 4, slotManager: 'declarative' } as SizeReport;
const file = { format: 'flink-conf' as const, text: 'x', changes: [], diff: '', notes: [] };

describe('renderEmitSummary', () => {
  it('a new file: nothing on stderr', () => {
    expect(renderEmitSummary(report, file)).toBe('');
  });

  it('a base that already says the answer: no change, said so', () => {
    expect(renderEmitSummary(report, { ...file, base: 'conf/flink-conf.yaml', notes: ['n'] })).toBe(
      'flinkslot size: 2 TaskManager(s) of 4 slot(s), proven by the embedded declarative SlotManager; conf/flink-conf.yaml needs no change\nnote: n\n',
    );
  });
});
