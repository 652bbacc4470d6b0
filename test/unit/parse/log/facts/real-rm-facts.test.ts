/**
 * The ResourceManager, TaskManager-loss, failure and job-state facts of every real log of
 * fixtures/real/logs/ (issue 28 §4), as their artefact.yaml's ground truth states them. Facts of the
 * slot protocol (facts-slot's) are left out here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLogFacts } from '../../../../../src/parse/log/facts/read-facts.js';
import type { LogFact } from '../../../../../src/parse/log/log-facts.js';
import { readLogRecords } from '../../../../../src/parse/log/log-records.js';

const ROOT = new URL('../../../../../fixtures/real/logs/', import.meta.url);

const MINE = new Set([
  'resourceManager',
  'jobSubmitted',
  'jobStatus',
  'taskManagerLost',
  'workerRequested',
  'workersNeeded',
  'workerRegistered',
  'workerTerminated',
  'slotRequestTimeout',
  'noResourceAvailable',
  'insufficientNetworkBuffers',
  'configuration',
  'taskFailed',
  'resourceManagerRegistration',
]);

function factsOf(dir: string, file = 'jobmanager.log'): LogFact[] {
  const read = readLogRecords(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'), file);
  if (!read.ok) throw new Error(`${dir}: not read`);
  return readLogFacts([read.value]).facts.filter((f) => MINE.has(f.kind));
}

/** Facts of one kind, without their points, with their lines. */
function ofKind<K extends LogFact['kind']>(facts: readonly LogFact[], kind: K): Record<string, unknown>[] {
  return facts
    .filter((f) => f.kind === kind)
    .map((f) => {
      const { at, kind: _kind, ...rest } = f as LogFact & Record<string, unknown>;
      return { line: at.line, ...rest };
    });
}

function kinds(facts: readonly LogFact[]): string[] {
  return [...new Set(facts.map((f) => f.kind))].sort();
}

describe('real logs: resource manager, workers, losses, failures, job states', () => {
  it('01 (1.14 MiniCluster): the NoResourceAvailableException text of a failed task, wrap-split words as published', () => {
    const facts = factsOf('01-declarative-minicluster-no-tm');
    expect(kinds(facts)).toEqual(['noResourceAvailable', 'taskFailed']);
    expect(ofKind(facts, 'noResourceAvailable')[0]?.['message']).toMatch(/^Could not acquire the minimu m required resources\. Acquired: /);
    expect(ofKind(facts, 'taskFailed')).toMatchObject([
      { line: 2, task: 'Source: Custom Source -> Map -> Sink: Unnamed (1/4)', from: 'SCHEDULED' },
    ]);
  });

  it('02, 03, 04, 13: nothing of this part but the standalone RM of 13 and the job of 04', () => {
    expect(factsOf('02-declarative-standalone-3-slots-need-4')).toEqual([]);
    expect(factsOf('03-finegrained-standalone-missing-resources')).toEqual([]);
    expect(ofKind(factsOf('04-finegrained-2x-minicluster-multiline-block'), 'jobSubmitted')).toEqual([
      { line: 5, job: 'd43a5fe8fc6fe1013129d1ff3729de65', name: 'Bounded TextFiles Test' },
    ]);
    expect(kinds(factsOf('13-k8s-helm-finegrained-standalone-ok'))).toEqual(['resourceManager']);
    expect(ofKind(factsOf('13-k8s-helm-finegrained-standalone-ok'), 'resourceManager')[0]).toMatchObject({ resourceManager: 'standalone' });
  });

  it('05 (1.17 K8s operator): active RM, 2 workers needed, one requested with its spec (a wrapped line), one registered', () => {
    const facts = factsOf('05-k8s-operator-active-rm-workers-registered');
    expect(ofKind(facts, 'workersNeeded')).toEqual([{ line: 1, count: 2, current: 0, declared: 2 }]);
    expect(ofKind(facts, 'workerRequested')).toEqual([
      {
        line: 2,
        source: 'resource-manager',
        spec: { cpuCores: 1, taskHeap: 26843542n, taskOffHeap: 0n, network: 67108864n, managed: 241591914n, numSlots: 2 },
        pending: 1,
      },
      { line: 6, source: 'driver', worker: 'flink-example-taskmanager-1-1', resource: { memoryMb: 1024, cpuCores: 1 } },
    ]);
    expect(ofKind(facts, 'workerRegistered')).toEqual([{ line: 8, worker: 'flink-example-taskmanager-1-2', source: 'resource-manager' }]);
    expect(ofKind(facts, 'resourceManager').map((f) => [f['resourceManager'], f['deployment']])).toContainEqual(['active', 'kubernetes']);
  });

  it('06 (1.12 local): the standalone RM', () => {
    const facts = factsOf('06-legacy-slotpool-local-1.12-slots-granted');
    expect(kinds(facts)).toEqual(['resourceManager']);
    expect(ofKind(facts, 'resourceManager')[0]).toEqual({ line: 10, resourceManager: 'standalone', deployment: 'standalone' });
  });

  it('07 (1.10 client trace): "No pooled slot available…", once; the SlotManager calling the profile unfulfillable; the job failed', () => {
    const facts = factsOf('07-legacy-slotmanagerimpl-unfulfillable-client-trace');
    expect(ofKind(facts, 'noResourceAvailable')).toEqual([
      { line: 14, message: 'No pooled slot available and request to ResourceManager for new slot failed' },
      {
        line: 28,
        message:
          'Could not fulfill slot request 7f564f58302cdefe06b0bc4eba29e520. Requested resource profile (ResourceProfile{UNKNOWN}) is unfulfillable.',
      },
    ]);
    expect(ofKind(facts, 'jobStatus')).toEqual([{ line: 1, job: '19646b7f8b5222a3fcfc00a54883472d', to: 'FAILED' }]);
  });

  it('08 (1.17 YARN): the job running, one 2-slot container requested by the driver', () => {
    const facts = factsOf('08-yarn-perjob-container-allocation');
    expect(ofKind(facts, 'jobStatus')).toEqual([
      { line: 3, job: '56e7231d71adead5c4c3409b1e8f295c', name: 'WordCount Example', from: 'CREATED', to: 'RUNNING' },
    ]);
    expect(ofKind(facts, 'workerRequested')).toEqual([
      {
        line: 6,
        source: 'driver',
        spec: { cpuCores: 2, taskHeap: 26843542n, taskOffHeap: 0n, network: 67108864n, managed: 241591914n, numSlots: 2 },
      },
    ]);
    expect(new Set(ofKind(facts, 'resourceManager').map((f) => `${String(f['resourceManager'])}/${String(f['deployment'])}`))).toEqual(
      new Set(['active/yarn']),
    );
  });

  it('09 (1.14 YARN): the TaskManager at hadoop-02:34821 unreachable, twice; the YARN RM', () => {
    const facts = factsOf('09-yarn-app-tm-killed-vmem-replacement-container');
    expect(ofKind(facts, 'taskManagerLost').map((f) => [f['line'], f['taskManager'], f['cause']])).toEqual([
      [1, 'hadoop-02:34821', 'unreachable'],
      [3, 'hadoop-02:34821', 'unreachable'],
    ]);
    expect(ofKind(facts, 'resourceManager')[0]).toMatchObject({ resourceManager: 'active', deployment: 'yarn' });
  });

  it('10 (TaskManager exception): network buffers required 2, available 0, total 13926 of 32768 bytes', () => {
    expect(ofKind(factsOf('10-network-buffers-exception-tab', 'taskmanager.log'), 'insufficientNetworkBuffers')).toEqual([
      { line: 2, required: 2, available: 0, total: 13926, segmentSize: 32768 },
    ]);
  });

  it('11: the bulk timed out after 300000 ms, one fact for the three texts', () => {
    expect(factsOf('11-slot-request-bulk-timeout-yarn-queue').map((f) => f.kind)).toEqual(['slotRequestTimeout']);
    expect(ofKind(factsOf('11-slot-request-bulk-timeout-yarn-queue'), 'slotRequestTimeout')).toEqual([
      { line: 2, form: 'bulk-not-fulfillable', timeoutMs: 300000 },
    ]);
  });

  it("12 (TaskManager log, k9s): connecting, registered, then disassociated from the JobManager's RPC system", () => {
    expect(
      ofKind(factsOf('12-k8s-helm-shared-taskmanager-host-tm-log', 'taskmanager.log'), 'resourceManagerRegistration').map((f) => [
        f['line'],
        f['event'],
        f['address'],
      ]),
    ).toEqual([
      [5, 'connecting', 'pekko.tcp://flink@flink-ushur-jobmanager:6123/user/rpc/resourcemanager_*(00000000000000000000000000000000)'],
      [9, 'registered', 'pekko.tcp://flink@flink-ushur-jobmanager:6123/user/rpc/resourcemanager_*'],
      [11, 'disassociated', 'pekko.tcp://flink@flink-ushur-jobmanager:6123'],
    ]);
    expect(ofKind(factsOf('12-k8s-helm-shared-taskmanager-host-tm-log', 'taskmanager.log'), 'taskManagerLost')).toEqual([]);
    expect(kinds(factsOf('12-k8s-helm-shared-taskmanager-host-tm-log'))).toEqual(['resourceManager']);
  });

  it('14 (1.18 K8s): replacement pod requested <2500 MB, 2.5 CPU>, taskmanager-1-8 lost (shutting down), its task failed', () => {
    const facts = factsOf('14-k8s-1.18-tm-shutting-down-replacement-pod');
    expect(ofKind(facts, 'workerRequested')).toEqual([
      {
        line: 1,
        source: 'driver',
        worker: 'cdp-customer-profile-flink-hudi-temp-taskmanager-1-9',
        resource: { memoryMb: 2500, cpuCores: 2.5 },
      },
    ]);
    expect(ofKind(facts, 'taskManagerLost').map((f) => [f['line'], f['taskManager'], f['cause']])).toEqual([
      [3, 'cdp-customer-profile-flink-hudi-temp-taskmanager-1-8', 'terminated'],
    ]);
    expect(ofKind(facts, 'taskFailed')).toEqual([
      {
        line: 4,
        task: 'bucket_write: default_database.customer_profile (21/25)',
        from: 'RUNNING',
        taskManager: 'cdp-customer-profile-flink-hudi-temp-taskmanager-1-8',
        cause: 'org.apache.flink.util.FlinkExpectedException: The TaskExecutor is shutting down.',
      },
    ]);
  });

  it('15 (hand-edited adaptive paste): nothing of this part', () => {
    expect(factsOf('15-adaptive-2x-minicluster-scale-up-down')).toEqual([]);
  });

  it('16 (2.0 standalone, ok): configuration, the job submitted, RUNNING then FINISHED, no TaskManager lost when the JobMaster stops', () => {
    const facts = factsOf('16-finegrained-2.0-docker-standalone-ok');
    expect(ofKind(facts, 'configuration').map((f) => [f['key'], f['value']])).toEqual([
      ['parallelism.default', '1'],
      ['taskmanager.numberOfTaskSlots', '1'],
    ]);
    expect(new Set(ofKind(facts, 'jobSubmitted').map((f) => f['job']))).toEqual(new Set(['47ed771b20ef1267dca7371821bdc5ae']));
    expect(ofKind(facts, 'jobStatus').map((f) => [f['from'], f['to']])).toEqual([
      ['CREATED', 'RUNNING'],
      ['RUNNING', 'FINISHED'],
    ]);
    // No loss when the JobMaster stops; the one lost fact is the SlotManager's unregistration of an instance
    // the excerpt never registered (slot-protocol's reading), which the explanation takes for no loss.
    expect(ofKind(facts, 'taskManagerLost').map((f) => [f['line'], f['message']])).toEqual([
      [29, 'Unregistering task executor 85d1ff85d777a87616ef577d16a40605 from the slot manager.'],
    ]);
    expect(ofKind(facts, 'taskFailed')).toEqual([]);
  });

  it('17 (pekko trace): heartbeat of 172.18.0.3:33783-3e38f6 timed out', () => {
    expect(ofKind(factsOf('17-heartbeat-timeout-pekko-docker'), 'taskManagerLost')).toEqual([
      {
        line: 1,
        taskManager: '172.18.0.3:33783-3e38f6',
        cause: 'heartbeat-timeout',
        message: 'java.util.concurrent.TimeoutException: Heartbeat of TaskManager with id 172.18.0.3:33783-3e38f6 timed out.',
      },
    ]);
  });

  it('18 (akka): the heartbeat timeout in the Caused by: of the record', () => {
    expect(
      ofKind(factsOf('18-akka-nonlocal-recipient-heartbeat-timeout'), 'taskManagerLost').map((f) => [f['taskManager'], f['cause']]),
    ).toEqual([['eaffacbed6a9d6025a362df2738d5299', 'heartbeat-timeout']]);
  });

  it('19 (1.20): the task failed with a ClassCastException on its TaskManager, nothing about resources', () => {
    const facts = factsOf('19-finegrained-1.20-job-failed-classcast');
    expect(kinds(facts)).toEqual(['taskFailed']);
    expect(ofKind(facts, 'taskFailed')).toMatchObject([
      {
        line: 11,
        task: 'IcebergStreamWriter (1/1)',
        from: 'INITIALIZING',
        taskManager: '172.80.0.71:43227-5a210b',
        cause: expect.stringMatching(/^java\.lang\.ClassCastException: class org\.apache\.iceberg/) as unknown,
      },
    ]);
  });
});
