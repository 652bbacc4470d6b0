import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLogFacts } from '../../../../../src/parse/log/facts/read-facts.js';
import { flinkLogEvidence } from '../../../../../src/parse/log/flink-log-evidence.js';
import { readLogRecords } from '../../../../../src/parse/log/log-records.js';

function evidence(text: string) {
  const read = readLogRecords(text, 'x.log');
  if (!read.ok) throw new Error('not read');
  return flinkLogEvidence(read.value.records, readLogFacts([read.value]).facts);
}

const ROOT = new URL('../../../../../fixtures/real/logs/', import.meta.url);

describe('flinkLogEvidence', () => {
  it('every real log of fixtures/real/logs is a Flink log', () => {
    for (const dir of readdirSync(ROOT).filter((d) => !d.endsWith('.md')))
      for (const file of readdirSync(new URL(`${dir}/`, ROOT)).filter((f) => f.endsWith('.log'))) {
        const result = evidence(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'));
        expect({ dir, file, ...result }).toMatchObject({ dir, file, isFlinkLog: true });
      }
  });

  it("says why: Flink's loggers, a pasted Flink exception", () => {
    expect(evidence('2024-03-12 07:51:14,148 INFO  org.apache.flink.runtime.jobmaster.JobMaster [] - Starting.\n')).toEqual({
      isFlinkLog: true,
      reason: "1 record written by Flink's loggers",
    });
    expect(evidence('org.apache.flink.util.FlinkException: boom\n\tat a.b(C.java:1)\n')).toEqual({
      isFlinkLog: true,
      reason: "1 record naming Flink's classes (org.apache.flink.…)",
    });
  });

  it('refuses nginx, Kafka, random text, binary and an empty file', () => {
    const no = "no line is written by a Flink logger, names a Flink class (org.apache.flink.…) or has a Flink message's form";
    expect(evidence('127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326\n')).toEqual({
      isFlinkLog: false,
      reason: no,
    });
    expect(
      evidence(
        '[2024-01-01 10:00:00,123] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)\n2024-01-01 10:00:00,200 INFO  org.apache.kafka.common.utils.AppInfoParser [] - Kafka version: 3.6.0\n',
      ),
    ).toEqual({ isFlinkLog: false, reason: no });
    expect(evidence('lorem ipsum dolor sit amet\nconsectetur\n')).toEqual({ isFlinkLog: false, reason: no });
    expect(evidence('PK\u0003\u0004\u0000\u0000org.apache.flink.runtime.jobmaster.JobMaster\u0000\n')).toEqual({
      isFlinkLog: false,
      reason: 'the file holds binary data (NUL bytes), not the text of a log',
    });
    expect(evidence('')).toEqual({ isFlinkLog: false, reason: 'the file holds no log lines' });
  });

  it('a JSON-layout log of Flink is one', () => {
    expect(
      evidence(
        '{"@timestamp":"2024-01-01T00:00:00.000Z","level":"INFO","logger_name":"org.apache.flink.runtime.jobmaster.JobMaster","message":"x"}\n',
      ).isFlinkLog,
    ).toBe(true);
  });
});
