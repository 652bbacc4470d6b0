/**
 * A TaskManager's log of its registration at the ResourceManager (issue 28 §1, fixture 12):
 * flink-runtime/.../taskexecutor/TaskExecutor.java ("Connecting to ResourceManager {address}",
 * "Successful registration at resource manager {address} under registration id {id}.", "Could not
 * register at the ResourceManager within the specified maximum registration duration …") and
 * registration/RetryingRegistration.java ("Registration at ResourceManager failed due to an error",
 * "… was declined: …", "… timed out after {ms} ms", "Could not resolve ResourceManager address {a},
 * retrying in {ms} ms…"), and the TaskManager's association with the JobManager's RPC system failing.
 */
import type { LogFact, LogPoint, RegistrationEvent } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage } from '../joined-message.js';
import { clip, firstLineOf, upTo, withoutFinalPeriod } from './fact-text.js';
import type { Recogniser } from './recogniser.js';
import { isJobManagerAddress, remoteSystemOf } from './taskmanager-loss.js';

const TIMED_OUT = 'Could not register at the ResourceManager within';

const FORMS: readonly [string, RegistrationEvent, boolean][] = [
  // [the words the message starts with, the event, whether the address follows them]
  ['Connecting to ResourceManager ', 'connecting', true],
  ['Successful registration at resource manager ', 'registered', true],
  ['Registration at ResourceManager failed', 'failed', false],
  ['Registration at ResourceManager was declined', 'declined', false],
  [TIMED_OUT, 'timed-out', false],
  ['Could not resolve ResourceManager address ', 'unresolved', true],
];

function registrationLine(record: LogRecord, at: LogPoint): readonly LogFact[] {
  // The JobMaster connects to the ResourceManager in the same words: not a TaskManager's registration.
  if (record.logger?.includes('jobmaster') === true || record.logger?.endsWith('JobMaster') === true) return [];
  const joined = joinedMessage(record);
  const text = firstLineOf(joined);
  // A TaskExecutor's fatal error whose exception is the registration timeout (fixture 22: the text is on the next line).
  const fatal = joined.indexOf(`RegistrationTimeoutException: ${TIMED_OUT}`);
  if (fatal > 0) return [{ kind: 'resourceManagerRegistration', event: 'timed-out', message: clip(firstLineOf(joined.slice(fatal))), at }];
  if (text.startsWith('Registration at ResourceManager') && text.includes(' timed out after '))
    return [{ kind: 'resourceManagerRegistration', event: 'timed-out', message: clip(text), at }];
  for (const [words, event, withAddress] of FORMS) {
    if (!text.startsWith(words)) continue;
    const address = withAddress ? upTo(text.slice(words.length), [' ', ',']) : undefined;
    return [
      {
        kind: 'resourceManagerRegistration',
        event,
        ...(address === undefined ? {} : { address: withoutFinalPeriod(address) }),
        message: clip(text),
        at,
      },
    ];
  }
  const remote = remoteSystemOf(record);
  if (remote !== undefined && isJobManagerAddress(remote))
    return [{ kind: 'resourceManagerRegistration', event: 'disassociated', address: remote.address, message: clip(text), at }];
  return [];
}

export const taskManagerRegistrationRecognisers: readonly Recogniser[] = [registrationLine];
