/**
 * A log's records → its facts: every recogniser of every era is asked about every record (a log
 * names its release only sometimes; the message forms themselves tell the eras apart), in
 * reading order. Unknown records give nothing and are skipped.
 */
import type { LogFact } from '../log-facts.js';
import type { LogFacts } from '../log-facts.js';
import { pointOf } from '../log-point.js';
import type { LogRecords } from '../log-records.js';
import { failuresRecognisers } from './failures.js';
import type { Recogniser } from './recogniser.js';
import { resourceManagerRecognisers } from './resource-manager.js';
import { slotProtocolRecognisers } from './slot-protocol.js';

const RECOGNISERS: readonly Recogniser[] = [...slotProtocolRecognisers, ...resourceManagerRecognisers, ...failuresRecognisers];

export function readLogFacts(logs: readonly LogRecords[]): LogFacts {
  const facts: LogFact[] = [];
  let records = 0;
  let recognisedRecords = 0;
  for (const log of logs)
    for (const record of log.records) {
      records++;
      const at = pointOf(record, log.file);
      let any = false;
      for (const recognise of RECOGNISERS)
        for (const fact of recognise(record, at)) {
          facts.push(fact);
          any = true;
        }
      if (any) recognisedRecords++;
    }
  return { facts, records, recognisedRecords };
}
