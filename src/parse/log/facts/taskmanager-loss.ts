/**
 * TaskManagers lost (issue 28 §1): the ResourceManager's "Closing TaskExecutor connection {id}
 * because: {cause}" (every release), the JobMaster's "Disconnect TaskExecutor {id} because: {cause}",
 * the heartbeat timeouts and "no longer reachable" texts of both (log lines 1.14+, exception texts
 * before: also inside stack traces and `Caused by:` lines), and akka / pekko's "Association with remote
 * system [akka.tcp://flink@host:port] has failed". docs/research/jobmanager-log-messages.md §3.6, §7.
 */
import type { LogFact, LogPoint, TaskManagerLossCause } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage } from '../joined-message.js';
import { after, bareResourceId, clip, firstLineOf, intAt, upTo } from './fact-text.js';
import type { Recogniser } from './recogniser.js';

/**
 * Causes that are not a loss: the JobMaster stopping, a TaskManager with no more slots for the job,
 * an active ResourceManager releasing a worker it no longer needs (flink-runtime/.../jobmaster/JobMaster.java,
 * resourcemanager/ResourceManager.java, taskexecutor/TaskExecutor.java).
 */
const NOT_A_LOSS = [
  'Stopping JobMaster',
  'has no more allocated slots',
  'No more slots registered at JobMaster',
  'no longer needed',
  'idle timeout',
  'The JobManager is not responsible for job',
];

function connectionClosed(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  const rm = text.startsWith('Closing TaskExecutor connection ');
  if (!rm && !text.startsWith('Disconnect TaskExecutor ')) return [];
  const head = rm ? 'Closing TaskExecutor connection ' : 'Disconnect TaskExecutor ';
  const because = text.indexOf(' because: ');
  if (because < 0) return [];
  const id = text.slice(head.length, because).trim();
  if (id === '' || id.includes(' ')) return [];
  const reason = text.slice(because + ' because: '.length);
  const cause = firstLineOf(reason);
  if (NOT_A_LOSS.some((words) => cause.includes(words))) return [];
  return [
    {
      kind: 'taskManagerLost',
      taskManager: bareResourceId(id),
      cause: lossCause(reason, rm ? 'other' : 'disconnected'),
      message: clip(firstLineOf(text)),
      at,
    },
  ];
}

/** The cause a message gives, in the contract's words. */
export function lossCause(text: string, otherwise: TaskManagerLossCause): TaskManagerLossCause {
  if (text.includes('eartbeat') && text.includes('timed out')) return 'heartbeat-timeout';
  if (
    text.includes('is no longer reachable') ||
    text.includes('Association failed') ||
    text.includes('Disassociated') ||
    text.includes('Connection refused')
  )
    return 'unreachable';
  if (text.includes('killed') || text.includes('Killing container') || text.includes('Exit code is 143') || isMemoryKill(text))
    return 'killed';
  if (text.includes('is terminated') || text.includes('is shutting down') || text.includes('marked as failed') || text.includes('exited'))
    return 'terminated';
  return otherwise;
}

/**
 * A container or pod killed for its memory: YARN's NodeManager "… is running beyond physical / virtual
 * memory limits" (ContainersMonitorImpl), Kubernetes' "reason=OOMKilled" with exit code 137 (SIGKILL)
 * in the pod's termination status as Flink's KubernetesResourceManagerDriver prints it.
 */
export function isMemoryKill(text: string): boolean {
  return (
    text.includes('beyond physical memory limits') ||
    text.includes('beyond virtual memory limits') ||
    text.includes('OOMKilled') ||
    text.includes('exitCode=137') ||
    text.includes('Exit code is 137')
  );
}

const HEARTBEAT_PHRASES: readonly [string, string, TaskManagerLossCause][] = [
  // "The heartbeat of TaskManager with id {id} timed out." (RM) and "Heartbeat of TaskManager …" (JobMaster).
  ['eartbeat of TaskManager with id ', ' timed out', 'heartbeat-timeout'],
  // 1.14+: "TaskManager with id {id} is no longer reachable." (RM and JobMaster).
  ['TaskManager with id ', ' is no longer reachable', 'unreachable'],
];

/** Heartbeat texts anywhere in the record (a log line, an exception's message, a `Caused by:`): once per TaskManager. */
function heartbeat(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  if (!text.includes('TaskManager with id ')) return [];
  // "Closing TaskExecutor connection {id} because: The heartbeat of TaskManager with id {id} timed out.": one loss, read above.
  if (text.startsWith('Closing TaskExecutor connection ') || text.startsWith('Disconnect TaskExecutor ')) return [];
  const facts: LogFact[] = [];
  const seen = new Set<string>();
  for (const [phrase, tail, cause] of HEARTBEAT_PHRASES)
    for (let i = text.indexOf(phrase); i >= 0; i = text.indexOf(phrase, i + phrase.length)) {
      const start = i + phrase.length;
      const id = upTo(text.slice(start, start + 300), [' ']);
      if (id === undefined) continue;
      // 1.10–1.13's exception text has two spaces before "timed out".
      const rest = text.slice(start + id.length, start + id.length + tail.length + 2);
      if (!rest.trimStart().startsWith(tail.trimStart())) continue;
      const taskManager = bareResourceId(id);
      if (seen.has(taskManager)) continue;
      seen.add(taskManager);
      facts.push({ kind: 'taskManagerLost', taskManager, cause, message: clip(lineAround(text, i)), at });
    }
  return facts;
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  return firstLineOf(text.slice(start)).trim();
}

/** akka / pekko: "Association with remote system [akka.tcp://flink@host:port] has failed, …". */
function associationFailed(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const remote = remoteSystemOf(record);
  if (remote === undefined || isJobManagerAddress(remote)) return [];
  const text = firstLineOf(joinedMessage(record));
  return [{ kind: 'taskManagerLost', taskManager: remote.hostPort, cause: 'unreachable', message: clip(text), at }];
}

export interface RemoteSystem {
  readonly address: string;
  readonly host: string;
  readonly port: number | undefined;
  readonly hostPort: string;
}

/** The remote system of an association failure line, or undefined. */
export function remoteSystemOf(record: LogRecord): RemoteSystem | undefined {
  const text = joinedMessage(record);
  if (!text.startsWith('Association with remote system [') || !text.includes('] has failed')) return undefined;
  const address = upTo(text.slice('Association with remote system ['.length), [']']);
  const hostPort = address === undefined ? undefined : after(address, '@');
  if (address === undefined || hostPort === undefined || hostPort === '') return undefined;
  const colon = hostPort.lastIndexOf(':');
  const host = colon < 0 ? hostPort : hostPort.slice(0, colon);
  const port = colon < 0 ? undefined : intAt(hostPort, colon + 1);
  return { address, host, port, hostPort };
}

/**
 * A TaskManager's log reports its lost JobManager the same way: the JobManager's RPC system listens on
 * `jobmanager.rpc.port` (6123 by default) and its hosts are usually named so. A heuristic, said here:
 * such an address is the JobManager's, not a lost TaskManager.
 */
export function isJobManagerAddress(remote: RemoteSystem): boolean {
  return remote.port === 6123 || remote.host.includes('jobmanager');
}

export const taskManagerLossRecognisers: readonly Recogniser[] = [connectionClosed, heartbeat, associationFailed];
