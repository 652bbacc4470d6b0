/** The timeline of a log (src/sim/log/log-timeline.ts) and the release an explanation applies (log-release.ts). */
import { describe, expect, it } from 'vitest';
import { explainRelease } from '../../../../src/sim/log/log-release.js';
import { MAX_TIMELINE, logTimeline } from '../../../../src/sim/log/log-timeline.js';
import { FactLog } from '../../../support/fact-log.js';

describe('the timeline', () => {
  it('entries in order, offsets from the first timestamp, slots where they change', () => {
    const log = new FactLog()
      .add('workerRequested', { spec: { numSlots: 2 } })
      .add('taskManagerRegistered', { taskManager: 'pod-1' })
      .add('taskManagerRegistered', { taskManager: 'pod-1', instance: 'i1' })
      .declare('j', 2)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 })
      .add('minimumResourcesNotAcquired', { acquired: [{ profile: { kind: 'UNKNOWN' }, count: 1 }] })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' })
      .add('taskManagerLost', { taskManager: 'pod-1', cause: 'terminated', message: 'Worker pod-1 is terminated.' })
      .status('j', 'RUNNING', 'FAILED', 'NoResourceAvailableException')
      .add('insufficientNetworkBuffers', { required: 3, available: 1 })
      .declare('j', 0);
    const { entries, omitted } = logTimeline(log.facts);
    expect(omitted).toBe(0);
    expect(entries.map((e) => [e.offset, e.kind, e.text, e.requiredSlots, e.acquiredSlots])).toEqual([
      [0, 'worker-requested', 'the ResourceManager requests a worker', undefined, undefined],
      [1000, 'taskmanager-registered', 'TaskManager pod-1 registers', undefined, undefined],
      [3000, 'requirements', 'job j requires 2 slots', 2, undefined],
      [4000, 'not-fulfilled', 'the SlotManager cannot fulfil job j (0 free slots)', undefined, undefined],
      [5000, 'not-fulfilled', 'the slot pool gives up: 1 slot acquired are not the minimum', undefined, 1],
      [6000, 'timeout', 'a slot request times out (bulk-not-fulfillable)', undefined, undefined],
      [7000, 'taskmanager-lost', 'TaskManager pod-1 is lost (terminated)', undefined, undefined],
      [8000, 'job-status', 'job j switches to FAILED', undefined, undefined],
      [9000, 'network', 'insufficient network buffers: 3 required, 1 available', undefined, undefined],
      [10000, 'requirements', 'job j clears its requirements', 0, undefined],
    ]);
  });

  it('slots allocated to a job, counted once each; task failures', () => {
    const log = new FactLog()
      .add('slotAllocated', { form: 'allocation', allocation: 'a1', taskManager: 'tm-1', job: 'j' })
      .add('slotAllocated', { form: 'allocation', allocation: 'a1', taskManager: 'tm-1', job: 'j' })
      .add('slotAllocated', { form: 'allocation', allocation: 'a2', job: 'j' })
      .add('slotAllocated', { form: 'deployment' })
      .add('taskFailed', { task: 'Map (1/2)', cause: 'java.lang.IllegalStateException: boom\n\tat x' });
    expect(logTimeline(log.facts).entries.map((e) => [e.kind, e.text, e.acquiredSlots])).toEqual([
      ['slots', 'job j gets a slot on tm-1 (1 slot allocated)', 1],
      ['slots', 'job j gets a slot (2 slots allocated)', 2],
      ['job-status', 'task Map (1/2) fails: java.lang.IllegalStateException: boom', undefined],
    ]);
  });

  it('no timestamps: no offsets', () => {
    const { entries } = logTimeline(new FactLog('x.log', null).declare('j', 1).facts);
    expect(entries.map((e) => e.offset)).toEqual([undefined]);
  });

  it('at most MAX_TIMELINE entries, the rest counted', () => {
    const log = new FactLog();
    for (let i = 0; i < MAX_TIMELINE + 5; i++) log.declare('j', 1 + (i % 3));
    const { entries, omitted } = logTimeline(log.facts);
    expect([entries.length, omitted]).toEqual([MAX_TIMELINE, 5]);
  });
});

describe('the release an explanation applies', () => {
  const v = (major: number, minor: number) => ({ major, minor });

  it("the log's release wins over --flink-version and the message forms", () => {
    const facts = new FactLog().add('release', { version: '1.18' }).facts;
    expect(explainRelease(facts, v(1, 15), v(1, 17))).toMatchObject({ version: v(1, 18), source: 'log' });
  });

  it('--flink-version when the log names none, then the message forms, else nothing', () => {
    expect(explainRelease([], v(1, 15), v(1, 17))).toEqual({ version: v(1, 15), source: 'option' });
    expect(explainRelease([], undefined, v(1, 17))).toEqual({ version: v(1, 17), source: 'message-forms' });
    expect(explainRelease([], undefined, undefined)).toEqual({ version: undefined, source: undefined });
  });
});
