/**
 * PROVISIONAL (h/command): the facts-rm part owns this file; its version replaces this one at the merge.
 * Whether records are a Flink log at all.
 */
import type { LogFacts } from './log-facts.js';
import type { LogRecord } from './log-records.js';

export interface FlinkLogEvidence {
  readonly isFlinkLog: boolean;
  readonly reason: string;
}

export function flinkLogEvidence(records: readonly LogRecord[], facts: LogFacts): FlinkLogEvidence {
  if (facts.recognisedRecords > 0) return { isFlinkLog: true, reason: `${facts.recognisedRecords} records carry Flink's facts` };
  const flink = records.find((r) => r.logger?.startsWith('org.apache.flink') === true || r.message.includes('org.apache.flink.'));
  if (flink !== undefined) return { isFlinkLog: true, reason: `line ${flink.line} names a Flink class` };
  if (records.length === 0) return { isFlinkLog: false, reason: 'the file is empty' };
  return { isFlinkLog: false, reason: `no record of its ${records.length} has a Flink logger or message` };
}
