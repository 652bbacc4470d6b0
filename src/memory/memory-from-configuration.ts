/**
 * Flink configuration → TaskManager memory and slot resources, with a failure turned into a
 * located diagnostic: the message is Flink's exception chain, outermost first, and the location
 * is the configuration key the message names, when there is one.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { FlinkConfiguration } from './flink-configuration.js';
import { readLegacyOptions } from './legacy-options.js';
import { checkNetworkOptions } from './network-options.js';
import { type TaskManagerResources, computeTaskManagerResources } from './slot-resources.js';
import { type DeploymentTarget, type TargetWays, otherTargetCpuNotes } from './task-manager-cpu.js';
import { type TaskExecutorMemory, computeTaskExecutorMemory } from './task-executor-memory.js';

export interface TaskManagerSetup {
  readonly memory: TaskExecutorMemory;
  readonly resources: TaskManagerResources;
}

/**
 * The warnings of a result are notes on how the configuration was read (legacy keys, another
 * target's keys); `ways`: how the deployment target can be named where the configuration was given.
 */
export function taskManagerSetup(
  given: FlinkConfiguration,
  version: FlinkVersion,
  target: DeploymentTarget = 'standalone',
  ways: TargetWays = {},
): Result<TaskManagerSetup> {
  let memory: TaskExecutorMemory;
  let config: FlinkConfiguration;
  const cpuNotes = otherTargetCpuNotes(given, target, version, ways);
  let notes: Diagnostic[] = cpuNotes;
  try {
    const legacy = readLegacyOptions(given, version, target);
    config = legacy.config;
    notes = [...legacy.notes, ...cpuNotes];
    memory = computeTaskExecutorMemory(config, version);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    // How the keys were read explains a failure too (a legacy key Flink 2 no longer reads).
    return fail([toDiagnostic(e, given), ...notes]);
  }
  let resources: TaskManagerResources;
  try {
    resources = computeTaskManagerResources(config, version, memory, target);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    return fail([toDiagnostic(e, given), ...notes]);
  }
  // After the memory model the TaskManager builds its shuffle environment, which refuses some network options.
  const network = checkNetworkOptions(given, version, memory.network);
  if (network.refusal !== undefined) return fail([network.refusal, ...notes, ...network.notes]);
  return ok({ memory, resources }, [...notes, ...network.notes]);
}

function toDiagnostic(e: FlinkException, config: FlinkConfiguration): Diagnostic {
  const message = [e.message, ...e.causes.filter((c) => !e.message.includes(c)).map((c) => `caused by: ${c}`)].join('\n  ');
  // Flink names the key quoted ('taskmanager.memory.flink.size') or bare (taskmanager.cpu.cores).
  const named = [...e.chain.join(' ').matchAll(/(?:taskmanager|external-resource)\.[A-Za-z0-9._-]*[A-Za-z0-9]/g)].map((m) => m[0]);
  const key = named.find((k) => config.has(k));
  // Flat keys are JSON-pointer segments as they are; a nested config.yaml is located by its ancestor.
  return error('config/memory', message, key === undefined ? '' : `/${key}`, e.errorType);
}
