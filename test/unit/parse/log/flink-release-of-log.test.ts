import { describe, expect, it } from 'vitest';
import { releaseOfLog } from '../../../../src/parse/log/flink-release-of-log.js';
import { readLogRecords } from '../../../../src/parse/log/log-records.js';

function releaseOf(lines: string[]): ReturnType<typeof releaseOfLog> {
  const result = readLogRecords(lines.join('\n'), 'jm.log');
  if (!result.ok) throw new Error('not read');
  return releaseOfLog(result.value.records);
}

const ENTRY = 'org.apache.flink.runtime.entrypoint.ClusterEntrypoint        [] - ';

describe('releaseOfLog', () => {
  it('reads the start-up banner of a JobManager or a TaskManager', () => {
    expect(
      releaseOf([
        `2025-03-26 11:50:40,235 INFO  ${ENTRY}-----`,
        `2025-03-26 11:50:40,250 INFO  ${ENTRY} Starting StandaloneSessionClusterEntrypoint (Version: 2.0.0, Scala: 2.12, Rev:cc017da)`,
      ]),
    ).toEqual({
      version: '2.0',
      evidence: { line: 2, text: ' Starting StandaloneSessionClusterEntrypoint (Version: 2.0.0, Scala: 2.12, Rev:cc017da)' },
    });
    expect(
      releaseOf([
        '2020-01-01 00:00:00,000 INFO  org.apache.flink.runtime.taskexecutor.TaskManagerRunner  -  Starting TaskManager (Version: 1.10.3, Rev:1, Date:x)',
      ])?.version,
    ).toBe('1.10');
  });

  it('reads the flink-dist jar of the banner class path, with or without its Scala suffix', () => {
    expect(
      releaseOf([
        `2022-01-01 00:00:00,000 INFO  ${ENTRY} Classpath: /opt/flink/lib/flink-csv-1.14.6.jar:/opt/flink/lib/flink-dist_2.12-1.14.6.jar:`,
      ])?.version,
    ).toBe('1.14');
    expect(releaseOf([`2022-01-01 00:00:00,000 INFO  ${ENTRY} Classpath: /opt/flink/lib/flink-dist-1.17.2.jar`])).toEqual({
      version: '1.17',
      evidence: { line: 1, text: ' Classpath: /opt/flink/lib/flink-dist-1.17.2.jar' },
    });
  });

  it('finds nothing in a banner with an unknown version or a log without a banner, class path or flink-dist frame', () => {
    expect(releaseOf([`2022-01-01 00:00:00,000 INFO  ${ENTRY} Starting TaskManager (Version: <unknown>, Rev:x)`])).toBeUndefined();
    expect(releaseOf(['java.lang.Exception: x', '\tat a.B(B.java:1) ~[flink-connector-kafka-1.18.1.jar:1.18.1]'])).toBeUndefined();
    expect(releaseOf(['java.lang.Exception: x flink-dist-1.18.1.jar'])).toBeUndefined();
    expect(releaseOf(['Could not fulfill resource requirements of job a.'])).toBeUndefined();
  });

  it('without a banner, the flink-dist jar log4j 2 prints after a stack frame (fixtures 14, 34)', () => {
    expect(
      releaseOf([
        'org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException: Could not allocate the required slot',
        '\tat java.util.concurrent.CompletableFuture.uniHandle(CompletableFuture.java:836) ~[?:1.8.0_372]',
        '\tat org.apache.flink.runtime.scheduler.DefaultScheduler.x(DefaultScheduler.java:441) ~[flink-dist_2.11-1.11.2.jar:1.11.2]',
      ]),
    ).toEqual({
      version: '1.11',
      evidence: {
        line: 3,
        text: '\tat org.apache.flink.runtime.scheduler.DefaultScheduler.x(DefaultScheduler.java:441) ~[flink-dist_2.11-1.11.2.jar:1.11.2]',
      },
      fromStackFrame: true,
    });
    expect(releaseOf(['java.lang.Exception: x', '    at a.B(B.java:1) [flink-dist-1.18.1.jar:1.18.1]'])?.version).toBe('1.18');
  });

  it('a banner anywhere wins over a stack frame before it', () => {
    const release = releaseOf([
      'java.lang.Exception: x',
      '\tat a.B(B.java:1) ~[flink-dist-1.17.0.jar:1.17.0]',
      `2022-01-01 00:00:00,000 INFO  ${ENTRY} Starting TaskManager (Version: 1.18.1, Rev:x)`,
    ]);
    expect(release).toMatchObject({ version: '1.18', evidence: { line: 3 } });
    expect(release?.fromStackFrame).toBeUndefined();
  });
});
