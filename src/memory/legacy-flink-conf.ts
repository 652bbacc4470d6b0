/**
 * Flink's own reader of a legacy `flink-conf.yaml` (`GlobalConfiguration.loadYAMLResource`): line by
 * line, everything after `#` dropped, key and value split at the first ": ", lines without one
 * skipped. It is not a YAML parser, so a file Flink starts with may not be YAML at all (a template
 * line `jobmanager.rpc.address: {{ groups['leader'][0] }}` is just a text value to Flink).
 */
import type { FlinkConfiguration } from './flink-configuration.js';

export interface LegacyLines {
  readonly config: FlinkConfiguration;
  /** Lines Flink skips with a warning (no ": ", or an empty key or value), 1-based. */
  readonly skipped: readonly number[];
}

export function readLegacyFlinkConf(text: string): LegacyLines {
  const config = new Map<string, string>();
  const skipped: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const conf = line.split('#', 1)[0]!.trim();
    if (conf.length === 0) return;
    const at = conf.indexOf(': ');
    const [key, value] = at < 0 ? ['', ''] : [conf.slice(0, at).trim(), conf.slice(at + 2).trim()];
    if (key.length === 0 || value.length === 0) skipped.push(i + 1);
    else config.set(key, value);
  });
  return { config, skipped };
}

/** A flat file: no indented lines outside comments, as a legacy flink-conf.yaml is. */
export function looksFlat(text: string): boolean {
  return text.split(/\r?\n/).every((line) => !/^\s+[^\s#]/.test(line));
}
