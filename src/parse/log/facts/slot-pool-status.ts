/**
 * The JobMaster giving up on its slot requests, DeclarativeSlotPoolBridge 1.14+
 * (flink-runtime/.../jobmaster/slotpool/DeclarativeSlotPoolBridge.java), docs/research/jobmanager-log-messages.md §3.5:
 * "Could not acquire the minimum required resources, failing slot requests. Acquired: [ResourceRequirement{…}, …].
 * Current slot pool status: Registered TMs: {t}, registered slots: {s} free slots: {f}" (no comma before "free").
 *
 * The draft of that change (apache/flink#16457, fixture 01) put the same status in the exception's text,
 * "… Acquired: […]. Current slot service status: registered TMs: 0, registered slots: 0 free slots: 0":
 * read too, as the numbers mean the same. The exception without a status is the failures recogniser's.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import { readRequirementListAt } from './profile-text.js';
import type { Recogniser } from './recogniser.js';
import { integerAt } from './record-words.js';

const ACQUIRED = 'Acquired: ';
const STATUSES = ['Current slot pool status: ', 'Current slot service status: '];

export const recogniseSlotPoolStatus: Recogniser = (record, at) => {
  const message = record.message;
  const facts: LogFact[] = [];
  if (!message.includes('required resources') || !message.includes(ACQUIRED)) return facts;
  const fact = minimumNotAcquired(message, at);
  if (fact !== undefined) facts.push(fact);
  return facts;
};

function minimumNotAcquired(message: string, at: LogPoint): LogFact | undefined {
  let statusAt = -1;
  for (const status of STATUSES) {
    const i = message.indexOf(status);
    if (i >= 0) statusAt = i + status.length;
  }
  if (statusAt < 0) return undefined;
  const registeredTaskManagers = numberAfter(message, statusAt, 'egistered TMs: ');
  const registeredSlots = numberAfter(message, statusAt, 'registered slots: ');
  const freeSlots = numberAfter(message, statusAt, 'free slots: ');
  const acquiredAt = message.indexOf(ACQUIRED) + ACQUIRED.length;
  const list = readRequirementListAt(message, acquiredAt);
  const acquiredSlots = list === undefined ? slotsListed(message.slice(acquiredAt, statusAt)) : undefined;
  if (list === undefined && registeredTaskManagers === undefined && registeredSlots === undefined && freeSlots === undefined)
    return undefined;
  return {
    kind: 'minimumResourcesNotAcquired',
    ...(list !== undefined ? { acquired: list.requirements } : {}),
    ...(acquiredSlots !== undefined ? { acquiredSlots } : {}),
    ...(registeredTaskManagers !== undefined ? { registeredTaskManagers } : {}),
    ...(registeredSlots !== undefined ? { registeredSlots } : {}),
    ...(freeSlots !== undefined ? { freeSlots } : {}),
    at,
  };
}

/**
 * The slots of an Acquired list whose profiles do not read (a terminal's wrap inside a word, fixture
 * 01's "taskOffHeapM emory"): the sum of its `numberOfRequiredSlots=` counts.
 */
function slotsListed(list: string): number | undefined {
  const word = 'numberOfRequiredSlots=';
  let sum: number | undefined;
  for (let i = list.indexOf(word); i >= 0; i = list.indexOf(word, i + word.length)) {
    const n = integerAt(list, i + word.length);
    if (n !== undefined) sum = (sum ?? 0) + n;
  }
  return sum;
}

/** The number after `word`, searched from `from` on the status's own line. */
function numberAfter(message: string, from: number, word: string): number | undefined {
  const end = message.indexOf('\n', from);
  const line = end < 0 ? message.slice(from) : message.slice(from, end);
  const i = line.indexOf(word);
  return i < 0 ? undefined : integerAt(line, i + word.length);
}
