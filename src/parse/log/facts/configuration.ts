/**
 * The configuration a JobManager or TaskManager prints at start-up (issue 28 §1):
 * flink-core/.../configuration/GlobalConfiguration.java, "Loading configuration property: {key},
 * {value}" (1.10 → 2.x) and "Loading dynamic configuration property: {key}, {value}" (1.16+).
 * docs/research/jobmanager-log-messages.md §9a. Every key is given; the replay picks the ones it uses.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage } from '../joined-message.js';
import { firstLineOf } from './fact-text.js';
import type { Recogniser } from './recogniser.js';

const FORMS = ['Loading configuration property: ', 'Loading dynamic configuration property: '];

function configurationProperty(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const first = firstLineOf(joinedMessage(record));
  if (!first.startsWith('Loading ')) return [];
  for (const form of FORMS) {
    if (!first.startsWith(form)) continue;
    const rest = first.slice(form.length);
    const comma = rest.indexOf(', ');
    if (comma <= 0) return [];
    return [{ kind: 'configuration', key: rest.slice(0, comma).trim(), value: rest.slice(comma + 2).trim(), at }];
  }
  return [];
}

export const configurationRecognisers: readonly Recogniser[] = [configurationProperty];
