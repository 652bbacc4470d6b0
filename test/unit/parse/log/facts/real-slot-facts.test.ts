/**
 * The slot-protocol facts of the real logs of fixtures/real/logs/ (issue 28 §4): what each log says,
 * read as its artefact.yaml and the lines themselves state it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decimalFromNumber, decimalFromString } from '../../../../../src/model/decimal.js';
import { UNKNOWN, specified } from '../../../../../src/model/resource-profile.js';
import type { LogFact, LogFactKind } from '../../../../../src/parse/log/log-facts.js';
import { readLogRecords, type LogRecords } from '../../../../../src/parse/log/log-records.js';
import { readLogFacts } from '../../../../../src/parse/log/facts/read-facts.js';

const ROOT = new URL('../../../../../fixtures/real/logs/', import.meta.url);

function readFixture(dir: string, file: string): LogRecords {
  const result = readLogRecords(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'), file);
  if (!result.ok) throw new Error(`${dir}: not read`);
  return result.value;
}

/** The kinds the slot-protocol recognisers give (the others' kinds are theirs to test). */
const SLOT_KINDS: ReadonlySet<LogFactKind> = new Set<LogFactKind>([
  'slotManager',
  'release',
  'slotRequested',
  'requirementsDeclared',
  'requirementsCleared',
  'requirementsNotFulfilled',
  'resourcesMissing',
  'minimumResourcesNotAcquired',
  'maxResourcesReached',
  'taskManagerRegistered',
  'taskManagerResources',
  'taskManagerLost',
]);

/** A fact of the slot protocol: of its kinds, and for the kinds it shares, in its forms. */
function isSlotFact(f: LogFact): boolean {
  if (!SLOT_KINDS.has(f.kind)) return false;
  if (f.kind === 'taskManagerLost') return f.instance !== undefined;
  if (f.kind === 'taskManagerResources') return f.at.text.includes('Matching resource requirements');
  if (f.kind === 'taskManagerRegistered') return f.at.text.includes('egistering ');
  return true;
}

function slotFacts(dir: string, files = ['jobmanager.log']): LogFact[] {
  return readLogFacts(files.map((file) => readFixture(dir, file))).facts.filter(isSlotFact);
}

function ofKind<K extends LogFactKind>(facts: readonly LogFact[], kind: K): Extract<LogFact, { kind: K }>[] {
  return facts.filter((f): f is Extract<LogFact, { kind: K }> => f.kind === kind);
}

function bare<T extends { at: unknown }>(facts: T[]): Omit<T, 'at'>[] {
  return facts.map(({ at: _at, ...rest }) => rest);
}

/** Each log's slot facts as kind×count, in the order first seen. */
const SUMMARY: [string, string[], Record<string, number>][] = [
  ['01-declarative-minicluster-no-tm', ['jobmanager.log'], { slotManager: 1, requirementsNotFulfilled: 1, minimumResourcesNotAcquired: 1 }],
  [
    '02-declarative-standalone-3-slots-need-4',
    ['jobmanager.log'],
    { slotManager: 2, requirementsDeclared: 1, requirementsNotFulfilled: 1, minimumResourcesNotAcquired: 1 },
  ],
  [
    '03-finegrained-standalone-missing-resources',
    ['jobmanager.log'],
    { slotManager: 2, requirementsDeclared: 1, resourcesMissing: 1, taskManagerResources: 1 },
  ],
  [
    '04-finegrained-2x-minicluster-multiline-block',
    ['jobmanager.log'],
    { slotManager: 8, taskManagerRegistered: 2, requirementsDeclared: 2, resourcesMissing: 1, taskManagerResources: 1 },
  ],
  ['05-k8s-operator-active-rm-workers-registered', ['jobmanager.log'], {}],
  ['06-legacy-slotpool-local-1.12-slots-granted', ['jobmanager.log'], { slotManager: 3, slotRequested: 4 }],
  ['07-legacy-slotmanagerimpl-unfulfillable-client-trace', ['jobmanager.log'], { slotManager: 1 }],
  ['08-yarn-perjob-container-allocation', ['jobmanager.log'], {}],
  ['09-yarn-app-tm-killed-vmem-replacement-container', ['jobmanager.log'], {}],
  ['10-network-buffers-exception-tab', ['taskmanager.log'], {}],
  ['11-slot-request-bulk-timeout-yarn-queue', ['jobmanager.log'], {}],
  ['12-k8s-helm-shared-taskmanager-host-tm-log', ['jobmanager.log', 'taskmanager.log'], { taskManagerRegistered: 3, slotManager: 1 }],
  ['13-k8s-helm-finegrained-standalone-ok', ['jobmanager.log'], { slotManager: 3, requirementsDeclared: 2, resourcesMissing: 1 }],
  // 14: the flink-dist jar of a stack frame (no banner).
  ['14-k8s-1.18-tm-shutting-down-replacement-pod', ['jobmanager.log'], { release: 1 }],
  ['15-adaptive-2x-minicluster-scale-up-down', ['jobmanager.log'], {}],
  [
    '16-finegrained-2.0-docker-standalone-ok',
    ['jobmanager.log'],
    {
      release: 2,
      slotManager: 7,
      taskManagerRegistered: 5,
      taskManagerLost: 1,
      requirementsDeclared: 1,
      resourcesMissing: 1,
      taskManagerResources: 2,
      requirementsCleared: 1,
    },
  ],
  ['17-heartbeat-timeout-pekko-docker', ['jobmanager.log'], {}],
  ['18-akka-nonlocal-recipient-heartbeat-timeout', ['jobmanager.log'], {}],
  ['19-finegrained-1.20-job-failed-classcast', ['jobmanager.log'], { slotManager: 1, resourcesMissing: 1, taskManagerResources: 1 }],
];

describe('slot-protocol facts of the real logs', () => {
  it.each(SUMMARY)('%s', (dir, files, counts) => {
    const seen: Record<string, number> = {};
    for (const f of slotFacts(dir, files)) seen[f.kind] = (seen[f.kind] ?? 0) + 1;
    expect(seen).toEqual(counts);
  });

  it('01: not fulfilled with no free slot; the draft status says 0 TaskManagers; "3*" leaves the acquired list unread, its 3 slots counted', () => {
    const facts = slotFacts('01-declarative-minicluster-no-tm');
    expect(facts.map((f) => f.kind === 'slotManager' && f.slotManager)).toContain('declarative');
    expect(bare(ofKind(facts, 'requirementsNotFulfilled'))).toEqual([
      { kind: 'requirementsNotFulfilled', job: '6cd8e69cfbb5ec959bac512dedce65f5', freeSlots: 0 },
    ]);
    expect(bare(ofKind(facts, 'minimumResourcesNotAcquired'))).toEqual([
      { kind: 'minimumResourcesNotAcquired', acquiredSlots: 3, registeredTaskManagers: 0, registeredSlots: 0, freeSlots: 0 },
    ]);
  });

  it('02: 4 slots required, none free, 3 TaskManagers with 3 slots holding 3', () => {
    const facts = slotFacts('02-declarative-standalone-3-slots-need-4');
    const job = '045c630d3f4ef49bcdde0c0dc4a34781';
    expect(bare(ofKind(facts, 'requirementsDeclared'))).toEqual([
      { kind: 'requirementsDeclared', job, requirements: [{ profile: UNKNOWN, count: 4 }] },
    ]);
    expect(bare(ofKind(facts, 'requirementsNotFulfilled'))).toEqual([{ kind: 'requirementsNotFulfilled', job, freeSlots: 0 }]);
    expect(bare(ofKind(facts, 'minimumResourcesNotAcquired'))).toEqual([
      {
        kind: 'minimumResourcesNotAcquired',
        acquired: [
          {
            profile: specified({
              cpuCores: decimalFromString('1'),
              taskHeapMemory: 3462817321n,
              taskOffHeapMemory: 0n,
              managedMemory: 2985002310n,
              networkMemory: 746250577n,
            }),
            count: 3,
          },
        ],
        registeredTaskManagers: 3,
        registeredSlots: 3,
        freeSlots: 0,
      },
    ]);
  });

  it('03: the block logged one record per line, read as one', () => {
    const facts = slotFacts('03-finegrained-standalone-missing-resources');
    const missing = ofKind(facts, 'resourcesMissing');
    expect(bare(missing)).toEqual([
      {
        kind: 'resourcesMissing',
        missing: [{ job: '525d55a98516a8918aa77bef5b8e4e64', requirements: [{ profile: UNKNOWN, count: 1 }] }],
        taskManagers: [{ taskManager: 'localhost:35187-06ac90' }],
        truncated: true,
      },
    ]);
    expect(missing[0]?.at.line).toBe(2);
    expect(bare(ofKind(facts, 'taskManagerResources'))).toEqual([{ kind: 'taskManagerResources', taskManager: 'localhost:35187-06ac90' }]);
  });

  it('04: two task executors registered under their instances; the multi-line block missing 4 slots', () => {
    const facts = slotFacts('04-finegrained-2x-minicluster-multiline-block');
    expect(bare(ofKind(facts, 'taskManagerRegistered'))).toEqual([
      { kind: 'taskManagerRegistered', taskManager: '8460bb4c-2cd7-4633-8de1-d4a5dc2948eb', instance: '955394dc3060085b63f8e7079f768fe1' },
      { kind: 'taskManagerRegistered', taskManager: '1222da61-e536-4cb2-b18a-c27d31c83dbe', instance: 'cccd61d5f1e8a6e5eed8079f87898838' },
    ]);
    expect(ofKind(facts, 'requirementsDeclared').map((f) => [f.job, f.requirements[0]?.count])).toEqual([
      ['d43a5fe8fc6fe1013129d1ff3729de65', 4],
      ['d43a5fe8fc6fe1013129d1ff3729de65', 4],
    ]);
    expect(bare(ofKind(facts, 'resourcesMissing'))).toEqual([
      {
        kind: 'resourcesMissing',
        missing: [{ job: 'd43a5fe8fc6fe1013129d1ff3729de65', requirements: [{ profile: UNKNOWN, count: 4 }] }],
        taskManagers: [{ taskManager: '1222da61-e536-4cb2-b18a-c27d31c83dbe' }],
        truncated: true,
      },
    ]);
    expect(ofKind(facts, 'slotManager').every((f) => f.slotManager === 'fine-grained')).toBe(true);
  });

  it('06: one SlotPoolImpl request and three of the ResourceManager, of the legacy era', () => {
    const facts = slotFacts('06-legacy-slotpool-local-1.12-slots-granted');
    const requests = ofKind(facts, 'slotRequested');
    expect(requests.map((f) => [f.at.line, f.job ?? null, f.request ?? null, f.allocation])).toEqual([
      [8, null, 'eb76c87c540d933538f46f610219904d', 'f738d448f48642d75b3bf69475df9c0a'],
      [10, '63fd2fc9f76ebcbf9b7d3d47dabbdf38', null, '21a45995954d4f80f8e9559bd6c050c2'],
      [11, '63fd2fc9f76ebcbf9b7d3d47dabbdf38', null, '4a41e5491be9026da0456dd23f0709e4'],
      [12, '63fd2fc9f76ebcbf9b7d3d47dabbdf38', null, 'bc89ec13c8cfe5f30f33b9b92894ad6d'],
    ]);
    expect(requests.every((f) => f.profile.kind === 'UNKNOWN')).toBe(true);
    expect(ofKind(facts, 'slotManager').every((f) => f.slotManager === 'legacy')).toBe(true);
  });

  it("07: the SlotManagerImpl frames of a client's trace say legacy", () => {
    expect(ofKind(slotFacts('07-legacy-slotmanagerimpl-unfulfillable-client-trace'), 'slotManager').map((f) => f.slotManager)).toEqual([
      'legacy',
    ]);
  });

  it('12: TaskManagers registered with their pod hosts (pekko addresses)', () => {
    const facts = slotFacts('12-k8s-helm-shared-taskmanager-host-tm-log', ['jobmanager.log', 'taskmanager.log']);
    const host = 'flink-ushur-taskmanager-headless.flink.svc.cluster.local';
    expect(ofKind(facts, 'taskManagerRegistered').map((f) => [f.taskManager, f.host ?? null, f.instance ?? null])).toEqual([
      [`flink-ushur-taskmanager-2.${host}:6122-79bce4`, `flink-ushur-taskmanager-2.${host}`, null],
      [`flink-ushur-taskmanager-2.${host}:6122-79bce4`, null, '9a42f98003104106789f6d62f17eb1e7'],
      [`flink-ushur-taskmanager-1.${host}:6122-d8600f`, `flink-ushur-taskmanager-1.${host}`, null],
    ]);
  });

  it('13: a block cut by the excerpt is read as cut', () => {
    expect(bare(ofKind(slotFacts('13-k8s-helm-finegrained-standalone-ok'), 'resourcesMissing'))).toEqual([
      {
        kind: 'resourcesMissing',
        missing: [{ job: 'cac21b400351f0b604e60daecdd4e53e', requirements: [] }],
        taskManagers: [],
        truncated: true,
      },
    ]);
  });

  const TM_2_0 = specified({
    cpuCores: decimalFromString('1'),
    taskHeapMemory: 402653174n,
    taskOffHeapMemory: 0n,
    managedMemory: 536870920n,
    networkMemory: 134217730n,
  });

  it('16: release 2.0; two TaskManagers, both whole, in the block pasted with spaces; the job cleared', () => {
    const facts = slotFacts('16-finegrained-2.0-docker-standalone-ok');
    expect(ofKind(facts, 'release').map((f) => [f.version, f.at.line])).toEqual([
      ['2.0', 6],
      ['2.0', 11],
    ]);
    expect(ofKind(facts, 'taskManagerRegistered').map((f) => [f.at.line, f.taskManager, f.host ?? f.instance])).toEqual([
      [28, '172.19.0.4:36829-2e4119', '172.19.0.4'],
      [30, '172.19.0.4:36829-2e4119', '172.19.0.4'],
      [31, '172.19.0.4:36829-2e4119', '75f7935249bbfc255b76ec073a035d24'],
      [32, '172.19.0.3:35889-20872d', '172.19.0.3'],
      [33, '172.19.0.3:35889-20872d', '7b6adb21eb3c7c80977c170a8f6ca229'],
    ]);
    // An instance registered before the excerpt: named by itself.
    expect(ofKind(facts, 'taskManagerLost').map((f) => [f.taskManager, f.instance, f.cause])).toEqual([
      ['85d1ff85d777a87616ef577d16a40605', '85d1ff85d777a87616ef577d16a40605', 'disconnected'],
    ]);
    expect(bare(ofKind(facts, 'resourcesMissing'))).toEqual([
      {
        kind: 'resourcesMissing',
        missing: [{ job: '47ed771b20ef1267dca7371821bdc5ae', requirements: [{ profile: UNKNOWN, count: 1 }] }],
        taskManagers: [
          { taskManager: '172.19.0.3:35889-20872d', available: TM_2_0, total: TM_2_0 },
          { taskManager: '172.19.0.4:36829-2e4119', available: TM_2_0, total: TM_2_0 },
        ],
      },
    ]);
    expect(ofKind(facts, 'taskManagerResources').map((f) => f.taskManager)).toEqual(['172.19.0.3:35889-20872d', '172.19.0.4:36829-2e4119']);
    expect(bare(ofKind(facts, 'requirementsCleared'))).toEqual([{ kind: 'requirementsCleared', job: '47ed771b20ef1267dca7371821bdc5ae' }]);
  });

  it('19: one TaskManager of 8 cores with all of it available, one slot missing', () => {
    const tm = specified({
      cpuCores: decimalFromString('8'),
      taskHeapMemory: 8589934592n,
      taskOffHeapMemory: 0n,
      managedMemory: 6442450944n,
      networkMemory: 1804482817n,
    });
    expect(bare(ofKind(slotFacts('19-finegrained-1.20-job-failed-classcast'), 'resourcesMissing'))).toEqual([
      {
        kind: 'resourcesMissing',
        missing: [{ job: '6c0538cd93f8081b838802c8ad10f916', requirements: [{ profile: UNKNOWN, count: 1 }] }],
        taskManagers: [{ taskManager: '172.80.0.71:43227-5a210b', available: tm, total: tm }],
      },
    ]);
  });

  it("01's wrapped MiniCluster profile reads once the count is readable (no cpu printed: above the log cap)", () => {
    // The fixture's own text with its "3*" (markdown) as 3: the profile itself, wrapped as it is, reads.
    const line = readFileSync(new URL('01-declarative-minicluster-no-tm/jobmanager.log', ROOT), 'utf8')
      .split('\n')[2]!
      .replace('=3*}', '=3}');
    const records = readLogRecords(line, 'jobmanager.log');
    if (!records.ok) throw new Error('not read');
    const facts = ofKind(readLogFacts([records.value]).facts, 'minimumResourcesNotAcquired');
    expect(facts[0]?.acquired).toEqual([
      {
        profile: specified({
          cpuCores: decimalFromNumber(Number.MAX_VALUE),
          taskHeapMemory: 1099511627776n,
          taskOffHeapMemory: 1099511627776n,
          managedMemory: 83886080n,
          networkMemory: 67108864n,
        }),
        count: 3,
      },
    ]);
  });
});
