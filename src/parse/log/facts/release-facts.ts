/**
 * The release a record names: the start-up banner's "(Version: X" or the flink-dist jar on its class
 * path (flink-release-of-log.ts, docs/research/jobmanager-log-messages.md §9), else a stack frame's
 * flink-dist jar (marked `stackFrame`: explain takes it only when no banner says). A log without any is
 * dated from its message forms instead (release-of-forms.ts), which is not a fact of one record.
 */
import type { LogFact } from '../log-facts.js';
import { releaseOfFrames, releaseOfRecord } from '../flink-release-of-log.js';
import type { Recogniser } from './recogniser.js';

export const recogniseRelease: Recogniser = (record, at) => {
  const facts: LogFact[] = [];
  if (!record.message.includes('(Version: ') && !record.message.includes('flink-dist')) return facts;
  const version = releaseOfRecord(record);
  if (version !== undefined) {
    facts.push({ kind: 'release', version, at });
    return facts;
  }
  // A stack frame's flink-dist jar: the frame's own line, so a diagnosis could cite it.
  const frame = releaseOfFrames(record);
  if (frame !== undefined)
    facts.push({
      kind: 'release',
      version: frame.version,
      stackFrame: true,
      at: { ...at, line: frame.evidence.line, text: frame.evidence.text },
    });
  return facts;
};
