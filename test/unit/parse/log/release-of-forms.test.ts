/** The releases a log can come from, by its message forms (docs/research/jobmanager-log-messages.md; issue 28 §1). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compareVersions, formatVersion, parseFlinkVersion } from '../../../../src/model/flink-version.js';
import { readLogRecords, type LogRecords } from '../../../../src/parse/log/log-records.js';
import { releaseOfForms } from '../../../../src/parse/log/release-of-forms.js';

const SM = 'org.apache.flink.runtime.resourcemanager.slotmanager.';

function log2(level: string, logger: string, message: string): string {
  return `2024-01-01 10:00:00,000 ${level.padEnd(5)} ${logger.padEnd(60)} [] - ${message}`;
}

function log1(level: string, logger: string, message: string): string {
  return `2020-01-01 10:00:00,000 ${level.padEnd(5)} ${logger.padEnd(60)}  - ${message}`;
}

function records(text: string, file = 'jobmanager.log'): LogRecords {
  const read = readLogRecords(text, file);
  if (!read.ok) throw new Error('not read');
  return read.value;
}

function range(...lines: string[]): string | undefined {
  const r = releaseOfForms([records(lines.join('\n'))]);
  return r === undefined ? undefined : `${formatVersion(r.earliest)}–${formatVersion(r.latest)}`;
}

const PROFILE = (cpu: string) =>
  `ResourceProfile{cpuCores=${cpu}, taskHeapMemory=96.000mb (100663296 bytes), taskOffHeapMemory=0 bytes, managedMemory=0 bytes, networkMemory=0 bytes}`;
const SPEC =
  'WorkerResourceSpec {cpuCores=1.0, taskHeapSize=25.600mb (26843542 bytes), taskOffHeapSize=0 bytes, networkMemSize=64.000mb (67108864 bytes), managedMemSize=230.400mb (241591914 bytes)';
const JOB = '045c630d3f4ef49bcdde0c0dc4a34781';

describe('releaseOfForms, one form at a time', () => {
  it.each([
    ['a log4j 2 line (`[] - `)', [log2('INFO', 'org.apache.flink.runtime.jobmaster.JobMaster', 'Starting execution of job.')], '1.11–2.2'],
    [
      'a log4j 1 line of the default pattern',
      [log1('INFO', 'org.apache.flink.runtime.jobmaster.JobMaster', 'Starting execution of job.')],
      '1.10–1.10',
    ],
    ['"Free slots: N"', [`Could not fulfill resource requirements of job ${JOB}. Free slots: 0`], '1.13–1.18'],
    [
      'the declarative warning without Free slots',
      [log2('WARN', `${SM}DeclarativeSlotManager`, `Could not fulfill resource requirements of job ${JOB}.`)],
      '1.12–1.13',
    ],
    [
      'the fine-grained block',
      [
        log2('INFO', `${SM}FineGrainedSlotManager`, 'Matching resource requirements against available resources.'),
        'Missing resources:',
        `\t Job ${JOB}`,
      ],
      '1.18–2.2',
    ],
    ['the fine-grained header alone', ['Matching resource requirements against available resources.'], '1.14–1.17'],
    ['cpuCores=1', [`Starting allocation of slot with resource profile ${PROFILE('1')}.`], '1.14–2.2'],
    ['cpuCores=1E+1', [`Starting allocation of slot with resource profile ${PROFILE('1E+1')}.`], '1.14–2.2'],
    ['cpuCores=1.0', [`Request slot with ${PROFILE('1.0')}`], '1.10–1.13'],
    ['cpuCores=1.0000000000000000', [`x ${PROFILE('1.0000000000000000')}`], '1.10–1.13'],
    ['cpuCores=0.5 (both eras)', [`x ${PROFILE('0.5')}`], undefined],
    [
      'a WorkerResourceSpec with numSlots',
      [`Requesting new worker with resource spec ${SPEC}, numSlots=2}, current pending count: 1.`],
      '1.13–2.2',
    ],
    ['a WorkerResourceSpec without numSlots', [`TaskManager pod-1 will be started with ${SPEC}}.`], '1.11–1.12'],
    [
      'SlotPoolImpl with an allocation id',
      ['Requesting new slot [SlotRequestId{a}] and profile ResourceProfile{UNKNOWN} with allocation id b from resource manager.'],
      '1.12–1.13',
    ],
    [
      'SlotPoolImpl without',
      ['Requesting new slot [SlotRequestId{a}] and profile ResourceProfile{UNKNOWN} from resource manager.'],
      '1.10–1.11',
    ],
    ['a bulk timeout in ms', ['Caused by: java.util.concurrent.TimeoutException: Timeout has occurred: 300000 ms'], '1.12–1.20'],
    ['a bulk timeout as a Duration', ['Caused by: java.util.concurrent.TimeoutException: Timeout has occurred: PT5M'], '2.0–2.2'],
    [
      'a pekko address',
      ['Registering TaskManager with ResourceID tm (pekko.tcp://flink@host:6122/user/rpc/taskmanager_0) at ResourceManager'],
      '1.18–2.2',
    ],
    [
      'an akka address',
      ['Registering TaskManager with ResourceID tm (akka.tcp://flink@host:6122/user/rpc/taskmanager_0) at ResourceManager'],
      '1.10–1.17',
    ],
    ['"need request N new workers"', ['need request 2 new workers, current worker number 0, declared worker number 2'], '1.17–2.2'],
    [
      'a task executor registration at INFO',
      [
        log2(
          'INFO',
          `${SM}FineGrainedSlotManager`,
          'Registering task executor tm under 955394dc3060085b63f8e7079f768fe1 at the slot manager.',
        ),
      ],
      '1.14–2.2',
    ],
    [
      'the slot pool status warning',
      [
        'Could not acquire the minimum required resources, failing slot requests. Acquired: []. Current slot pool status: Registered TMs: 0, registered slots: 0 free slots: 0',
      ],
      '1.14–2.2',
    ],
    ['"Request slot with profile"', ['Request slot with profile ResourceProfile{UNKNOWN} for job j with allocation id a.'], '1.10–1.13'],
    [
      'the maximum of slots',
      ['Could not allocate 2 more slots. The number of registered and pending slots is 8, while the maximum is 8.'],
      '1.11–1.19',
    ],
    ['nothing dated', ['hello'], undefined],
  ])('%s', (_what, lines, expected) => {
    expect(range(...lines)).toBe(expected);
  });
});

describe('releaseOfForms, forms together', () => {
  it('narrows by every form and gives the first record of each as evidence', () => {
    const r = releaseOfForms([
      records(
        [
          log2('INFO', `${SM}DeclarativeSlotManager`, `Received resource requirements from job ${JOB}: []`),
          log2('WARN', `${SM}DeclarativeSlotManager`, `Could not fulfill resource requirements of job ${JOB}. Free slots: 0`),
          log2(
            'WARN',
            'org.apache.flink.runtime.jobmaster.slotpool.DeclarativeSlotPoolBridge',
            'Could not acquire the minimum required resources, failing slot requests. Acquired: []. Current slot pool status: Registered TMs: 0, registered slots: 0 free slots: 0',
          ),
          log2(
            'INFO',
            'x.Y',
            'Registering TaskManager with ResourceID tm (akka.tcp://flink@host:6122/user/rpc/taskmanager_0) at ResourceManager',
          ),
        ].join('\n'),
      ),
    ]);
    expect(r === undefined ? undefined : [formatVersion(r.earliest), formatVersion(r.latest)]).toEqual(['1.14', '1.17']);
    expect(r?.evidence.map((p) => p.line)).toEqual([1, 2, 3, 4]);
    expect(r?.forms).toContain('akka');
  });

  it('sets aside a weak form the others contradict (a 1.12 log in a log4j 1 layout of its own, fixture 06)', () => {
    expect(
      range(
        log1(
          'INFO',
          'org.apache.flink.runtime.jobmaster.slotpool.SlotPoolImpl',
          'Requesting new slot [SlotRequestId{a}] and profile ResourceProfile{UNKNOWN} with allocation id b from resource manager.',
        ),
      ),
    ).toBe('1.12–1.13');
    expect(
      range(
        'Registering TaskManager with ResourceID tm (pekko.tcp://flink@h:1/user/rpc/taskmanager_0) at ResourceManager',
        'Matching resource requirements against available resources.',
      ),
    ).toBe('1.18–2.2');
  });
});

describe('releaseOfForms on hostile input', () => {
  it('reads lines of a million characters without a throw', () => {
    const lines = [
      `x ${'ResourceProfile{cpuCores='.repeat(40_000)}`,
      `WorkerResourceSpec {${'numSlots='.repeat(100_000)}`,
      `Requesting new slot [${'['.repeat(1_000_000)}`,
      `Timeout has occurred: ${'9'.repeat(1_000_000)} ms`,
    ];
    expect(() => range(...lines)).not.toThrow();
    expect(range(...lines)).toBeUndefined();
  });
});

const ROOT = new URL('../../../../fixtures/real/logs/', import.meta.url);

/** Each real log's range by its forms; the release its artefact.yaml states lies inside. */
const REAL: [string, string, string | undefined][] = [
  ['01-declarative-minicluster-no-tm', 'jobmanager.log', '1.13–1.18'],
  ['02-declarative-standalone-3-slots-need-4', 'jobmanager.log', '1.14–1.18'],
  ['03-finegrained-standalone-missing-resources', 'jobmanager.log', '1.18–2.2'],
  ['04-finegrained-2x-minicluster-multiline-block', 'jobmanager.log', '1.18–2.2'],
  ['05-k8s-operator-active-rm-workers-registered', 'jobmanager.log', '1.17–2.2'],
  ['06-legacy-slotpool-local-1.12-slots-granted', 'jobmanager.log', '1.12–1.13'],
  ['07-legacy-slotmanagerimpl-unfulfillable-client-trace', 'jobmanager.log', undefined],
  ['09-yarn-app-tm-killed-vmem-replacement-container', 'jobmanager.log', '1.11–1.17'],
  ['11-slot-request-bulk-timeout-yarn-queue', 'jobmanager.log', '1.12–1.20'],
  ['12-k8s-helm-shared-taskmanager-host-tm-log', 'jobmanager.log', '1.18–2.2'],
  ['13-k8s-helm-finegrained-standalone-ok', 'jobmanager.log', '1.18–2.2'],
  ['16-finegrained-2.0-docker-standalone-ok', 'jobmanager.log', '1.18–2.2'],
  ['18-akka-nonlocal-recipient-heartbeat-timeout', 'jobmanager.log', '1.11–1.17'],
  ['19-finegrained-1.20-job-failed-classcast', 'jobmanager.log', '1.18–2.2'],
];

describe('releaseOfForms over the real logs', () => {
  it.each(REAL)('%s', (dir, file, expected) => {
    const log = records(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'), file);
    const r = releaseOfForms([log]);
    expect(r === undefined ? undefined : `${formatVersion(r.earliest)}–${formatVersion(r.latest)}`).toBe(expected);
    // The release the artefact states (or the first of its range; "2.x" as 2.0) lies inside.
    const artefact = parse(readFileSync(new URL(`${dir}/artefact.yaml`, ROOT), 'utf8')) as Record<string, unknown>;
    const stated = String(artefact['flinkVersion'] ?? artefact['flinkVersionRange']).replace('.x', '.0');
    const version = parseFlinkVersion(stated.split('-')[0] ?? '');
    if (r !== undefined && version !== undefined) {
      expect(compareVersions(r.earliest, version)).toBeLessThanOrEqual(0);
      expect(compareVersions(version, r.latest)).toBeLessThanOrEqual(0);
    }
  });
});
