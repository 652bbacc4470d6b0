/**
 * Which Flink version a simulated cluster runs, and what the output says about it. In order:
 * `--flink-version`; the scenario's or cluster file's `flinkVersion`; when the file names none,
 * the version every job's own file names (a cluster runs the release its jobs were built for);
 * else the newest release flinkslot knows, assumed and said so. A job whose file names another
 * version than the cluster's gets a warning naming both: the SlotManager follows the cluster's.
 */
import { type Diagnostic, info, warning } from '../../errors/diagnostic.js';
import {
  DEFAULT_FLINK_VERSION,
  type FlinkVersion,
  type FlinkVersionSource,
  assumedVersionNote,
  compareVersions,
  formatVersion,
  resolveFlinkVersion,
} from '../../model/flink-version.js';
import type { JobDefinition } from './scenario.js';
import { pushAll } from '../../util/push-all.js';

export interface ScenarioVersion {
  readonly version: FlinkVersion;
  readonly source: FlinkVersionSource;
  readonly notes: Diagnostic[];
}

/** `fileText`/`pointer`: the file's flinkVersion and where it stands; errors go to `out`. */
export function selectScenarioVersion(
  option: FlinkVersion | undefined,
  fileText: unknown,
  pointer: string,
  jobs: readonly JobDefinition[],
  out: Diagnostic[],
): ScenarioVersion {
  if (option !== undefined) return { version: option, source: 'option', notes: [] };
  if (fileText !== undefined) {
    const v = resolveFlinkVersion(String(fileText), 'flinkVersion', pointer);
    if (!v.ok) {
      pushAll(out, v.diagnostics);
      return { version: DEFAULT_FLINK_VERSION, source: 'file', notes: [] };
    }
    return { version: v.value, source: 'file', notes: [...v.warnings, ...disagreements(v.value, jobs)] };
  }
  const named = jobs.flatMap((j) => (j.flinkVersion?.source === 'file' ? [j.flinkVersion.version] : []));
  const first = named[0];
  if (first !== undefined && named.every((v) => compareVersions(v, first) === 0)) {
    const message = `the cluster names no Flink version: it runs ${formatVersion(first)}, the version its job graph files name (set flinkVersion in the cluster file or pass --flink-version)`;
    return { version: first, source: 'file', notes: [info('scenario/flink-version-from-jobs', message, '')] };
  }
  const notes = [info('scenario/flink-version-assumed', assumedVersionNote(), ''), ...disagreements(DEFAULT_FLINK_VERSION, jobs)];
  return { version: DEFAULT_FLINK_VERSION, source: 'assumed', notes };
}

function disagreements(cluster: FlinkVersion, jobs: readonly JobDefinition[]): Diagnostic[] {
  return jobs.flatMap((j) => {
    const own = j.flinkVersion;
    if (own?.source !== 'file' || compareVersions(own.version, cluster) === 0) return [];
    const message = `job '${j.id}'${j.source === undefined ? '' : ` (${j.source})`} names Flink ${formatVersion(own.version)} but the cluster runs ${formatVersion(cluster)}: the SlotManager follows ${formatVersion(cluster)}, the job's requirements were planned with ${formatVersion(own.version)}'s rules`;
    return [warning('scenario/flink-version-mismatch', message, j.pointer)];
  });
}
