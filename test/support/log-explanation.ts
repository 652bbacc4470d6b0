/**
 * A LogExplanation built by hand (what sim/log's explainLog returns), for the report builders' unit
 * tests: a declarative 1.17 standalone cluster of one TaskManager of 3 slots, a job that needs 4,
 * the bulk timeout, and one TaskManager lost.
 */
import { UNKNOWN } from '../../src/model/resource-profile.js';
import type { LogPoint } from '../../src/parse/log/log-facts.js';
import type { LogExplanation, TimelineEntry } from '../../src/sim/log/log-explanation.js';

export const JOB = 'a5d3e2b8c1f04e6a9b7d2c3e4f5a6b7c';

export function point(line: number, text: string, time?: number): LogPoint {
  return { file: 'jobmanager.log', line, text, ...(time === undefined ? {} : { time }), level: 'INFO' };
}

export function entry(
  line: number,
  offset: number | undefined,
  kind: TimelineEntry['kind'],
  text: string,
  more: Partial<TimelineEntry> = {},
): TimelineEntry {
  return { at: point(line, text), offset, kind, text, ...more };
}

export const TIMELINE: TimelineEntry[] = [
  entry(10, 0, 'taskmanager-registered', 'TaskManager tm-1 registered (3 slots)', { taskManager: 'tm-1' }),
  entry(12, 500, 'requirements', `job ${JOB} requires 4 slots`, { job: JOB, requiredSlots: 4 }),
  entry(13, 600, 'slots', `job ${JOB} holds 3 slots`, { job: JOB, acquiredSlots: 3 }),
  entry(14, 900, 'not-fulfilled', `Could not fulfill resource requirements of job ${JOB}. Free slots: 0`, { job: JOB }),
  entry(20, 300_500, 'timeout', 'Slot request bulk is not fulfillable! Could not allocate the required slot within slot request timeout', {
    job: JOB,
  }),
  entry(21, 300_600, 'job-status', `Job ${JOB} switched from state RUNNING to FAILED.`, { job: JOB, acquiredSlots: 0 }),
];

export function explanation(overrides: Partial<LogExplanation> = {}): LogExplanation {
  return {
    flinkVersion: { major: 1, minor: 17 },
    flinkVersionSource: 'log',
    slotManager: 'declarative',
    resourceManager: 'standalone',
    deployment: 'standalone',
    jobs: [
      {
        id: JOB,
        name: 'WordCount',
        requiredSlots: 4,
        acquiredSlots: 3,
        requirements: [{ profile: UNKNOWN, count: 4 }],
        verdict: 'never-met',
        failedAt: point(20, 'Slot request bulk is not fulfillable!'),
        status: 'FAILED',
      },
    ],
    taskManagers: [{ id: 'tm-1', slots: 3, lost: false, registeredAt: point(10, 'Registering TaskManager tm-1') }],
    workersRequested: 0,
    workersRegistered: 0,
    network: undefined,
    diagnosis: {
      code: 'slots/not-enough',
      message: 'The job needs 4 slots; the cluster has 3 and no more are coming (a standalone ResourceManager).',
      fixes: [
        { text: '1 more TaskManager like tm-1 and the requirement is met', proven: true },
        { text: "lower the job's parallelism to 3", proven: false },
      ],
      evidence: [
        point(14, `Could not fulfill resource requirements of job ${JOB}. Free slots: 0`),
        point(20, 'Slot request bulk is not fulfillable!'),
      ],
    },
    replay: { replayed: true, verdicts: [{ job: JOB, verdict: 'never-met' }], disagreements: [] },
    timeline: TIMELINE,
    records: 120,
    recognisedRecords: 9,
    ...overrides,
  };
}
