/**
 * Recognisers of failures (issue 28 §1): slot requests that timed out, in the three forms of the
 * eras, the other NoResourceAvailableException texts, and "Insufficient number of network buffers".
 * These texts reach the log inside job and task state lines, `Caused by:` lines and stack traces, so
 * the whole record is searched, and each fact is given once per record.
 * docs/research/jobmanager-log-messages.md §3.1, §3.2, §3.5, §8.
 */
import type { LogFact, LogPoint, SlotTimeoutForm } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage } from '../joined-message.js';
import { after, clip, durationMs, firstLineOf, intAfter } from './fact-text.js';
import { configurationRecognisers } from './configuration.js';
import { jobStatusRecognisers } from './job-status.js';
import type { ReadingContext, Recogniser } from './recogniser.js';

/** PhysicalSlotRequestBulkCheckerImpl (1.12+): the bulk's cancellation cause. */
const BULK = 'Slot request bulk is not fulfillable!';
/** DefaultScheduler / DefaultExecutionDeployer (1.10+). */
const WITHIN_TIMEOUT = 'Could not allocate the required slot within slot request timeout';
/** SlotPoolImpl ≤ 1.13 ("[id] timed out.", "timed out in SlotPool."), DeclarativeSlotPoolBridge 1.13+ ("in slot pool.", "{id} timed out after {ms} ms."). */
const PENDING = 'Pending slot request ';

/**
 * One slotRequestTimeout per record, in the most telling form it shows: the bulk (1.12+), else the
 * scheduler's "within slot request timeout", else the slot pool's pending request; the timeout from
 * "Timeout has occurred: {300000 ms | PT5M}" or "timed out after {ms} ms" when printed.
 */
function slotRequestTimeout(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const form: SlotTimeoutForm | undefined = text.includes(BULK)
    ? 'bulk-not-fulfillable'
    : text.includes(WITHIN_TIMEOUT)
      ? 'allocate-within-timeout'
      : pendingTimedOut(text)
        ? 'pending-request-timeout'
        : undefined;
  if (form === undefined) return [];
  const timeoutMs = timeoutOf(text);
  return [timeoutMs === undefined ? { kind: 'slotRequestTimeout', form, at } : { kind: 'slotRequestTimeout', form, timeoutMs, at }];
}

function pendingTimedOut(text: string): boolean {
  for (let i = text.indexOf(PENDING); i >= 0; i = text.indexOf(PENDING, i + PENDING.length)) {
    const window = text.slice(i, i + 200);
    if (window.includes(' timed out')) return true;
  }
  return false;
}

function timeoutOf(text: string): number | undefined {
  const occurred = after(text, 'Timeout has occurred: ');
  if (occurred !== undefined) return durationMs(occurred);
  const at = text.indexOf(' timed out after ');
  if (at < 0 || !text.slice(Math.max(0, at - 200), at).includes(PENDING)) return undefined;
  return intAfter(text.slice(at), ' timed out after ');
}

/** The scheduler's exception, and the legacy SlotManager's refusal of a profile no TaskManager can serve (SlotManagerImpl ≤ 1.12). */
const CLASSES = ['NoResourceAvailableException: ', 'UnfulfillableSlotRequestException: '];

/** Other NoResourceAvailableException texts, known also without the class (a Web UI paste). */
const KNOWN_TEXTS = [
  'Could not acquire the minimum required resources.',
  'Not enough resources available for scheduling.',
  'Could not allocate enough slots to run the job.',
  'No pooled slot available and request to ResourceManager for new slot failed',
];

/** A NoResourceAvailableException that is not a timeout: its message, once per distinct text. */
function noResourceAvailable(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const messages = new Set<string>();
  for (const CLASS of CLASSES)
    for (let i = text.indexOf(CLASS); i >= 0; i = text.indexOf(CLASS, i + CLASS.length)) {
      const message = firstLineOf(text.slice(i + CLASS.length, i + CLASS.length + 2000)).trim();
      if (message !== '' && !message.includes(BULK) && !message.includes(WITHIN_TIMEOUT)) messages.add(clip(message));
    }
  if (messages.size === 0) for (const known of KNOWN_TEXTS) if (text.includes(known)) messages.add(known);
  return [...messages].map((message) => ({ kind: 'noResourceAvailable', message, at }) as const);
}

const BUFFERS = 'Insufficient number of network buffers: required ';

/**
 * flink-runtime/.../io/network/buffer/NetworkBufferPool.java, the same text 1.10 → 2.x: "Insufficient
 * number of network buffers: required {R}, but only {A} available. The total number of network buffers
 * is currently set to {T} of {S} bytes each. You can increase this number by setting …".
 */
function insufficientNetworkBuffers(record: LogRecord, here: LogPoint, context?: ReadingContext): readonly LogFact[] {
  let text = joinedMessage(record);
  let at = here;
  // A paste that broke the message into records line by line: its start waits for the next record.
  const pending = context?.pendingText;
  if (context !== undefined) context.pendingText = undefined;
  if (pending !== undefined && !text.includes(BUFFERS)) {
    text = `${pending.text} ${text}`;
    at = { ...pending.at, endLine: here.line };
  }
  const start = text.indexOf(BUFFERS);
  if (start < 0) {
    const cut = text.indexOf(BUFFERS.trimEnd());
    if (cut >= 0 && text.trimEnd().endsWith(BUFFERS.trimEnd()) && context !== undefined)
      context.pendingText = { text: text.slice(cut).trimEnd(), at };
    return [];
  }
  const message = firstLineOf(text.slice(start, start + 1000));
  const required = intAfter(message, BUFFERS);
  const available = intAfter(message, ', but only ');
  if (required === undefined || available === undefined) return [];
  const setTo = after(message, 'currently set to ');
  const total = setTo === undefined ? undefined : intAfter(message, 'currently set to ');
  const segmentSize = setTo === undefined ? undefined : intAfter(setTo, ' of ');
  return [
    {
      kind: 'insufficientNetworkBuffers',
      required,
      available,
      ...(total === undefined ? {} : { total }),
      ...(segmentSize === undefined ? {} : { segmentSize }),
      at,
    },
  ];
}

export const failuresRecognisers: readonly Recogniser[] = [
  slotRequestTimeout,
  noResourceAvailable,
  insufficientNetworkBuffers,
  ...jobStatusRecognisers,
  ...configurationRecognisers,
];
