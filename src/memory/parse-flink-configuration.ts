/**
 * Text of a Flink configuration file → flat configuration: legacy `flink-conf.yaml` (flat
 * `key: value`) and `config.yaml` (nested YAML, Flink 1.19+) alike; `key=value` pairs from the
 * command line are added on top, as Flink's dynamic properties (-D) are. A Kubernetes operator
 * FlinkDeployment is read as the configuration its TaskManagers start with (flink-deployment.ts).
 */
import { type Diagnostic, type Result, type SourceLocation, error, fail, info, ok } from '../errors/diagnostic.js';
import { detectFormat, parseDocument, stripByteOrderMark } from '../parse/document.js';
import { isJobManagerConfigList } from '../parse/file-kind.js';
import { jobManagerConfigText } from '../parse/rest/rest-answers.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { checkConfigurationKeys } from './configuration-keys.js';
import { type FlinkConfiguration, flattenConfiguration } from './flink-configuration.js';
import { type FlinkDeployment, isFlinkDeployment, readFlinkDeployment } from './flink-deployment.js';
import { type StandaloneManifest, isFlinkConfigMap, readFlinkConfigMap } from './kubernetes-standalone.js';
import { looksFlat, readLegacyFlinkConf } from './legacy-flink-conf.js';
import type { TargetWays } from './task-manager-cpu.js';

export function parseFlinkConfiguration(source: string, file?: string): Result<FlinkConfiguration> {
  const read = readConfigurationText(source, file);
  return read.ok ? ok(read.value.config) : read;
}

export interface ConfigurationText {
  readonly config: FlinkConfiguration;
  /** When the text is a Kubernetes operator FlinkDeployment. */
  readonly deployment?: FlinkDeployment;
  /** When the text is a standalone Kubernetes manifest (a ConfigMap with Flink's file). */
  readonly manifest?: StandaloneManifest;
  /** The release the file names (spec.flinkVersion, an image tag). */
  readonly flinkVersion?: string;
  /** How the file was read. */
  readonly notes: readonly Diagnostic[];
  /** The text errors are located in (a manifest's other documents blanked). */
  readonly text: string;
  /** Where a configuration key stands in the file, when it is not a plain configuration file. */
  readonly locateKey?: (key: string) => SourceLocation;
}

/**
 * How the deployment target is named in the file read: a configuration's execution.target; a
 * FlinkDeployment's spec.mode (the operator sets execution.target); a standalone manifest's
 * TaskManagers are its own pods whatever the configuration says.
 */
export function targetWaysOfText(read: ConfigurationText): TargetWays {
  if (read.deployment !== undefined) return { deployment: read.deployment.mode };
  return read.manifest === undefined ? {} : { executionTarget: false };
}

/**
 * A Flink configuration file, a saved GET /jobmanager/config answer, a FlinkDeployment or a
 * standalone manifest's ConfigMap → the TaskManagers' configuration, with notes on keys that look
 * mistyped or whose value Flink hid (configuration-keys.ts). A flat file that is not YAML (a
 * template line such as `jobmanager.rpc.address: {{ host }}`) is read line by line, as Flink reads
 * a flink-conf.yaml.
 */
export function readConfigurationText(source: string, file?: string): Result<ConfigurationText> {
  const read = readText(stripByteOrderMark(source), file);
  if (!read.ok) return read;
  // Keys Flink does not know are ignored, as Flink ignores them; near misses and hidden values are not.
  const { config, notes } = read.value;
  const pointerOf = read.value.deployment === undefined ? undefined : (key: string) => read.value.deployment!.pointerOf(key);
  const checked = checkConfigurationKeys(config, pointerOf);
  return checked.notes.length === 0 ? read : ok({ ...read.value, config: checked.config, notes: [...notes, ...checked.notes] });
}

function readText(text: string, file: string | undefined): Result<ConfigurationText> {
  const document = parseDocument(text);
  if (!document.ok) {
    if (detectFormat(text) === 'yaml' && looksFlat(text)) return ok(readLineByLine(text, document.diagnostics));
    return fail(locateDiagnostics(document.diagnostics, undefined, file));
  }
  // A manifest's chosen document comes with the other documents blanked: locate in that text.
  const { data, text: located, companions = [] } = document.value;
  // A saved GET /jobmanager/config answer: the JobManager's configuration as a list of {key, value}.
  if (isJobManagerConfigList(data)) {
    const flat = jobManagerConfigText(data, file ?? '<stdin>');
    if (!flat.ok) return fail(locateDiagnostics(flat.diagnostics, located, file));
    const lines = readText(flat.value, file);
    return lines.ok ? ok({ ...lines.value, text: located, locateKey: () => ({ pointer: '' }) }) : lines;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(locateDiagnostics([error('config/not-a-map', 'a Flink configuration must be a map of keys to values', '')], located, file));
  }
  if (isFlinkDeployment(data)) {
    const deployment = readFlinkDeployment(data as Record<string, unknown>);
    if (!deployment.ok) return fail(locateDiagnostics(deployment.diagnostics, located, file));
    const d = deployment.value;
    const locateKey = (key: string): SourceLocation => ({ pointer: d.pointerOf(key) });
    return ok({ config: d.config, deployment: d, flinkVersion: d.flinkVersion, notes: d.notes, text: located, locateKey });
  }
  if (isFlinkConfigMap(data)) {
    const manifest = readFlinkConfigMap(data, located, companions);
    if (!manifest.ok) return fail(locateDiagnostics(manifest.diagnostics, located, file));
    const m = manifest.value;
    const version = m.flinkVersion === undefined ? {} : { flinkVersion: m.flinkVersion };
    return ok({ config: m.config, manifest: m, ...version, notes: m.notes, text: located, locateKey: m.locate });
  }
  return ok({ config: flattenConfiguration(data as Record<string, unknown>), notes: [], text: located });
}

function readLineByLine(text: string, yamlErrors: readonly Diagnostic[]): ConfigurationText {
  const where = yamlErrors[0]?.location?.line === undefined ? '' : ` (line ${yamlErrors[0].location.line})`;
  const note = info(
    'config/line-by-line',
    `not valid YAML${where}: read line by line, as Flink reads a flink-conf.yaml (GlobalConfiguration.loadYAMLResource)`,
    '',
  );
  return { config: readLegacyFlinkConf(text).config, notes: [note], text };
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
