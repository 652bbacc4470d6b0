/**
 * The mapping rules from Flink's JSON to flinkslot's JobGraph, shared by every job format.
 * - Distribution pattern from the ship strategy: FORWARD and RESCALE connect subtasks pointwise
 *   (`StreamingJobGraphGenerator` connects them POINTWISE); every other partitioner (HASH,
 *   REBALANCE, BROADCAST, GLOBAL, SHUFFLE, CUSTOM, ...) is ALL_TO_ALL.
 * - ResultPartitionType from the plan's `exchange` (the type's name in lower case).
 */
const POINTWISE_STRATEGIES = new Set(['FORWARD', 'RESCALE']);

export const RESULT_PARTITION_TYPES = [
  'BLOCKING',
  'BLOCKING_PERSISTENT',
  'PIPELINED',
  'PIPELINED_BOUNDED',
  'PIPELINED_APPROXIMATE',
  'HYBRID_FULL',
  'HYBRID_SELECTIVE',
] as const;
export type ResultPartitionTypeName = (typeof RESULT_PARTITION_TYPES)[number];

export function distributionOf(shipStrategy: string | undefined): 'POINTWISE' | 'ALL_TO_ALL' {
  return shipStrategy !== undefined && POINTWISE_STRATEGIES.has(shipStrategy.toUpperCase()) ? 'POINTWISE' : 'ALL_TO_ALL';
}

export function resultPartitionTypeOf(exchange: string | undefined): ResultPartitionTypeName | undefined {
  if (exchange === undefined) return undefined;
  const upper = exchange.toUpperCase() as ResultPartitionTypeName;
  return RESULT_PARTITION_TYPES.includes(upper) ? upper : undefined;
}

/** Exchanges only a batch job has (hybrid shuffles need batch; blocking is the batch default). */
export function isBatchExchange(type: ResultPartitionTypeName): boolean {
  return type === 'BLOCKING' || type === 'BLOCKING_PERSISTENT' || type === 'HYBRID_FULL' || type === 'HYBRID_SELECTIVE';
}

const ENTITIES: Readonly<Record<string, string>> = { '&gt;': '>', '&lt;': '<', '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#92;': '\\' };

/** A plan description as text: JsonPlanGenerator escapes HTML and writes line breaks as <br/>. */
export function unescapeDescription(description: string): string[] {
  return description
    .split(/<br\s*\/?>/)
    .map((line) => line.replace(/&(gt|lt|amp|quot|#39|#92);/g, (m) => ENTITIES[m] ?? m).trimEnd())
    .filter((line) => line.trim().length > 0);
}
