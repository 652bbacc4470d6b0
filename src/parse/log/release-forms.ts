/**
 * The message forms that date a log (issue 28 §1), each with the releases that print it, as read in
 * Flink's source: docs/research/jobmanager-log-messages.md (the § of each form beside it). A form is
 * recognised on one record by fixed words; none is guessed from users' logs. `weak` forms depend on a
 * layout or an excerpt's cut (a user's own log4j pattern, a block cut after its header): they narrow
 * the range only where the other forms leave room for them.
 */
import { loggerIs } from './facts/record-words.js';
import type { LogRecord } from './log-records.js';

export interface ReleaseForm {
  readonly id: string;
  /** "major.minor" of the first and last release printing it; no `latest`: to the newest. */
  readonly earliest: string;
  readonly latest?: string;
  readonly weak?: boolean;
  readonly test: (record: LogRecord) => boolean;
}

const HEADER = 'Matching resource requirements against available resources.';
const NOT_FULFILLED = 'Could not fulfill resource requirements of job ';

export const RELEASE_FORMS: readonly ReleaseForm[] = [
  // §3.3: "… Free slots: N" from 1.13.2 to the last DeclarativeSlotManager (1.18).
  {
    id: 'free-slots',
    earliest: '1.13',
    latest: '1.18',
    test: (r) => r.message.includes(NOT_FULFILLED) && r.message.includes('. Free slots: '),
  },
  // §3.3: the declarative warning without "Free slots" (1.12, 1.13.0, 1.13.1).
  {
    id: 'declarative-not-fulfilled-bare',
    earliest: '1.12',
    latest: '1.13',
    test: (r) => loggerIs(r, 'DeclarativeSlotManager') && r.message.includes(NOT_FULFILLED) && !r.message.includes('Free slots'),
  },
  // §3.4: the multi-line block (FLINK-32168), 1.18+.
  { id: 'fine-grained-block', earliest: '1.18', test: (r) => r.message.includes(HEADER) && r.message.includes('\nMissing resources:') },
  // §5.1: ResourceProfile's cpuCores stripped (`1`, `1E+1`) 1.14+, as constructed (`1.0`) ≤ 1.13.
  { id: 'cpu-stripped', earliest: '1.14', test: (r) => profileCpuForm(r.message) === 'stripped' },
  { id: 'cpu-unstripped', earliest: '1.10', latest: '1.13', test: (r) => profileCpuForm(r.message) === 'unstripped' },
  // §5.3: WorkerResourceSpec gains numSlots in 1.13 (absent 1.10; 1.11, 1.12 without).
  { id: 'worker-spec-slots', earliest: '1.13', test: (r) => workerSpecForm(r.message) === 'slots' },
  { id: 'worker-spec-no-slots', earliest: '1.11', latest: '1.12', test: (r) => workerSpecForm(r.message) === 'no-slots' },
  // §3.1: SlotPoolImpl's request with an allocation id 1.12–1.13, without 1.10–1.11.
  { id: 'slot-pool-allocation-id', earliest: '1.12', latest: '1.13', test: (r) => slotPoolRequestForm(r.message) === 'allocation' },
  { id: 'slot-pool-no-allocation-id', earliest: '1.10', latest: '1.11', test: (r) => slotPoolRequestForm(r.message) === 'plain' },
  // §3.2: the bulk checker's timeout, Flink `Time` (`300000 ms`) 1.12–1.20, java.time.Duration (`PT5M`) 2.0+.
  { id: 'bulk-timeout-duration', earliest: '2.0', test: (r) => r.message.includes('Timeout has occurred: PT') },
  { id: 'bulk-timeout-ms', earliest: '1.12', latest: '1.20', test: (r) => bulkTimeoutInMs(r.message) },
  { id: 'bulk-not-fulfillable', earliest: '1.12', test: (r) => r.message.includes('Slot request bulk is not fulfillable!') },
  // §3.1: RPC addresses `akka.tcp://` up to 1.17, `pekko.tcp://` from 1.18.
  { id: 'pekko', earliest: '1.18', test: (r) => r.message.includes('pekko.tcp://') },
  { id: 'akka', earliest: '1.10', latest: '1.17', test: (r) => r.message.includes('akka.tcp://') },
  // §4.1: the declarative ResourceManager's "need request N new workers" 1.17+; "Requesting new worker" 1.12+.
  { id: 'need-request-workers', earliest: '1.17', test: (r) => r.message.includes('need request ') && r.message.includes(' new workers') },
  { id: 'worker-requested', earliest: '1.12', test: (r) => r.message.includes('Requesting new worker with resource spec ') },
  // §3.6: the fine-grained SlotManager logs (un)registrations at INFO from 1.14 (DEBUG elsewhere).
  {
    id: 'registering-task-executor-info',
    earliest: '1.14',
    test: (r) => r.level === 'INFO' && r.message.includes('egistering task executor ') && r.message.includes(' the slot manager.'),
  },
  // §3.3–3.4: "Received resource requirements" is INFO from 1.13 (DEBUG in 1.12).
  {
    id: 'requirements-info',
    earliest: '1.13',
    test: (r) => r.level === 'INFO' && r.message.includes('Received resource requirements from job '),
  },
  // §3.5: DeclarativeSlotPoolBridge's warning with the pool's status, 1.14+.
  {
    id: 'minimum-resources-warning',
    earliest: '1.14',
    test: (r) => r.message.includes('Could not acquire the minimum required resources, failing slot requests'),
  },
  // §2: the classes of each era.
  {
    id: 'legacy-classes',
    earliest: '1.10',
    latest: '1.13',
    test: (r) => loggerIs(r, 'SlotManagerImpl') || loggerIs(r, 'SlotPoolImpl') || r.message.trim() === 'Starting the SlotManager.',
  },
  { id: 'declarative-slot-manager', earliest: '1.12', latest: '1.18', test: (r) => loggerIs(r, 'DeclarativeSlotManager') },
  { id: 'declarative-slot-pool-bridge', earliest: '1.13', test: (r) => loggerIs(r, 'DeclarativeSlotPoolBridge') },
  // §3.1: the ResourceManager's requestSlot (gone in 1.14) and TaskExecutorManager's maximum (1.11–1.19).
  { id: 'request-slot', earliest: '1.10', latest: '1.13', test: (r) => r.message.includes('Request slot with profile ') },
  {
    id: 'more-slots-maximum',
    earliest: '1.11',
    latest: '1.19',
    test: (r) => r.message.includes(' more slots. The number of registered and pending slots is '),
  },
  // §3.4: the header alone (1.14–1.17); weak: a 1.18 block cut after its header looks the same.
  { id: 'fine-grained-header-alone', earliest: '1.14', latest: '1.17', weak: true, test: (r) => r.message.trim() === HEADER },
  // §1: log4j 2 prints the empty NDC as `[]` (1.11+); log4j 1's default pattern has none (1.10). Weak:
  // a user's own pattern decides (a 1.12 log in log4j 1's form is fixture 06).
  { id: 'log4j2-ndc', earliest: '1.11', weak: true, test: (r) => r.layout === 'log4j2' },
  {
    id: 'log4j1-default',
    earliest: '1.10',
    latest: '1.10',
    weak: true,
    test: (r) => r.layout === 'log4j1' && r.timestamp !== undefined && r.timestamp.length === 23,
  },
];

const CPU = 'ResourceProfile{cpuCores=';
/** Profiles looked at per record for an informative cpu value (`0.5` prints alike in both eras). */
const MAX_PROFILES = 16;

function profileCpuForm(message: string): 'stripped' | 'unstripped' | undefined {
  let at = message.indexOf(CPU);
  for (let n = 0; at >= 0 && n < MAX_PROFILES; n++, at = message.indexOf(CPU, at + 1)) {
    const start = at + CPU.length;
    let end = start;
    while (end < message.length && end - start < 40 && message[end] !== ',' && message[end] !== '}') end++;
    const value = message.slice(start, end);
    if (!/^\d/.test(value)) continue;
    if (value.includes('E') || !value.includes('.')) return 'stripped';
    if (value.endsWith('0')) return 'unstripped';
  }
  return undefined;
}

function workerSpecForm(message: string): 'slots' | 'no-slots' | undefined {
  const open = message.indexOf('WorkerResourceSpec {');
  if (open < 0) return undefined;
  const close = message.indexOf('}', open);
  if (close < 0) return undefined;
  const body = message.slice(open, close);
  if (!body.includes('managedMemSize=')) return undefined;
  return body.includes('numSlots=') ? 'slots' : 'no-slots';
}

function slotPoolRequestForm(message: string): 'allocation' | 'plain' | undefined {
  const start = message.indexOf('Requesting new slot [');
  if (start < 0) return undefined;
  const end = message.indexOf(' from resource manager.', start);
  if (end < 0 || message.indexOf('] and profile ', start) < 0) return undefined;
  return message.slice(start, end).includes(' with allocation id ') ? 'allocation' : 'plain';
}

function bulkTimeoutInMs(message: string): boolean {
  const word = 'Timeout has occurred: ';
  const at = message.indexOf(word);
  if (at < 0) return false;
  let i = at + word.length;
  const digits = i;
  while (i < message.length && i - digits < 19 && message.charCodeAt(i) >= 48 && message.charCodeAt(i) <= 57) i++;
  return i > digits && message.startsWith(' ms', i);
}
