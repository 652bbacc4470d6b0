/**
 * TaskManagers registering at the ResourceManager and its SlotManager, docs/research/jobmanager-log-messages.md §3.6, §5.4:
 * - ResourceManager (every release): "Registering TaskManager with ResourceID {id} ({rpcAddress}) at ResourceManager";
 *   1.12+ the id is `getStringWithMetadata()`, `{id}({metadata})` on YARN: the bare id is kept. The address
 *   is the TaskExecutor's RPC actor, `akka.tcp://flink@{host}:{port}/user/…` (`pekko.tcp` 1.18+).
 * - DeclarativeSlotManager / FineGrainedSlotManager (INFO for the fine-grained one 1.14+, DEBUG otherwise):
 *   "Registering task executor {id} under {instance} at the slot manager." and "Unregistering task executor
 *   {instance} from the slot manager."; SlotManagerImpl (DEBUG ≤ 1.13): "Registering TaskManager {id} under
 *   {instance} at the SlotManager." and "Unregister TaskManager {instance} from the SlotManager.".
 * An unregistration names the InstanceID: the TaskManager is the one a registration of this reading paired
 * with it, else the instance itself.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { Recogniser, ReadingContext } from './recogniser.js';
import { afterStart, firstLineOf, tokenAt } from './record-words.js';

const RM_REGISTERING = 'Registering TaskManager with ResourceID ';
const RM_REGISTERING_END = ' at ResourceManager';
const SM_REGISTERING = ['Registering task executor ', 'Registering TaskManager '];
const SM_UNREGISTERING = ['Unregistering task executor ', 'Unregister TaskManager '];

export const recogniseTaskExecutorRegistration: Recogniser = (record, at, context) => {
  const line = firstLineOf(record.message);
  const facts: LogFact[] = [];
  const fact = line.includes('egister') ? registration(line, at, context) : undefined;
  if (fact !== undefined) facts.push(fact);
  return facts;
};

function registration(line: string, at: LogPoint, context: ReadingContext | undefined): LogFact | undefined {
  const rm = afterStart(line, RM_REGISTERING);
  if (rm !== undefined) return resourceManagerRegistration(line, rm, at);
  for (const word of SM_REGISTERING) {
    const start = afterStart(line, word);
    if (start !== undefined) return slotManagerRegistration(line, start, at, context);
  }
  for (const word of SM_UNREGISTERING) {
    const start = afterStart(line, word);
    if (start !== undefined) return slotManagerUnregistration(line, start, at, context);
  }
  return undefined;
}

function resourceManagerRegistration(line: string, start: number, at: LogPoint): LogFact | undefined {
  const trimmed = line.trimEnd();
  if (!trimmed.endsWith(`)${RM_REGISTERING_END}`)) return undefined;
  const close = trimmed.length - RM_REGISTERING_END.length - 1;
  const open = trimmed.lastIndexOf(' (', close);
  if (open < start) return undefined;
  const taskManager = bareResourceId(trimmed.slice(start, open));
  if (taskManager === '') return undefined;
  const address = trimmed.slice(open + 2, close);
  const host = hostOfAddress(address);
  return {
    kind: 'taskManagerRegistered',
    taskManager,
    ...(address !== '' ? { address } : {}),
    ...(host !== undefined ? { host } : {}),
    at,
  };
}

/** `container_…_000002(host:45454)` → `container_…_000002` (ResourceID.getStringWithMetadata, 1.12+). */
export function bareResourceId(text: string): string {
  const id = text.trim();
  const open = id.indexOf('(');
  return open > 0 && id.endsWith(')') ? id.slice(0, open) : id;
}

/** `pekko.tcp://flink@host:6122/user/rpc/taskmanager_0` → `host`; a local `pekko://flink/user/…` has none. */
export function hostOfAddress(address: string): string | undefined {
  const scheme = address.indexOf('://');
  if (scheme < 0) return undefined;
  const at = address.indexOf('@', scheme + 3);
  const slash = address.indexOf('/', scheme + 3);
  if (at < 0 || (slash >= 0 && slash < at)) return undefined;
  const end = slash < 0 ? address.length : slash;
  const colon = address.lastIndexOf(':', end);
  const host = address.slice(at + 1, colon > at ? colon : end);
  return host === '' ? undefined : host;
}

function slotManagerRegistration(line: string, start: number, at: LogPoint, context: ReadingContext | undefined): LogFact | undefined {
  const taskManager = tokenAt(line, start);
  const under = start + taskManager.length;
  if (taskManager === '' || !line.startsWith(' under ', under)) return undefined;
  const instance = tokenAt(line, under + ' under '.length);
  if (instance === '' || !line.startsWith(' at the ', under + ' under '.length + instance.length)) return undefined;
  context?.taskManagerOfInstance.set(instance, bareResourceId(taskManager));
  return { kind: 'taskManagerRegistered', taskManager: bareResourceId(taskManager), instance, at };
}

function slotManagerUnregistration(line: string, start: number, at: LogPoint, context: ReadingContext | undefined): LogFact | undefined {
  const instance = tokenAt(line, start);
  if (instance === '' || !line.startsWith(' from the ', start + instance.length)) return undefined;
  const taskManager = context?.taskManagerOfInstance.get(instance) ?? instance;
  return { kind: 'taskManagerLost', taskManager, instance, cause: 'disconnected', message: line.trim(), at };
}
