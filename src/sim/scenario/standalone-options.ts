/**
 * A standalone ResourceManager cannot start workers, so before its SlotManager starts Flink removes
 * the options that limit or add workers, and logs a WARN for each one present
 * (`StandaloneResourceManagerFactory`; the keys grew with the releases). Without this, a standalone
 * cluster of 2 TaskManagers × 4 slots with `slotmanager.number-of-slots.max: 4` would refuse the
 * second TaskManager, which Flink does not.
 */
import { type Diagnostic, warning } from '../../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../../model/flink-version.js';
import type { Raw } from './reader.js';

/** Cluster-file option → Flink's key, and the first release that drops it in standalone mode. */
const DROPPED_IN_STANDALONE: readonly (readonly [option: string, key: string, major: number, minor: number])[] = [
  ['maxSlots', 'slotmanager.number-of-slots.max', 1, 11],
  ['maxTotalCpu', 'slotmanager.max-total-resource.cpu', 1, 18],
  ['maxTotalMemory', 'slotmanager.max-total-resource.memory', 1, 18],
  ['minSlots', 'slotmanager.number-of-slots.min', 1, 19],
  ['minTotalCpu', 'slotmanager.min-total-resource.cpu', 1, 19],
  ['minTotalMemory', 'slotmanager.min-total-resource.memory', 1, 19],
];

/** The options a standalone SlotManager of `version` runs with, and a warning per option dropped. */
export function standaloneOptions(options: Raw, pointer: string, version: FlinkVersion, notes: Diagnostic[]): Raw {
  const kept: Raw = { ...options };
  for (const [option, key, major, minor] of DROPPED_IN_STANDALONE) {
    if (options[option] === undefined || !atLeast(version, major, minor)) continue;
    delete kept[option];
    const message = `options.${option} (${key}) is ignored: a standalone ResourceManager removes it, as Flink logs "Config option ${key} will be ignored in standalone mode."`;
    notes.push(warning('scenario/ignored-in-standalone', message, `${pointer}/${option}`));
  }
  return kept;
}
