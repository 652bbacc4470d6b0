/**
 * The scheduler keys of a job's or a cluster's Flink configuration, as the JobMaster reads them:
 * which scheduler runs a batch job and the AdaptiveBatchScheduler's parallelism bounds
 * (docs/research/adaptive-batch-scheduler.md). Keys per release:
 * - 1.15, 1.16: `jobmanager.adaptive-batch-scheduler.*` (flink-core/.../JobManagerOptions.java);
 * - 1.17+: `execution.batch.adaptive.auto-parallelism.*` (flink-core/.../BatchExecutionOptions.java),
 *   the old keys still read as deprecated keys (withDeprecatedKeys) through 2.2.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { SchedulerOption, SchedulerOptions } from '../model/job-graph.js';

const OLD = 'jobmanager.adaptive-batch-scheduler.';
const NEW = 'execution.batch.adaptive.auto-parallelism.';

type IntegerOption = 'minParallelism' | 'maxParallelism' | 'defaultSourceParallelism';

const SUFFIX: Record<IntegerOption, string> = {
  minParallelism: 'min-parallelism',
  maxParallelism: 'max-parallelism',
  defaultSourceParallelism: 'default-source-parallelism',
};

/** The keys that may set one option in `version`, first the one Flink prefers. */
export function schedulerOptionKeys(name: IntegerOption, version: FlinkVersion): readonly string[] {
  return atLeast(version, 1, 17) ? [NEW + SUFFIX[name], OLD + SUFFIX[name]] : [OLD + SUFFIX[name]];
}

/** Every key this file reads, in any release (for the configuration readers' near-miss check). */
export const SCHEDULER_KEYS: readonly string[] = [
  'jobmanager.scheduler',
  'scheduler-mode',
  ...Object.values(SUFFIX).flatMap((s) => [OLD + s, NEW + s]),
];

const SCHEDULERS = ['Ng', 'Default', 'Adaptive', 'AdaptiveBatch'] as const;

/**
 * Reads the options from `get` (a flat key → text lookup); `pointerOf` locates a bad value. A value
 * Flink cannot parse is an error (Flink fails reading the configuration).
 */
export function readSchedulerOptions(
  get: (key: string) => string | undefined,
  source: SchedulerOption<unknown>['source'],
  version: FlinkVersion,
  pointerOf: (key: string) => string,
  out: Diagnostic[],
): SchedulerOptions {
  const result: { -readonly [K in keyof SchedulerOptions]: SchedulerOptions[K] } = {};
  const scheduler = get('jobmanager.scheduler');
  if (scheduler !== undefined) {
    // ConfigOption<SchedulerType>: Flink's enum parsing ignores case.
    const known = SCHEDULERS.find((s) => s.toLowerCase() === scheduler.trim().toLowerCase());
    if (known === undefined || (known === 'AdaptiveBatch' && !atLeast(version, 1, 15))) {
      const message = `Could not parse value '${scheduler}' for key 'jobmanager.scheduler' (scheduler types of this release: ${SCHEDULERS.filter((s) => s !== 'AdaptiveBatch' || atLeast(version, 1, 15)).join(', ')})`;
      out.push(error('input/scheduler-option', message, pointerOf('jobmanager.scheduler'), 'IllegalArgumentException'));
    } else result.scheduler = { value: known, key: 'jobmanager.scheduler', source };
  }
  const mode = get('scheduler-mode');
  if (mode !== undefined && mode.trim().toLowerCase() === 'reactive') result.reactive = { value: true, key: 'scheduler-mode', source };
  for (const name of Object.keys(SUFFIX) as IntegerOption[]) {
    const key = schedulerOptionKeys(name, version).find((k) => get(k) !== undefined);
    if (key === undefined) continue;
    const text = get(key)!.trim();
    const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value > 2 ** 31 - 1 || value < -(2 ** 31)) {
      out.push(error('input/scheduler-option', `Could not parse value '${text}' for key '${key}' (an integer)`, pointerOf(key)));
      continue;
    }
    result[name] = { value, key, source };
  }
  const parallelism = get('parallelism.default');
  if (parallelism !== undefined && /^\s*[+-]?\d+\s*$/.test(parallelism))
    result.parallelismDefault = { value: Number(parallelism), key: 'parallelism.default', source };
  return result;
}

/** The job's options over the cluster's: what the job sets wins, key by key. */
export function mergeSchedulerOptions(cluster: SchedulerOptions | undefined, job: SchedulerOptions | undefined): SchedulerOptions {
  return { ...(cluster ?? {}), ...(job ?? {}) };
}
