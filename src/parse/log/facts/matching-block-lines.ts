/**
 * The fine-grained SlotManager's "Matching resource requirements against available resources." block
 * logged one line per record, as the first version of FLINK-32168 did (apache/flink#23064, fixture 03:
 * "… [] - Missing resources:", "… [] - \tJob …", "… [] - Current resources:", "… [] - \tTaskManager …"):
 * those records are joined into the one multi-line record the released code (1.18+) logs, so one reader
 * reads both forms. Every other record passes as it is.
 */
import type { LogRecord } from '../log-records.js';

export const MATCHING_HEADER = 'Matching resource requirements against available resources.';

/** A record to read, and how many of the log's records it stands for (1, or the lines of a joined block). */
export interface RecordToRead {
  readonly record: LogRecord;
  readonly records: number;
}

export function* joinLineBlocks(records: readonly LogRecord[]): Generator<RecordToRead> {
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const end = record.message.trim() === MATCHING_HEADER ? blockEnd(records, i) : i + 1;
    if (end === i + 1) {
      yield { record, records: 1 };
      continue;
    }
    const lines = [record.message];
    for (let j = i + 1; j < end; j++) lines.push(records[j]!.message);
    yield { record: { ...record, endLine: records[end - 1]!.endLine, message: lines.join('\n') }, records: end - i };
    i = end - 1;
  }
}

/** Index after the last record of the block that starts at `start`. */
function blockEnd(records: readonly LogRecord[], start: number): number {
  const logger = records[start]!.logger;
  let j = start + 1;
  while (j < records.length && isBlockLine(records[j]!, logger)) j++;
  // Only a block that says what is missing: the bare header of 1.14–1.17 stays alone.
  return j > start + 1 && records[start + 1]!.message.startsWith('Missing resources:') ? j : start + 1;
}

function isBlockLine(record: LogRecord, logger: string | undefined): boolean {
  if (record.logger !== logger) return false;
  const m = record.message;
  // A bare excerpt's "Missing resources:" record carries its indented lines already (log-records.ts).
  return m.startsWith('\t') || m.startsWith(' ') || m.startsWith('Missing resources:') || m.startsWith('Current resources:');
}
