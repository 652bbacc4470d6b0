/**
 * The RPC system (Akka ≤ 1.17, Pekko 1.18+) dropping a message addressed to a name it does not bind:
 * "dropping message [class …] for non-local recipient [Actor[akka.tcp://flink@{host}:{port}/…]]
 * arriving at [akka.tcp://flink@{host}:{port}] inbound addresses are [akka.tcp://flink@{other}:{port}]"
 * (akka.remote.EndpointWriter). On a JobManager it means the TaskManagers address it by a name (a
 * Service, jobmanager.rpc.address) other than the one it bound: their registrations never arrive
 * (fixtures 24, 25). Read as the registration's `address-mismatch`, the recipient as its address.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { clip, firstLineOf } from './fact-text.js';
import type { Recogniser } from './recogniser.js';

const DROPPING = 'dropping message ';
const RECIPIENT = 'for non-local recipient [';
const INBOUND = 'inbound addresses are [';

function recipientOf(line: string): string | undefined {
  const at = line.indexOf(RECIPIENT);
  if (at < 0) return undefined;
  let text = line.slice(at + RECIPIENT.length);
  if (text.startsWith('Actor[')) text = text.slice('Actor['.length);
  const end = text.search(/[\]#]/);
  const address = end < 0 ? text : text.slice(0, end);
  return address === '' ? undefined : address;
}

function addressMismatch(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const line = firstLineOf(record.message);
  if (!line.includes(DROPPING) || !line.includes(INBOUND)) return [];
  const address = recipientOf(line);
  return [
    {
      kind: 'resourceManagerRegistration',
      event: 'address-mismatch',
      ...(address === undefined ? {} : { address }),
      message: clip(line.trim()),
      at,
    },
  ];
}

export const addressMismatchRecognisers: readonly Recogniser[] = [addressMismatch];
