/**
 * What the log itself says each job got (src/sim/log/log-verdicts.ts): slots required from each
 * era's lines, slots acquired, the verdict, and when.
 */
import { describe, expect, it } from 'vitest';
import { type JobFromLog, failureCauseOf, jobFromLog } from '../../../../src/sim/log/log-verdicts.js';
import { pointOrder } from '../../../../src/sim/log/point-order.js';
import { rebuildCluster } from '../../../../src/sim/log/rebuild-cluster.js';
import { rebuildJobs } from '../../../../src/sim/log/rebuild-jobs.js';
import { FactLog, profile } from '../../../support/fact-log.js';

function judged(log: FactLog): JobFromLog[] {
  const { facts } = log;
  const cluster = rebuildCluster(facts);
  const { jobs, failures } = rebuildJobs(facts);
  return jobs.map((j) => jobFromLog(j, cluster, failures, { onlyJob: jobs.length === 1, order: pointOrder(facts) }));
}

describe('a job as the log shows it', () => {
  it('required slots: the last non-empty declaration, kept after the requirements are cleared', () => {
    const [job] = judged(new FactLog().declare('j', 2).declare('j', 5).status('j', 'RUNNING', 'FINISHED').declare('j', 0));
    expect(job).toMatchObject({ requiredSlots: 5, acquiredSlots: 5, verdict: 'met', status: 'FINISHED' });
    expect(job!.metAt!.line).toBe(3);
  });

  it('RUNNING comes before the slots: a failure to get them after it means never met', () => {
    const [job] = judged(
      new FactLog().status('j', 'CREATED', 'RUNNING').declare('j', 3).add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 }),
    );
    expect(job).toMatchObject({ verdict: 'never-met', everMet: false, status: 'RUNNING' });
    expect(job!.failedAt!.line).toBe(3);
  });

  it('met, then a TaskManager lost and the job restarting: not met any more', () => {
    const [job] = judged(
      new FactLog()
        .declare('j', 1)
        .status('j', 'CREATED', 'RUNNING')
        .deployed()
        .status(
          'j',
          'RUNNING',
          'RESTARTING',
          'org.apache.flink.runtime.jobmaster.JobMasterException: TaskManager with id tm-1 is no longer reachable.',
        ),
    );
    expect(job).toMatchObject({ verdict: 'not-met', everMet: true, failureCause: 'taskmanager-lost' });
  });

  it('met, lost, and met again after a restart with slots: met, the old failure history', () => {
    const [job] = judged(
      new FactLog()
        .declare('j', 1)
        .status('j', 'CREATED', 'RUNNING')
        .deployed()
        .status('j', 'RUNNING', 'RESTARTING', 'Heartbeat of TaskManager with id tm-1 timed out.')
        .status('j', 'RESTARTING', 'RUNNING')
        .deployed(),
    );
    expect(job).toMatchObject({ verdict: 'met', failureCause: undefined });
    expect(job!.failedAt).toBeUndefined();
    expect(job!.metAt!.line).toBe(6);
  });

  it('legacy slot requests count distinct requests; job-less timeouts belong to the only job', () => {
    const [job] = judged(
      new FactLog()
        .add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'a' })
        .add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'b' })
        .add('slotRequestTimeout', { form: 'allocate-within-timeout' }),
    );
    expect(job).toMatchObject({ requiredSlots: 2, verdict: 'never-met' });
    expect(job!.resourceFailures.map((p) => p.line)).toEqual([3]);
  });

  it('the fine-grained SlotManager: acquired = required − missing', () => {
    const [job] = judged(
      new FactLog()
        .declare('j', 4, profile(1, 512))
        .add('resourcesMissing', { missing: [{ job: 'j', requirements: [{ profile: profile(1, 512), count: 3 }] }], taskManagers: [] })
        .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' }),
    );
    expect(job).toMatchObject({ requiredSlots: 4, acquiredSlots: 1, verdict: 'never-met' });
  });

  it('the slot pool gives up: its Acquired is the job it follows', () => {
    const jobs = judged(
      new FactLog()
        .declare('a', 1)
        .declare('b', 4)
        .add('minimumResourcesNotAcquired', {
          acquired: [{ profile: profile(1, 512), count: 3 }],
          registeredTaskManagers: 3,
          registeredSlots: 3,
          freeSlots: 0,
        }),
    );
    expect(jobs.map((j) => [j.id, j.acquiredSlots, j.verdict])).toEqual([
      ['a', undefined, 'unknown'],
      ['b', 3, 'never-met'],
    ]);
  });

  it('a job named only by its status line gets the id its submission gave', () => {
    const jobs = judged(
      new FactLog()
        .add('jobSubmitted', { job: 'abc', name: 'Nexmark' })
        .add('jobStatus', { name: 'Nexmark', from: 'CREATED', to: 'RUNNING' }),
    );
    expect(jobs.map((j) => [j.id, j.name, j.status])).toEqual([['abc', 'Nexmark', 'RUNNING']]);
  });

  it('failure causes', () => {
    expect(
      failureCauseOf(
        'NoResourceAvailableException: Slot request bulk is not fulfillable! Could not allocate the required slot within slot request timeout',
      ),
    ).toBe('resource');
    expect(failureCauseOf('java.io.IOException: Insufficient number of network buffers: required 2, but only 0 available.')).toBe(
      'network',
    );
    expect(failureCauseOf('java.util.concurrent.TimeoutException: Heartbeat of TaskManager with id x timed out.')).toBe('taskmanager-lost');
    expect(failureCauseOf('java.lang.ClassCastException: class A cannot be cast to class B')).toBe('other');
  });

  it('the adaptive scheduler running with fewer slots than declared: partly met, with what it holds', () => {
    const [job] = judged(
      new FactLog()
        .declare('j', 4, profile(1, 512))
        .add('resourcesMissing', { missing: [{ job: 'j', requirements: [{ profile: profile(1, 512), count: 2 }] }], taskManagers: [] })
        .add('slotAllocated', { form: 'executing' }),
    );
    expect(job).toMatchObject({ requiredSlots: 4, acquiredSlots: 2, verdict: 'partly-met' });
  });
});
