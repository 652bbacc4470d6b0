import { describe, expect, it } from 'vitest';
import { joinedMessage, joinWrappedLines, ownLine } from '../../../../src/parse/log/joined-message.js';
import { readLogRecords } from '../../../../src/parse/log/log-records.js';

describe('joinedMessage: a terminal-wrapped line read whole', () => {
  it("joins fixture 05's wrap without a newline", () => {
    const read = readLogRecords(
      [
        '2023-12-05 13:21:42,000 INFO  org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager [] - Requesting new worker with resource spec WorkerResourceSpec {cpuCores=1.0, networkMemSize=64.000mb (67108864 bytes), ma',
        'nagedMemSize=230.400mb (241591914 bytes), numSlots=2}, current pending count: 1.',
      ].join('\n'),
      'jm.log',
    );
    if (!read.ok) throw new Error('not read');
    const record = read.value.records[0];
    if (record === undefined) throw new Error('no record');
    expect(joinedMessage(record)).toBe(
      'Requesting new worker with resource spec WorkerResourceSpec {cpuCores=1.0, networkMemSize=64.000mb (67108864 bytes), managedMemSize=230.400mb (241591914 bytes), numSlots=2}, current pending count: 1.',
    );
    expect(record.message).toContain('\n');
  });

  it('keeps the lines Flink prints on lines of their own', () => {
    const message = [
      'Job x switched from state RUNNING to FAILING.',
      'org.apache.flink.runtime.JobException: Recovery is suppressed',
      '\tat a.b(C.java:1)',
      'Caused by: java.lang.Error: e',
      '\t... 3 more',
      'Missing resources:',
      'Current resources:',
      '  indented',
    ].join('\n');
    expect(joinWrappedLines(message)).toBe(message);
    expect(joinWrappedLines('a\nb\nc')).toBe('abc');
  });

  it('ownLine', () => {
    expect(ownLine('java.io.IOException: x')).toBe(true);
    expect(ownLine('java.lang.OutOfMemoryError')).toBe(true);
    expect(ownLine('nagedMemSize=230.400mb')).toBe(false);
    expect(ownLine('some words.Exception')).toBe(false);
  });
});
