/**
 * Which state backend a job's keyed state uses, and whether it takes managed memory
 * (`StateBackendLoader.stateBackendFromApplicationOrConfigOrDefaultUseManagedMemory`): a backend
 * the job sets itself wins; else the configuration's (`state.backend.type` from 1.17, before it
 * `state.backend`, still read as its fallback); else the heap backend. RocksDB and ForSt (2.0+)
 * take managed memory (`AbstractManagedMemoryStateBackend.useManagedMemory` is always true), the
 * heap backends (hashmap, and the deprecated jobmanager / filesystem) do not. A factory class
 * flinkslot cannot load is assumed to take it, as Flink does when it cannot decide.
 */
import { type Diagnostic, info, warning } from '../errors/diagnostic.js';
import type { ManagedMemoryConfig, StateBackendChoice } from '../model/job-graph.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import type { FlinkConfiguration } from './flink-configuration.js';

const HEAP = new Set(['hashmap', 'jobmanager', 'filesystem']);
const MANAGED = new Set(['rocksdb', 'forst']);

/** The configuration keys naming the backend, newest first. */
function backendKeys(version: FlinkVersion): string[] {
  return atLeast(version, 1, 17) ? ['state.backend.type', 'state.backend'] : ['state.backend'];
}

export function usesManagedMemory(name: string): boolean {
  return !HEAP.has(name.toLowerCase());
}

/** The backend the TaskManager configuration names, when the job does not set one. */
export function stateBackendFromConfiguration(
  config: FlinkConfiguration,
  version: FlinkVersion,
  current: ManagedMemoryConfig,
  notes: Diagnostic[],
): Pick<ManagedMemoryConfig, 'stateBackend' | 'stateBackendUsesManagedMemory'> {
  const kept = { stateBackend: current.stateBackend, stateBackendUsesManagedMemory: current.stateBackendUsesManagedMemory };
  // The job's own backend, or BATCH mode's, wins over the configuration.
  if (current.stateBackend.source !== 'default') return kept;
  const key = backendKeys(version).find((k) => config.has(k));
  if (key === undefined) return kept;
  const name = config.get(key)!.trim();
  const lower = name.toLowerCase();
  if (lower === 'forst' && !atLeast(version, 2, 0)) {
    notes.push(
      warning(
        'tm-config/state-backend',
        `${key}: forst is a state backend of Flink 2.0 and later; Flink ${formatVersion(version)} looks for a factory class of that name and fails`,
        `/${key}`,
      ),
    );
  } else if (!HEAP.has(lower) && !MANAGED.has(lower)) {
    notes.push(
      info(
        'tm-config/state-backend',
        `${key}: ${name} is a state backend factory flinkslot cannot load; it is assumed to use managed memory, as Flink assumes when it cannot decide`,
        `/${key}`,
      ),
    );
  }
  const stateBackend: StateBackendChoice = { name: HEAP.has(lower) || MANAGED.has(lower) ? lower : name, source: 'tm-config', key };
  return { stateBackend, stateBackendUsesManagedMemory: usesManagedMemory(name) };
}
