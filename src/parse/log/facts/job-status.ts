/**
 * Jobs and their states (issue 28 §1): the Dispatcher's submission lines, the JobMaster's
 * "Initializing job …", ExecutionGraph's "Job {name} ({id}) switched from state A to B." with the
 * cause of a failure, and a task attempt switching to FAILED with its cause.
 *
 * Forms (read in flink-runtime/.../dispatcher/Dispatcher.java, jobmaster/JobMaster.java,
 * executiongraph/DefaultExecutionGraph.java, executiongraph/Execution.java):
 * - 1.10–1.13: "Received JobGraph submission {id} ({name})." / "Submitting job {id} ({name}).";
 * - 1.14–1.20: "Received JobGraph submission '{name}' ({id})." / "Submitting job '{name}' ({id}).";
 * - 2.x: "Received job submission '{name}' ({id})." / "Submitting job '{name}' ({id}).";
 * - "Initializing job {name} ({id})." (≤ 1.13), "Initializing job '{name}' ({id})." (1.14+);
 * - 1.10 → 2.x: "Job {name} ({id}) switched from state {FROM} to {TO}." (+ the cause's trace);
 * - "{task} ({attempt}) switched from {FROM} to FAILED[ on {location}]." + the cause (1.11+ ` on …`).
 * docs/research/jobmanager-log-messages.md §6, §6a.
 */
import type { JobStatusName, LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage, looksLikeExceptionLine } from '../joined-message.js';
import { clip, firstLineOf, upTo } from './fact-text.js';
import type { Recogniser } from './recogniser.js';

const STATUSES: ReadonlySet<string> = new Set([
  'INITIALIZING',
  'CREATED',
  'RUNNING',
  'FAILING',
  'FAILED',
  'CANCELLING',
  'CANCELED',
  'FINISHED',
  'RESTARTING',
  'SUSPENDED',
  'RECONCILING',
]);

const FAILED_STATES: ReadonlySet<string> = new Set(['FAILED', 'FAILING', 'RESTARTING']);

const SUBMISSIONS = ['Received JobGraph submission ', 'Received job submission ', 'Submitting job ', 'Initializing job '];

function jobSubmitted(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const first = firstLineOf(joinedMessage(record));
  const form = SUBMISSIONS.find((words) => first.startsWith(words));
  if (form === undefined) return [];
  const named = idAndName(withoutPeriod(first.slice(form.length)));
  if (named === undefined) return [];
  return [
    named.name === undefined ? { kind: 'jobSubmitted', job: named.id, at } : { kind: 'jobSubmitted', job: named.id, name: named.name, at },
  ];
}

/** `'{name}' ({id})` (1.14+), `{id} ({name})` or `{name} ({id})` (≤ 1.13); the id checked as Flink's 32 hex digits. */
function idAndName(text: string): { id: string; name?: string } | undefined {
  if (text.startsWith("'")) {
    const close = text.lastIndexOf("' (");
    if (close <= 0 || !text.endsWith(')')) return undefined;
    const id = text.slice(close + 3, -1);
    return isJobId(id) ? { id, name: text.slice(1, close) } : undefined;
  }
  const open = text.indexOf(' (');
  const id = open < 0 ? text : text.slice(0, open);
  if (isJobId(id)) return open < 0 || !text.endsWith(')') ? { id } : { id, name: text.slice(open + 2, -1) };
  // ≤ 1.13's "Initializing job {name} ({id})": the name first, unquoted, the id in the last parentheses.
  const last = text.lastIndexOf(' (');
  const lastId = last < 0 || !text.endsWith(')') ? '' : text.slice(last + 2, -1);
  return isJobId(lastId) ? { id: lastId, name: text.slice(0, last) } : undefined;
}

export function isJobId(text: string): boolean {
  if (text.length !== 32) return false;
  for (let i = 0; i < 32; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

function withoutPeriod(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

const SWITCHED = ') switched from state ';

function jobStatus(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const first = firstLineOf(text);
  if (!first.startsWith('Job ')) return [];
  const at1 = first.lastIndexOf(SWITCHED);
  if (at1 < 0) return [];
  const open = first.lastIndexOf(' (', at1);
  if (open < 'Job'.length) return [];
  const states = first.slice(at1 + SWITCHED.length);
  const to = upTo(after1(states, ' to ') ?? '', ['.', ' ']);
  const from = upTo(states, [' ']);
  if (to === undefined || !STATUSES.has(to)) return [];
  const fact: { -readonly [K in keyof Extract<LogFact, { kind: 'jobStatus' }>]: Extract<LogFact, { kind: 'jobStatus' }>[K] } = {
    kind: 'jobStatus',
    to: to as JobStatusName,
    at,
  };
  const id = first.slice(open + 2, at1);
  if (isJobId(id)) fact.job = id;
  const name = first.slice('Job '.length, open);
  if (name !== '') fact.name = name;
  if (from !== undefined && STATUSES.has(from)) fact.from = from as JobStatusName;
  if (FAILED_STATES.has(to)) {
    const cause = causeOf(text);
    if (cause !== undefined) fact.cause = cause;
  }
  return [fact];
}

function after1(text: string, words: string): string | undefined {
  const at = text.indexOf(words);
  return at < 0 ? undefined : text.slice(at + words.length);
}

/**
 * The cause a record's continuation lines print: the first exception line (after the first line, or
 * after "with failure cause: " on it), and the deepest `Caused by:` when there is one further down.
 */
export function causeOf(text: string): string | undefined {
  const lines = text.split('\n');
  const firstLine = lines[0] ?? '';
  const inline = firstLine.indexOf('with failure cause: ');
  let head = inline < 0 ? undefined : firstLine.slice(inline + 'with failure cause: '.length).trim() || undefined;
  let deepest: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line.startsWith('Caused by: ')) deepest = line.slice('Caused by: '.length);
    else if (head === undefined && looksLikeExceptionLine(line)) head = line;
  }
  if (head === undefined) return deepest === undefined ? undefined : clip(deepest);
  return clip(deepest === undefined || deepest === head ? head : `${head} … Caused by: ${deepest}`);
}

const TASK_SWITCHED = ' switched from ';

function taskFailed(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const first = firstLineOf(text);
  if (!first.includes(' to FAILED') || first.includes(SWITCHED)) return [];
  const switched = first.indexOf(TASK_SWITCHED);
  if (switched < 0 || first[switched - 1] !== ')') return [];
  const open = first.lastIndexOf(' (', switched);
  if (open <= 0) return [];
  const states = first.slice(switched + TASK_SWITCHED.length);
  if (!states.includes(' to FAILED')) return [];
  const fact: { -readonly [K in keyof Extract<LogFact, { kind: 'taskFailed' }>]: Extract<LogFact, { kind: 'taskFailed' }>[K] } = {
    kind: 'taskFailed',
    task: first.slice(0, open),
    at,
  };
  const from = upTo(states, [' ']);
  if (from !== undefined) fact.from = from;
  const on = after1(states, ' to FAILED on ');
  const location = on === undefined ? undefined : upTo(on, [' @ ', ' (', ' with failure cause']);
  if (location !== undefined && !location.startsWith('[')) fact.taskManager = location.endsWith('.') ? location.slice(0, -1) : location;
  const cause = causeOf(text);
  if (cause !== undefined) fact.cause = cause;
  return [fact];
}

const CLIENT_FAILED = 'Job failed (JobID: ';

/**
 * The client's "Job failed (JobID: {id})" (client/program/ProgramInvocationException, `flink run`'s
 * trace, fixture 07): the job FAILED. No cause is read from it: the client's own wrappers are not
 * the job's cause (the trace's deeper lines give the failures recognisers their facts).
 */
function clientJobFailed(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const start = text.indexOf(CLIENT_FAILED);
  if (start < 0) return [];
  const id = text.slice(start + CLIENT_FAILED.length, start + CLIENT_FAILED.length + 32);
  return isJobId(id) && text[start + CLIENT_FAILED.length + 32] === ')' ? [{ kind: 'jobStatus', job: id, to: 'FAILED', at }] : [];
}

export const jobStatusRecognisers: readonly Recogniser[] = [jobSubmitted, jobStatus, taskFailed, clientJobFailed];
