/**
 * The AdaptiveBatchScheduler takes only batch exchanges: its factory checks every produced result
 * before it builds the scheduler and throws an IllegalStateException for the first that is not
 * BLOCKING / BLOCKING_PERSISTENT (1.15–1.16) or, from 1.17, also not HYBRID_FULL / HYBRID_SELECTIVE
 * (flink-runtime/.../scheduler/adaptivebatch/AdaptiveBatchSchedulerFactory.java,
 * checkAllExchangesBlocking 1.15–1.16, checkAllExchangesAreSupported from 1.17). A batch job whose
 * exchanges are pipelined (execution.batch-shuffle-mode: ALL_EXCHANGES_PIPELINED) is therefore
 * refused on 1.17+ unless it names another scheduler: the JobGraph is "dynamic" whenever the
 * StreamGraphGenerator sees BATCH mode and no other scheduler (StreamGraphGenerator.generate).
 */
import { type Diagnostic, error, warning } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import type { JobGraph, ResultPartitionType } from '../model/job-graph.js';
import { isHybrid } from './result-partition-type.js';

const SHUFFLE_MODE = 'execution.batch-shuffle-mode';

function supported(type: ResultPartitionType, version: FlinkVersion): boolean {
  if (type === 'BLOCKING' || type === 'BLOCKING_PERSISTENT') return true;
  return atLeast(version, 1, 17) && isHybrid(type);
}

/** The factory's message per release (the 1.19–1.20 text names DataSet's BATCH_FORCED; 2.x ends in a space). */
export function adaptiveBatchExchangeMessage(version: FlinkVersion): string {
  if (!atLeast(version, 1, 17))
    return `At the moment, adaptive batch scheduler requires batch workloads to be executed with types of all edges being BLOCKING. To do that, you need to configure '${SHUFFLE_MODE}' to 'ALL_EXCHANGES_BLOCKING'.`;
  const head = `At the moment, adaptive batch scheduler requires batch workloads to be executed with types of all edges being BLOCKING or HYBRID_FULL/HYBRID_SELECTIVE. To do that, you need to configure '${SHUFFLE_MODE}' to 'ALL_EXCHANGES_BLOCKING' or 'ALL_EXCHANGES_HYBRID_FULL/ALL_EXCHANGES_HYBRID_SELECTIVE'.`;
  if (!atLeast(version, 1, 19)) return head;
  if (atLeast(version, 2, 0)) return `${head} `;
  return `${head} Note that for DataSet jobs which do not recognize the aforementioned shuffle mode, the ExecutionMode needs to be BATCH_FORCED to force BLOCKING shuffle`;
}

/** The first exchange the scheduler refuses (Flink walks the vertices and their produced results in order). */
export function checkAdaptiveBatchExchanges(graph: JobGraph, reason: string, severity: 'error' | 'warning'): Diagnostic | undefined {
  const bySource = [...graph.edges].sort((a, b) => a.source - b.source || a.index - b.index);
  const edge = bySource.find((e) => !supported(e.resultPartitionType, graph.flinkVersion));
  if (edge === undefined) return undefined;
  const producer = graph.vertices[edge.source]!.name;
  const consumer = graph.vertices[edge.target]!.name;
  const fix = atLeast(graph.flinkVersion, 1, 17)
    ? `make every exchange BLOCKING or hybrid (${SHUFFLE_MODE}: ALL_EXCHANGES_BLOCKING), or run the job on the default scheduler (jobmanager.scheduler: Default)`
    : `make every exchange BLOCKING (${SHUFFLE_MODE}: ALL_EXCHANGES_BLOCKING), or drop jobmanager.scheduler: AdaptiveBatch (the default scheduler takes any exchange)`;
  const flink = adaptiveBatchExchangeMessage(graph.flinkVersion);
  const what = `'${producer}' produces a ${edge.resultPartitionType} result read by '${consumer}'`;
  const code = 'plan/adaptive-batch-exchange';
  if (severity === 'warning')
    return warning(
      code,
      `if this job reaches Flink ${formatVersion(graph.flinkVersion)} through the DataStream or Table API in BATCH mode, it is refused when the scheduler is created (${reason}): ${what}: ${flink} Fix: ${fix}`,
      edge.pointer,
    );
  const message = `Flink ${formatVersion(graph.flinkVersion)} refuses this batch job when it creates the scheduler (${reason}): ${what}: ${flink} Fix: ${fix}`;
  return error(code, message, edge.pointer, 'IllegalStateException');
}
