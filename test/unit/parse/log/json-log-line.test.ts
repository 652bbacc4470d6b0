import { describe, expect, it } from 'vitest';
import { jsonLogLine, jsonStringLine } from '../../../../src/parse/log/json-log-line.js';
import { pointOf } from '../../../../src/parse/log/log-point.js';
import { readLogRecords } from '../../../../src/parse/log/log-records.js';

describe('JSON log lines', () => {
  it('logstash / ECS: @timestamp, level, logger_name, thread_name, message, stack_trace', () => {
    const read = readLogRecords(
      [
        '{"@timestamp":"2024-03-12T07:51:14.148Z","@version":"1","message":"Worker tm-1 is registered.","logger_name":"org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager","thread_name":"flink-akka.actor.default-dispatcher-4","level":"INFO","level_value":20000}',
        '{"@timestamp":"2024-03-12T07:51:15.000Z","log.level":"WARN","log.logger":"org.apache.flink.runtime.jobmaster.JobMaster","message":"boom","error.stack_trace":"java.lang.Exception: boom\\n\\tat a.b(C.java:1)\\n"}',
      ].join('\n'),
      'jm.json',
    );
    if (!read.ok) throw new Error('not read');
    expect(read.value.layouts).toEqual(['json']);
    expect(read.value.records).toEqual([
      {
        line: 1,
        endLine: 1,
        layout: 'json',
        timestamp: '2024-03-12T07:51:14.148Z',
        level: 'INFO',
        logger: 'org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager',
        thread: 'flink-akka.actor.default-dispatcher-4',
        message: 'Worker tm-1 is registered.',
      },
      {
        line: 2,
        endLine: 2,
        layout: 'json',
        timestamp: '2024-03-12T07:51:15.000Z',
        level: 'WARN',
        logger: 'org.apache.flink.runtime.jobmaster.JobMaster',
        message: 'boom\njava.lang.Exception: boom\n\tat a.b(C.java:1)',
      },
    ]);
    const [a, b] = read.value.records;
    if (a === undefined || b === undefined) throw new Error('records');
    expect((pointOf(b, 'f').time ?? 0) - (pointOf(a, 'f').time ?? 0)).toBe(852);
  });

  it('log4j 2 JsonLayout: instant, loggerName, thread, thrown with frames and cause', () => {
    expect(
      jsonLogLine(
        JSON.stringify({
          instant: { epochSecond: 1700000000, nanoOfSecond: 123456789 },
          thread: 't',
          level: 'ERROR',
          loggerName: 'org.apache.flink.runtime.taskmanager.Task',
          message: 'failed',
          thrown: {
            name: 'java.io.IOException',
            message: 'Insufficient number of network buffers: required 2, but only 0 available.',
            extendedStackTrace: [{ class: 'a.B', method: 'c', file: 'B.java', line: 3 }],
            cause: { name: 'java.lang.Error', message: 'inner' },
          },
        }),
      ),
    ).toEqual({
      layout: 'json',
      timestamp: '1700000000123',
      level: 'ERROR',
      logger: 'org.apache.flink.runtime.taskmanager.Task',
      thread: 't',
      message:
        'failed\njava.io.IOException: Insufficient number of network buffers: required 2, but only 0 available.\n\tat a.B.c(B.java:3)\nCaused by: java.lang.Error: inner',
    });
  });

  it('refuses nothing: a broken object, an array, an object without a message are plain lines', () => {
    expect(jsonLogLine('{"message": "x"')).toBeUndefined();
    expect(jsonLogLine('{not json}')).toBeUndefined();
    expect(jsonLogLine('{"level":"INFO"}')).toBeUndefined();
    expect(jsonLogLine('[1]')).toBeUndefined();
    const read = readLogRecords('{not json}\n', 'x');
    expect(read.ok && read.value.records[0]?.message).toBe('{not json}');
  });

  it('a thrown nested deeper than 16 stops', () => {
    let thrown: Record<string, unknown> = { name: 'E', message: 'm' };
    for (let i = 0; i < 100; i++) thrown = { name: 'E', message: String(i), cause: thrown };
    const prefix = jsonLogLine(JSON.stringify({ message: 'x', thrown }));
    expect(prefix?.message.split('\n')).toHaveLength(18);
  });
});

describe('a log pasted as a JSON array of strings (fixture 30)', () => {
  const PAD = 'org.apache.flink.runtime.executiongraph.ExecutionGraph       ';

  it('unwraps a whole JSON string literal, with its trailing comma and escapes; leaves anything else', () => {
    expect(jsonStringLine('      "2022-12-30 12:19:27,073 INFO  x [] - say \\"hi\\"",')).toBe(
      '2022-12-30 12:19:27,073 INFO  x [] - say "hi"',
    );
    expect(jsonStringLine('      "\\tat a.B(B.java:1) ~[?:?]"')).toBe('\tat a.B(B.java:1) ~[?:?]');
    expect(jsonStringLine('    "jobManagerLogs": [')).toBeUndefined();
    expect(jsonStringLine('"a" and "b"')).toBeUndefined();
    expect(jsonStringLine('"one\\nline two"')).toBeUndefined();
    expect(jsonStringLine('"')).toBeUndefined();
    expect(jsonStringLine('2022-12-30 12:19:27,073 INFO  x [] - "quoted"')).toBeUndefined();
  });

  it('reads the strings as the lines they hold: layouts, a stack trace as continuation lines, line numbers kept', () => {
    const read = readLogRecords(
      [
        '    "jobManagerLogs": [',
        `      "2022-12-30 12:19:27,073 INFO  ${PAD}[] - Job p (5d94191b2621dddb7b0cafb9acec425f) switched from state FAILING to FAILED.",`,
        '      "org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy",',
        '      "\\tat org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler.handleFailure(ExecutionFailureHandler.java:138) ~[?:?]"',
        '    ]',
      ].join('\n'),
      'jm.log',
    );
    if (!read.ok) throw new Error('not read');
    expect(read.value.layouts).toEqual(['log4j2']);
    const record = read.value.records.find((r) => r.layout === 'log4j2');
    expect(record).toMatchObject({ line: 2, level: 'INFO', logger: 'org.apache.flink.runtime.executiongraph.ExecutionGraph' });
    expect(record?.message.split('\n').slice(0, 3)).toEqual([
      'Job p (5d94191b2621dddb7b0cafb9acec425f) switched from state FAILING to FAILED.',
      'org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy',
      '\tat org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler.handleFailure(ExecutionFailureHandler.java:138) ~[?:?]',
    ]);
  });
});
