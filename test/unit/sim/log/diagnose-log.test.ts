/**
 * One synthetic log per diagnosis code (src/sim/log/diagnose-log.ts), in the order the codes are
 * decided: the code, the message in the engineer's terms, and the lines cited as evidence.
 */
import { describe, expect, it } from 'vitest';
import { explainLog } from '../../../../src/sim/log/explain-log.js';
import { FactLog, profile } from '../../../support/fact-log.js';

const lines = (e: ReturnType<typeof explainLog>): number[] => e.diagnosis.evidence.map((p) => p.line);

describe('the diagnosis of a log', () => {
  it('network/insufficient-buffers: the failure names the buffers, whatever else the log shows', () => {
    const log = new FactLog('taskmanager.log')
      .declare('j', 1)
      .add('taskManagerLost', {
        taskManager: 'tm-9',
        cause: 'heartbeat-timeout',
        message: 'Heartbeat of TaskManager with id tm-9 timed out.',
      })
      .add('insufficientNetworkBuffers', { required: 2, available: 0, total: 13926, segmentSize: 32768 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('network/insufficient-buffers');
    expect(e.diagnosis.message).toBe(
      "A TaskManager could not give a task its network buffers: the task needed 2, only 0 were free of the 13926 the TaskManager has. The job's slots were there; its TaskManagers' network memory is too small for the tasks' channels.",
    );
    expect(lines(e)).toEqual([3]);
    expect(e.network).toEqual({ required: 2, available: 0, total: 13926, segmentSize: 32768 });
  });

  it('job/failed-other: the job got its slots and failed for its own reason', () => {
    const log = new FactLog()
      .tm('tm-1', 1)
      .declare('j', 1)
      .status('j', 'CREATED', 'RUNNING')
      .deployed()
      .status('j', 'RUNNING', 'FAILED', 'java.lang.ClassCastException: class A cannot be cast to class B\n\tat x.y');
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('job/failed-other');
    expect(e.diagnosis.message).toBe(
      'Job j failed for a reason that has nothing to do with slots: java.lang.ClassCastException: class A cannot be cast to class B',
    );
    // Where it asked, where its task was deployed, where it failed.
    expect(lines(e)).toEqual([3, 5, 6]);
    expect(e.jobs[0]).toMatchObject({ id: 'j', requiredSlots: 1, acquiredSlots: 1, verdict: 'met', status: 'FAILED' });
  });

  it('taskmanager/lost: a TaskManager went, and the job restarted without its slots', () => {
    const log = new FactLog()
      .tm('tm-1', 2)
      .declare('j', 2)
      .status('j', 'CREATED', 'RUNNING')
      .deployed()
      .add('taskManagerLost', {
        taskManager: 'tm-1',
        cause: 'heartbeat-timeout',
        message: 'Heartbeat of TaskManager with id tm-1 timed out.',
      })
      .status('j', 'RUNNING', 'RESTARTING', 'java.util.concurrent.TimeoutException: Heartbeat of TaskManager with id tm-1 timed out.');
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('taskmanager/lost');
    expect(e.diagnosis.message).toBe(
      'TaskManager tm-1 was lost (its heartbeat timed out); the slots it held went with it, and job j failed.',
    );
    expect(lines(e)).toEqual([6, 7]);
    expect(e.taskManagers).toMatchObject([{ id: 'tm-1', slots: 2, lost: true, lossCause: 'heartbeat-timeout' }]);
    expect(e.jobs[0]!.verdict).toBe('not-met');
  });

  it('taskmanager/lost: the ResourceManager\'s "Worker … is terminated" loses that TaskManager (fixture 28)', () => {
    const log = new FactLog().add('resourceManager', { resourceManager: 'active' }).add('workerTerminated', {
      worker: 'container_1_01_000003',
      diagnostics: 'Container [pid=1] is running beyond physical memory limits. Current usage: 4.0 GB of 4 GB physical memory used',
      source: 'resource-manager',
    });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('taskmanager/lost');
    expect(e.diagnosis.message).toBe(
      'TaskManager container_1_01_000003 was lost (its container was killed for exceeding its memory limit); the slots it held went with it.',
    );
    expect(lines(e)).toEqual([2]);
    expect(e.taskManagers).toMatchObject([{ id: 'container_1_01_000003', lost: true, lossCause: 'killed' }]);
  });

  it('a worker terminated before it registered, or stopped by the ResourceManager, is no TaskManager lost', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'active' })
      .add('workerTerminated', {
        worker: 'w-1',
        diagnostics: 'requested in the current attempt and terminated before it registered',
        source: 'resource-manager',
      })
      .add('workerTerminated', { worker: 'w-2', diagnostics: 'Stopping worker w-2.', source: 'resource-manager' })
      .add('workerTerminated', { worker: 'w-2', diagnostics: 'Container released on a *lost* node', source: 'resource-manager' });
    expect(explainLog(log.done()).taskManagers.filter((t) => t.lost)).toEqual([]);
  });

  it('an association failure to an endpoint no registration names is the TaskManager lost by name beside it (fixture 31)', () => {
    const log = new FactLog()
      .add('taskManagerLost', {
        taskManager: '10.0.0.7:6122',
        cause: 'unreachable',
        message: 'Association with remote system [akka.tcp://flink@10.0.0.7:6122] has failed',
      })
      .add('workerTerminated', {
        worker: 'job-taskmanager-1-3',
        diagnostics: 'Pod terminated, container termination statuses: [flink-task-manager(exitCode=137, reason=OOMKilled, message=null)]',
        source: 'resource-manager',
      })
      .add('taskManagerLost', { taskManager: 'job-taskmanager-1-3', cause: 'killed', message: 'Closing TaskExecutor connection …' });
    const e = explainLog(log.done());
    expect(e.taskManagers.map((t) => [t.id, t.lost])).toEqual([['job-taskmanager-1-3', true]]);
    expect(e.diagnosis.code).toBe('taskmanager/lost');
    expect(lines(e)).toEqual([1, 2, 3]);
  });

  it('an association failure is another TaskManager when a registration gives its endpoint to one not lost by name', () => {
    const log = new FactLog()
      .tm('tm-a', 1, 'akka.tcp://flink@10.0.0.8:6122/user/rpc/taskmanager_0')
      .add('taskManagerLost', {
        taskManager: '10.0.0.8:6122',
        cause: 'unreachable',
        message: 'Association with remote system [akka.tcp://flink@10.0.0.8:6122] has failed',
      })
      .add('taskManagerLost', { taskManager: 'tm-b', cause: 'killed', message: 'Container killed' });
    const e = explainLog(log.done());
    expect(e.taskManagers.map((t) => [t.id, t.lost])).toEqual([
      ['tm-a', true],
      ['tm-b', true],
    ]);
  });

  it('a loss the jobs recovered from is no diagnosis: they got their slots back', () => {
    const log = new FactLog()
      .tm('tm-1', 2)
      .declare('j', 2)
      .status('j', 'CREATED', 'RUNNING')
      .deployed()
      .add('taskManagerLost', { taskManager: 'tm-1', cause: 'killed', message: 'Container killed' })
      .status('j', 'RUNNING', 'RESTARTING', 'Container killed')
      .tm('tm-2', 2)
      .status('j', 'RESTARTING', 'RUNNING')
      .deployed();
    expect(explainLog(log.done()).diagnosis.code).toBe('ok');
  });

  it('slots/too-small: the declarative SlotManager has free slots, none of the size required', () => {
    const log = new FactLog().tm('tm-1', 4).declare('j', 2, profile(2, 2048)).add('requirementsNotFulfilled', { job: 'j', freeSlots: 4 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/too-small');
    expect(e.diagnosis.message).toBe(
      "Free slots exist (4) but none fits the job's requirement: the slots are the wrong size, not too few. Job j requires 2 slots.",
    );
    expect(lines(e)).toEqual([3, 4]);
  });

  it('slots/not-enough: standalone, every slot taken, no worker coming', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-1', 2)
      .tm('tm-2', 2)
      .declare('j', 6)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/not-enough');
    expect(e.diagnosis.message).toBe(
      'Not enough slots: 2 TaskManagers registered, no slot free, and no worker is coming (a standalone cluster starts no TaskManager by itself). Job j requires 6 slots and holds 4.',
    );
    expect(lines(e)).toEqual([6, 7, 8]);
    expect(e.jobs[0]).toMatchObject({ requiredSlots: 6, acquiredSlots: 4, verdict: 'never-met' });
  });

  it('cluster/taskmanagers-not-registering: an active ResourceManager requested workers that never came', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'active', deployment: 'kubernetes' })
      .declare('j', 4)
      .add('workerRequested', { spec: { cpuCores: 1, numSlots: 2 } })
      .add('workerRequested', { spec: { cpuCores: 1, numSlots: 2 } })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable', timeoutMs: 300000 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('cluster/taskmanagers-not-registering');
    expect(e.diagnosis.message).toBe(
      'The ResourceManager requested 2 workers, 0 registered: the TaskManagers do not reach the ResourceManager. Job j requires 4 slots and holds 0.',
    );
    expect(lines(e)).toEqual([2, 3, 4, 5]);
    expect([e.workersRequested, e.workersRegistered, e.deployment]).toEqual([2, 0, 'kubernetes']);
  });

  it('cluster/taskmanagers-not-registering: some of the workers requested never register', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'active', deployment: 'yarn' })
      .declare('j', 4)
      .add('workerRequested', { spec: { numSlots: 2 } })
      .add('workerRequested', { spec: { numSlots: 2 } })
      .tm('container_1', 2)
      .add('workerRegistered', { worker: 'container_1' })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('cluster/taskmanagers-not-registering');
    expect(e.diagnosis.message).toBe(
      'The ResourceManager requested 2 workers, 1 registered: the TaskManagers do not reach the ResourceManager. Job j requires 4 slots.',
    );
  });

  it('cluster/taskmanagers-not-registering: the slot pool counts no TaskManager at all', () => {
    const log = new FactLog()
      .declare('j', 3)
      .add('minimumResourcesNotAcquired', { acquired: [], registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('cluster/taskmanagers-not-registering');
    expect(e.diagnosis.message).toBe(
      'No TaskManager registered with the ResourceManager, so the job waits for slots that never come. Job j requires 3 slots and holds 0.',
    );
    expect(e.slotPool).toEqual({ registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 });
  });

  it('slots/timeout: only the timeout is in the log', () => {
    const e = explainLog(new FactLog().add('slotRequestTimeout', { form: 'pending-request-timeout', timeoutMs: 300000 }).done());
    expect(e.diagnosis.code).toBe('slots/timeout');
    expect(e.diagnosis.message).toBe('A slot request timed out; the log does not show whether slots were too few or too small.');
    expect(lines(e)).toEqual([1]);
    expect(e.replay.replayed).toBe(false);
  });

  it('ok: the job got its slots and finished', () => {
    const log = new FactLog()
      .tm('tm-1', 1)
      .status('j', 'CREATED', 'RUNNING')
      .declare('j', 1)
      .deployed()
      .status('j', 'RUNNING', 'FINISHED')
      .declare('j', 0);
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('ok');
    expect(e.diagnosis.message).toBe('Every job got its slots (j: 1 of 1) and nothing failed.');
    // The TaskManager that gave the slot, where it asked, where its task was deployed, where it finished.
    expect(lines(e)).toEqual([1, 4, 5, 6]);
    expect(e.jobs[0]).toMatchObject({ requiredSlots: 1, acquiredSlots: 1, verdict: 'met', status: 'FINISHED' });
    expect(e.diagnosis.fixes).toEqual([]);
  });

  it('a timeout the job got its slots after is history: ok', () => {
    const log = new FactLog().tm('tm-1', 2).declare('j', 2).add('slotRequestTimeout', { form: 'bulk-not-fulfillable' }).deployed();
    expect(explainLog(log.done()).diagnosis.code).toBe('ok');
  });

  it('unknown: a requirement and nothing after it; it cites the requirement waiting', () => {
    const e = explainLog(new FactLog().declare('j', 2).done());
    expect(e.diagnosis.code).toBe('unknown');
    expect(e.diagnosis.message).toBe('The log stops before the outcome: no job got or failed to get its slots in it.');
    expect(lines(e)).toEqual([1]);
    expect(e.jobs[0]).toMatchObject({ requiredSlots: 2, acquiredSlots: undefined, verdict: 'unknown' });
  });

  it("unknown: workers requested and none registered yet; it cites the ResourceManager's and the driver's requests (fixture 32)", () => {
    const log = new FactLog(undefined, null)
      .add('workersNeeded', { count: 8, current: 11, declared: 19 })
      .add('workerRequested', { source: 'driver', worker: 'job-taskmanager-1-20' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('unknown');
    expect(e.diagnosis.message).toBe(
      'The log stops before the outcome: no job got or failed to get its slots in it. The ResourceManager requested 8 workers; 0 registered before the log ends.',
    );
    expect(lines(e)).toEqual([1, 2]);
  });

  it('the legacy SlotManager calling a request unfulfillable: slots/not-enough, counted from the slot requests', () => {
    const log = new FactLog()
      .add('slotManager', { slotManager: 'legacy' })
      .add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'r1' })
      .add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'r2' })
      .add('slotRequested', { job: 'j', profile: { kind: 'UNKNOWN' }, request: 'r1' })
      .add('noResourceAvailable', {
        message: 'Could not fulfill slot request r2. Requested resource profile (ResourceProfile{UNKNOWN}) is unfulfillable.',
      });
    const e = explainLog(log.done());
    expect(e.slotManager).toBe('legacy');
    expect(e.diagnosis.code).toBe('slots/not-enough');
    expect(e.diagnosis.message).toBe(
      'The SlotManager called the slot request unfulfillable: no registered TaskManager has a slot of the profile requested, and none is coming. Job j requires 2 slots and holds 0.',
    );
    expect(e.diagnosis.fixes).toEqual([
      {
        text: '2 more slots (more TaskManagers, or more taskmanager.numberOfTaskSlots each)',
        proven: false,
      },
    ]);
    expect(e.jobs[0]).toMatchObject({ requiredSlots: 2, verdict: 'never-met' });
  });

  it('taskmanager/lost before the excerpt: the ResourceManager counts slots acquired, the slot pool has no TaskManager', () => {
    const log = new FactLog()
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 })
      .add('minimumResourcesNotAcquired', { acquiredSlots: 3, registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('taskmanager/lost');
    expect(e.diagnosis.message).toBe(
      'The ResourceManager counts 3 slots acquired by job j, but its slot pool has no TaskManager left: the TaskManager that held them was lost before this part of the log, and the job cannot get them back.',
    );
    expect(lines(e)).toEqual([1, 2]);
    expect(e.jobs[0]).toMatchObject({ acquiredSlots: 0, verdict: 'never-met' });
  });

  it("cluster/taskmanagers-not-registering from a TaskManager's log: registered, then the connection lost", () => {
    const log = new FactLog('taskmanager.log')
      .add('resourceManagerRegistration', { event: 'connecting', message: 'Connecting to ResourceManager' })
      .add('resourceManagerRegistration', { event: 'registered', message: 'Successful registration at resource manager' })
      .add('resourceManagerRegistration', { event: 'disassociated', message: 'Association with remote system has failed' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('cluster/taskmanagers-not-registering');
    expect(e.diagnosis.message).toBe(
      'A TaskManager registered at the ResourceManager, then its connection to the JobManager was lost: its slots never reach a job.',
    );
    expect(lines(e)).toEqual([2, 3]);
    expect(e.diagnosis.fixes).toEqual([
      {
        text: 'a TaskManager that registers and is cut off right after is often one of several sharing one taskmanager.host (and port): the ResourceManager reaches only one of them; give each TaskManager its own taskmanager.host (e.g. its pod IP)',
        proven: false,
      },
    ]);
  });

  it('cluster/taskmanagers-not-registering: the address does not resolve', () => {
    const log = new FactLog('taskmanager.log')
      .add('resourceManagerRegistration', { event: 'unresolved', message: 'Could not resolve ResourceManager address' })
      .add('resourceManagerRegistration', { event: 'timed-out', message: 'Could not register at the ResourceManager within' });
    const e = explainLog(log.done());
    expect(e.diagnosis.message).toBe(
      "A TaskManager does not register at the ResourceManager: the ResourceManager's address does not resolve, it gave up registering (registration timeout).",
    );
  });

  it('cluster/taskmanagers-not-registering: the JobManager drops messages for a name it does not bind', () => {
    const log = new FactLog().add('resourceManagerRegistration', {
      event: 'address-mismatch',
      message: 'dropping message … inbound addresses are […]',
    });
    const e = explainLog(log.done());
    expect(e.diagnosis.message).toBe(
      'The TaskManagers do not reach the ResourceManager: they address the JobManager by a name it does not bind, and its RPC system drops their messages.',
    );
  });

  it('job/failed-other from a task failing after the slots were there', () => {
    const log = new FactLog().declare('j', 1).add('slotAllocated', { form: 'allocation', allocation: 'a1', job: 'j' }).add('taskFailed', {
      task: 'Writer (1/1)',
      cause: 'java.lang.ClassCastException: class A cannot be cast to class B',
    });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('job/failed-other');
    expect(lines(e)).toEqual([1, 2, 3]);
  });

  it('job/failed-other cites the workers an active ResourceManager got, the task failing first and the job failing last (fixture 30)', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'active' })
      .declare('j', 1)
      .add('workerRequested', { source: 'resource-manager' })
      .add('workerRegistered', { worker: 'c-2', source: 'resource-manager' })
      .tm('c-2', 1)
      .deployed('j')
      .add('taskFailed', {
        task: 'Source (1/1)',
        cause: "java.lang.IllegalArgumentException: open() failed.Table 'db.users' doesn't exist",
      })
      .status('j', 'RUNNING', 'FAILING', "java.lang.IllegalArgumentException: open() failed.Table 'db.users' doesn't exist")
      .status('j', 'FAILING', 'FAILED', 'org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy');
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('job/failed-other');
    expect(lines(e)).toEqual([2, 3, 4, 7, 8, 10]);
  });

  it('ok for a paste of the adaptive scheduler alone: it ran with the slots it got', () => {
    const log = new FactLog().add('slotAllocated', { form: 'resources-met' }).add('slotAllocated', { form: 'resources-met' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('ok');
    expect(e.diagnosis.message).toBe('The scheduler ran the job with the slots it got, and nothing failed for want of slots.');
    expect(lines(e)).toEqual([1, 2]);
  });

  it("slots/too-small for an UNKNOWN requirement: a fine-grained TaskManager's Available is short of its default slot", () => {
    const log = new FactLog()
      .add('slotManager', { slotManager: 'fine-grained' })
      .tm('tm-1', 4)
      .declare('j', 1)
      .add('resourcesMissing', {
        missing: [{ job: 'j', requirements: [{ profile: { kind: 'UNKNOWN' }, count: 1 }] }],
        taskManagers: [{ taskManager: 'tm-1', available: profile(0.5, 1024), total: profile(4, 4096) }],
      })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/too-small');
    expect(e.diagnosis.message).toBe(
      "TaskManager tm-1 has resources available, but less than the job's missing requirement in some dimension. Job j requires 1 slot and holds 0.",
    );
    expect(e.diagnosis.fixes).toEqual([{ text: 'TaskManager tm-1 has CPU short by 0.5 for one slot of job j', proven: false }]);
  });
});
