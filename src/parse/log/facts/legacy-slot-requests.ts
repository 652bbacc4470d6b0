/**
 * The legacy slot protocol (≤ 1.12 default, present ≤ 1.13), docs/research/jobmanager-log-messages.md §3.1:
 * - the JobMaster's SlotPoolImpl (flink-runtime/.../jobmaster/slotpool/SlotPoolImpl.java):
 *   "Requesting new slot [SlotRequestId{…}] and profile {profile} from resource manager." (1.10, 1.11)
 *   and "… and profile {profile} with allocation id {id} from resource manager." (1.12, 1.13);
 * - the ResourceManager (flink-runtime/.../resourcemanager/ResourceManager.java requestSlot):
 *   "Request slot with profile {profile} for job {job} with allocation id {id}." (1.10 → 1.13).
 * Both sides print one line per slot, so a slot asked for shows twice: the JobMaster's line carries
 * `request`, the ResourceManager's `job`. "Cannot serve slot request, no ResourceManager connected…"
 * is the normal start of a job (the request waits for the connection): no fact.
 */
import type { LogFact } from '../log-facts.js';
import { readProfileAt } from './profile-text.js';
import type { Recogniser } from './recogniser.js';
import { afterStart, tokenAt } from './record-words.js';

const SLOT_POOL = 'Requesting new slot [';
const SLOT_POOL_PROFILE = '] and profile ';
const RESOURCE_MANAGER = 'Request slot with profile ';
const ALLOCATION = ' with allocation id ';

export const recogniseSlotRequest: Recogniser = (record, at) => {
  const message = record.message;
  const facts: LogFact[] = [];
  if (message.includes(SLOT_POOL)) {
    const fact = slotPoolRequest(message, at);
    if (fact !== undefined) facts.push(fact);
  } else if (message.includes(RESOURCE_MANAGER)) {
    const fact = resourceManagerRequest(message, at);
    if (fact !== undefined) facts.push(fact);
  }
  return facts;
};

function slotPoolRequest(message: string, at: LogFact['at']): LogFact | undefined {
  const start = afterStart(message, SLOT_POOL);
  if (start === undefined) return undefined;
  const close = message.indexOf(SLOT_POOL_PROFILE, start);
  if (close < 0) return undefined;
  const request = unwrapRequestId(message.slice(start, close));
  const profile = readProfileAt(message, close + SLOT_POOL_PROFILE.length);
  if (profile === undefined) return undefined;
  const allocation = message.startsWith(ALLOCATION, profile.end) ? tokenAt(message, profile.end + ALLOCATION.length) : undefined;
  const tail = allocation === undefined ? profile.end : profile.end + ALLOCATION.length + allocation.length;
  if (!message.startsWith(' from resource manager.', tail)) return undefined;
  return {
    kind: 'slotRequested',
    profile: profile.profile,
    request,
    ...(allocation !== undefined && allocation !== '' ? { allocation } : {}),
    at,
  };
}

/** `SlotRequestId{8cab…}` → `8cab…` (as printed when it is not that form). */
function unwrapRequestId(text: string): string {
  const open = 'SlotRequestId{';
  return text.startsWith(open) && text.endsWith('}') ? text.slice(open.length, -1) : text;
}

function resourceManagerRequest(message: string, at: LogFact['at']): LogFact | undefined {
  const start = afterStart(message, RESOURCE_MANAGER);
  if (start === undefined) return undefined;
  const profile = readProfileAt(message, start);
  if (profile === undefined || !message.startsWith(' for job ', profile.end)) return undefined;
  const job = tokenAt(message, profile.end + ' for job '.length);
  const afterJob = profile.end + ' for job '.length + job.length;
  if (job === '' || !message.startsWith(ALLOCATION, afterJob)) return undefined;
  const allocation = tokenAt(message, afterJob + ALLOCATION.length, '.');
  return { kind: 'slotRequested', job, profile: profile.profile, ...(allocation !== '' ? { allocation } : {}), at };
}
