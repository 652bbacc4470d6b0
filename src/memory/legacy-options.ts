/**
 * The TaskManager keys of Flink before FLIP-49 (1.10), read as the release given reads them, each
 * with a note naming the key Flink uses now (docs/research/legacy-keys.md lists them per release):
 * - `taskmanager.heap.size` / `taskmanager.heap.mb` (1.10–1.20, removed in 2.0) stand for the whole
 *   TaskManager: when the new key is not set, Flink copies the legacy value into it before deriving
 *   memory (`MemoryBackwardsCompatibilityUtils.getConfWithLegacyHeapSizeMappedToNewConfigOption`,
 *   flink-runtime/.../util/config/memory/; in 1.10 `TaskExecutorProcessUtils`). Which key depends on
 *   who starts the TaskManager: the scripts of a standalone TaskManager (`BashJavaUtils`) map it to
 *   Total Flink Memory, an active ResourceManager on Kubernetes or YARN
 *   (`ActiveResourceManagerFactory`, and the client's `AbstractContainerizedClusterClientFactory`)
 *   to Total Process Memory. heap.size wins over heap.mb.
 * - Deprecated keys that are fallback keys of today's options (`taskmanager.memory.size`,
 *   `taskmanager.network.memory.*`, `kubernetes.taskmanager.cpu` from 1.17) are read by the
 *   options themselves (memory-options.ts, task-manager-cpu.ts); here they only get their note.
 * - Keys no release from 1.10 reads for a TaskManager (`taskmanager.memory.fraction`, `.off-heap`,
 *   `.preallocate`, the container heap cut-off) are ignored, as Flink ignores them, with a note.
 */
import { type Diagnostic, info } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { MAX_BYTES } from '../model/memory-size.js';
import { type FlinkConfiguration, option, readInteger, readMemory } from './flink-configuration.js';
import type { DeploymentTarget } from './task-manager-cpu.js';

const HEAP_SIZE = option<bigint>('taskmanager.heap.size', undefined, undefined);
const HEAP_MB = option<number>('taskmanager.heap.mb', undefined, undefined);
const FLINK_SIZE = 'taskmanager.memory.flink.size';
const PROCESS_SIZE = 'taskmanager.memory.process.size';

/** Deprecated keys still read through today's option: the key Flink reads them as, and the releases. */
const FALLBACK_KEYS: ReadonlyArray<{ key: string; now: string; from?: [number, number]; target?: DeploymentTarget }> = [
  { key: 'taskmanager.memory.size', now: 'taskmanager.memory.managed.size' },
  { key: 'taskmanager.network.memory.min', now: 'taskmanager.memory.network.min' },
  { key: 'taskmanager.network.memory.max', now: 'taskmanager.memory.network.max' },
  { key: 'taskmanager.network.memory.fraction', now: 'taskmanager.memory.network.fraction' },
  // FLINK-29372 (1.17): the option became kubernetes.taskmanager.cpu.amount; before, this was its key.
  // Elsewhere it is not read at all (task-manager-cpu.ts says so).
  { key: 'kubernetes.taskmanager.cpu', now: 'kubernetes.taskmanager.cpu.amount', from: [1, 17], target: 'kubernetes' },
];

/** Keys no TaskManager of 1.10 or later reads, and what replaced them. */
const IGNORED_KEYS: ReadonlyArray<{ key: string; now: string }> = [
  { key: 'taskmanager.memory.fraction', now: 'Flink uses taskmanager.memory.managed.fraction now' },
  { key: 'taskmanager.memory.off-heap', now: 'managed memory is always off-heap now' },
  { key: 'taskmanager.memory.preallocate', now: 'managed memory is never preallocated now' },
  { key: 'containerized.heap-cutoff-ratio', now: 'Flink uses taskmanager.memory.jvm-overhead.fraction now' },
  { key: 'containerized.heap-cutoff-min', now: 'Flink uses taskmanager.memory.jvm-overhead.min now' },
  { key: 'yarn.heap-cutoff-ratio', now: 'Flink uses taskmanager.memory.jvm-overhead.fraction now' },
  { key: 'yarn.heap-cutoff-min', now: 'Flink uses taskmanager.memory.jvm-overhead.min now' },
];

/** Every legacy key this file knows (a near miss of one is worth a warning too). */
export const LEGACY_KEYS: readonly string[] = [
  HEAP_SIZE.key,
  HEAP_MB.key,
  'taskmanager.network.numberOfBuffers',
  ...FALLBACK_KEYS.map((k) => k.key),
  ...IGNORED_KEYS.map((k) => k.key),
];

export interface LegacyRead {
  /** The configuration Flink derives memory from (the legacy heap copied into its new key). */
  readonly config: FlinkConfiguration;
  readonly notes: Diagnostic[];
}

/** The configuration as the release reads a TaskManager's legacy keys; throws Flink's exception on a bad legacy value. */
export function readLegacyOptions(config: FlinkConfiguration, version: FlinkVersion, target: DeploymentTarget): LegacyRead {
  const notes = deprecatedKeyNotes(config, version, target);
  const heap = legacyHeap(config, version, target, notes);
  return { config: heap, notes };
}

function legacyHeap(config: FlinkConfiguration, version: FlinkVersion, target: DeploymentTarget, notes: Diagnostic[]): FlinkConfiguration {
  const given = [HEAP_SIZE.key, HEAP_MB.key].filter((k) => config.has(k));
  if (given.length === 0) return config;
  const active = target !== 'standalone';
  const newKey = active ? PROCESS_SIZE : FLINK_SIZE;
  const both = `${FLINK_SIZE} (standalone) or ${PROCESS_SIZE} (Kubernetes, YARN)`;
  if (atLeast(version, 2, 0)) {
    notes.push(
      info(
        'config/legacy-key',
        `'${given[0]}' is not read by Flink ${version.major}.${version.minor} (removed in 2.0): set ${both}`,
        pointer(given[0]!),
      ),
    );
    return config;
  }
  if (config.has(newKey)) {
    const why = `'${newKey}' is set, so Flink ignores the legacy '${given[0]}' on ${active ? 'an active deployment' : 'a standalone TaskManager'}; remove it`;
    notes.push(info('config/legacy-key', why, pointer(given[0]!)));
    return config;
  }
  const bytes = legacyHeapBytes(config, version);
  const out = new Map(config);
  out.set(newKey, `${bytes}b`);
  const value = config.get(HEAP_SIZE.key) ?? `${config.get(HEAP_MB.key)} MB`;
  const how = active ? `an active ResourceManager (${target}) maps it to` : 'a standalone TaskManager maps it to';
  notes.push(
    info(
      'config/legacy-key',
      `'${given[0]}' is deprecated: ${how} '${newKey}' (${value}), as Flink ${version.major}.${version.minor} does; Flink uses ${both} now`,
      pointer(given[0]!),
    ),
  );
  return out;
}

/** `getLegacyHeapMemoryIfExplicitlyConfigured`: heap.size, else heap.mb (megabytes, not below 0). */
function legacyHeapBytes(config: FlinkConfiguration, version: FlinkVersion): bigint {
  try {
    if (config.has(HEAP_SIZE.key)) return readMemory(config, HEAP_SIZE)!;
    const mb = readInteger(config, HEAP_MB)!;
    if (mb < 0)
      throw new FlinkException('IllegalConfigurationException', `Configured total process memory size (${mb}MB) must not be less than 0.`);
    const bytes = BigInt(mb) << 20n;
    return bytes > MAX_BYTES ? MAX_BYTES : bytes;
  } catch (e) {
    // FLINK-20171 (1.11.3, 1.12): TaskExecutorProcessUtils says which mapping failed.
    if (!(e instanceof FlinkException) || e.errorType !== 'IllegalConfigurationException' || !atLeast(version, 1, 12)) throw e;
    throw e.wrap(e.errorType, `TaskManager failed to map legacy JVM heap option to the new one: ${e.message}`);
  }
}

function deprecatedKeyNotes(config: FlinkConfiguration, version: FlinkVersion, target: DeploymentTarget): Diagnostic[] {
  const notes: Diagnostic[] = [];
  for (const { key, now, from, target: only } of FALLBACK_KEYS) {
    if (!config.has(key) || (from !== undefined && !atLeast(version, from[0], from[1])) || (only !== undefined && only !== target))
      continue;
    const shadowed = config.has(now) ? `; '${now}' is set too and wins` : '';
    notes.push(info('config/legacy-key', `'${key}' is deprecated: Flink reads it as '${now}'${shadowed}`, pointer(key)));
  }
  const buffers = 'taskmanager.network.numberOfBuffers';
  if (config.has(buffers)) {
    const message = atLeast(version, 2, 0)
      ? `'${buffers}' is not read by Flink 2.0 or later: set taskmanager.memory.network.min and .max`
      : `'${buffers}' is deprecated: Flink reads it as network memory of that many buffers × taskmanager.memory.segment-size when no taskmanager.memory.network.* key is set; Flink uses taskmanager.memory.network.min and .max now`;
    notes.push(info('config/legacy-key', message, pointer(buffers)));
  }
  for (const { key, now } of IGNORED_KEYS) {
    if (config.has(key))
      notes.push(info('config/legacy-key', `'${key}' is not read by a TaskManager since Flink 1.10: ignored; ${now}`, pointer(key)));
  }
  return notes;
}

function pointer(key: string): string {
  return `/${key}`;
}
