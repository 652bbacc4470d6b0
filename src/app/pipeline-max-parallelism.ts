/**
 * `pipeline.max-parallelism` of a Flink configuration given as the cluster (flink-conf.yaml,
 * config.yaml, a FlinkDeployment's flinkConfiguration, a standalone manifest's ConfigMap): the
 * configuration a job submitted there starts with, so the max parallelism of its vertices without
 * their own (flink-core/.../configuration/PipelineOptions.java MAX_PARALLELISM, default -1: unset).
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { readConfigurationText } from '../memory/parse-flink-configuration.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import { kindOfText } from '../parse/file-kind.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { printable } from '../util/printable.js';
import { CONFIGURATION_KINDS } from './wrong-kind.js';

export const PIPELINE_MAX_PARALLELISM = 'pipeline.max-parallelism';

export interface ConfiguredMaxParallelism {
  readonly value: number;
  /** Locates a diagnostic about the key in the configuration's file. */
  readonly locate: (d: Diagnostic) => Diagnostic;
}

/** The key's value when the cluster is a Flink configuration that sets it; undefined otherwise. */
export function pipelineMaxParallelism(cluster: SourceText): Result<ConfiguredMaxParallelism | undefined> {
  // A file of no known kind may still be a configuration (keys flinkslot does not know, a template line).
  const kind = kindOfText(cluster.text)?.kind;
  if (kind !== undefined && !CONFIGURATION_KINDS.includes(kind)) return ok(undefined);
  const read = readConfigurationText(cluster.text, cluster.file);
  // A configuration that does not read is the cluster reader's to report.
  if (!read.ok) return ok(undefined);
  const text = read.value.config.get(PIPELINE_MAX_PARALLELISM)?.trim();
  if (text === undefined || text === '-1') return ok(undefined);
  const { locateKey, text: located } = read.value;
  const locate = (d: Diagnostic): Diagnostic => {
    const at = locateKey === undefined ? withConfigPointer(d, located) : { ...d, location: locateKey(PIPELINE_MAX_PARALLELISM) };
    return locateDiagnostics([at], located, cluster.file)[0]!;
  };
  if (!/^[+-]?\d+$/.test(text)) {
    const message = `${PIPELINE_MAX_PARALLELISM} must be an integer, found '${printable(text)}'`;
    return fail([locate(error('input/parallelism', message, `/${PIPELINE_MAX_PARALLELISM}`))]);
  }
  return ok({ value: Number(text), locate });
}
