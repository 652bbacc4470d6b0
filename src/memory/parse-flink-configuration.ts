/**
 * Text of a Flink configuration file → flat configuration: legacy `flink-conf.yaml` (flat
 * `key: value`) and `config.yaml` (nested YAML, Flink 1.19+) alike; `key=value` pairs from the
 * command line are added on top, as Flink's dynamic properties (-D) are. A Kubernetes operator
 * FlinkDeployment is read as the configuration its TaskManagers start with (flink-deployment.ts).
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { parseDocument, stripByteOrderMark } from '../parse/document.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { type FlinkConfiguration, flattenConfiguration } from './flink-configuration.js';
import { type FlinkDeployment, isFlinkDeployment, readFlinkDeployment } from './flink-deployment.js';

export function parseFlinkConfiguration(source: string, file?: string): Result<FlinkConfiguration> {
  const read = readConfigurationText(source, file);
  return read.ok ? ok(read.value.config) : read;
}

/** The configuration, and the FlinkDeployment it came from when the text is one (its release, how it was read). */
export function readConfigurationText(
  source: string,
  file?: string,
): Result<{
  readonly config: FlinkConfiguration;
  readonly deployment?: FlinkDeployment;
  /** The text errors are located in (a manifest's other documents blanked). */
  readonly text: string;
}> {
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  // A manifest's FlinkDeployment comes with the other documents blanked: locate in that text.
  const { data, text: located } = document.value;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(locateDiagnostics([error('config/not-a-map', 'a Flink configuration must be a map of keys to values', '')], located, file));
  }
  if (isFlinkDeployment(data)) {
    const deployment = readFlinkDeployment(data as Record<string, unknown>);
    if (!deployment.ok) return fail(locateDiagnostics(deployment.diagnostics, located, file));
    return ok({ config: deployment.value.config, deployment: deployment.value, text: located });
  }
  return ok({ config: flattenConfiguration(data as Record<string, unknown>), text: located });
}

/** `key=value` dynamic properties; later ones win. */
export function withDynamicProperties(config: FlinkConfiguration, properties: readonly string[]): Result<FlinkConfiguration> {
  const out = new Map(config);
  for (const property of properties) {
    const eq = property.indexOf('=');
    if (eq <= 0) return fail([error('config/dynamic-property', `'${property}' is not KEY=VALUE`, '')]);
    out.set(property.slice(0, eq).trim(), property.slice(eq + 1).trim());
  }
  return ok(out);
}
