/**
 * The declarative protocol's requirement lines, printed by DeclarativeSlotManager and
 * FineGrainedSlotManager (flink-runtime/.../resourcemanager/slotmanager/), docs/research/jobmanager-log-messages.md §3.3–3.4:
 * - "Received resource requirements from job {job}: [ResourceRequirement{…}, …]" (INFO 1.13+; DEBUG 1.12);
 * - "Clearing resource requirements of job {job}" (1.13+);
 * - "Could not fulfill resource requirements of job {job}." and, DeclarativeSlotManager 1.13.2 → 1.18,
 *   "… Free slots: {n}" (free slots of the whole cluster when the check ran).
 * A requirement list that does not read (a wrapped or cut line) gives no fact.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import { readRequirementListAt } from './profile-text.js';
import type { Recogniser } from './recogniser.js';
import { afterStart, integerAt, tokenAt } from './record-words.js';

const RECEIVED = 'Received resource requirements from job ';
const CLEARING = 'Clearing resource requirements of job ';
const NOT_FULFILLED = 'Could not fulfill resource requirements of job ';
const FREE_SLOTS = ' Free slots: ';

export const recogniseRequirements: Recogniser = (record, at) => {
  const message = record.message;
  const facts: LogFact[] = [];
  const fact = message.includes(RECEIVED)
    ? declared(message, at)
    : message.includes(CLEARING)
      ? cleared(message, at)
      : message.includes(NOT_FULFILLED)
        ? notFulfilled(message, at)
        : undefined;
  if (fact !== undefined) facts.push(fact);
  return facts;
};

function declared(message: string, at: LogPoint): LogFact | undefined {
  const start = afterStart(message, RECEIVED);
  if (start === undefined) return undefined;
  const job = tokenAt(message, start, ':');
  if (job === '' || message[start + job.length] !== ':') return undefined;
  const list = readRequirementListAt(message, start + job.length + 1);
  if (list === undefined) return undefined;
  return { kind: 'requirementsDeclared', job, requirements: list.requirements, at };
}

function cleared(message: string, at: LogPoint): LogFact | undefined {
  const start = afterStart(message, CLEARING);
  if (start === undefined) return undefined;
  const job = tokenAt(message, start);
  return job === '' ? undefined : { kind: 'requirementsCleared', job, at };
}

function notFulfilled(message: string, at: LogPoint): LogFact | undefined {
  const start = afterStart(message, NOT_FULFILLED);
  if (start === undefined) return undefined;
  const job = tokenAt(message, start, '.');
  if (job === '' || message[start + job.length] !== '.') return undefined;
  const after = start + job.length + 1;
  const freeSlots = message.startsWith(FREE_SLOTS, after) ? integerAt(message, after + FREE_SLOTS.length) : undefined;
  return { kind: 'requirementsNotFulfilled', job, ...(freeSlots !== undefined ? { freeSlots } : {}), at };
}
