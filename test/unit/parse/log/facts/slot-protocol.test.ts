/**
 * The slot-protocol recognisers over inline excerpts, one per message form and release
 * (docs/research/jobmanager-log-messages.md §2–§5; issue 28 §1). The fine-grained block: matching-block.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { decimalFromString } from '../../../../../src/model/decimal.js';
import { UNKNOWN, specified } from '../../../../../src/model/resource-profile.js';
import type { LogFact } from '../../../../../src/parse/log/log-facts.js';
import { SLOT_MANAGER_PACKAGE as SM, bare, factsOf, log1, log2, only } from '../../../../support/log-facts.js';

const MB = 1024n * 1024n;
const JOB = '045c630d3f4ef49bcdde0c0dc4a34781';
const PROFILE_1 =
  'ResourceProfile{cpuCores=1, taskHeapMemory=384.000mb (402653174 bytes), taskOffHeapMemory=0 bytes, managedMemory=512.000mb (536870920 bytes), networkMemory=128.000mb (134217730 bytes)}';
const P1 = specified({
  cpuCores: decimalFromString('1'),
  taskHeapMemory: 402653174n,
  managedMemory: 536870920n,
  networkMemory: 134217730n,
});

describe('slotManager', () => {
  it.each([
    [log1('INFO', `${SM}SlotManagerImpl`, 'Starting the SlotManager.'), 'legacy'],
    [
      log1(
        'INFO',
        'org.apache.flink.runtime.jobmaster.slotpool.SlotPoolImpl',
        'Cannot serve slot request, no ResourceManager connected. Adding as pending request [SlotRequestId{8cabae95a0cc26237237c745f62b5fd4}]',
      ),
      'legacy',
    ],
    [log2('INFO', `${SM}DeclarativeSlotManager`, 'Starting the slot manager.'), 'declarative'],
    [log2('INFO', `${SM}FineGrainedSlotManager`, 'Starting the slot manager.'), 'fine-grained'],
    ['Starting the SlotManager.', 'legacy'],
    [`Could not fulfill resource requirements of job ${JOB}. Free slots: 0`, 'declarative'],
    [`Matching resource requirements against available resources.\nMissing resources:\n\t Job ${JOB}`, 'fine-grained'],
    ['Request slot with profile ResourceProfile{UNKNOWN} for job j with allocation id a.', 'legacy'],
    [
      '2021-07-12 03:19:58,603 WARN Could not fulfill resource requirements of job 6cd8e69cfbb5ec959bac512dedce65f5. [DeclarativeSlotManager flink-akka.actor.default-dispatcher-2]',
      'declarative',
    ],
    [`Caused by: java.lang.Exception: x\n\tat ${SM}SlotManagerImpl.internalRequestSlot(SlotManagerImpl.java:755)`, 'legacy'],
  ])('%s → %s', (text, era) => {
    expect(only(text, 'slotManager').map((f) => f.slotManager)).toEqual([era]);
  });

  it('says nothing from the slot pool bridge (either SlotManager may be behind it) or a bare "slot manager" start', () => {
    expect(
      only(log2('INFO', 'org.apache.flink.runtime.jobmaster.slotpool.DeclarativeSlotPoolBridge', 'Starting the slot pool.'), 'slotManager'),
    ).toEqual([]);
    expect(only('Starting the slot manager.', 'slotManager')).toEqual([]);
    expect(only(`Could not fulfill resource requirements of job ${JOB}.`, 'slotManager')).toEqual([]);
  });
});

describe('release', () => {
  it('reads the banner and the flink-dist jar, one fact per record', () => {
    const text = [
      log2(
        'INFO',
        'org.apache.flink.runtime.entrypoint.ClusterEntrypoint',
        ' Starting StandaloneSessionClusterEntrypoint (Version: 1.17.2, Scala: 2.12, Rev:c0027e5, Date:2023-11-09T13:24:38+01:00)',
      ),
      log2(
        'INFO',
        'org.apache.flink.runtime.entrypoint.ClusterEntrypoint',
        ' Classpath: /opt/flink/lib/flink-csv-1.17.2.jar:/opt/flink/lib/flink-dist-1.17.2.jar:',
      ),
      log2('INFO', 'org.apache.flink.runtime.entrypoint.ClusterEntrypoint', ' Classpath: /opt/flink/lib/flink-dist_2.11-1.10.3.jar'),
    ].join('\n');
    expect(only(text, 'release').map((f) => [f.version, f.at.line])).toEqual([
      ['1.17', 1],
      ['1.17', 2],
      ['1.10', 3],
    ]);
  });
});

describe('slotRequested (legacy ≤ 1.13)', () => {
  it('reads SlotPoolImpl 1.10–1.11 (no allocation id) and 1.12–1.13 (with one)', () => {
    const pool = 'org.apache.flink.runtime.jobmaster.slotpool.SlotPoolImpl';
    const text = [
      log1(
        'INFO',
        pool,
        'Requesting new slot [SlotRequestId{eb76c87c540d933538f46f610219904d}] and profile ResourceProfile{UNKNOWN} from resource manager.',
      ),
      log2(
        'INFO',
        pool,
        'Requesting new slot [SlotRequestId{8cabae95a0cc26237237c745f62b5fd4}] and profile ResourceProfile{cpuCores=1.0, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes, managedMemory=0 bytes, networkMemory=0 bytes} with allocation id f738d448f48642d75b3bf69475df9c0a from resource manager.',
      ),
      log2(
        'INFO',
        pool,
        'Cannot serve slot request, no ResourceManager connected. Adding as pending request [SlotRequestId{4d7d73d1ad0a98376062a8d00ffcfe2c}]',
      ),
    ].join('\n');
    expect(bare(only(text, 'slotRequested'))).toEqual([
      { kind: 'slotRequested', profile: UNKNOWN, request: 'eb76c87c540d933538f46f610219904d' },
      {
        kind: 'slotRequested',
        profile: specified({ cpuCores: decimalFromString('1'), taskHeapMemory: 96n * MB }),
        request: '8cabae95a0cc26237237c745f62b5fd4',
        allocation: 'f738d448f48642d75b3bf69475df9c0a',
      },
    ]);
  });

  it("reads the ResourceManager's requestSlot line with its job", () => {
    const text = log1(
      'INFO',
      'org.apache.flink.runtime.resourcemanager.StandaloneResourceManager',
      'Request slot with profile ResourceProfile{UNKNOWN} for job 63fd2fc9f76ebcbf9b7d3d47dabbdf38 with allocation id 21a45995954d4f80f8e9559bd6c050c2.',
    );
    expect(bare(only(text, 'slotRequested'))).toEqual([
      { kind: 'slotRequested', job: '63fd2fc9f76ebcbf9b7d3d47dabbdf38', profile: UNKNOWN, allocation: '21a45995954d4f80f8e9559bd6c050c2' },
    ]);
  });

  it('gives nothing for a profile that does not read', () => {
    expect(only('Request slot with profile ResourceProfile{cpuCores=x} for job j with allocation id a.', 'slotRequested')).toEqual([]);
  });
});

describe('declared requirements (1.13+)', () => {
  it('reads "Received resource requirements", an empty list too, and "Clearing"', () => {
    const text = [
      log2(
        'INFO',
        `${SM}DeclarativeSlotManager`,
        `Received resource requirements from job ${JOB}: [ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=4}]`,
      ),
      log2('INFO', `${SM}FineGrainedSlotManager`, `Received resource requirements from job ${JOB}: []`),
      log2('INFO', `${SM}FineGrainedSlotManager`, `Clearing resource requirements of job ${JOB}`),
    ].join('\n');
    expect(bare(only(text, 'requirementsDeclared'))).toEqual([
      { kind: 'requirementsDeclared', job: JOB, requirements: [{ profile: UNKNOWN, count: 4 }] },
      { kind: 'requirementsDeclared', job: JOB, requirements: [] },
    ]);
    expect(bare(only(text, 'requirementsCleared'))).toEqual([{ kind: 'requirementsCleared', job: JOB }]);
  });

  it('gives no fact for a list that does not read', () => {
    expect(
      only(
        `Received resource requirements from job ${JOB}: [ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=3*}]`,
        'requirementsDeclared',
      ),
    ).toEqual([]);
  });

  it('reads "Could not fulfill" with Free slots (1.13.2–1.18) and without (fine-grained, 1.13.0–1.13.1)', () => {
    const text = [
      log2('WARN', `${SM}DeclarativeSlotManager`, `Could not fulfill resource requirements of job ${JOB}. Free slots: 3`),
      log2('WARN', `${SM}FineGrainedSlotManager`, `Could not fulfill resource requirements of job ${JOB}.`),
    ].join('\n');
    expect(bare(only(text, 'requirementsNotFulfilled'))).toEqual([
      { kind: 'requirementsNotFulfilled', job: JOB, freeSlots: 3 },
      { kind: 'requirementsNotFulfilled', job: JOB },
    ]);
  });
});

describe('minimumResourcesNotAcquired (DeclarativeSlotPoolBridge 1.14+)', () => {
  it('reads the acquired requirements and the pool status', () => {
    const text = log2(
      'WARN',
      'org.apache.flink.runtime.jobmaster.slotpool.DeclarativeSlotPoolBridge',
      `Could not acquire the minimum required resources, failing slot requests. Acquired: [ResourceRequirement{resourceProfile=${PROFILE_1}, numberOfRequiredSlots=3}]. Current slot pool status: Registered TMs: 3, registered slots: 3 free slots: 0`,
    );
    expect(bare(only(text, 'minimumResourcesNotAcquired'))).toEqual([
      {
        kind: 'minimumResourcesNotAcquired',
        acquired: [{ profile: P1, count: 3 }],
        registeredTaskManagers: 3,
        registeredSlots: 3,
        freeSlots: 0,
      },
    ]);
  });

  it('reads an empty Acquired list', () => {
    const text =
      'Could not acquire the minimum required resources, failing slot requests. Acquired: []. Current slot pool status: Registered TMs: 0, registered slots: 0 free slots: 0';
    expect(bare(only(text, 'minimumResourcesNotAcquired'))).toEqual([
      { kind: 'minimumResourcesNotAcquired', acquired: [], registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 },
    ]);
  });

  it("counts an Acquired list whose profiles a terminal's wrap broke (fixture 01)", () => {
    const text =
      'Could not acquire the minimu m required resources. Acquired: [ResourceRequirement{resourceProfile=ResourceProfile{taskHeapMemory=1024.000gb (1099511627776 bytes), taskOffHeapM emory=1024.000gb (1099511627776 bytes)}, numberOfRequiredSlots=3*}]. Current slot service status: registered TMs: 0, registered slots: 0 free slots: 0';
    expect(bare(only(text, 'minimumResourcesNotAcquired'))).toEqual([
      { kind: 'minimumResourcesNotAcquired', acquiredSlots: 3, registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 },
    ]);
  });

  it('gives nothing for the exception without a status (the failures recogniser reads it)', () => {
    expect(only('NoResourceAvailableException: Could not acquire the minimum required resources.', 'minimumResourcesNotAcquired')).toEqual(
      [],
    );
  });
});

describe('TaskManager registration', () => {
  const RM = 'org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager';
  it('reads the ResourceManager line: the bare id (YARN metadata dropped), the address and its host', () => {
    const text = [
      log2(
        'INFO',
        RM,
        'Registering TaskManager with ResourceID container_e05_1669378398064_0904_01_000002(hadoop-02:45454) (akka.tcp://flink@hadoop-02:34821/user/rpc/taskmanager_0) at ResourceManager',
      ),
      log1(
        'INFO',
        'org.apache.flink.runtime.resourcemanager.StandaloneResourceManager',
        'Registering TaskManager with ResourceID 7d03b476ed15f492d5f2b3b6fd6d70a5 (akka://flink/user/taskmanager_0) at ResourceManager',
      ),
    ].join('\n');
    expect(bare(only(text, 'taskManagerRegistered'))).toEqual([
      {
        kind: 'taskManagerRegistered',
        taskManager: 'container_e05_1669378398064_0904_01_000002',
        address: 'akka.tcp://flink@hadoop-02:34821/user/rpc/taskmanager_0',
        host: 'hadoop-02',
      },
      { kind: 'taskManagerRegistered', taskManager: '7d03b476ed15f492d5f2b3b6fd6d70a5', address: 'akka://flink/user/taskmanager_0' },
    ]);
  });

  it("pairs the slot manager's InstanceID with the TaskManager, and resolves an unregistration by it", () => {
    const fg = `${SM}FineGrainedSlotManager`;
    const text = [
      log2('INFO', fg, 'Registering task executor 172.19.0.3:35889-20872d under 7b6adb21eb3c7c80977c170a8f6ca229 at the slot manager.'),
      log2('INFO', fg, 'Unregistering task executor 7b6adb21eb3c7c80977c170a8f6ca229 from the slot manager.'),
      log2('INFO', fg, 'Unregistering task executor 85d1ff85d777a87616ef577d16a40605 from the slot manager.'),
      log1(
        'DEBUG',
        `${SM}SlotManagerImpl`,
        'Registering TaskManager 7d03b476ed15f492d5f2b3b6fd6d70a5 under 955394dc3060085b63f8e7079f768fe1 at the SlotManager.',
      ),
      log1('DEBUG', `${SM}SlotManagerImpl`, 'Unregister TaskManager 955394dc3060085b63f8e7079f768fe1 from the SlotManager.'),
    ].join('\n');
    expect(bare(only(text, 'taskManagerRegistered'))).toEqual([
      { kind: 'taskManagerRegistered', taskManager: '172.19.0.3:35889-20872d', instance: '7b6adb21eb3c7c80977c170a8f6ca229' },
      { kind: 'taskManagerRegistered', taskManager: '7d03b476ed15f492d5f2b3b6fd6d70a5', instance: '955394dc3060085b63f8e7079f768fe1' },
    ]);
    expect(bare(only(text, 'taskManagerLost'))).toEqual([
      {
        kind: 'taskManagerLost',
        taskManager: '172.19.0.3:35889-20872d',
        instance: '7b6adb21eb3c7c80977c170a8f6ca229',
        cause: 'disconnected',
        message: 'Unregistering task executor 7b6adb21eb3c7c80977c170a8f6ca229 from the slot manager.',
      },
      {
        kind: 'taskManagerLost',
        taskManager: '85d1ff85d777a87616ef577d16a40605',
        instance: '85d1ff85d777a87616ef577d16a40605',
        cause: 'disconnected',
        message: 'Unregistering task executor 85d1ff85d777a87616ef577d16a40605 from the slot manager.',
      },
      {
        kind: 'taskManagerLost',
        taskManager: '7d03b476ed15f492d5f2b3b6fd6d70a5',
        instance: '955394dc3060085b63f8e7079f768fe1',
        cause: 'disconnected',
        message: 'Unregister TaskManager 955394dc3060085b63f8e7079f768fe1 from the SlotManager.',
      },
    ]);
  });

  it('does not carry what one reading learnt into the next', () => {
    const fg = `${SM}FineGrainedSlotManager`;
    factsOf(log2('INFO', fg, 'Registering task executor tm-1 under 7b6adb21eb3c7c80977c170a8f6ca229 at the slot manager.'));
    const next = only(
      log2('INFO', fg, 'Unregistering task executor 7b6adb21eb3c7c80977c170a8f6ca229 from the slot manager.'),
      'taskManagerLost',
    );
    expect(next.map((f) => f.taskManager)).toEqual(['7b6adb21eb3c7c80977c170a8f6ca229']);
  });
});

describe('maxResourcesReached', () => {
  it('reads both forms', () => {
    const a = 'Could not allocate 2 more slots. The number of registered and pending slots is 8, while the maximum is 8.';
    const b =
      'Could not allocate PendingTaskManager{pendingTaskManagerId=PendingTaskManagerId{a}}. Max total resource limitation <10, 4.000gb (4294967296 bytes)> is reached.';
    const text = [log2('WARN', `${SM}DeclarativeSlotManager`, a), log2('WARN', `${SM}FineGrainedSlotManager`, b)].join('\n');
    expect(bare(only(text, 'maxResourcesReached'))).toEqual([
      { kind: 'maxResourcesReached', message: a },
      { kind: 'maxResourcesReached', message: b },
    ]);
  });

  it('gives nothing for other "Could not allocate" texts', () => {
    expect(only('Could not allocate the required slot within slot request timeout.', 'maxResourcesReached')).toEqual([]);
  });
});

describe('hostile input', () => {
  it('reads lines of a million characters in linear time and never throws', () => {
    const long = 'ResourceProfile{cpuCores='.repeat(40_000);
    const messages = [
      `Received resource requirements from job ${JOB}: [${'ResourceRequirement{resourceProfile='.repeat(30_000)}`,
      `Requesting new slot [${long}] and profile ${long} from resource manager.`,
      `Registering TaskManager with ResourceID ${'('.repeat(1_000_000)} at ResourceManager`,
      `Could not acquire the minimum required resources Acquired: [${'['.repeat(100_000)} Current slot pool status: registered TMs: 9${'9'.repeat(100_000)}`,
      `Could not fulfill resource requirements of job ${'9'.repeat(1_000_000)}. Free slots: ${'9'.repeat(100_000)}`,
    ];
    const block = [
      log2('INFO', `${SM}FineGrainedSlotManager`, 'Matching resource requirements against available resources.'),
      'Missing resources:',
      `\t Job ${long}`,
      `\t\tResourceRequirement{resourceProfile=${long}`,
      'Current resources:',
      `\tTaskManager x`,
      `\t\tAvailable: ${long}`,
    ];
    const text = [...messages.map((m) => log2('INFO', `${SM}FineGrainedSlotManager`, m)), ...block].join('\n');
    let facts: LogFact[] = [];
    expect(() => (facts = factsOf(text))).not.toThrow();
    expect(facts.filter((f) => f.kind !== 'slotManager').map((f) => f.kind)).toEqual([
      'requirementsNotFulfilled',
      'resourcesMissing',
      'taskManagerResources',
    ]);
  });

  it.each([
    '',
    '\u0000\u0001',
    'Registering task executor  under  at the slot manager.',
    'Unregistering task executor ',
    'Could not fulfill resource requirements of job ',
    'Request slot with profile ',
  ])('gives nothing for %j', (text) => {
    expect(factsOf(text)).toEqual([]);
  });
});
