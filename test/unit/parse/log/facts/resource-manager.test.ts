/** The ResourceManager's recognisers on inline excerpts of each release's forms (docs/research/jobmanager-log-messages.md §3.6, §4, §7). */
import { describe, expect, it } from 'vitest';
import { resourceManagerRecognisers } from '../../../../../src/parse/log/facts/resource-manager.js';
import type { LogFact } from '../../../../../src/parse/log/log-facts.js';
import { pointOf } from '../../../../../src/parse/log/log-point.js';
import { readLogRecords } from '../../../../../src/parse/log/log-records.js';

/** The facts of an excerpt, each without its point but with its line. */
function factsOf(text: string): Record<string, unknown>[] {
  const read = readLogRecords(text, 'jm.log');
  if (!read.ok) throw new Error('not read');
  const out: Record<string, unknown>[] = [];
  for (const record of read.value.records)
    for (const recognise of resourceManagerRecognisers)
      for (const fact of recognise(record, pointOf(record, 'jm.log'))) {
        const { at, ...rest } = fact as LogFact & Record<string, unknown>;
        out.push({ line: at.line, ...rest });
      }
  return out;
}

const without = (kind: string) => (f: Record<string, unknown>) => f['kind'] !== kind;
const L2 = (logger: string, message: string, level = 'INFO ') => `2023-12-05 13:21:41,998 ${level} ${logger} [] - ${message}`;
const ARM = 'org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager';
const YARN = 'org.apache.flink.yarn.YarnResourceManagerDriver';
const K8S = 'org.apache.flink.kubernetes.KubernetesResourceManagerDriver';

describe('resourceManager: the kind, from the logger or a message naming the class', () => {
  it.each([
    ['org.apache.flink.runtime.resourcemanager.StandaloneResourceManager', 'standalone', 'standalone'],
    [ARM, 'active', undefined],
    ['org.apache.flink.yarn.YarnResourceManager', 'active', 'yarn'],
    [YARN, 'active', 'yarn'],
    ['org.apache.flink.kubernetes.KubernetesResourceManager', 'active', 'kubernetes'],
    [K8S, 'active', 'kubernetes'],
  ])('%s', (logger, resourceManager, deployment) => {
    const facts = factsOf(L2(logger, 'Registering job manager x for job y.')).filter((f) => f['kind'] === 'resourceManager');
    expect(facts).toEqual([{ line: 1, kind: 'resourceManager', resourceManager, ...(deployment === undefined ? {} : { deployment }) }]);
  });

  it('a start-up line naming the class; not the SlotManager, not a stack frame', () => {
    expect(
      factsOf(
        [
          L2(
            'org.apache.flink.runtime.rpc.akka.AkkaRpcService',
            'Starting RPC endpoint for org.apache.flink.runtime.resourcemanager.StandaloneResourceManager at akka://flink/user/rpc/resourcemanager_0 .',
          ),
          L2('org.apache.flink.runtime.resourcemanager.slotmanager.FineGrainedSlotManager', 'Starting the slot manager.'),
          'java.lang.Exception: x',
          '\tat org.apache.flink.yarn.YarnResourceManagerDriver.onContainersCompleted(YarnResourceManagerDriver.java:1)',
        ].join('\n'),
      ),
    ).toEqual([{ line: 1, kind: 'resourceManager', resourceManager: 'standalone', deployment: 'standalone' }]);
  });
});

describe('active ResourceManager (1.12+)', () => {
  it('"Requesting new worker" with a terminal-wrapped spec (fixture 05\'s form), "need request" (1.17+)', () => {
    const facts = factsOf(
      [
        L2(ARM, 'need request 2 new workers, current worker number 0, declared worker number 2'),
        L2(
          ARM,
          'Requesting new worker with resource spec WorkerResourceSpec {cpuCores=1.0, taskHeapSize=25.600mb (26843542 bytes), taskOffHeapSize=0 bytes, networkMemSize=64.000mb (67108864 bytes), ma',
        ),
        'nagedMemSize=230.400mb (241591914 bytes), numSlots=2}, current pending count: 1.',
      ].join('\n'),
    ).filter(without('resourceManager'));
    expect(facts).toEqual([
      { line: 1, kind: 'workersNeeded', count: 2, current: 0, declared: 2 },
      {
        line: 2,
        kind: 'workerRequested',
        source: 'resource-manager',
        spec: { cpuCores: 1, taskHeap: 26843542n, taskOffHeap: 0n, network: 67108864n, managed: 241591914n, numSlots: 2 },
        pending: 1,
      },
    ]);
  });

  it('1.11–1.12 spec without numSlots', () => {
    const [fact] = factsOf(
      L2(
        ARM,
        'Requesting new worker with resource spec WorkerResourceSpec {cpuCores=4.0, taskHeapSize=1.000gb (1073741824 bytes), taskOffHeapSize=0 bytes, networkMemSize=128.000mb (134217728 bytes), managedMemSize=1.000gb (1073741824 bytes)}, current pending count: 3.',
      ),
    ).filter(without('resourceManager'));
    expect(fact).toMatchObject({ kind: 'workerRequested', pending: 3, spec: { cpuCores: 4, taskHeap: 1073741824n } });
    expect((fact?.['spec'] as Record<string, unknown>)['numSlots']).toBeUndefined();
  });

  it('registered, terminated (metadata dropped), terminated before registering, did not register, stopped', () => {
    expect(
      factsOf(
        [
          L2(ARM, 'Worker container_e07_1669378398064_0904_01_000002(hadoop-02:45454) is registered.'),
          L2(
            ARM,
            'Worker container_e07_1669378398064_0904_01_000002(hadoop-02:45454) is terminated. Diagnostics: Container container_e07_1669378398064_0904_01_000002 marked as failed.',
          ),
          ' Exit code:-103.',
          L2(
            ARM,
            'Worker flink-taskmanager-1-3 with resource spec WorkerResourceSpec {cpuCores=1.0} was requested in current attempt and has not registered. Current pending count after removing: 0.',
          ),
          L2(ARM, 'Worker flink-taskmanager-1-4 did not register in PT5M, will stop it and request a new one if needed.'),
          L2(ARM, 'Stopping worker flink-taskmanager-1-5.'),
          L2(
            ARM,
            'Worker flink-taskmanager-1-2 with resource spec WorkerResourceSpec {cpuCores=1.0} was requested in current attempt. Current pending count after registering: 1.',
          ),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      { line: 1, kind: 'workerRegistered', worker: 'container_e07_1669378398064_0904_01_000002', source: 'resource-manager' },
      {
        line: 2,
        kind: 'workerTerminated',
        worker: 'container_e07_1669378398064_0904_01_000002',
        diagnostics: 'Container container_e07_1669378398064_0904_01_000002 marked as failed.\n Exit code:-103.',
        source: 'resource-manager',
      },
      {
        line: 4,
        kind: 'workerTerminated',
        worker: 'flink-taskmanager-1-3',
        diagnostics: 'requested in the current attempt and terminated before it registered',
        source: 'resource-manager',
      },
      {
        line: 5,
        kind: 'workerTerminated',
        worker: 'flink-taskmanager-1-4',
        diagnostics: 'Worker flink-taskmanager-1-4 did not register in PT5M, will stop it and request a new one if needed.',
        source: 'resource-manager',
      },
      {
        line: 6,
        kind: 'workerTerminated',
        worker: 'flink-taskmanager-1-5',
        diagnostics: 'Stopping worker flink-taskmanager-1-5.',
        source: 'resource-manager',
      },
    ]);
  });
});

describe('YARN', () => {
  it('1.10: "with resources <memory, vCores>. Number pending requests n."', () => {
    expect(
      factsOf(
        L2(
          'org.apache.flink.yarn.YarnResourceManager',
          'Requesting new TaskExecutor container with resources <memory:1728, vCores:1>. Number pending requests 1.',
        ),
      ).filter(without('resourceManager')),
    ).toEqual([{ line: 1, kind: 'workerRequested', source: 'driver', resource: { memoryMb: 1728, cpuCores: 1 }, pending: 1 }]);
  });

  it('1.11: "Number pending workers of this resource is n."; "TaskExecutor … will be started on …"', () => {
    expect(
      factsOf(
        [
          L2(
            'org.apache.flink.yarn.YarnResourceManager',
            'Requesting new TaskExecutor container with resource WorkerResourceSpec {cpuCores=1.0, taskHeapSize=1.000gb (1073741824 bytes), taskOffHeapSize=0 bytes, networkMemSize=64.000mb (67108864 bytes), managedMemSize=0 bytes}. Number pending workers of this resource is 2.',
          ),
          L2(
            'org.apache.flink.yarn.YarnResourceManager',
            'TaskExecutor container_1590000000000_0001_01_000002 will be started on node-1 with TaskExecutorProcessSpec {cpuCores=1.0}.',
          ),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      {
        line: 1,
        kind: 'workerRequested',
        source: 'driver',
        spec: { cpuCores: 1, taskHeap: 1073741824n, taskOffHeap: 0n, network: 67108864n, managed: 0n },
        pending: 2,
      },
      { line: 2, kind: 'workerRegistered', worker: 'container_1590000000000_0001_01_000002', source: 'driver' },
    ]);
  });

  it('1.12+: TaskExecutorProcessSpec, priority; a completed container; stopping a container', () => {
    expect(
      factsOf(
        [
          L2(
            YARN,
            'Requesting new TaskExecutor container with resource TaskExecutorProcessSpec {cpuCores=2.0, taskHeapSize=25.600mb (26843542 bytes), numSlots=2}, priority 1.',
          ),
          L2(YARN, 'Received 1 containers with priority 1, 1 pending container requests.'),
          L2(
            YARN,
            "Container container_1_0002_01_000003 killed by YARN, either due to being released by the application or being 'lost' due to node failures etc. Diagnostics: x",
          ),
          L2(YARN, 'Stopping container container_1_0002_01_000004(host:8041).'),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      { line: 1, kind: 'workerRequested', source: 'driver', spec: { cpuCores: 2, taskHeap: 26843542n, numSlots: 2 } },
      {
        line: 3,
        kind: 'workerTerminated',
        worker: 'container_1_0002_01_000003',
        diagnostics:
          "Container container_1_0002_01_000003 killed by YARN, either due to being released by the application or being 'lost' due to node failures etc. Diagnostics: x",
        source: 'driver',
      },
      {
        line: 4,
        kind: 'workerTerminated',
        worker: 'container_1_0002_01_000004',
        diagnostics: 'Stopping container container_1_0002_01_000004(host:8041).',
        source: 'driver',
      },
    ]);
  });
});

describe('Kubernetes', () => {
  it('1.10/1.11 requests and received pods', () => {
    const KRM = 'org.apache.flink.kubernetes.KubernetesResourceManager';
    expect(
      factsOf(
        [
          L2(KRM, 'Requesting new TaskManager pod with <1728,1.0>. Number pending requests 1.'),
          L2(KRM, 'Received new TaskManager pod: flink-taskmanager-1-1 - Remaining pending pod requests: 0'),
          L2(KRM, 'Received new TaskManager pod: flink-taskmanager-1-2'),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      { line: 1, kind: 'workerRequested', source: 'driver', resource: { memoryMb: 1728, cpuCores: 1 }, pending: 1 },
      { line: 2, kind: 'workerRegistered', worker: 'flink-taskmanager-1-1', source: 'driver' },
      { line: 3, kind: 'workerRegistered', worker: 'flink-taskmanager-1-2', source: 'driver' },
    ]);
  });

  it('1.12+: creating a pod (fixture 14), a pod terminated before scheduling, a pod not created, stopping a pod', () => {
    expect(
      factsOf(
        [
          L2(K8S, 'Creating new TaskManager pod with name job-taskmanager-1-9 and resource <2500,2.5>.'),
          L2(K8S, 'Pod job-taskmanager-1-9 is created.'),
          L2(K8S, 'Pod job-taskmanager-1-9 is terminated before being scheduled.', 'WARN '),
          L2(K8S, 'Could not create pod job-taskmanager-1-10, exception: java.lang.Exception: quota', 'WARN '),
          L2(K8S, 'Stopping TaskManager pod job-taskmanager-1-11.'),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      { line: 1, kind: 'workerRequested', source: 'driver', worker: 'job-taskmanager-1-9', resource: { memoryMb: 2500, cpuCores: 2.5 } },
      {
        line: 3,
        kind: 'workerTerminated',
        worker: 'job-taskmanager-1-9',
        diagnostics: 'Pod job-taskmanager-1-9 is terminated before being scheduled.',
        source: 'driver',
      },
      {
        line: 4,
        kind: 'workerTerminated',
        worker: 'job-taskmanager-1-10',
        diagnostics: 'Could not create pod job-taskmanager-1-10, exception: java.lang.Exception: quota',
        source: 'driver',
      },
      {
        line: 5,
        kind: 'workerTerminated',
        worker: 'job-taskmanager-1-11',
        diagnostics: 'Stopping TaskManager pod job-taskmanager-1-11.',
        source: 'driver',
      },
    ]);
  });
});

describe('TaskManager lost', () => {
  const RM = 'org.apache.flink.runtime.resourcemanager.StandaloneResourceManager';
  const JM = 'org.apache.flink.runtime.jobmaster.JobMaster';

  it('"Closing TaskExecutor connection … because: …", the cause classified, metadata dropped', () => {
    const lost = factsOf(
      [
        L2(RM, 'Closing TaskExecutor connection tm-1 because: The heartbeat of TaskManager with id tm-1 timed out.'),
        L2(
          RM,
          'Closing TaskExecutor connection container_1_01_000002(host:45454) because: Container container_1_01_000002 killed by YARN.',
        ),
        L2(RM, 'Closing TaskExecutor connection tm-3 because: TaskManager with id tm-3 is no longer reachable.'),
        L2(RM, 'Closing TaskExecutor connection tm-4 because: Worker tm-4 is terminated.'),
        L2(RM, 'Closing TaskExecutor connection tm-5 because: something else'),
        L2(RM, 'Closing TaskExecutor connection tm-6 because: resource is no longer needed'),
      ].join('\n'),
    ).filter((f) => f['kind'] === 'taskManagerLost');
    expect(lost.map((f) => [f['line'], f['taskManager'], f['cause']])).toEqual([
      [1, 'tm-1', 'heartbeat-timeout'],
      [2, 'container_1_01_000002', 'killed'],
      [3, 'tm-3', 'unreachable'],
      [4, 'tm-4', 'terminated'],
      [5, 'tm-5', 'other'],
    ]);
    // The heartbeat text inside line 1 is the same TaskManager: one loss per record and kind of text.
    expect(lost.filter((f) => f['line'] === 1)).toHaveLength(1);
  });

  it('a container or pod killed for its memory is killed: YARN beyond physical / virtual memory, Kubernetes OOMKilled (fixtures 28, 31)', () => {
    const AR = 'org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager';
    const lost = factsOf(
      [
        L2(
          AR,
          'Closing TaskExecutor connection pod-1-3 because: Pod terminated, container termination statuses: [flink-task-manager(exitCode=137, reason=OOMKilled, message=null)], pod status: Failed(reason=null, message=null)',
        ),
        L2(
          AR,
          'Closing TaskExecutor connection container_e10_1_01_000003 because: Container [pid=1,containerID=container_e10_1_01_000003] is running beyond physical memory limits. Current usage: 4.0 GB of 4 GB physical memory used',
        ),
        L2(AR, 'Closing TaskExecutor connection c_2 because: Container [pid=2] is running beyond virtual memory limits.'),
      ].join('\n'),
    ).filter((f) => f['kind'] === 'taskManagerLost');
    expect(lost.map((f) => [f['taskManager'], f['cause']])).toEqual([
      ['pod-1-3', 'killed'],
      ['container_e10_1_01_000003', 'killed'],
      ['c_2', 'killed'],
    ]);
  });

  it('"Disconnect TaskExecutor … because: …" (JobMaster), not when the JobMaster stops or the slots are freed', () => {
    expect(
      factsOf(
        [
          L2(JM, 'Disconnect TaskExecutor tm-8 because: The TaskExecutor is shutting down.'),
          L2(JM, 'Disconnect TaskExecutor tm-9 because: connection lost'),
          L2(
            JM,
            "Disconnect TaskExecutor 172.19.0.3:35889-20872d because: Stopping JobMaster for job 'x' (47ed771b20ef1267dca7371821bdc5ae).",
          ),
          L2(
            JM,
            'Disconnect TaskExecutor tm-10 because: TaskExecutor akka.tcp://flink@h:1/user/rpc/taskmanager_0 has no more allocated slots for job 47ed771b20ef1267dca7371821bdc5ae.',
          ),
        ].join('\n'),
      ).filter(without('resourceManager')),
    ).toEqual([
      {
        line: 1,
        kind: 'taskManagerLost',
        taskManager: 'tm-8',
        cause: 'terminated',
        message: 'Disconnect TaskExecutor tm-8 because: The TaskExecutor is shutting down.',
      },
      {
        line: 2,
        kind: 'taskManagerLost',
        taskManager: 'tm-9',
        cause: 'disconnected',
        message: 'Disconnect TaskExecutor tm-9 because: connection lost',
      },
    ]);
  });

  it('heartbeat texts of each release: RM line, 1.10–1.13 exception (two spaces), JobMaster 1.14+, no longer reachable, in a trace', () => {
    expect(
      factsOf(
        [
          L2(RM, 'The heartbeat of TaskManager with id a1(host:1) timed out.'),
          L2(JM, 'Heartbeat of TaskManager with id a2 timed out.'),
          L2(JM, 'TaskManager with id a3 is no longer reachable.'),
          L2(
            'org.apache.flink.runtime.executiongraph.ExecutionGraph',
            'Job j (6cd8e69cfbb5ec959bac512dedce65f5) switched from state RUNNING to RESTARTING.',
          ),
          'org.apache.flink.runtime.JobException: Recovery is suppressed',
          'Caused by: java.util.concurrent.TimeoutException: The heartbeat of TaskManager with id a4  timed out.',
          '\tat x.y(Z.java:1)',
        ].join('\n'),
      )
        .filter((f) => f['kind'] === 'taskManagerLost')
        .map((f) => [f['line'], f['taskManager'], f['cause']]),
    ).toEqual([
      [1, 'a1', 'heartbeat-timeout'],
      [2, 'a2', 'heartbeat-timeout'],
      [3, 'a3', 'unreachable'],
      [4, 'a4', 'heartbeat-timeout'],
    ]);
  });

  it("akka / pekko association failures: a TaskManager's address is a loss, the JobManager's (port 6123) a TaskManager's lost registration", () => {
    expect(
      factsOf(
        [
          '2023-08-01 18:17:56,627 WARN  akka.remote.ReliableDeliverySupervisor                       [] - Association with remote system [akka.tcp://flink@hadoop-02:34821] has failed, address is now gated for [50] ms. Reason: [Disassociated] ',
          '2024-01-26 19:41:53,185 WARN  org.apache.pekko.remote.ReliableDeliverySupervisor           [] - Association with remote system [pekko.tcp://flink@flink-jobmanager:6123] has failed, address is now gated for [50] ms. Reason: [Disassociated]',
        ].join('\n'),
      ),
    ).toEqual([
      {
        line: 1,
        kind: 'taskManagerLost',
        taskManager: 'hadoop-02:34821',
        cause: 'unreachable',
        message:
          'Association with remote system [akka.tcp://flink@hadoop-02:34821] has failed, address is now gated for [50] ms. Reason: [Disassociated] ',
      },
      {
        line: 2,
        kind: 'resourceManagerRegistration',
        event: 'disassociated',
        address: 'pekko.tcp://flink@flink-jobmanager:6123',
        message:
          'Association with remote system [pekko.tcp://flink@flink-jobmanager:6123] has failed, address is now gated for [50] ms. Reason: [Disassociated]',
      },
    ]);
  });
});

describe("a TaskManager's registration at the ResourceManager (TaskManager log)", () => {
  const TE = 'org.apache.flink.runtime.taskexecutor.TaskExecutor';
  it('connecting, unresolved, timed out, failed, declined, registered; not the JobMaster connecting', () => {
    expect(
      factsOf(
        [
          L2(TE, 'Connecting to ResourceManager akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*(00000000000000000000000000000000).'),
          L2(
            'org.apache.flink.runtime.registration.RetryingRegistration',
            'Could not resolve ResourceManager address akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*, retrying in 10000 ms: Could not connect to rpc endpoint under address akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*.',
            'WARN ',
          ),
          L2(
            'org.apache.flink.runtime.taskexecutor.TaskExecutorToResourceManagerConnection',
            'Registration at ResourceManager (akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*) attempt 1 timed out after 100 ms',
          ),
          L2(
            'org.apache.flink.runtime.taskexecutor.TaskExecutorToResourceManagerConnection',
            'Registration at ResourceManager failed due to an error',
            'ERROR',
          ),
          L2(
            'org.apache.flink.runtime.taskexecutor.TaskExecutorToResourceManagerConnection',
            'Registration at ResourceManager was declined: duplicate',
          ),
          L2(
            TE,
            'Could not register at the ResourceManager within the specified maximum registration duration 300000 ms. This indicates a problem with this instance. Terminating now.',
            'ERROR',
          ),
          L2(
            TE,
            'Successful registration at resource manager akka.tcp://flink@jm:6123/user/rpc/resourcemanager_* under registration id 805ac0d81d2b418cbf2843ccd2be30f0.',
          ),
          L2(
            'org.apache.flink.runtime.jobmaster.JobMaster',
            'Connecting to ResourceManager akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*(00000000000000000000000000000000)',
          ),
        ].join('\n'),
      ).map((f) => [f['line'], f['event'], f['address']]),
    ).toEqual([
      [1, 'connecting', 'akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*(00000000000000000000000000000000)'],
      [2, 'unresolved', 'akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*'],
      [3, 'timed-out', undefined],
      [4, 'failed', undefined],
      [5, 'declined', undefined],
      [6, 'timed-out', undefined],
      [7, 'registered', 'akka.tcp://flink@jm:6123/user/rpc/resourcemanager_*'],
    ]);
  });
});

describe('hostile input', () => {
  it('never throws on a line of a million characters, binary, or half a message', () => {
    const long = `Closing TaskExecutor connection ${'x'.repeat(1_000_000)}`;
    const binary = '\u0000\u0001Worker \u0000 is registered.\u0000';
    expect(() =>
      factsOf(
        [
          long,
          binary,
          'Worker ',
          'Requesting new worker with resource spec WorkerResourceSpec {',
          'TaskManager with id ',
          'Association with remote system [',
          'Creating new TaskManager pod with name ',
        ].join('\n'),
      ),
    ).not.toThrow();
  });
});
