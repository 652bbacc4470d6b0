/**
 * The keys of a Flink configuration that decide what flinkslot answers, and what a configuration's
 * other keys mean to it. Flink reads every key it knows and ignores the rest without a word
 * (`Configuration` is a map; a connector, a reporter or a user's own code reads its keys later), so
 * flinkslot ignores them too, but for two cases where ignoring would give a wrong answer quietly:
 * - a near miss of a key that matters (`taskmanager.memory.proces.size`): Flink would ignore it and
 *   size the TaskManager without it, which is rarely what its author meant: a warning, with the key;
 * - a key that matters whose value is hidden (`******`, as GET /jobmanager/config and the logs show
 *   secret values: `GlobalConfiguration.HIDDEN_CONTENT`): its value is unknown, so it is read as not
 *   set, with a warning, rather than as the text "******".
 */
import { type Diagnostic, warning } from '../errors/diagnostic.js';
import { NEWEST_FLINK_VERSION, OLDEST_FLINK_VERSION } from '../model/flink-version.js';
import { closestName } from '../util/closest.js';
import type { FlinkConfiguration } from './flink-configuration.js';
import { LEGACY_KEYS } from './legacy-options.js';
import { memoryOptions } from './memory-options.js';
import { NETWORK_OPTION_KEYS } from './network-options.js';
import { SCHEDULER_KEYS } from '../parse/scheduler-options.js';

/** What Flink's REST API and logs show for a secret value (`GlobalConfiguration.HIDDEN_CONTENT`). */
export const HIDDEN_CONTENT = '******';

/** Keys flinkslot reads besides the memory options: slots, CPU per target, the target, state backend, weights. */
const OTHER_KEYS = [
  'taskmanager.numberOfTaskSlots',
  'taskmanager.cpu.cores',
  'kubernetes.taskmanager.cpu',
  'kubernetes.taskmanager.cpu.amount',
  'kubernetes.taskmanager.cpu.limit-factor',
  'kubernetes.taskmanager.memory.limit-factor',
  'yarn.containers.vcores',
  'execution.target',
  'state.backend',
  'state.backend.type',
  'taskmanager.memory.managed.consumer-weights',
  'taskmanager.load-balance.mode',
  'cluster.evenly-spread-out-slots',
  'parallelism.default',
];

function keysThatMatter(): Set<string> {
  const keys = new Set<string>([...OTHER_KEYS, ...LEGACY_KEYS, ...NETWORK_OPTION_KEYS, ...SCHEDULER_KEYS]);
  for (const version of [OLDEST_FLINK_VERSION, NEWEST_FLINK_VERSION])
    for (const o of Object.values(memoryOptions(version))) for (const k of o === undefined ? [] : [o.key, ...o.fallbackKeys]) keys.add(k);
  return keys;
}

/** Built once: every configuration read asks it. */
export const KEYS_THAT_MATTER: ReadonlySet<string> = keysThatMatter();

export interface CheckedKeys {
  /** The configuration without hidden values of keys that matter. */
  readonly config: FlinkConfiguration;
  readonly notes: Diagnostic[];
}

/**
 * Near misses and hidden values among a configuration's keys. `pointerOf` places a note at the key
 * (a flat file's key is its own pointer; a FlinkDeployment's sits under its flinkConfiguration).
 */
export function checkConfigurationKeys(config: FlinkConfiguration, pointerOf: (key: string) => string = flatPointer): CheckedKeys {
  const notes: Diagnostic[] = [];
  let out: Map<string, string> | undefined;
  for (const [key, value] of config) {
    if (KEYS_THAT_MATTER.has(key)) {
      if (value.trim() !== HIDDEN_CONTENT) continue;
      (out ??= new Map(config)).delete(key);
      const message = `the value of '${key}' is hidden (${HIDDEN_CONTENT}, as Flink shows secrets): read as not set; give the configuration with its value`;
      notes.push(warning('config/hidden-value', message, pointerOf(key)));
      continue;
    }
    const near = nearMiss(key);
    if (near !== undefined)
      notes.push(
        warning(
          'config/unknown-key',
          `'${key}' is not a key Flink reads: ignored, as Flink ignores it; did you mean '${near}'?`,
          pointerOf(key),
        ),
      );
  }
  return { config: out ?? config, notes };
}

/**
 * Answers of nearMiss already computed. One command can read one configuration several times
 * (`size` reads it for each use: five times), and each key's search compares it with every key
 * that matters, most of a small command's run after start-up. Bounded: emptied when full.
 */
const nearMisses = new Map<string, string | null>();
const NEAR_MISSES_KEPT = 4096;

/** A key that matters within a typo's distance, when the key is not one of them; prefixes of Flink's families only. */
function nearMiss(key: string): string | undefined {
  if (!/^(taskmanager|kubernetes|yarn|execution|state|parallelism|cluster)\b|^[a-z]+\.(memory|cpu|numberof)/i.test(key)) return undefined;
  const known = nearMisses.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = closestName(key, KEYS_THAT_MATTER);
  const near = found === key ? undefined : found;
  if (nearMisses.size >= NEAR_MISSES_KEPT) nearMisses.clear();
  nearMisses.set(key, near ?? null);
  return near;
}

/** Flat keys are JSON-pointer segments as they are (a nested config.yaml is located by its ancestor). */
function flatPointer(key: string): string {
  return `/${key}`;
}
