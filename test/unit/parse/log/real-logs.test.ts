/** The reader over the real logs of fixtures/real/logs/ (issue 28 §4): what each one reads into. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { releaseOfLog } from '../../../../src/parse/log/flink-release-of-log.js';
import { readLogRecords, type LogRecords } from '../../../../src/parse/log/log-records.js';

const ROOT = new URL('../../../../fixtures/real/logs/', import.meta.url);

function readFixture(dir: string, file = 'jobmanager.log'): LogRecords {
  const result = readLogRecords(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'), file);
  if (!result.ok) throw new Error(`${dir}: not read`);
  return result.value;
}

function recordAt(log: LogRecords, line: number) {
  return log.records.find((r) => r.line === line);
}

/** [fixture, file, records, layouts, continuation lines, gap lines]: every line accounted for. */
const SUMMARY: [string, string, number, string[], number, number][] = [
  ['01-declarative-minicluster-no-tm', 'jobmanager.log', 2, ['timestamp-level'], 1, 0],
  ['02-declarative-standalone-3-slots-need-4', 'jobmanager.log', 3, ['log4j2'], 0, 0],
  ['03-finegrained-standalone-missing-resources', 'jobmanager.log', 6, ['log4j2'], 0, 0],
  ['04-finegrained-2x-minicluster-multiline-block', 'jobmanager.log', 14, ['relative-thread'], 6, 2],
  ['05-k8s-operator-active-rm-workers-registered', 'jobmanager.log', 8, ['log4j2'], 1, 1],
  ['06-legacy-slotpool-local-1.12-slots-granted', 'jobmanager.log', 18, ['log4j1'], 0, 2],
  ['07-legacy-slotmanagerimpl-unfulfillable-client-trace', 'jobmanager.log', 3, [], 31, 2],
  ['08-yarn-perjob-container-allocation', 'jobmanager.log', 8, ['log4j2'], 0, 1],
  ['09-yarn-app-tm-killed-vmem-replacement-container', 'jobmanager.log', 6, ['log4j2'], 0, 1],
  ['10-network-buffers-exception-tab', 'taskmanager.log', 2, [], 19, 0],
  ['11-slot-request-bulk-timeout-yarn-queue', 'jobmanager.log', 2, [], 40, 0],
  ['12-k8s-helm-shared-taskmanager-host-tm-log', 'jobmanager.log', 3, ['log4j2'], 0, 0],
  ['12-k8s-helm-shared-taskmanager-host-tm-log', 'taskmanager.log', 7, ['log4j2'], 4, 1],
  ['13-k8s-helm-finegrained-standalone-ok', 'jobmanager.log', 9, ['log4j2'], 2, 1],
  ['14-k8s-1.18-tm-shutting-down-replacement-pod', 'jobmanager.log', 4, ['log4j2'], 3, 0],
  ['15-adaptive-2x-minicluster-scale-up-down', 'jobmanager.log', 15, ['timestamp'], 8, 0],
  ['16-finegrained-2.0-docker-standalone-ok', 'jobmanager.log', 72, ['log4j2'], 10, 4],
  ['17-heartbeat-timeout-pekko-docker', 'jobmanager.log', 1, [], 12, 0],
  ['18-akka-nonlocal-recipient-heartbeat-timeout', 'jobmanager.log', 1, ['log4j2'], 2, 0],
  ['19-finegrained-1.20-job-failed-classcast', 'jobmanager.log', 3, ['log4j2'], 13, 1],
];

describe('readLogRecords over the real logs', () => {
  it.each(SUMMARY)('%s/%s: %i records', (dir, file, records, layouts, continuations, gaps) => {
    const log = readFixture(dir, file);
    expect(log.records).toHaveLength(records);
    expect(log.layouts).toEqual(layouts);
    expect(log.continuationLines).toBe(continuations);
    expect(log.gapLines).toBe(gaps);
    expect(log.records.length + log.continuationLines + log.gapLines + log.blankLines).toBe(log.linesRead);
  });

  it('02 (log4j 2): the DeclarativeSlotManager warning', () => {
    expect(recordAt(readFixture('02-declarative-standalone-3-slots-need-4'), 2)).toMatchObject({
      timestamp: '2022-09-27 05:32:36,467',
      level: 'WARN',
      logger: 'org.apache.flink.runtime.resourcemanager.slotmanager.DeclarativeSlotManager',
      message: 'Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781. Free slots: 0',
    });
  });

  it('06 (log4j 1, time only): the ExecutionGraph logger without its padding', () => {
    expect(recordAt(readFixture('06-legacy-slotpool-local-1.12-slots-granted'), 1)).toMatchObject({
      layout: 'log4j1',
      timestamp: '10:34:05,125',
      level: 'INFO',
      logger: 'org.apache.flink.runtime.executiongraph.ExecutionGraph',
    });
  });

  it('05 (kubectl --timestamps): both times, the ActiveResourceManager line', () => {
    expect(recordAt(readFixture('05-k8s-operator-active-rm-workers-registered'), 1)).toMatchObject({
      kubectlTimestamp: '2023-12-05T13:21:41.999156211Z',
      timestamp: '2023-12-05 13:21:41,998',
      level: 'INFO',
      logger: 'org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager',
      message: 'need request 2 new workers, current worker number 0, declared worker number 2',
    });
  });

  it('04 and 16: the FineGrainedSlotManager block is one record, its lines in the message', () => {
    const block04 = recordAt(readFixture('04-finegrained-2x-minicluster-multiline-block'), 11);
    expect(block04).toMatchObject({
      endLine: 16,
      level: 'INFO',
      logger: 'org.apache.flink.runtime.resourcemanager.slotmanager.FineGrainedSlotManager',
    });
    expect(block04?.message.split('\n').slice(0, 2)).toEqual([
      'Matching resource requirements against available resources.',
      'Missing resources:',
    ]);
    const block16 = recordAt(readFixture('16-finegrained-2.0-docker-standalone-ok'), 59);
    expect(block16).toMatchObject({ endLine: 69, logger: 'org.apache.flink.runtime.resourcemanager.slotmanager.FineGrainedSlotManager' });
    const lines = block16?.message.split('\n') ?? [];
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe('        TaskManager 172.19.0.3:35889-20872d'); // space-indented as pasted
    expect(lines.filter((l) => l.trimStart().startsWith('Total:'))).toHaveLength(2);
  });

  it('12 (a k9s screen copy): the borders dropped, a wrapped line in the record above', () => {
    const log = readFixture('12-k8s-helm-shared-taskmanager-host-tm-log', 'taskmanager.log');
    expect(recordAt(log, 11)).toMatchObject({
      endLine: 12,
      level: 'WARN',
      logger: 'org.apache.pekko.remote.ReliableDeliverySupervisor',
    });
    expect(recordAt(log, 11)?.message.split('\n')[1]).toBe('ow gated for [50] ms. Reason: [Disassociated]');
  });

  it('18: a line whose timestamp was cut off, its Caused by in the same record', () => {
    const [record] = readFixture('18-akka-nonlocal-recipient-heartbeat-timeout').records;
    expect(record).toMatchObject({ line: 1, endLine: 3, level: 'ERROR', logger: 'akka.remote.EndpointWriter' });
    expect(record?.message.split('\n')[2]).toMatch(/^Caused by: java.util.concurrent.TimeoutException: Heartbeat of TaskManager/);
  });
});

describe('releaseOfLog over the real logs', () => {
  it('16: 2.0, from the StandaloneSessionClusterEntrypoint banner on line 6', () => {
    const release = releaseOfLog(readFixture('16-finegrained-2.0-docker-standalone-ok').records);
    expect(release?.version).toBe('2.0');
    expect(release?.evidence.line).toBe(6);
    expect(release?.evidence.text).toMatch(/^ Starting StandaloneSessionClusterEntrypoint \(Version: 2\.0\.0,/);
  });

  it('14: 1.18, from the flink-dist jar of a stack frame on line 6 (no banner)', () => {
    const release = releaseOfLog(readFixture('14-k8s-1.18-tm-shutting-down-replacement-pod').records);
    expect(release).toMatchObject({ version: '1.18', evidence: { line: 6 }, fromStackFrame: true });
  });

  it.each(SUMMARY.filter(([dir]) => !dir.startsWith('16-') && !dir.startsWith('14-')))('%s/%s: no banner, no release', (dir, file) => {
    expect(releaseOfLog(readFixture(dir, file).records)).toBeUndefined();
  });
});
