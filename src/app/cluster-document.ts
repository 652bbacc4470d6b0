/**
 * A cluster or scenario document, read once and checked: a flinkslot cluster or scenario file, a
 * Flink configuration, a FlinkDeployment, a standalone manifest's ConfigMap or a saved GET
 * /taskmanagers answer, each turned into the cluster schema's data, with what the user gave
 * (`origin`) so advice speaks its terms.
 */
import { type Diagnostic, type Result, fail, info, ok } from '../errors/diagnostic.js';
import { deploymentCluster, isFlinkDeployment, readFlinkDeployment } from '../memory/flink-deployment.js';
import { isFlinkConfigMap, readFlinkConfigMap, standaloneManifestCluster } from '../memory/kubernetes-standalone.js';
import { configurationCluster } from '../memory/configuration-cluster.js';
import { checkConfigurationKeys } from '../memory/configuration-keys.js';
import { readConfigurationText } from '../memory/parse-flink-configuration.js';
import { kindOfData } from '../parse/file-kind.js';
import { type ParsedDocument, detectFormat, parseDocument, stripByteOrderMark } from '../parse/document.js';
import validateCluster from '../parse/generated/cluster.validate.js';
import validateScenario from '../parse/generated/scenario.validate.js';
import { importNotes } from '../parse/parse-job-graph.js';
import { detectFlinkFormat } from '../parse/flink/flink-format.js';
import { importCluster } from '../parse/flink/import-cluster.js';
import { type CompiledValidator, validateWith } from '../parse/schema-validator.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import type { SourceText } from '../model/source-text.js';
import { scenarioBounds } from '../sim/scenario/scenario-bounds.js';
import { CLUSTER_KINDS, orWrongKind } from './wrong-kind.js';
import { recogniseDeployment } from '../memory/deployment.js';
import type { ClusterOrigin } from './deployment-advice.js';

export interface CheckedDocument {
  readonly text: string;
  readonly data: unknown;
  /** Import notes (a cluster read from Flink's `/taskmanagers` answer). */
  readonly notes: Diagnostic[];
  /** What the user gave, for advice in its terms. */
  readonly origin: ClusterOrigin;
}

/**
 * Read once per source object: `validate --cluster` checks every file against the same cluster,
 * whose text would otherwise be parsed and schema-checked again for each one. Keyed by identity,
 * so a caller that builds a new SourceText gets a fresh read.
 */
const checkedClusters = new WeakMap<SourceText, Result<CheckedDocument>>();

/** A cluster of any kind flinkslot reads (cluster file, FlinkDeployment, manifest, GET /taskmanagers) as checked cluster data. */
export function readClusterDocument(source: SourceText): Result<CheckedDocument> {
  return checkDocument(source, true);
}

export function checkDocument(source: SourceText, isCluster: boolean): Result<CheckedDocument> {
  if (!isCluster) return orWrongKind(readDocument(source, false), source, ['scenario'], 'a scenario');
  let checked = checkedClusters.get(source);
  if (checked === undefined) {
    // The text is read once: a cluster checked for many files is one source.
    const read = { text: source.text, file: source.file };
    checkedClusters.set(source, (checked = orWrongKind(readDocument(read, true), read, CLUSTER_KINDS, 'a cluster')));
  }
  return checked;
}

/** Text → data that passed the cluster or scenario schema (a Flink `/taskmanagers` answer is imported first). */
function readDocument(source: SourceText, isCluster: boolean): Result<CheckedDocument> {
  const document = parseDocument(stripByteOrderMark(source.text));
  const configuration = isCluster ? configurationDocument(source, document) : undefined;
  if (configuration !== undefined) return configuration.ok ? checkedData(configuration.value, source, true) : configuration;
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, source.file));
  // A manifest's FlinkDeployment comes with its other documents blanked: locate in that text.
  const text = document.value.text;
  let data = document.value.data;
  let notes: Diagnostic[] = [];
  let origin: ClusterOrigin = { kind: 'cluster-file' };
  // Flink's job files fail the schema below, and orWrongKind then names them.
  if (isCluster && detectFlinkFormat(data) === 'rest-taskmanagers-json') {
    const imported = importCluster(data);
    if (!imported.ok) return fail(locateDiagnostics(imported.diagnostics, text, source.file));
    data = imported.value.cluster;
    // How to make the cluster file start workers is said in the cluster file's keys: not to a user who gave Flink's answer.
    notes = importNotes(imported.value, text, source.file).filter((n) => n.code !== 'import/standalone');
    origin = { kind: 'rest-taskmanagers' };
  } else if (isCluster && isFlinkDeployment(data)) {
    const deployment = readFlinkDeployment(data as Record<string, unknown>);
    if (!deployment.ok) return fail(locateDiagnostics(deployment.diagnostics, text, source.file));
    // Its flinkConfiguration is read as memory reads it: near misses warned, hidden values not taken.
    const keys = checkConfigurationKeys(deployment.value.config, deployment.value.pointerOf);
    const { cluster, notes: how } = deploymentCluster({ ...deployment.value, config: keys.config });
    data = cluster;
    origin = { kind: 'flink-deployment', mode: deployment.value.mode };
    const all = [...deployment.value.notes, ...keys.notes, ...how.map((m) => info('deployment/cluster', m, ''))];
    notes = locateDiagnostics(all, text, source.file);
  } else if (isCluster && isFlinkConfigMap(data)) {
    const read = readFlinkConfigMap(data, text, document.value.companions ?? []);
    const built = read.ok ? standaloneManifestCluster(read.value) : read;
    if (!read.ok || !built.ok) return fail(locateDiagnostics(built.ok ? [] : built.diagnostics, text, source.file));
    data = built.value.cluster;
    const tms = read.value.taskManagers;
    origin = {
      kind: 'kubernetes-manifest',
      workload: tms === undefined ? 'the TaskManager Deployment' : `${tms.kind.toLowerCase()}/${tms.name}`,
    };
    const all = [...read.value.notes, ...built.value.notes.map((m) => info('manifest/cluster', m, ''))];
    notes = locateDiagnostics(all, text, source.file);
  }
  return checkedData({ text, data, notes, origin }, source, isCluster);
}

/**
 * A Flink configuration given as the cluster (its TaskManagers are the default worker), read as
 * `memory` reads it: a flat file that is not YAML line by line; undefined when it is none.
 */
function configurationDocument(source: SourceText, document: Result<ParsedDocument>): Result<CheckedDocument> | undefined {
  const isConfiguration = document.ok
    ? kindOfData(document.value.data)?.kind === 'flink-configuration'
    : detectFormat(stripByteOrderMark(source.text)) === 'yaml';
  if (!isConfiguration) return undefined;
  const read = readConfigurationText(source.text, source.file);
  if (!read.ok) return document.ok ? read : undefined;
  // Text that is not YAML is a configuration only when its lines are Flink's dotted keys.
  const keys = [...read.value.config.keys()];
  if (
    !document.ok &&
    (!keys.every((k) => k.includes('.')) || kindOfData(Object.fromEntries(read.value.config))?.kind !== 'flink-configuration')
  )
    return undefined;
  const { cluster, notes: how } = configurationCluster(read.value.config);
  const notes = [
    ...locateDiagnostics(
      read.value.notes.map((d) => (read.value.locateKey === undefined ? withConfigPointer(d, read.value.text) : d)),
      read.value.text,
      source.file,
    ),
    ...how.map((m) => info('configuration/cluster', m, '')),
  ];
  // Advice in the configuration's own keys, for the deployment it names (execution.target).
  const origin: ClusterOrigin = { kind: 'flink-configuration', deployment: recogniseDeployment(read.value.config) };
  return ok({ text: read.value.text, data: cluster, notes, origin });
}

/** Data within the bounds and the cluster or scenario schema. */
function checkedData(read: CheckedDocument, source: SourceText, isCluster: boolean): Result<CheckedDocument> {
  const { text, data, notes, origin } = read;
  // Named by pointer, not line: finding a line walks every node of the text, what the bound spares.
  const tooLarge = scenarioBounds(data, isCluster);
  if (tooLarge.length > 0) return fail(locateDiagnostics(tooLarge, undefined, source.file));
  const schemaErrors = validateWith((isCluster ? validateCluster : validateScenario) as CompiledValidator, data);
  if (schemaErrors.length > 0) return fail(locateDiagnostics(schemaErrors, text, source.file));
  return ok({ text, data, notes, origin });
}
