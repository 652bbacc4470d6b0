/** The REST answers that describe a running cluster, checked before use (src/parse/rest/). */
import { describe, expect, it } from 'vitest';
import { checkFirstRound, answerData } from '../../../../src/parse/rest/cluster-snapshot.js';
import {
  jobManagerConfigText,
  jobsHoldingSlots,
  readAllocatedSlots,
  readJobsOverview,
  readOverview,
} from '../../../../src/parse/rest/rest-answers.js';

const U = 'http://jm:8081';

describe('GET /overview', () => {
  it('gives the release and the slot counts; "<unknown>" is no release', () => {
    const data = { taskmanagers: 5, 'slots-total': 25, 'slots-available': 3, 'jobs-running': 1, 'flink-version': '1.13.5' };
    expect(readOverview(data, U)).toMatchObject({
      ok: true,
      value: { flinkVersion: '1.13.5', taskManagers: 5, slotsTotal: 25, slotsAvailable: 3 },
    });
    const unknown = readOverview({ ...data, 'flink-version': '<unknown>' }, U);
    expect(unknown.ok && unknown.value.flinkVersion).toBe(undefined);
  });

  it("another service's JSON is refused with the URL and the pointer", () => {
    const r = readOverview({ status: 'UP' }, `${U}/overview`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics[0]).toMatchObject({
      code: 'rest/answer',
      message: `GET ${U}/overview: not the answer of a Flink JobManager: 'taskmanagers' is missing or not a count`,
      location: { file: `${U}/overview`, pointer: '/taskmanagers' },
    });
  });
});

describe('GET /jobs/overview', () => {
  it('the jobs holding slots, oldest first: running, restarting, created …, not finished or suspended', () => {
    const jobs = readJobsOverview(
      {
        jobs: [
          { jid: 'b', name: 'B', state: 'RUNNING', 'start-time': 20 },
          { jid: 'a', name: 'A', state: 'RESTARTING', 'start-time': 10 },
          { jid: 'c', name: 'C', state: 'FINISHED', 'start-time': 5 },
          { jid: 'd', name: 'D', state: 'SUSPENDED', 'start-time': 1 },
          { jid: 'e', state: 'CREATED', 'start-time': 30 },
        ],
      },
      U,
    );
    if (!jobs.ok) throw new Error('refused');
    expect(jobsHoldingSlots(jobs.value).map((j) => [j.id, j.name])).toEqual([
      ['a', 'A'],
      ['b', 'B'],
      ['e', 'e'],
    ]);
    expect(readJobsOverview({ jobs: [{ name: 'x' }] }, U).ok).toBe(false);
  });
});

describe('GET /jobmanager/config', () => {
  it('becomes a flat flink-conf.yaml of quoted values; hidden values stay hidden; keys or values over lines are left out', () => {
    const r = jobManagerConfigText(
      [
        { key: 'taskmanager.memory.process.size', value: '1728m' },
        { key: 'fs.s3.secret', value: '******' },
        { key: 'bad\nkey', value: 'x' },
        { key: 'multi', value: 'a\nb' },
      ],
      U,
    );
    expect(r).toMatchObject({ ok: true, value: 'taskmanager.memory.process.size: "1728m"\nfs.s3.secret: "******"\n' });
    expect(jobManagerConfigText({ key: 'x' }, U).ok).toBe(false);
    expect(jobManagerConfigText([{ key: 'x', value: 3 }], U).ok).toBe(false);
  });
});

describe('GET /taskmanagers/:id', () => {
  it('allocatedSlots when the release lists them (1.13+), undefined before', () => {
    const slot = { jobId: 'j1', resource: { cpuCores: 1, taskHeapMemory: 100 } };
    expect(readAllocatedSlots({ id: 'tm', allocatedSlots: [slot] }, U)).toMatchObject({ ok: true, value: [slot] });
    expect(readAllocatedSlots({ id: 'tm' }, U)).toMatchObject({ ok: true, value: undefined });
    expect(readAllocatedSlots({ id: 'tm', allocatedSlots: [{ resource: {} }] }, U).ok).toBe(false);
  });
});

describe('a first round of answers', () => {
  const round = (overrides: Record<string, string> = {}) => {
    const texts: Record<string, string> = {
      '/overview': JSON.stringify({
        taskmanagers: 1,
        'slots-total': 2,
        'slots-available': 1,
        'jobs-running': 1,
        'flink-version': '1.12.7',
      }),
      '/jobmanager/config': '[]',
      '/taskmanagers': JSON.stringify({ taskmanagers: [{ id: 'tm-1', slotsNumber: 2, freeSlots: 1 }] }),
      '/jobs/overview': JSON.stringify({ jobs: [{ jid: 'j', name: 'J', state: 'RUNNING' }] }),
      ...overrides,
    };
    const answers = Object.fromEntries(Object.entries(texts).map(([p, text]) => [p, { text, file: `${U}${p}` }]));
    return checkFirstRound({ base: U, answers: answers as never });
  };

  it('asks next for each running job, and for TaskManager details only from 1.13', () => {
    const r = round();
    expect(r.ok && r.value.next).toEqual({ jobs: ['/jobs/j'], taskManagers: [] });
    const newer = round({
      '/overview': JSON.stringify({
        taskmanagers: 1,
        'slots-total': 2,
        'slots-available': 1,
        'jobs-running': 1,
        'flink-version': '1.18.1',
      }),
    });
    expect(newer.ok && newer.value.next.taskManagers).toEqual(['/taskmanagers/tm-1']);
  });

  it('an HTML page or an empty body is not JSON: the error says which URL and what came', () => {
    const r = round({ '/overview': '<!DOCTYPE html><html><body>Sign in</body></html>', '/jobs/overview': '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `GET ${U}/overview: the answer is not JSON (an HTML page); is this a Flink JobManager's REST address?`,
      `GET ${U}/jobs/overview: the answer is not JSON (an empty body); is this a Flink JobManager's REST address?`,
    ]);
    expect(answerData({ text: '\u001b[31mhi', file: U }).ok).toBe(false);
  });
});
