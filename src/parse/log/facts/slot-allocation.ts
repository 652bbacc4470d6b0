/**
 * Slots given to a job (issue 28 §2 needs them to tell "met" from "the log stops"), in the forms
 * each side prints:
 * - the SlotManager: "Starting allocation of slot {allocation} from {taskManager} for job {job} with
 *   resource profile {profile}." (DeclarativeSlotManager 1.13–1.17, DefaultSlotStatusSyncer 1.14+:
 *   flink-runtime/.../resourcemanager/slotmanager/DefaultSlotStatusSyncer.java allocateSlot);
 * - the TaskManager: "Activate slot {allocation}." (taskexecutor/slot/TaskSlotTableImpl.java);
 * - a task deployed: "{task} ({attempt}) switched from SCHEDULED to DEPLOYING." (JobManager,
 *   executiongraph/Execution.java transitionState) or "… switched from CREATED to DEPLOYING."
 *   (TaskManager, taskmanager/Task.java): the scheduler deploys a pipelined region once all of its
 *   slots are assigned;
 * - the adaptive scheduler (2.x, scheduler/adaptive/DefaultStateTransitionManager.java): "Desired
 *   resources are met, transitioning to the subsequent state, job {job}.", and its state machine
 *   entering Executing (AdaptiveScheduler's "Transition from state {A} to Executing.", DEBUG): it runs
 *   with the slots it has.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { readProfileAt } from './profile-text.js';
import { afterStart, firstLineOf, hexIdAt, tokenAt } from './record-words.js';
import type { Recogniser } from './recogniser.js';

const ALLOCATION = 'Starting allocation of slot ';
const PROFILE = ' with resource profile ';
const ACTIVATE = 'Activate slot ';
const DEPLOYING = [' switched from SCHEDULED to DEPLOYING', ' switched from CREATED to DEPLOYING'];
const DESIRED = 'Desired resources are met';
/** AdaptiveScheduler (1.13+, DEBUG): "Transition from state {A} to Executing." — it runs with the slots it has. */
const EXECUTING = ' to Executing.';

function allocation(line: string, at: LogPoint): LogFact | undefined {
  const start = afterStart(line, ALLOCATION);
  if (start === undefined) return undefined;
  const id = tokenAt(line, start);
  const from = start + id.length;
  if (!line.startsWith(' from ', from)) return undefined;
  const taskManager = tokenAt(line, from + ' from '.length);
  const forJob = from + ' from '.length + taskManager.length;
  if (taskManager === '' || !line.startsWith(' for job ', forJob)) return undefined;
  const job = hexIdAt(line, forJob + ' for job '.length);
  const profileAt = line.indexOf(PROFILE);
  const profile = profileAt < 0 ? undefined : readProfileAt(line, profileAt + PROFILE.length)?.profile;
  return {
    kind: 'slotAllocated',
    form: 'allocation',
    allocation: id,
    taskManager,
    ...(job === undefined ? {} : { job }),
    ...(profile === undefined ? {} : { profile }),
    at,
  };
}

function activation(line: string, at: LogPoint): LogFact | undefined {
  const start = afterStart(line, ACTIVATE);
  if (start === undefined) return undefined;
  const id = hexIdAt(line, start);
  return id === undefined ? undefined : { kind: 'slotAllocated', form: 'activation', allocation: id, at };
}

function deployment(line: string, at: LogPoint): LogFact | undefined {
  // A job's own switch reads "switched from state …": not a task's.
  if (line.startsWith('Job ') || !DEPLOYING.some((words) => line.includes(words))) return undefined;
  return { kind: 'slotAllocated', form: 'deployment', at };
}

function resourcesMet(line: string, at: LogPoint): LogFact | undefined {
  if (line.includes('Transition from state ') && line.includes(EXECUTING)) return { kind: 'slotAllocated', form: 'executing', at };
  const start = afterStart(line, DESIRED);
  if (start === undefined) return undefined;
  const jobAt = line.lastIndexOf(', job ');
  const job = jobAt < 0 ? undefined : hexIdAt(line, jobAt + ', job '.length);
  return { kind: 'slotAllocated', form: 'resources-met', ...(job === undefined ? {} : { job }), at };
}

function slotAllocated(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const line = firstLineOf(record.message);
  if (!line.includes('slot ') && !line.includes('DEPLOYING') && !line.includes(DESIRED) && !line.includes(EXECUTING)) return [];
  const fact = allocation(line, at) ?? activation(line, at) ?? deployment(line, at) ?? resourcesMet(line, at);
  return fact === undefined ? [] : [fact];
}

export const slotAllocationRecognisers: readonly Recogniser[] = [slotAllocated];
