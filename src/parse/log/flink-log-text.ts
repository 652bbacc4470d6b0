/**
 * Whether a text looks like a Flink log from its first lines alone, without reading it all: a line
 * with a log layout's prefix whose logger (or message) is Flink's, or a JSON log line whose logger
 * is (`looksLikeFlinkLog`), or from all of it (`isFlinkLogText`). Used by file-kind.ts, so a log
 * given to `plan` or `simulate` is named as one, and by `report` to tell a log from a job graph.
 */
import { readLogFacts } from './facts/read-facts.js';
import { flinkLogEvidence } from './flink-log-evidence.js';
import { recognizeLine } from './log-layout.js';
import { pastedLine, readLogRecords } from './log-records.js';

/** Lines and characters looked at, from the start. */
const LINES = 200;
const CHARACTERS = 256 * 1024;

export function looksLikeFlinkLog(text: string): boolean {
  let start = 0;
  for (let n = 0; n < LINES && start < Math.min(text.length, CHARACTERS); n++) {
    const end = text.indexOf('\n', start);
    const raw = text.slice(start, end < 0 ? Math.min(text.length, start + CHARACTERS) : Math.min(end, start + CHARACTERS));
    if (isFlinkLine(raw)) return true;
    if (end < 0) break;
    start = end + 1;
  }
  return false;
}

function isFlinkLine(raw: string): boolean {
  const { line } = pastedLine(raw);
  if (line.trimStart().startsWith('{')) return /"(logger|logger_name|loggerName)"\s*:\s*"org\.apache\.flink\./.test(line);
  const prefix = recognizeLine(line);
  if (prefix === undefined) return false;
  return (prefix.logger?.startsWith('org.apache.flink.') ?? false) || prefix.message.includes('org.apache.flink.');
}

/**
 * Whether a text is a Flink log, from all of it: facts the recognisers read in it, and the evidence
 * `explain` decides by (flink-log-evidence.ts). For a text that is none of flinkslot's other kinds: a log with a custom
 * layout, a pasted excerpt, a stack trace. Linear in the text, within the log's bounds.
 */
export function isFlinkLogText(text: string): boolean {
  const records = readLogRecords(text, '');
  if (!records.ok) return false;
  // Facts first: a Flink class named in a configuration (a metrics reporter's factory) is no log.
  const facts = readLogFacts([records.value]).facts;
  return facts.length > 0 && flinkLogEvidence(records.value.records, facts).isFlinkLog;
}
