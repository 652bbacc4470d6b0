/**
 * Where RocksDB and ForSt take their block cache and write buffers from (1.17+:
 * `RocksDBSharedResourcesFactory.from`, before it `RocksDBOperationUtils.allocateSharedCachesIfConfigured`):
 * `memory.fixed-per-slot` first (outside managed memory), else `memory.managed` (default true: the
 * slot's STATE_BACKEND share of managed memory), else, from 1.17, `memory.fixed-per-tm` (one cache
 * for the whole TaskManager, outside managed memory), else nothing bounds them. None of these
 * changes the share Flink reserves (`useManagedMemory()` is always true for both backends), so
 * when the memory comes from elsewhere the reserved share sits idle.
 */
import type { StateBackendMemory } from '../model/job-graph.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { FlinkConfiguration } from './flink-configuration.js';

/** The option prefix of a backend that sizes its own memory; undefined for the heap backends and unknown factories. */
function memoryPrefix(backend: string, version: FlinkVersion): string | undefined {
  if (backend === 'rocksdb') return 'state.backend.rocksdb.memory.';
  // ForSt's options exist from 1.20; the backend itself ships from 2.0.
  if (backend === 'forst' && atLeast(version, 1, 20)) return 'state.backend.forst.memory.';
  return undefined;
}

/** The setting that moves the backend's memory out of managed memory, or undefined when it stays there. */
export function stateBackendMemory(config: FlinkConfiguration, version: FlinkVersion, backend: string): StateBackendMemory | undefined {
  const prefix = memoryPrefix(backend, version);
  if (prefix === undefined) return undefined;
  const value = (key: string): string | undefined => {
    const text = config.get(key)?.trim();
    return text === undefined || text === '' ? undefined : text;
  };
  const perSlot = `${prefix}fixed-per-slot`;
  if (value(perSlot) !== undefined) return { kind: 'fixed-per-slot', key: perSlot, value: value(perSlot)! };
  const managed = `${prefix}managed`;
  if (value(managed)?.toLowerCase() !== 'false') return undefined;
  const perTm = `${prefix}fixed-per-tm`;
  if (atLeast(version, 1, 17) && value(perTm) !== undefined) return { kind: 'fixed-per-tm', key: perTm, value: value(perTm)! };
  return { kind: 'unbounded', key: managed, value: value(managed)! };
}
