/**
 * The AdaptiveBatchScheduler refuses pipelined exchanges when it is created
 * (AdaptiveBatchSchedulerFactory: checkAllExchangesBlocking 1.15–1.16, checkAllExchangesAreSupported
 * 1.17+); the message per release is Flink's, character for character.
 */
import { describe, expect, it } from 'vitest';
import { adaptiveBatchExchangeMessage } from '../../../src/plan/adaptive-batch-exchanges.js';
import { resolveFlinkVersion } from '../../../src/model/flink-version.js';
import { analysisErrors, analysisOf } from '../../support/jobs.js';

const v = (text: string) => {
  const r = resolveFlinkVersion(text, 'test');
  if (!r.ok) throw new Error(text);
  return r.value;
};

/** src → agg (PIPELINED_BOUNDED) → sink (BLOCKING); `agg` unset unless given a parallelism. */
const job = (flinkVersion: string, aggParallelism?: number, configuration?: Record<string, string>) => ({
  mode: 'batch',
  flinkVersion,
  ...(configuration === undefined ? {} : { configuration }),
  vertices: [
    { id: 'src', parallelism: 2 },
    { id: 'agg', ...(aggParallelism === undefined ? {} : { parallelism: aggParallelism }) },
    { id: 'sink', parallelism: 1 },
  ],
  edges: [
    { source: 'src', target: 'agg', resultPartitionType: 'PIPELINED_BOUNDED' },
    { source: 'agg', target: 'sink', resultPartitionType: 'BLOCKING' },
  ],
});

const SINCE_117 =
  "At the moment, adaptive batch scheduler requires batch workloads to be executed with types of all edges being BLOCKING or HYBRID_FULL/HYBRID_SELECTIVE. To do that, you need to configure 'execution.batch-shuffle-mode' to 'ALL_EXCHANGES_BLOCKING' or 'ALL_EXCHANGES_HYBRID_FULL/ALL_EXCHANGES_HYBRID_SELECTIVE'.";

describe("Flink's message per release", () => {
  it('1.15–1.16 name BLOCKING only; 1.17–1.18 add hybrid; 1.19–1.20 add the DataSet note; 2.x ends in a space', () => {
    expect(adaptiveBatchExchangeMessage(v('1.15'))).toBe(
      "At the moment, adaptive batch scheduler requires batch workloads to be executed with types of all edges being BLOCKING. To do that, you need to configure 'execution.batch-shuffle-mode' to 'ALL_EXCHANGES_BLOCKING'.",
    );
    expect(adaptiveBatchExchangeMessage(v('1.16'))).toBe(adaptiveBatchExchangeMessage(v('1.15')));
    expect(adaptiveBatchExchangeMessage(v('1.17'))).toBe(SINCE_117);
    expect(adaptiveBatchExchangeMessage(v('1.18'))).toBe(SINCE_117);
    expect(adaptiveBatchExchangeMessage(v('1.19'))).toBe(
      `${SINCE_117} Note that for DataSet jobs which do not recognize the aforementioned shuffle mode, the ExecutionMode needs to be BATCH_FORCED to force BLOCKING shuffle`,
    );
    expect(adaptiveBatchExchangeMessage(v('1.20'))).toBe(adaptiveBatchExchangeMessage(v('1.19')));
    expect(adaptiveBatchExchangeMessage(v('2.0'))).toBe(`${SINCE_117} `);
  });
});

describe('plan/adaptive-batch-exchange', () => {
  it('refuses a job whose parallelism the scheduler would decide, at the first pipelined result', () => {
    const [d] = analysisErrors(job('1.17'));
    expect(d).toMatchObject({ code: 'plan/adaptive-batch-exchange', severity: 'error', location: { pointer: '/edges/0' } });
    expect(d!.message).toBe(
      `Flink 1.17 refuses this batch job when it creates the scheduler (from Flink 1.17 a batch job runs on the AdaptiveBatchScheduler by default): 'src' produces a PIPELINED_BOUNDED result read by 'agg': ${SINCE_117} Fix: make every exchange BLOCKING or hybrid (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING), or run the job on the default scheduler (jobmanager.scheduler: Default)`,
    );
  });

  it('warns a job with every parallelism set: it may have reached Flink on the default scheduler', () => {
    const a = analysisOf(job('1.18', 4));
    const w = a.warnings.find((d) => d.code === 'plan/adaptive-batch-exchange');
    expect(w?.severity).toBe('warning');
    expect(w?.message).toBe(
      `if this job reaches Flink 1.18 through the DataStream or Table API in BATCH mode, it is refused when the scheduler is created (from Flink 1.17 a batch job runs on the AdaptiveBatchScheduler by default): 'src' produces a PIPELINED_BOUNDED result read by 'agg': ${SINCE_117} Fix: make every exchange BLOCKING or hybrid (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING), or run the job on the default scheduler (jobmanager.scheduler: Default)`,
    );
  });

  it('1.15–1.16 check only when the scheduler is named; the default scheduler and 1.16 without it take any exchange', () => {
    const [d] = analysisErrors(job('1.16', undefined, { 'jobmanager.scheduler': 'AdaptiveBatch' }));
    expect(d!.message).toContain(
      'Fix: make every exchange BLOCKING (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING), or drop jobmanager.scheduler: AdaptiveBatch',
    );
    expect(analysisOf(job('1.16')).warnings.filter((w) => w.code === 'plan/adaptive-batch-exchange')).toEqual([]);
    expect(
      analysisOf(job('1.17', 4, { 'jobmanager.scheduler': 'Default' })).warnings.filter((w) => w.code === 'plan/adaptive-batch-exchange'),
    ).toEqual([]);
  });

  it('hybrid results are taken from 1.17, not in 1.16', () => {
    const hybrid = (flinkVersion: string, configuration?: Record<string, string>) => ({
      ...job(flinkVersion, undefined, configuration),
      edges: [
        { source: 'src', target: 'agg', resultPartitionType: 'HYBRID_FULL' },
        { source: 'agg', target: 'sink', resultPartitionType: 'BLOCKING' },
      ],
    });
    expect(analysisOf(hybrid('1.17')).adaptiveBatch).toBeDefined();
    expect(analysisErrors(hybrid('1.16', { 'jobmanager.scheduler': 'AdaptiveBatch' }))[0]!.message).toContain(
      "'src' produces a HYBRID_FULL result",
    );
  });
});
