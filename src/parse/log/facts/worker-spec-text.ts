/**
 * Flink's WorkerResourceSpec as the active ResourceManager prints it (1.11+,
 * flink-runtime/.../resourcemanager/WorkerResourceSpec.java toString), and the YARN driver's
 * TaskExecutorProcessSpec (flink-runtime/.../clusterframework/TaskExecutorProcessSpec.java), read into
 * a WorkerSpecFact. docs/research/jobmanager-log-messages.md §5.3:
 * `WorkerResourceSpec {cpuCores=1.0, taskHeapSize=25.600mb (26843545 bytes), taskOffHeapSize=0 bytes,
 * networkMemSize=…, managedMemSize=…[, numSlots=n][, gpu=2.0]}` (numSlots from 1.13). Memory is
 * taken from the bytes in parentheses, exact.
 */
import type { WorkerSpecFact } from '../log-facts.js';
import { decimalAt, intAt } from './fact-text.js';

const OPENERS = ['WorkerResourceSpec {', 'TaskExecutorProcessSpec {'];

type MemoryField = 'taskHeap' | 'taskOffHeap' | 'network' | 'managed';

const MEMORY_FIELDS: Readonly<Record<string, MemoryField>> = {
  taskHeapSize: 'taskHeap',
  taskOffHeapSize: 'taskOffHeap',
  networkMemSize: 'network',
  managedMemSize: 'managed',
  managedMemorySize: 'managed',
};

/** TaskExecutorProcessSpec's fields that a worker spec does not have (not extended resources). */
const PROCESS_ONLY = new Set(['frameworkHeapSize', 'frameworkOffHeapSize', 'jvmMetaspaceSize', 'jvmOverheadSize']);

/** The first worker spec in `text`, or undefined when there is none (or it is cut before its `}`). */
export function parseWorkerSpecText(text: string): WorkerSpecFact | undefined {
  for (const opener of OPENERS) {
    const at = text.indexOf(opener);
    if (at < 0) continue;
    const start = at + opener.length;
    const end = text.indexOf('}', start);
    if (end < 0) return undefined;
    return specOfFields(text.slice(start, end));
  }
  return undefined;
}

function specOfFields(body: string): WorkerSpecFact | undefined {
  const spec: {
    cpuCores?: number;
    taskHeap?: bigint;
    taskOffHeap?: bigint;
    network?: bigint;
    managed?: bigint;
    numSlots?: number;
    extended?: Record<string, number>;
  } = {};
  let any = false;
  for (const field of body.split(', ')) {
    const eq = field.indexOf('=');
    if (eq <= 0) continue;
    const name = field.slice(0, eq).trim();
    const value = field.slice(eq + 1).trim();
    const memory = MEMORY_FIELDS[name];
    if (memory !== undefined) {
      const bytes = memoryBytes(value);
      if (bytes !== undefined) {
        spec[memory] = bytes;
        any = true;
      }
    } else if (name === 'cpuCores') {
      const cpu = decimalAt(value, 0);
      if (cpu !== undefined) spec.cpuCores = cpu;
      any ||= cpu !== undefined;
    } else if (name === 'numSlots') {
      const slots = intAt(value, 0);
      if (slots !== undefined) spec.numSlots = slots;
      any ||= slots !== undefined;
    } else if (!PROCESS_ONLY.has(name)) {
      const amount = decimalAt(value, 0);
      if (amount !== undefined && String(amount).length > 0) (spec.extended ??= {})[name] = amount;
    }
  }
  return any ? spec : undefined;
}

/** `25.600mb (26843545 bytes)` → 26843545n; `0 bytes` / `512 bytes` → the number. */
export function memoryBytes(value: string): bigint | undefined {
  const open = value.lastIndexOf('(');
  const inner = open >= 0 ? value.slice(open + 1) : value;
  if (!inner.startsWith('0') && !/^[1-9]/.test(inner)) return undefined;
  let i = 0;
  while (i < inner.length && i < 20 && inner.charCodeAt(i) >= 48 && inner.charCodeAt(i) <= 57) i++;
  if (i === 0 || !inner.startsWith(' bytes', i)) return undefined;
  return BigInt(inner.slice(0, i));
}
