/**
 * `flinkslot explain`'s use case (src/app/explain.ts): what it refuses, in exact words, and what
 * it hands on; and file-kind.ts telling a Flink log from flinkslot's other inputs.
 */
import { describe, expect, it } from 'vitest';
import { explainLogs, explainResult, planFromText } from '../../../src/index.js';
import { kindOfText } from '../../../src/parse/file-kind.js';
import { looksLikeFlinkLog } from '../../../src/parse/log/flink-log-text.js';

const LOG = [
  '2022-09-27 05:32:36,466 INFO  org.apache.flink.runtime.resourcemanager.slotmanager.DeclarativeSlotManager [] - Received resource requirements from job 045c630d3f4ef49bcdde0c0dc4a34781: [ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=4}]',
  '2022-09-27 05:32:36,467 WARN  org.apache.flink.runtime.resourcemanager.slotmanager.DeclarativeSlotManager [] - Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781. Free slots: 0',
  '',
].join('\n');
const NGINX =
  '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326\n10.0.0.2 - - [10/Oct/2000:13:55:37 -0700] "GET / HTTP/1.1" 200 512\n';

function refusal(result: ReturnType<typeof explainLogs>) {
  if (result.ok) throw new Error('expected a refusal');
  return result.diagnostics;
}

describe('input/not-a-flink-log', () => {
  it("another program's log, in one line", () => {
    expect(refusal(explainLogs([{ text: NGINX, file: 'access.log' }]))).toEqual([
      {
        code: 'input/not-a-flink-log',
        severity: 'error',
        message: expect.stringMatching(/^this is not a Flink log: .+; `flinkslot explain` reads a JobManager or TaskManager log$/),
        location: { file: 'access.log', pointer: '', line: 1, column: 1 },
      },
    ]);
  });

  it('an empty file and a binary one say so', () => {
    expect(refusal(explainLogs([{ text: '\n\n', file: 'empty.log' }]))[0]!.message).toBe(
      'this is not a Flink log: the file is empty; `flinkslot explain` reads a JobManager or TaskManager log',
    );
    expect(refusal(explainLogs([{ text: 'ELF\u0000\u0001\u0002\u0000garbage', file: 'a.out' }]))[0]!.message).toBe(
      'this is not a Flink log: it is a binary file (it has NUL bytes); `flinkslot explain` reads a JobManager or TaskManager log',
    );
  });

  it('a file flinkslot reads elsewhere is named with its command (input/wrong-kind)', () => {
    const job = 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n';
    expect(refusal(explainLogs([{ text: job, file: 'job.yaml' }]))).toEqual([
      {
        code: 'input/wrong-kind',
        severity: 'error',
        message: 'this is a flinkslot job graph, not a Flink log; try `flinkslot plan job.yaml`',
        location: { file: 'job.yaml', pointer: '', line: 1, column: 1 },
      },
    ]);
  });

  it('every file is checked: one log among them that is not refuses the run', () => {
    const d = refusal(
      explainLogs([
        { text: LOG, file: 'jobmanager.log' },
        { text: NGINX, file: 'access.log' },
      ]),
    );
    expect(d.map((x) => [x.code, x.location?.file])).toEqual([['input/not-a-flink-log', 'access.log']]);
  });
});

describe('bounds and options', () => {
  it('a log longer than 64 MiB is refused as input/too-large before any line is read', () => {
    const d = refusal(explainLogs([{ text: 'x'.repeat(64 * 1024 * 1024 + 1), file: 'huge.log' }]));
    expect(d[0]).toMatchObject({ code: 'input/too-large', location: { file: 'huge.log' } });
  });

  it('at most 16 files', () => {
    const files = Array.from({ length: 17 }, (_, i) => ({ text: LOG, file: `jm-${i}.log` }));
    expect(refusal(explainLogs(files))[0]!.message).toBe('17 log files given; flinkslot explain reads at most 16 at once');
  });

  it('--flink-version is checked as everywhere', () => {
    expect(refusal(explainLogs([{ text: LOG, file: 'jm.log' }], { flinkVersion: '0.9' }))[0]!.code).toBe('input/flink-version');
  });

  it('a Flink log is read, and its files named in the report', () => {
    const r = explainLogs([{ text: LOG, file: 'jobmanager.log' }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.report.files).toEqual(['jobmanager.log']);
    expect(r.value.report.records).toBe(2);
  });
});

describe('the outcome', () => {
  it('is ok only for the diagnosis ok; a refusal is bad input', () => {
    const r = explainLogs([{ text: LOG, file: 'jobmanager.log' }]);
    const result = explainResult(r);
    if (result.form !== 'report' || !r.ok) throw new Error('expected a report');
    expect(result.outcome).toBe(r.value.report.diagnosis.code === 'ok' ? 'ok' : 'not-met');
    expect(explainResult(explainLogs([{ text: NGINX, file: 'a.log' }])).outcome).toBe('bad-input');
  });
});

describe('a Flink log among the other kinds of input', () => {
  it('is recognised from its first lines, and named where a job graph is read', () => {
    expect(looksLikeFlinkLog(LOG)).toBe(true);
    expect(looksLikeFlinkLog(`2023-12-12T08:21:35.123456789Z ${LOG}`)).toBe(true);
    expect(
      looksLikeFlinkLog(
        '{"@timestamp":"2024-01-01","level":"INFO","logger_name":"org.apache.flink.runtime.jobmaster.JobMaster","message":"x"}\n',
      ),
    ).toBe(true);
    expect(looksLikeFlinkLog(NGINX)).toBe(false);
    expect(looksLikeFlinkLog('name: x\nentryClass: org.apache.flink.examples.WordCount\nvertices: []\n')).toBe(false);
    expect(kindOfText(LOG)).toEqual({ kind: 'flink-log' });
    // An excerpt of bare messages: no layout names Flink, its facts do (read only when no document kind fits).
    const bare = 'Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781. Free slots: 0\n';
    expect(looksLikeFlinkLog(bare)).toBe(false);
    expect(kindOfText(bare)).toEqual({ kind: 'flink-log' });
    expect(kindOfText(NGINX)).toBeUndefined();
    const plan = planFromText(LOG, 'jobmanager.log');
    expect(plan.ok ? [] : plan.diagnostics).toEqual([
      {
        code: 'input/wrong-kind',
        severity: 'error',
        message: 'this is a Flink log, not a job graph; try `flinkslot explain jobmanager.log`',
        location: { pointer: '', file: 'jobmanager.log', line: 1, column: 1 },
      },
    ]);
  });
});
