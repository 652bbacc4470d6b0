/**
 * Texts in, simulation reports out: a scenario file, or a cluster file plus job graph files. Job
 * graphs are planned exactly as `plan` plans them; their requirements are what the jobs declare.
 */
import { type Diagnostic, type Result, error, fail, info, ok } from '../errors/diagnostic.js';
import { deploymentCluster, isFlinkDeployment, readFlinkDeployment } from '../memory/flink-deployment.js';
import { isFlinkConfigMap, readFlinkConfigMap, standaloneManifestCluster } from '../memory/kubernetes-standalone.js';
import { configurationCluster } from '../memory/configuration-cluster.js';
import { checkConfigurationKeys } from '../memory/configuration-keys.js';
import { readConfigurationText } from '../memory/parse-flink-configuration.js';
import { kindOfData } from '../parse/file-kind.js';
import type { JobAnalysis } from '../plan/analyze-job.js';
import type { FlinkVersion } from '../model/flink-version.js';
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
import { type SimulationReport, buildSimulationReport } from '../report/simulation-report.js';
import type { VertexInformation } from '../sim/scheduler/slot-sharing-slot-allocator.js';
import { type PlannedJob, readScenario } from '../sim/scenario/read-scenario.js';
import { runScenario } from '../sim/run-scenario.js';
import { scenarioBounds } from '../sim/scenario/scenario-bounds.js';
import { simulationOutcome } from '../sim/simulation-outcome.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { type AnalyzedJobText, analyzeJobText, versionOption } from './job-text.js';
import { CLUSTER_KINDS, orWrongKind } from './wrong-kind.js';
import { recogniseDeployment } from '../memory/deployment.js';
import { type ClusterOrigin, inUserTerms, targetWaysOf } from './deployment-advice.js';
import { addTaskManagersAdvice } from './simulate-advice.js';
import { raiseLimitsAdvice } from './limit-advice.js';
import { pushAll } from '../util/push-all.js';

export interface SimulateOptions {
  /** A scenario's job graph file by its path (relative paths are the caller's business), or why it cannot be read. */
  readonly loadJobGraph?: (path: string) => SourceText | { readonly reason: string };
  readonly trace?: boolean;
  readonly flinkVersion?: string;
  /** With jobs on a standalone cluster they do not fit: find how many default workers to add (more SlotManager runs). */
  readonly advice?: boolean;
  /** What the cluster text stands for, when the caller knows better than the text (a running cluster's TaskManagers). */
  readonly origin?: ClusterOrigin;
  /** Keep the slots each job held over time and the events between (for `report`). */
  readonly history?: boolean;
}

/** A job graph → its declared requirements and the vertex bounds the adaptive scheduler uses. */
export function planJob(source: SourceText, options: { flinkVersion?: FlinkVersion } = {}): Result<PlannedJob> {
  return plannedOf(analyzeJobText(source.text, source.file, options), source.file);
}

/** An analysed job text → what it declares, or its diagnostics located in the file. */
export function plannedOf(job: AnalyzedJobText, file: string): Result<PlannedJob> {
  if (!job.ok) return fail(job.failedAt === 'analysis' ? locateDiagnostics(job.diagnostics, job.text, file) : job.diagnostics);
  // What changes the requirements declared (FLIP-156 resources a release before 1.14 ignores), as plan warns it.
  return ok(
    plannedFrom(job.analysis),
    job.parseWarnings.filter((d) => d.code === 'input/flip156-unsupported'),
  );
}

/** What a job declares to the ResourceManager, from its analysis. */
export function plannedFrom(analysis: JobAnalysis): PlannedJob {
  const groupOf = new Map<number, string>();
  for (const plan of analysis.slotSharingGroups) for (const v of plan.group.vertices) groupOf.set(v, plan.group.id);
  const vertices: VertexInformation[] = analysis.graph.vertices.map((v) => ({
    id: v.id,
    ...(v.name === v.id ? {} : { name: v.name }),
    parallelism: v.parallelism,
    minParallelism: v.minParallelism ?? 1,
    slotSharingGroup: groupOf.get(v.index) ?? 'default',
  }));
  return {
    jobName: analysis.graph.name,
    requirements: analysis.requirements.map((r) => ({ profile: r.resourceProfile, count: r.numberOfRequiredSlots })),
    vertices,
    flinkVersion: analysis.graph.flinkVersion,
    flinkVersionSource: analysis.graph.flinkVersionSource,
  };
}

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

function checkDocument(source: SourceText, isCluster: boolean): Result<CheckedDocument> {
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

function simulateData(
  source: SourceText,
  isCluster: boolean,
  options: SimulateOptions,
  extraJobs: JobDefinition[],
): Result<SimulationReport[]> {
  const checked = checkDocument(source, isCluster);
  if (!checked.ok) return checked;
  const { text, data, notes } = checked.value;
  const origin = options.origin ?? checked.value.origin;
  const v = versionOption(options.flinkVersion);
  if (!v.ok) return v;
  const planJobGraph = (path: string, pointer: string): Result<PlannedJob> => {
    const loaded = options.loadJobGraph?.(path) ?? { reason: 'no reader given' };
    if ('reason' in loaded) {
      const message = `cannot read the job graph file '${path}': ${loaded.reason}`;
      return fail(locateDiagnostics([error('scenario/job-graph', message, pointer)], text, source.file));
    }
    return planJob(loaded, v.value);
  };
  const scenarios = readScenario(data as Record<string, unknown>, isCluster, {
    ...v.value,
    planJobGraph,
    extraJobs,
    targetWays: targetWaysOf(origin),
  });
  if (!scenarios.ok) {
    const [kinds, what] = isCluster ? [CLUSTER_KINDS, 'a cluster'] : [['scenario'] as const, 'a scenario'];
    const inFile = scenarios.diagnostics.map((d) => inFileTerms(d, origin));
    return orWrongKind(fail(locateAll(inFile, text, source.file)), { text, file: source.file }, kinds, what);
  }
  // The decision trace costs a third of a large run; it is recorded only when it is printed.
  const trace = options.trace === true;
  return ok(
    scenarios.value.map((s) => {
      const report = buildSimulationReport(simulationOutcome(runScenario(s, { trace }), trace, options.history === true));
      return withNotes(inUserTerms(report, origin), [...v.warnings, ...notes, ...locateAll([...s.notes], text, source.file)]);
    }),
  );
}

/**
 * A FlinkDeployment's or manifest's configuration is read as the cluster's default worker: a
 * problem found there points at the user's file (the FlinkDeployment's spec, its flinkConfiguration
 * key), never at flinkslot's `/defaultWorker/flinkConfiguration`.
 */
function inFileTerms(d: Diagnostic, origin: ClusterOrigin): Diagnostic {
  const pointer = d.location?.pointer;
  const prefix = '/defaultWorker/flinkConfiguration';
  if (pointer === undefined || !pointer.startsWith(prefix) || d.location?.file !== undefined) return d;
  const key = pointer.slice(prefix.length);
  const mapped =
    origin.kind === 'flink-deployment'
      ? key === ''
        ? '/spec'
        : `/spec/flinkConfiguration${key}`
      : origin.kind === 'kubernetes-manifest'
        ? ''
        : pointer;
  return { ...d, location: { ...d.location, pointer: mapped } };
}

function withNotes(report: SimulationReport, notes: Diagnostic[]): SimulationReport {
  return notes.length === 0 ? report : { ...report, notes };
}

/** Diagnostics from job graph files are already located; the others point into this file. */
function locateAll(ds: Diagnostic[], text: string, file: string): Diagnostic[] {
  const own = ds.filter((d) => d.location?.file === undefined);
  const located = ds.filter((d) => d.location?.file !== undefined);
  return [...locateDiagnostics(own, text, file), ...located];
}

export function simulateScenario(source: SourceText, options: SimulateOptions = {}): Result<SimulationReport[]> {
  return simulateData(source, false, options, []);
}

/** `simulate --cluster CLUSTER JOB...`: each job graph declares its plan at time 0, in order. */
export function simulateJobsOnCluster(
  cluster: SourceText,
  jobGraphs: readonly SourceText[],
  options: SimulateOptions = {},
): Result<SimulationReport[]> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const planned: { file: string; job: PlannedJob }[] = [];
  const problems: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const g of jobGraphs) {
    const job = planJob(g, version.value);
    if (job.ok) {
      planned.push({ file: g.file, job: job.value });
      pushAll(warnings, job.warnings);
    } else pushAll(problems, job.diagnostics);
  }
  if (problems.length > 0) return fail(problems);
  const result = simulatePlannedJobsOnCluster(cluster, planned, options);
  if (!result.ok || warnings.length === 0) return result;
  return ok(
    result.value.map((r) => ({ ...r, notes: [...warnings, ...(r.notes ?? [])] })),
    result.warnings,
  );
}

/** Jobs already planned (e.g. by `validate`), each declaring at time 0, in order, by its job name (else its file's). */
export function simulatePlannedJobsOnCluster(
  cluster: SourceText,
  planned: readonly { file: string; job: PlannedJob }[],
  options: SimulateOptions = {},
): Result<SimulationReport[]> {
  const used = new Set<string>();
  const jobs: JobDefinition[] = planned.map(({ file, job }) => {
    const id = uniqueId(jobLabel(file, job), used);
    return jobDefinition(id, file, job);
  });
  const reports = simulateData(cluster, true, options, jobs);
  if (!reports.ok || reports.value.length !== 1 || options.advice !== true) return reports;
  return ok([withAdvice(reports.value[0]!, cluster, jobs, options)], reports.warnings);
}

/**
 * Jobs that do not fit: on a standalone cluster how many of its default worker to add; on one whose
 * ResourceManager starts workers, the SlotManager limit to raise when it is what stops them.
 */
function withAdvice(report: SimulationReport, cluster: SourceText, jobs: JobDefinition[], options: SimulateOptions): SimulationReport {
  if (report.verdict === 'met') return report;
  const checked = checkDocument(cluster, true);
  const version = versionOption(options.flinkVersion);
  if (!checked.ok || !version.ok) return report;
  const origin = options.origin ?? checked.value.origin;
  if (report.resourceAllocation !== 'standalone') {
    const raiseLimits = raiseLimitsAdvice(checked.value.data as Record<string, unknown>, jobs, version.value);
    return raiseLimits === undefined ? report : inUserTerms({ ...report, raiseLimits }, origin);
  }
  const missing = report.jobs.reduce((sum, j) => sum + j.missing.reduce((s, m) => s + m.count, 0), 0);
  const advice = addTaskManagersAdvice(checked.value.data as Record<string, unknown>, jobs, version.value, missing);
  return advice === undefined ? report : inUserTerms({ ...report, advice }, origin);
}

/** What a person calls the job: its name, or its file's name when the job graph has none. */
export function jobLabel(file: string, job: PlannedJob): string {
  const name = job.jobName?.trim();
  if (name !== undefined && name !== '' && name !== 'job') return name;
  return file.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, '');
}

/** `label`, or `label-2`, `label-3` … when taken; the result is taken from then on. */
export function uniqueId(label: string, used: Set<string>): string {
  let id = label;
  for (let k = 2; used.has(id); k++) id = `${label}-${k}`;
  used.add(id);
  return id;
}

/** A planned job declaring at time 0 under the given id. */
export function jobDefinition(id: string, file: string, job: PlannedJob): JobDefinition {
  const flinkVersion = { version: job.flinkVersion, source: job.flinkVersionSource };
  return {
    id,
    requirements: job.requirements,
    submitAt: 0,
    finishAt: undefined,
    vertices: job.vertices,
    source: file,
    pointer: '',
    flinkVersion,
  };
}

/** Jobs already defined (ids chosen by the caller), declaring in order on the cluster. */
export function simulateDefinitionsOnCluster(
  cluster: SourceText,
  jobs: readonly JobDefinition[],
  options: SimulateOptions = {},
): Result<SimulationReport[]> {
  return simulateData(cluster, true, options, [...jobs]);
}
