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
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  const data = document.value.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(locateDiagnostics([error('config/not-a-map', 'a Flink configuration must be a map of keys to values', '')], text, file));
  }
  if (isFlinkDeployment(data)) {
    const deployment = readFlinkDeployment(data as Record<string, unknown>);
    return deployment.ok ? ok(deployment.value.config) : fail(locateDiagnostics(deployment.diagnostics, text, file));
  }
  return ok(flattenConfiguration(data as Record<string, unknown>));
}

/** The FlinkDeployment a configuration text is, if it is one (its version and how it was read). */
export function flinkDeploymentOf(source: string): FlinkDeployment | undefined {
  const document = parseDocument(stripByteOrderMark(source));
  if (!document.ok || !isFlinkDeployment(document.value.data)) return undefined;
  const deployment = readFlinkDeployment(document.value.data as Record<string, unknown>);
  return deployment.ok ? deployment.value : undefined;
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
