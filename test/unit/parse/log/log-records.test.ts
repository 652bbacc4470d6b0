import { describe, expect, it } from 'vitest';
import { MAX_LOG_LINES, readLogRecords, type LogRecords } from '../../../../src/parse/log/log-records.js';

function read(text: string): LogRecords {
  const result = readLogRecords(text, 'jm.log');
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.value;
}

const RM = 'org.apache.flink.runtime.resourcemanager.slotmanager.FineGrainedSlotManager';
const PAD = 'org.apache.flink.runtime.jobmaster.JobMaster                 ';

describe('readLogRecords: layouts', () => {
  it('reads log4j 2 lines (1.11+): `[] - ` after the padded logger', () => {
    const log = read(`2024-03-12 07:51:14,148 INFO  ${PAD}[] - Starting execution of job 'x'.\n`);
    expect(log.layouts).toEqual(['log4j2']);
    expect(log.records).toEqual([
      {
        line: 1,
        endLine: 1,
        layout: 'log4j2',
        timestamp: '2024-03-12 07:51:14,148',
        level: 'INFO',
        logger: 'org.apache.flink.runtime.jobmaster.JobMaster',
        message: "Starting execution of job 'x'.",
      },
    ]);
  });

  it('reads log4j 1 lines (1.10): `  - ` after the padded logger, also with a time only', () => {
    const log = read(
      [
        `2020-02-11 10:00:00,001 WARN  ${PAD}  - a`,
        `10:34:05,125 ERROR org.apache.flink.runtime.executiongraph.ExecutionGraph        - b`,
      ].join('\n'),
    );
    expect(log.layouts).toEqual(['log4j1']);
    expect(log.records.map((r) => [r.timestamp, r.level, r.logger, r.message])).toEqual([
      ['2020-02-11 10:00:00,001', 'WARN', 'org.apache.flink.runtime.jobmaster.JobMaster', 'a'],
      ['10:34:05,125', 'ERROR', 'org.apache.flink.runtime.executiongraph.ExecutionGraph', 'b'],
    ]);
  });

  it("reads Flink's logback layout: the thread before the level, the logger abbreviated or not", () => {
    const log = read(
      [
        '2022-09-27 05:32:36.466 [flink-akka.actor.default-dispatcher-5] INFO  org.apache.flink.runtime.jobmaster.JobMaster  - Starting execution of job',
        '2022-09-27 05:32:36.467 [main] WARN  o.a.f.r.r.s.DeclarativeSlotManager  - Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781. Free slots: 0',
      ].join('\n'),
    );
    expect(log.records.map((r) => [r.layout, r.timestamp, r.thread, r.level, r.logger, r.message])).toEqual([
      [
        'logback',
        '2022-09-27 05:32:36.466',
        'flink-akka.actor.default-dispatcher-5',
        'INFO',
        'org.apache.flink.runtime.jobmaster.JobMaster',
        'Starting execution of job',
      ],
      [
        'logback',
        '2022-09-27 05:32:36.467',
        'main',
        'WARN',
        'o.a.f.r.r.s.DeclarativeSlotManager',
        'Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781. Free slots: 0',
      ],
    ]);
  });

  it('reads an ISO 8601 timestamp (`%d{ISO8601}`: a T between date and time)', () => {
    const log = read('2024-03-12T07:51:14,148 INFO  org.apache.flink.runtime.jobmaster.JobMaster [] - Starting');
    expect(log.records.map((r) => [r.layout, r.timestamp, r.message])).toEqual([['log4j2', '2024-03-12T07:51:14,148', 'Starting']]);
  });

  it('drops the ANSI colour codes of a line copied from a colouring terminal', () => {
    const log = read(
      '\u001b[32m2024-03-12 07:51:14,148 INFO \u001b[0m org.apache.flink.runtime.jobmaster.JobMaster [] - \u001b[1mStarting\u001b[0m',
    );
    expect(log.records.map((r) => [r.layout, r.level, r.logger, r.message])).toEqual([
      ['log4j2', 'INFO', 'org.apache.flink.runtime.jobmaster.JobMaster', 'Starting'],
    ]);
  });

  it("reads Flink's test layout `%r [%t] %-5p %c - %m`", () => {
    const log = read(`30205 [flink-pekko.actor.default-dispatcher-6] DEBUG ${RM} - Starting the slot manager.`);
    expect(log.records[0]).toMatchObject({
      layout: 'relative-thread',
      timestamp: '30205',
      thread: 'flink-pekko.actor.default-dispatcher-6',
      level: 'DEBUG',
      logger: RM,
      message: 'Starting the slot manager.',
    });
  });

  it('reads a custom `date level message [Logger thread]` layout', () => {
    const log = read(
      '2021-07-12 03:19:58,603 WARN Could not fulfill. Free slots: 0 [DeclarativeSlotManager flink-akka.actor.default-dispatcher-2]',
    );
    expect(log.records[0]).toMatchObject({
      layout: 'timestamp-level',
      level: 'WARN',
      logger: 'DeclarativeSlotManager',
      thread: 'flink-akka.actor.default-dispatcher-2',
      message: 'Could not fulfill. Free slots: 0',
    });
  });

  it('reads a timestamp then a message, and a line whose timestamp was cut off', () => {
    const log = read(
      [
        '18:14:58,973 Transition from state Created to WaitingForResources.',
        'ERROR akka.remote.EndpointWriter   [] - dropping message',
      ].join('\n'),
    );
    expect(log.records.map((r) => [r.layout, r.timestamp, r.level, r.logger, r.message])).toEqual([
      ['timestamp', '18:14:58,973', undefined, undefined, 'Transition from state Created to WaitingForResources.'],
      ['log4j2', undefined, 'ERROR', 'akka.remote.EndpointWriter', 'dropping message'],
    ]);
  });

  it('takes a level word at the start of a bare line for a record only with the separator after a logger', () => {
    const log = read('INFO this is prose\nWARN  x.Y [] - real');
    expect(log.records.map((r) => r.layout)).toEqual([undefined, 'log4j2']);
  });
});

describe('readLogRecords: as users paste logs', () => {
  it('strips `kubectl logs --timestamps` prefixes and keeps their time', () => {
    const log = read(`2023-12-05T13:21:41.999156211Z 2023-12-05 13:21:41,998 INFO  ${PAD}[] - need request 2 new workers`);
    expect(log.records[0]).toMatchObject({
      kubectlTimestamp: '2023-12-05T13:21:41.999156211Z',
      timestamp: '2023-12-05 13:21:41,998',
      logger: 'org.apache.flink.runtime.jobmaster.JobMaster',
      message: 'need request 2 new workers',
    });
  });

  it('reads the lines inside the `│` borders of a terminal UI screen copy', () => {
    const log = read(
      [
        '│ 2024-01-26 19:41:53,185 WARN  a.B [] - Association with remote system has failed, address is n  │   │',
        '│ ow gated.    │  │',
      ].join('\n'),
    );
    expect(log.records.map((r) => [r.line, r.endLine, r.level, r.message])).toEqual([
      [1, 2, 'WARN', 'Association with remote system has failed, address is n\now gated.'],
    ]);
  });

  it('reads Windows line ends as line ends', () => {
    const log = read(`2024-01-01 00:00:00,000 INFO  a.B [] - one\r\n\tat x.Y(Y.java:1)\r\n2024-01-01 00:00:00,001 INFO  a.B [] - two\r\n`);
    expect(log.records.map((r) => r.message)).toEqual(['one\n\tat x.Y(Y.java:1)', 'two']);
    expect(log.linesRead).toBe(3);
  });

  it('puts stack traces and the fine-grained block, indented or not, in the record above', () => {
    const text = [
      `2025-03-26 12:06:11,539 INFO  ${RM} [] - Matching resource requirements against available resources.`,
      'Missing resources:',
      '\t Job 47ed',
      '\t\tResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=1}',
      'Current resources:',
      '        TaskManager tm-1',
      `2025-03-26 12:06:11,540 ERROR ${PAD}[] - failed`,
      'java.lang.RuntimeException: boom',
      '\tat a.B.c(B.java:1)',
      'Caused by: java.lang.IllegalStateException: x',
      '\t... 12 more',
    ].join('\n');
    const log = read(text);
    expect(log.records.map((r) => [r.line, r.endLine])).toEqual([
      [1, 6],
      [7, 11],
    ]);
    expect(log.records[0]?.message.split('\n')).toEqual([
      'Matching resource requirements against available resources.',
      'Missing resources:',
      '\t Job 47ed',
      '\t\tResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=1}',
      'Current resources:',
      '        TaskManager tm-1',
    ]);
    expect(log.continuationLines).toBe(9);
  });

  it('reads an excerpt of bare messages as one record per line, a trace joined to its exception', () => {
    const log = read(
      [
        'Could not fulfill resource requirements of job a.',
        'java.util.concurrent.TimeoutException: x',
        '\tat a.B(B.java:1)',
        'Caused by: y',
        'next',
      ].join('\n'),
    );
    expect(log.layouts).toEqual([]);
    expect(log.records.map((r) => [r.line, r.endLine, r.level])).toEqual([
      [1, 1, undefined],
      [2, 4, undefined],
      [5, 5, undefined],
    ]);
  });

  it('joins a bare message an issue tracker wrapped mid-sentence, not the next message or an exception line', () => {
    const log = read(
      [
        'java.io.IOException: Insufficient number of network buffers: required',
        '17, but only 16 available. The total number of network buffers is currently set to 2048 of 32768 bytes',
        "each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction',",
        "'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
        'Job state: FAILED',
        'Caused by: org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException: No pooled slot available',
        'org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException: Not enough resources.',
        '19:29:14 2021/08/27 02:29:14 a time starts a new line, after a line that stops mid-sentence too',
      ].join('\n'),
    );
    expect(log.records.map((r) => [r.line, r.endLine])).toEqual([
      [1, 4],
      [5, 6],
      [7, 7],
      [8, 8],
    ]);
  });

  it('ends a record at a gap (`...`, `[...]`), which is no part of a message', () => {
    const log = read([`1 [t] INFO  a.B - first`, 'next line', '[...]', 'orphan', '  ...  ', 'Missing resources:'].join('\n'));
    expect(log.records.map((r) => [r.line, r.endLine, r.message])).toEqual([
      [1, 2, 'first\nnext line'],
      [4, 4, 'orphan'],
      [6, 6, 'Missing resources:'],
    ]);
    expect(log.gapLines).toBe(2);
  });

  it('drops blank lines at the end of a record and outside records', () => {
    const log = read(['', `2024-01-01 00:00:00,000 INFO  a.B [] - one`, '', 'Caused by: z', '', ''].join('\n'));
    expect(log.records.map((r) => [r.line, r.endLine, r.message])).toEqual([[2, 4, 'one\n\nCaused by: z']]);
    expect(log.blankLines).toBe(2);
    expect(log.continuationLines).toBe(2);
  });
});

describe('readLogRecords: bounds and work', () => {
  it('refuses a log of more lines than it reads, before reading them', () => {
    const result = readLogRecords('\n'.repeat(MAX_LOG_LINES), 'big.log');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics).toEqual([
      {
        code: 'input/too-large',
        severity: 'error',
        message: 'the log has more than 2,000,000 lines, more than flinkslot reads; give the part around the failure',
        location: { file: 'big.log', pointer: '', line: 1, column: 1 },
      },
    ]);
  });

  it('refuses a log of more than 64 MiB of characters', () => {
    const result = readLogRecords('x'.repeat(64 * 1024 * 1024 + 1), 'big.log');
    expect(!result.ok && result.diagnostics[0]?.message).toBe(
      'the log is longer than flinkslot reads (at most 67,108,864 characters); give the part around the failure',
    );
  });

  it('does work in proportion to the input: twice the lines, twice the records and lines read', () => {
    const chunk = [`2024-01-01 00:00:00,000 INFO  a.B [] - x`, '\tat a', 'INFO INFO INFO [ [ [ - - -', '[...]', 'bare'].join('\n') + '\n';
    const once = read(chunk.repeat(500));
    const twice = read(chunk.repeat(1000));
    expect(twice.linesRead).toBe(2 * once.linesRead);
    expect(twice.records.length).toBe(2 * once.records.length);
    expect(twice.continuationLines).toBe(2 * once.continuationLines);
  });

  it('reads a line of a million characters as one record', () => {
    const log = read(`2024-01-01 00:00:00,000 INFO  a.B [] - ${'[ '.repeat(500_000)}`);
    expect(log.records).toHaveLength(1);
    expect(log.records[0]?.message.length).toBe(1_000_000);
  });
});
