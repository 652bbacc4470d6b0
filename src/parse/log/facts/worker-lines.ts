/**
 * An active ResourceManager's workers (issue 28 §1): what ActiveResourceManager (1.12+) and the
 * YARN / Kubernetes drivers (YarnResourceManager / KubernetesResourceManager ≤ 1.11, the *Driver
 * classes 1.12+) print when they request, receive and lose a worker.
 * docs/research/jobmanager-log-messages.md §4.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { joinedMessage } from '../joined-message.js';
import { after, bareResourceId, clip, decimalAt, firstLineOf, intAfter, upTo, withoutFinalPeriod, wordAfter } from './fact-text.js';
import type { Recogniser } from './recogniser.js';
import { parseWorkerSpecText } from './worker-spec-text.js';

type WorkerRequested = Extract<LogFact, { kind: 'workerRequested' }>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** flink-runtime/.../resourcemanager/active/ActiveResourceManager.java (1.12+; "need request" 1.17+). */
function activeResourceManagerLine(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  if (text.startsWith('Requesting new worker with resource spec ')) {
    const fact: Mutable<WorkerRequested> = { kind: 'workerRequested', source: 'resource-manager', at };
    const spec = parseWorkerSpecText(text);
    if (spec !== undefined) fact.spec = spec;
    const pending = intAfter(text, 'current pending count: ');
    if (pending !== undefined) fact.pending = pending;
    return [fact];
  }
  if (text.startsWith('need request ') && text.includes(' new workers')) {
    const count = intAfter(text, 'need request ');
    if (count === undefined) return [];
    const current = intAfter(text, 'current worker number ');
    const declared = intAfter(text, 'declared worker number ');
    return [
      {
        kind: 'workersNeeded',
        count,
        ...(current === undefined ? {} : { current }),
        ...(declared === undefined ? {} : { declared }),
        at,
      },
    ];
  }
  if (!text.startsWith('Worker ')) return [];
  return workerLine(text, at);
}

function workerLine(text: string, at: LogPoint): readonly LogFact[] {
  const first = firstLineOf(text);
  const worker = workerId(first);
  if (worker === undefined) return [];
  if (first.includes(' is registered.')) return [{ kind: 'workerRegistered', worker, source: 'resource-manager', at }];
  const diagnostics = after(text, ' is terminated. Diagnostics: ');
  if (diagnostics !== undefined) return [terminated(worker, diagnostics, 'resource-manager', at)];
  if (first.includes(' was requested in current attempt and has not registered'))
    return [terminated(worker, 'requested in the current attempt and terminated before it registered', 'resource-manager', at)];
  if (first.includes(' did not register in ')) return [terminated(worker, first, 'resource-manager', at)];
  return [];
}

/** `Worker {id}[(metadata)] …`: the bare ResourceID. */
function workerId(first: string): string | undefined {
  const id = upTo(first.slice('Worker '.length), [' ']);
  return id === undefined ? undefined : bareResourceId(id);
}

function terminated(worker: string, diagnostics: string, source: 'resource-manager' | 'driver', at: LogPoint): LogFact {
  return { kind: 'workerTerminated', worker, diagnostics: clip(diagnostics.trim()), source, at };
}

/** "Stopping worker {id}." (ActiveResourceManager), "Stopping container {id}.", "Stopping TaskManager pod {name}.". */
function stoppingLine(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const first = firstLineOf(joinedMessage(record));
  if (!first.startsWith('Stopping ')) return [];
  for (const [phrase, source] of STOPPING) {
    if (!first.startsWith(phrase)) continue;
    const id = upTo(first.slice(phrase.length), [' ']);
    if (id === undefined) return [];
    return [terminated(bareResourceId(withoutFinalPeriod(id)), first, source, at)];
  }
  return [];
}

const STOPPING: readonly [string, 'resource-manager' | 'driver'][] = [
  ['Stopping worker ', 'resource-manager'],
  ['Stopping container ', 'driver'],
  ['Stopping TaskManager pod ', 'driver'],
];

/**
 * flink-yarn/.../YarnResourceManager.java (1.10, 1.11), YarnResourceManagerDriver.java (1.12+):
 * "Requesting new TaskExecutor container with resource(s) …", "TaskExecutor {container} will be
 * started on {host} with …", a completed container's diagnostics.
 */
function yarnLine(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = joinedMessage(record);
  if (text.startsWith('Requesting new TaskExecutor container with resource')) {
    const fact: Mutable<WorkerRequested> = { kind: 'workerRequested', source: 'driver', at };
    const spec = parseWorkerSpecText(text);
    if (spec !== undefined) fact.spec = spec;
    const resource = yarnCapability(text);
    if (resource !== undefined) fact.resource = resource;
    const pending = intAfter(text, 'Number pending requests ') ?? intAfter(text, 'Number pending workers of this resource is ');
    if (pending !== undefined) fact.pending = pending;
    return [fact];
  }
  if (text.startsWith('TaskExecutor ') && text.includes(' will be started on ')) {
    const id = wordAfter(text, 'TaskExecutor ');
    return id === undefined ? [] : [{ kind: 'workerRegistered', worker: bareResourceId(id), source: 'driver', at }];
  }
  if (
    text.startsWith('Container ') &&
    (text.includes(' marked as failed') || text.includes(' killed by YARN') || text.includes(' exited normally'))
  ) {
    const id = wordAfter(text, 'Container ', [' ', '.']);
    return id === undefined ? [] : [terminated(bareResourceId(id), firstLineOf(text), 'driver', at)];
  }
  return [];
}

/** YARN's `<memory:6144, vCores:2>`. */
function yarnCapability(text: string): { memoryMb?: number; cpuCores?: number } | undefined {
  const memory = intAfter(text, '<memory:');
  if (memory === undefined) return undefined;
  const vcores = intAfter(text, 'vCores:');
  return vcores === undefined ? { memoryMb: memory } : { memoryMb: memory, cpuCores: vcores };
}

/**
 * flink-kubernetes/.../KubernetesResourceManager.java (1.10, 1.11), KubernetesResourceManagerDriver.java
 * (1.12+): pod requests (`<{memoryMB},{cpu}>`), pods received, pods that terminate before scheduling.
 */
function kubernetesLine(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const text = firstLineOf(joinedMessage(record));
  if (text.startsWith('Requesting new TaskManager pod with <')) {
    const fact: Mutable<WorkerRequested> = { kind: 'workerRequested', source: 'driver', at };
    const resource = podResource(text, 'Requesting new TaskManager pod with <'.length);
    if (resource !== undefined) fact.resource = resource;
    const pending = intAfter(text, 'Number pending requests ');
    if (pending !== undefined) fact.pending = pending;
    return [fact];
  }
  if (text.startsWith('Creating new TaskManager pod with name ')) {
    const worker = wordAfter(text, 'Creating new TaskManager pod with name ');
    const fact: Mutable<WorkerRequested> = { kind: 'workerRequested', source: 'driver', at };
    if (worker !== undefined) fact.worker = worker;
    const open = text.indexOf(' and resource <');
    const resource = open < 0 ? undefined : podResource(text, open + ' and resource <'.length);
    if (resource !== undefined) fact.resource = resource;
    return [fact];
  }
  if (text.startsWith('Received new TaskManager pod: ')) {
    const worker = wordAfter(text, 'Received new TaskManager pod: ');
    return worker === undefined ? [] : [{ kind: 'workerRegistered', worker, source: 'driver', at }];
  }
  if (text.startsWith('Pod ') && text.includes(' is terminated before')) {
    const worker = wordAfter(text, 'Pod ');
    return worker === undefined ? [] : [terminated(worker, text, 'driver', at)];
  }
  if (text.startsWith('Could not create pod ')) {
    const worker = wordAfter(text, 'Could not create pod ', [',', ' ']);
    return worker === undefined ? [] : [terminated(worker, text, 'driver', at)];
  }
  return [];
}

/** `<2500,2.5>` from `at` (just after `<`): memory in MB, CPU. */
function podResource(text: string, at: number): { memoryMb?: number; cpuCores?: number } | undefined {
  const close = text.indexOf('>', at);
  if (close < 0) return undefined;
  const [memory, cpu] = text.slice(at, close).split(',');
  const memoryMb = memory === undefined ? undefined : decimalAt(memory.trim(), 0);
  const cpuCores = cpu === undefined ? undefined : decimalAt(cpu.trim(), 0);
  if (memoryMb === undefined && cpuCores === undefined) return undefined;
  return { ...(memoryMb === undefined ? {} : { memoryMb }), ...(cpuCores === undefined ? {} : { cpuCores }) };
}

export const activeResourceManagerRecognisers: readonly Recogniser[] = [activeResourceManagerLine, stoppingLine, yarnLine, kubernetesLine];
