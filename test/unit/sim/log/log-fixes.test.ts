/**
 * The fixes of src/sim/log/log-fixes.ts: proven by a replay of the log's cluster with the change
 * (more TaskManagers, lower parallelism, a higher maximum, a bigger TaskManager), unproven where
 * the log gives too little or the replay does not reproduce the failure.
 */
import { describe, expect, it } from 'vitest';
import { explainLog } from '../../../../src/sim/log/explain-log.js';
import { FactLog, profile } from '../../../support/fact-log.js';

describe('fixes', () => {
  it('not enough slots: the fewest more TaskManagers like one the log shows, and the parallelism the cluster gives', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-1', 3)
      .tm('tm-2', 3)
      .declare('j', 13)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/not-enough');
    // 6 slots held, 7 short: 3 TaskManagers of 3 slots (2 would give 12).
    expect(e.diagnosis.fixes).toEqual([
      { text: '3 more TaskManagers like tm-1 (3 slots each) and the requirement is met', proven: true },
      { text: "lower the job's parallelism to 6 (the slots the cluster gives it) and the requirement is met", proven: true },
    ]);
  });

  it('more than the bound of extra TaskManagers: no proven count', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-1', 1)
      .declare('j', 100)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.fixes).toEqual([
      { text: "lower the job's parallelism to 1 (the slots the cluster gives it) and the requirement is met", proven: true },
    ]);
  });

  it('an active ResourceManager at its maximum: a higher maximum, proven', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'active', deployment: 'yarn' })
      .add('workerRequested', { spec: { cpuCores: 1, taskHeap: 1024n * 1024n * 1024n, numSlots: 2 } })
      .tm('container_1', 2)
      .add('workerRegistered', { worker: 'container_1' })
      .declare('j', 4)
      .add('maxResourcesReached', {
        message: 'Could not allocate 2 more slots. The number of registered and pending slots is 2, while the maximum is 2.',
      })
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/not-enough');
    expect(e.diagnosis.fixes[0]).toEqual({
      text: 'raise slotmanager.number-of-slots.max (or slotmanager.max-total-resource.*) by 2 slots and the requirement is met',
      proven: true,
    });
    expect(lines(e)).toEqual([6, 7, 8]);
  });

  it('a replay that meets the requirement proves nothing, and says it disagrees with the log', () => {
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-1', 2)
      .tm('tm-2', 2)
      .declare('j', 3)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/not-enough');
    expect(e.diagnosis.fixes).toEqual([
      {
        text: "give the cluster more slots for the job (more TaskManagers, or more taskmanager.numberOfTaskSlots each), or lower the job's parallelism",
        proven: false,
      },
    ]);
    // A replay that disagrees does not fill in what the job holds.
    expect(e.jobs[0]!.acquiredSlots).toBeUndefined();
    expect(e.replay.disagreements).toEqual([
      'job j: the log says it did not get its slots, but the replay gives it all 3 (met) with the TaskManagers the log shows',
    ]);
  });

  it('without a slot count per TaskManager the count is arithmetic, unproven', () => {
    const log = new FactLog()
      .declare('j', 4)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 })
      .add('minimumResourcesNotAcquired', {
        acquired: [{ profile: profile(1, 1024), count: 3 }],
        registeredTaskManagers: 3,
        registeredSlots: 3,
        freeSlots: 0,
      });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/not-enough');
    expect(e.jobs[0]).toMatchObject({ requiredSlots: 4, acquiredSlots: 3, verdict: 'never-met' });
    // The slot pool counts 3 TaskManagers of 1 slot: the replay registers them and proves the fixes.
    expect(e.diagnosis.fixes).toEqual([
      { text: '1 more TaskManager like the 3 registered (1 slot each) and the requirement is met', proven: true },
      { text: "lower the job's parallelism to 3 (the slots the cluster gives it) and the requirement is met", proven: true },
    ]);
    expect(e.replay.notes).toEqual(['the log names no TaskManager: the replay registers the 3 the slot pool counts, 1 slot each']);
  });

  it('too small on the fine-grained SlotManager: the dimensions short, and a TaskManager that fits, proven', () => {
    const log = new FactLog()
      .add('slotManager', { slotManager: 'fine-grained' })
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-1', 1)
      .add('taskManagerResources', { taskManager: 'tm-1', total: profile(1, 512, 256, 64), available: profile(1, 512, 256, 64) })
      .declare('j', 1, profile(2, 1024))
      .add('resourcesMissing', {
        missing: [{ job: 'j', requirements: [{ profile: profile(2, 1024), count: 1 }] }],
        taskManagers: [{ taskManager: 'tm-1', available: profile(1, 512, 256, 64), total: profile(1, 512, 256, 64) }],
      })
      .add('slotRequestTimeout', { form: 'bulk-not-fulfillable' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('slots/too-small');
    expect(e.diagnosis.fixes).toEqual([
      { text: 'TaskManager tm-1 has CPU short by 1, task heap short by 512 MiB for one slot of job j', proven: false },
      {
        text: 'a TaskManager with at least 2 CPU, task heap 1 GiB, managed 256 MiB, network 64 MiB (one like tm-1, grown where it is short) and the requirement is met',
        proven: true,
      },
    ]);
  });

  it('network buffers: the memory the pool needs, from the message', () => {
    const log = new FactLog('taskmanager.log').add('insufficientNetworkBuffers', {
      required: 2,
      available: 0,
      total: 13926,
      segmentSize: 32768,
    });
    const e = explainLog(log.done(), { flinkVersion: { major: 1, minor: 14 } });
    expect(e.diagnosis.fixes).toEqual([
      {
        text:
          "raise taskmanager.memory.network.max and taskmanager.memory.network.min (or taskmanager.memory.network.fraction) so each TaskManager's network memory is at least 435.3 MiB (456392704 bytes): " +
          '13928 buffers of 32768 bytes; Flink sizes it as fraction (0.1) × total Flink memory, within [min (64 MiB), max (1 GiB before 1.17)], and cuts it into buffers of taskmanager.memory.segment-size',
        proven: false,
      },
    ]);
  });

  it("network buffers: the TaskManager's printed configuration gives its network memory now", () => {
    const log = new FactLog('taskmanager.log')
      .add('configuration', { key: 'taskmanager.memory.process.size', value: '1728m' })
      .add('insufficientNetworkBuffers', { required: 10, available: 4 });
    const e = explainLog(log.done(), { flinkVersion: { major: 1, minor: 18 } });
    expect(e.diagnosis.fixes[0]!.text).toContain(
      "network memory is 6 more buffer(s), 192 KiB more (the TaskManager's configuration gives 128 MiB now)",
    );
  });

  it('network buffers: the process size that gives the pool enough, derived as FLIP-49 does', () => {
    const log = new FactLog('taskmanager.log')
      .add('configuration', { key: 'taskmanager.memory.process.size', value: '1728m' })
      .add('insufficientNetworkBuffers', { required: 10, available: 4, total: 4096, segmentSize: 32768 });
    const e = explainLog(log.done(), { flinkVersion: { major: 1, minor: 18 } });
    // 4102 buffers of 32 KiB: 0.1 × (1730m − 256m metaspace − 192m overhead) is the first whole MiB that reaches it.
    expect(e.diagnosis.fixes[0]!.text).toContain(
      "at least 128.2 MiB (134414336 bytes) (the TaskManager's configuration gives 128 MiB now; with the fraction and limits as they are, taskmanager.memory.process.size: 1730m gives it)",
    );
  });

  it('TaskManagers at one address: give each its own taskmanager.host', () => {
    const address = 'pekko.tcp://flink@10.0.0.7:6122/user/rpc/taskmanager_0';
    const log = new FactLog()
      .add('resourceManager', { resourceManager: 'standalone' })
      .tm('tm-a', 1, address)
      .tm('tm-b', 1, address)
      .declare('j', 3)
      .add('requirementsNotFulfilled', { job: 'j', freeSlots: 0 });
    const e = explainLog(log.done());
    expect(e.diagnosis.fixes.at(-1)).toEqual({
      text: 'the TaskManagers share one taskmanager.host: 2 TaskManagers register at 10.0.0.7:6122; give each TaskManager its own taskmanager.host (e.g. its pod IP)',
      proven: false,
    });
  });

  it('a lost TaskManager: its cause and what to check', () => {
    const log = new FactLog()
      .tm('tm-1', 1)
      .add('taskManagerLost', { taskManager: 'tm-1', cause: 'killed', message: 'Container killed by YARN for exceeding memory limits' });
    const e = explainLog(log.done());
    expect(e.diagnosis.code).toBe('taskmanager/lost');
    expect(e.diagnosis.fixes.map((f) => f.text)).toEqual([
      "TaskManager tm-1: its container was killed — find why in its own log and its container's status",
      "check the container's memory: taskmanager.memory.process.size must fit its limit (Kubernetes OOMKilled, YARN pmem/vmem checks kill it otherwise); an OOM in the TaskManager log points at heap or managed memory",
    ]);
  });
});

function lines(e: ReturnType<typeof explainLog>): number[] {
  return e.diagnosis.evidence.map((p) => p.line);
}
