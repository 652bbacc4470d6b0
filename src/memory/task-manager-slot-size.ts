/**
 * The TaskManager configuration a plan or a check is made against: the managed memory of one
 * default slot (turns managed-memory fractions into bytes), with memory errors located in the
 * configuration file whether it is flat (flink-conf.yaml) or nested (config.yaml).
 */
import { type Diagnostic, type Result, fail, ok } from '../errors/diagnostic.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { JobGraph, ShuffleOptions } from '../model/job-graph.js';
import { parseMemorySize } from '../model/memory-size.js';
import { definedOnly } from '../util/defined-only.js';
import type { FlinkConfiguration } from './flink-configuration.js';
import { stripByteOrderMark } from '../parse/document.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { readConsumerWeights } from '../parse/consumer-weights.js';
import { mergeSchedulerOptions, readSchedulerOptions } from '../parse/scheduler-options.js';
import { type TaskManagerSetup, taskManagerSetup } from './memory-from-configuration.js';
import { targetOfConfiguration } from './task-manager-cpu.js';
import { stateBackendFromConfiguration } from './state-backend.js';
import { stateBackendMemory } from './state-backend-memory.js';
import { type ConfigurationText, readConfigurationText, targetWaysOfText } from './parse-flink-configuration.js';

/** The managed memory of one default slot of the configured TaskManagers, for the job's Flink version. */
export function withTaskManagerSlotSize(graph: JobGraph, tmConfig: { text: string; file: string }): Result<JobGraph> {
  const read = readConfigurationText(stripByteOrderMark(tmConfig.text), tmConfig.file);
  if (!read.ok) return read;
  const config = { value: read.value.config };
  const setup = setupOfRead(read.value, graph.flinkVersion)(config.value);
  if (!setup.ok)
    return fail(
      locateDiagnostics(
        setup.diagnostics.map((d) => withConfigPointer(d, tmConfig.text)),
        stripByteOrderMark(tmConfig.text),
        tmConfig.file,
      ),
    );
  const slotManagedMemory = setup.value.resources.defaultSlotResourceProfile.managedMemory;
  // How the configuration was read (a near miss of a key, legacy keys), then what the plan takes from it.
  const notes: Diagnostic[] = [...read.value.notes.filter((n) => n.severity === 'warning'), ...setup.warnings];
  const backend = stateBackendFromConfiguration(config.value, graph.flinkVersion, graph.managedMemoryConfig, notes);
  const weights = consumerWeightsFromConfiguration(config.value, notes);
  const memory = backend.stateBackendUsesManagedMemory
    ? stateBackendMemory(config.value, graph.flinkVersion, backend.stateBackend.name)
    : undefined;
  // The cluster's scheduler keys; the job's own configuration wins key by key.
  const scheduler = readSchedulerOptions(
    (k) => config.value.get(k),
    'tm-config',
    graph.flinkVersion,
    (k) => `/${k}`,
    notes,
  );
  const located = locateDiagnostics(
    notes.map((d) => withConfigPointer(d, tmConfig.text)),
    stripByteOrderMark(tmConfig.text),
    tmConfig.file,
  );
  if (located.some((d) => d.severity === 'error')) return fail(located.filter((d) => d.severity === 'error'));
  return ok(
    {
      ...graph,
      managedMemoryConfig: {
        ...graph.managedMemoryConfig,
        ...backend,
        ...weights,
        slotManagedMemory,
        ...(memory === undefined ? {} : { stateBackendMemory: memory }),
      },
      shuffleOptions: shuffleOptions(config.value),
      schedulerOptions: mergeSchedulerOptions(scheduler, graph.schedulerOptions),
    },
    located,
  );
}

/**
 * `taskmanager.memory.managed.consumer-weights` of the TaskManagers: Flink reads the slot's
 * weights from the cluster's configuration (`ManagedMemoryUtils.convertToFractionOfSlot`), so the
 * TaskManager configuration's weights replace the job file's.
 */
function consumerWeightsFromConfiguration(
  config: FlinkConfiguration,
  notes: Diagnostic[],
): Partial<Pick<JobGraph['managedMemoryConfig'], 'consumerWeights' | 'consumerWeightsSource'>> {
  const key = 'taskmanager.memory.managed.consumer-weights';
  const text = config.get(key);
  if (text === undefined) return {};
  const weights = readConsumerWeights(text, `/${key}`, notes);
  return weights === undefined ? {} : { consumerWeights: weights, consumerWeightsSource: 'tm-config' };
}

/** A key named by a memory error is flat in flink-conf.yaml (a line "key: value") and nested in config.yaml. */
export function withConfigPointer(d: Diagnostic, text: string): Diagnostic {
  const pointer = d.location?.pointer ?? '';
  const key = pointer.slice(1);
  const flat = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm');
  if (pointer === '' || flat.test(text)) return d;
  return { ...d, location: { pointer: pointer.replace(/\./g, '/') } };
}

/** The options that change the network buffers a task announces, where the configuration sets them. */
export function shuffleOptions(config: FlinkConfiguration): ShuffleOptions {
  const integer = (key: string): number | undefined => {
    const text = config.get(key);
    return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
  };
  const segment = config.get('taskmanager.memory.segment-size');
  const shuffleMode = config.get('execution.batch-shuffle-mode')?.trim().toUpperCase();
  const newMode = config.get('taskmanager.network.hybrid-shuffle.enable-new-mode')?.trim().toLowerCase();
  return definedOnly({
    buffersPerChannel: integer('taskmanager.network.memory.buffers-per-channel'),
    floatingBuffersPerGate: integer('taskmanager.network.memory.floating-buffers-per-gate'),
    sortShuffleMinParallelism: integer('taskmanager.network.sort-shuffle.min-parallelism'),
    sortShuffleMinBuffers: integer('taskmanager.network.sort-shuffle.min-buffers'),
    segmentSize: segment === undefined ? undefined : parseMemorySize(segment),
    readBufferRequiredPerGateMax: integer('taskmanager.network.memory.read-buffer.required-per-gate.max'),
    // The TaskManager builds tiered-storage partitions for hybrid batch shuffle (1.18+, network-buffer-rules.ts).
    hybridBatchShuffle: shuffleMode?.startsWith('ALL_EXCHANGES_HYBRID') === true ? true : undefined,
    hybridNewMode: newMode === 'false' ? false : newMode === 'true' ? true : undefined,
    tieredRemoteStorage: config.get('taskmanager.network.hybrid-shuffle.remote.path') === undefined ? undefined : true,
  });
}

/**
 * The memory model of a configuration as the file reads it: its execution.target decides how a legacy
 * heap key and another target's CPU key are read, as in `memory`.
 */
function setupOfRead(read: ConfigurationText, version: FlinkVersion): (config: FlinkConfiguration) => Result<TaskManagerSetup> {
  const ways = targetWaysOfText(read);
  return (config) => taskManagerSetup(config, version, targetOfConfiguration(config) ?? 'standalone', ways);
}

/** A TaskManager configuration read as `withTaskManagerSlotSize` reads it, that can be set up again with keys changed. */
export interface ConfiguredTaskManager {
  readonly setup: TaskManagerSetup;
  /** The same configuration with `changes` applied (as if written in the file), set up again. */
  readonly setupWith: (changes: ReadonlyMap<string, string>) => Result<TaskManagerSetup>;
}

/** The TaskManager of a configuration text for the job's release (errors as `withTaskManagerSlotSize` reports them). */
export function configuredTaskManager(tmConfig: { text: string; file: string }, version: FlinkVersion): Result<ConfiguredTaskManager> {
  const read = readConfigurationText(stripByteOrderMark(tmConfig.text), tmConfig.file);
  if (!read.ok) return read;
  const setupOf = setupOfRead(read.value, version);
  const setup = setupOf(read.value.config);
  if (!setup.ok) return setup;
  return ok({
    setup: setup.value,
    setupWith: (changes) => setupOf(new Map([...read.value.config, ...changes])),
  });
}
