/** Failures, job states and configuration recognisers on inline excerpts (docs/research/jobmanager-log-messages.md §3, §6, §8, §9a). */
import { describe, expect, it } from 'vitest';
import { failuresRecognisers } from '../../../../../src/parse/log/facts/failures.js';
import { newReadingContext } from '../../../../../src/parse/log/facts/recogniser.js';
import type { LogFact } from '../../../../../src/parse/log/log-facts.js';
import { pointOf } from '../../../../../src/parse/log/log-point.js';
import { readLogRecords } from '../../../../../src/parse/log/log-records.js';

function factsOf(text: string): Record<string, unknown>[] {
  const read = readLogRecords(text, 'jm.log');
  if (!read.ok) throw new Error('not read');
  const out: Record<string, unknown>[] = [];
  for (const record of read.value.records)
    for (const recognise of failuresRecognisers)
      for (const fact of recognise(record, pointOf(record, 'jm.log'))) {
        const { at, ...rest } = fact as LogFact & Record<string, unknown>;
        out.push({ line: at.line, ...rest });
      }
  return out;
}

const EG = 'org.apache.flink.runtime.executiongraph.ExecutionGraph';
const L2 = (logger: string, message: string, level = 'INFO ') => `2023-11-08 15:20:23,001 ${level} ${logger} [] - ${message}`;
const NRAE = 'org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException';

describe('slot request timeouts: one per record, in its most telling form', () => {
  it('the bulk (1.12–1.20: "300000 ms"), said twice in the trace, once as a fact', () => {
    expect(
      factsOf(
        [
          'java.util.concurrent.CompletionException: ' +
            NRAE +
            ': Slot request bulk is not fulfillable! Could not allocate the required slot within slot request timeout',
          '\tat x.y(Z.java:1)',
          'Caused by: ' + NRAE + ': Slot request bulk is not fulfillable! Could not allocate the required slot within slot request timeout',
          '\t... 24 more',
          'Caused by: java.util.concurrent.TimeoutException: Timeout has occurred: 300000 ms',
        ].join('\n'),
      ),
    ).toEqual([{ line: 1, kind: 'slotRequestTimeout', form: 'bulk-not-fulfillable', timeoutMs: 300000 }]);
  });

  it('the bulk of 2.x ("PT5M")', () => {
    expect(
      factsOf(
        [
          `${NRAE}: Slot request bulk is not fulfillable! Could not allocate the required slot within slot request timeout`,
          'Caused by: java.util.concurrent.TimeoutException: Timeout has occurred: PT5M',
        ].join('\n'),
      ),
    ).toEqual([{ line: 1, kind: 'slotRequestTimeout', form: 'bulk-not-fulfillable', timeoutMs: 300000 }]);
  });

  it("the scheduler's text alone (1.10+), the slot pool's pending request (≤ 1.13 and 1.18+ forms)", () => {
    expect(
      factsOf(
        [
          `${NRAE}: Could not allocate the required slot within slot request timeout. Please make sure that the cluster has enough resources.`,
          'java.util.concurrent.TimeoutException: Pending slot request timed out in SlotPool.',
          'java.util.concurrent.TimeoutException: Pending slot request SlotRequestId{4d7d73d1ad0a98376062a8d00ffcfe2c} timed out after 300000 ms.',
          L2(
            'org.apache.flink.runtime.jobmaster.slotpool.SlotPoolImpl',
            'Pending slot request [SlotRequestId{4d7d73d1ad0a98376062a8d00ffcfe2c}] timed out.',
          ),
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'slotRequestTimeout', form: 'allocate-within-timeout' },
      { line: 2, kind: 'slotRequestTimeout', form: 'pending-request-timeout' },
      { line: 3, kind: 'slotRequestTimeout', form: 'pending-request-timeout', timeoutMs: 300000 },
      { line: 4, kind: 'slotRequestTimeout', form: 'pending-request-timeout' },
    ]);
  });
});

describe('NoResourceAvailableException texts other than timeouts', () => {
  it('each distinct message once per record; bare known texts too', () => {
    expect(
      factsOf(
        [
          `java.util.concurrent.CompletionException: ${NRAE}: No pooled slot available and request to ResourceManager for new slot failed`,
          `Caused by: ${NRAE}: No pooled slot available and request to ResourceManager for new slot failed`,
          `${NRAE}: Not enough resources available for scheduling.`,
          'Could not acquire the minimum required resources.',
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'noResourceAvailable', message: 'No pooled slot available and request to ResourceManager for new slot failed' },
      { line: 3, kind: 'noResourceAvailable', message: 'Not enough resources available for scheduling.' },
      { line: 4, kind: 'noResourceAvailable', message: 'Could not acquire the minimum required resources.' },
    ]);
  });

  it("not DeclarativeSlotPoolBridge's WARN (facts-slot reads it)", () => {
    expect(
      factsOf(
        L2(
          'org.apache.flink.runtime.jobmaster.slotpool.DeclarativeSlotPoolBridge',
          'Could not acquire the minimum required resources, failing slot requests. Acquired: []. Current slot pool status: Registered TMs: 0, registered slots: 0 free slots: 0',
          'WARN ',
        ),
      ),
    ).toEqual([]);
  });
});

describe('network buffers (NetworkBufferPool, 1.10 → 2.x)', () => {
  it('required, available, total, segment size; in a TaskManager\'s task-failure line (1.13–1.16 "with failure cause:")', () => {
    const facts = factsOf(
      L2(
        'org.apache.flink.runtime.taskmanager.Task',
        "Map (1/2)#0 (0b1e5a2e7d1c4a9f8e3d2c1b0a9f8e7d) switched from DEPLOYING to FAILED with failure cause: java.io.IOException: Insufficient number of network buffers: required 65, but only 12 available. The total number of network buffers is currently set to 2048 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
        'WARN ',
      ),
    );
    expect(facts).toEqual([
      { line: 1, kind: 'insufficientNetworkBuffers', required: 65, available: 12, total: 2048, segmentSize: 32768 },
      {
        line: 1,
        kind: 'taskFailed',
        task: 'Map (1/2)#0',
        from: 'DEPLOYING',
        cause: expect.stringContaining('java.io.IOException: Insufficient number of network buffers: required 65') as unknown,
      },
    ]);
  });

  it('a message a paste split into records line by line (a Jira copy, fixture 21): read across them, at its first line', () => {
    const text = [
      '19:29:14 2021/08/27 02:29:14  (): java.io.IOException: Insufficient number of network buffers: required',
      '17, but only 16 available. The total number of network buffers is currently set to 2048 of 32768 bytes',
      'each.',
    ].join('\n');
    const read = readLogRecords(text, 'tm.log');
    if (!read.ok) throw new Error('not read');
    const context = newReadingContext();
    const facts = read.value.records.flatMap((record) =>
      failuresRecognisers.flatMap((recognise) => recognise(record, pointOf(record, 'tm.log'), context)),
    );
    expect(facts.map(({ at, ...rest }) => ({ line: at.line, endLine: at.endLine, ...rest }))).toEqual([
      { line: 1, endLine: 2, kind: 'insufficientNetworkBuffers', required: 17, available: 16, total: 2048, segmentSize: 32768 },
    ]);
  });

  it('a message cut before the total still gives required and available', () => {
    expect(factsOf('java.io.IOException: Insufficient number of network buffers: required 2, but only 0 available.')).toEqual([
      { line: 1, kind: 'insufficientNetworkBuffers', required: 2, available: 0 },
    ]);
  });
});

describe('jobs and their states', () => {
  const D = 'org.apache.flink.runtime.dispatcher.StandaloneDispatcher';
  it('submissions per release: ≤ 1.13 (id first), 1.14–1.20 (quoted name), 2.x, the JobMaster (≤ 1.13: name first, unquoted)', () => {
    expect(
      factsOf(
        [
          L2(D, 'Received JobGraph submission 19646b7f8b5222a3fcfc00a54883472d (Flink Streaming Job).'),
          L2(D, 'Submitting job 19646b7f8b5222a3fcfc00a54883472d (Flink Streaming Job).'),
          L2(D, "Received JobGraph submission 'My (odd) job' (47ed771b20ef1267dca7371821bdc5ae)."),
          L2(D, "Received job submission 'x' (47ed771b20ef1267dca7371821bdc5ae)."),
          L2('org.apache.flink.runtime.jobmaster.JobMaster', "Initializing job 'x' (47ed771b20ef1267dca7371821bdc5ae)."),
          L2('org.apache.flink.runtime.jobmaster.JobMaster', 'Initializing job Flink Streaming Job (19646b7f8b5222a3fcfc00a54883472d).'),
          L2(D, 'Submitting job not-an-id (x).'),
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'jobSubmitted', job: '19646b7f8b5222a3fcfc00a54883472d', name: 'Flink Streaming Job' },
      { line: 2, kind: 'jobSubmitted', job: '19646b7f8b5222a3fcfc00a54883472d', name: 'Flink Streaming Job' },
      { line: 3, kind: 'jobSubmitted', job: '47ed771b20ef1267dca7371821bdc5ae', name: 'My (odd) job' },
      { line: 4, kind: 'jobSubmitted', job: '47ed771b20ef1267dca7371821bdc5ae', name: 'x' },
      { line: 5, kind: 'jobSubmitted', job: '47ed771b20ef1267dca7371821bdc5ae', name: 'x' },
      { line: 6, kind: 'jobSubmitted', job: '19646b7f8b5222a3fcfc00a54883472d', name: 'Flink Streaming Job' },
    ]);
  });

  it('"Job … switched from state A to B." with the cause of a failure: its first exception line and deepest Caused by', () => {
    expect(
      factsOf(
        [
          L2(EG, 'Job WordCount (Example) (56e7231d71adead5c4c3409b1e8f295c) switched from state CREATED to RUNNING.'),
          L2(EG, 'Job WordCount (56e7231d71adead5c4c3409b1e8f295c) switched from state RUNNING to FAILING.'),
          'org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy',
          '\tat org.apache.flink.runtime.executiongraph.failover.ExecutionFailureHandler.handleFailure(ExecutionFailureHandler.java:138)',
          'Caused by: java.lang.RuntimeException: wrapped',
          '\t... 3 more',
          'Caused by: java.lang.ClassCastException: class A cannot be cast to class B',
          L2(EG, 'Job WordCount (56e7231d71adead5c4c3409b1e8f295c) switched from state FAILING to FAILED.'),
          L2(EG, 'Job x (56e7231d71adead5c4c3409b1e8f295c) switched from state RUNNING to DANCING.'),
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'jobStatus', to: 'RUNNING', job: '56e7231d71adead5c4c3409b1e8f295c', name: 'WordCount (Example)', from: 'CREATED' },
      {
        line: 2,
        kind: 'jobStatus',
        to: 'FAILING',
        job: '56e7231d71adead5c4c3409b1e8f295c',
        name: 'WordCount',
        from: 'RUNNING',
        cause:
          'org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy … Caused by: java.lang.ClassCastException: class A cannot be cast to class B',
      },
      { line: 8, kind: 'jobStatus', to: 'FAILED', job: '56e7231d71adead5c4c3409b1e8f295c', name: 'WordCount', from: 'FAILING' },
    ]);
  });

  it('a task attempt failed: on its TaskManager (1.11+), on no resource, 1.10 without a location', () => {
    expect(
      factsOf(
        [
          L2(
            EG,
            'IcebergStreamWriter (1/1) (7e96e560b20421628daebadd735a80da_306d8342cb5b2ad8b53f1be57f65bee8_0_0) switched from INITIALIZING to FAILED on 172.80.0.71:43227-5a210b @ taskmanager.dahbest (dataPort=41545).',
          ),
          'java.lang.ClassCastException: class X cannot be cast to class Y',
          L2(EG, 'Source (1/4) (a2c20aa32818dcfacb518af9c47afe76) switched from SCHEDULED to FAILED on [unassigned resource].'),
          L2(EG, 'Source (2/4) (a2c20aa32818dcfacb518af9c47afe77) switched from RUNNING to FAILED.'),
          L2(EG, 'Source (3/4) (a2c20aa32818dcfacb518af9c47afe78) switched from RUNNING to FINISHED.'),
        ].join('\n'),
      ),
    ).toEqual([
      {
        line: 1,
        kind: 'taskFailed',
        task: 'IcebergStreamWriter (1/1)',
        from: 'INITIALIZING',
        taskManager: '172.80.0.71:43227-5a210b',
        cause: 'java.lang.ClassCastException: class X cannot be cast to class Y',
      },
      { line: 3, kind: 'taskFailed', task: 'Source (1/4)', from: 'SCHEDULED' },
      { line: 4, kind: 'taskFailed', task: 'Source (2/4)', from: 'RUNNING' },
    ]);
  });
});

describe('configuration (GlobalConfiguration)', () => {
  it('every key, file and dynamic; a value with commas kept whole', () => {
    const G = 'org.apache.flink.configuration.GlobalConfiguration';
    expect(
      factsOf(
        [
          L2(G, 'Loading configuration property: taskmanager.numberOfTaskSlots, 4'),
          L2(G, 'Loading configuration property: taskmanager.host, 10.0.0.7'),
          L2(G, 'Loading dynamic configuration property: taskmanager.memory.process.size, 1728m'),
          L2(G, 'Loading configuration property: env.java.opts, -Da=1, -Db=2'),
          L2(G, 'Loading configuration property: broken'),
        ].join('\n'),
      ),
    ).toEqual([
      { line: 1, kind: 'configuration', key: 'taskmanager.numberOfTaskSlots', value: '4' },
      { line: 2, kind: 'configuration', key: 'taskmanager.host', value: '10.0.0.7' },
      { line: 3, kind: 'configuration', key: 'taskmanager.memory.process.size', value: '1728m' },
      { line: 4, kind: 'configuration', key: 'env.java.opts', value: '-Da=1, -Db=2' },
    ]);
  });
});

describe('hostile input', () => {
  it('never throws on a line of a million characters, binary, or half a message', () => {
    const texts = [
      `Insufficient number of network buffers: required ${'9'.repeat(1_000_000)}`,
      `Job ${'('.repeat(500_000)}) switched from state `,
      '\u0000Slot request bulk is not fulfillable!\u0000Timeout has occurred: PT',
      `${'x'.repeat(1_000_000)} switched from  to FAILED`,
      'Pending slot request ',
      'NoResourceAvailableException: ',
      "Received JobGraph submission '",
    ];
    expect(() => factsOf(texts.join('\n'))).not.toThrow();
  });
});
