/**
 * A log's records → its facts: every recogniser of every era is asked about every record (a log
 * names its release only sometimes; the message forms themselves tell the eras apart), in
 * reading order. Unknown records give nothing and are skipped. The recognisers share one
 * ReadingContext per reading (what earlier records said), and a fine-grained block logged one line
 * per record is read as the one record later releases log (matching-block-lines.ts).
 */
import type { LogFact } from '../log-facts.js';
import type { LogFacts } from '../log-facts.js';
import { withJoinedMessage } from '../joined-message.js';
import { pointOf } from '../log-point.js';
import type { LogRecords } from '../log-records.js';
import { addressMismatchRecognisers } from './address-mismatch.js';
import { failuresRecognisers } from './failures.js';
import { joinLineBlocks } from './matching-block-lines.js';
import { newReadingContext, type Recogniser } from './recogniser.js';
import { resourceManagerRecognisers } from './resource-manager.js';
import { slotAllocationRecognisers } from './slot-allocation.js';
import { slotProtocolRecognisers } from './slot-protocol.js';

const RECOGNISERS: readonly Recogniser[] = [
  ...slotProtocolRecognisers,
  ...resourceManagerRecognisers,
  ...failuresRecognisers,
  ...slotAllocationRecognisers,
  ...addressMismatchRecognisers,
];

export function readLogFacts(logs: readonly LogRecords[]): LogFacts {
  const facts: LogFact[] = [];
  const context = newReadingContext();
  let records = 0;
  let recognisedRecords = 0;
  for (const log of logs)
    for (const { record: read, records: joined } of joinLineBlocks(log.records)) {
      records += joined;
      // Lines a user's terminal wrapped are read whole (fixture 05); Flink's own lines keep theirs.
      const record = withJoinedMessage(read);
      const at = pointOf(record, log.file);
      let any = false;
      for (const recognise of RECOGNISERS)
        for (const fact of recognise(record, at, context)) {
          facts.push(fact);
          any = true;
        }
      if (any) recognisedRecords += joined;
    }
  return { facts, records, recognisedRecords };
}
