/**
 * Texts in, simulation reports out: a scenario file, or a cluster file plus job graph files. Job
 * graphs are planned exactly as `plan` plans them; their requirements are what the jobs declare.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { JobAnalysis } from '../plan/analyze-job.js';
import type { FlinkVersion } from '../model/flink-version.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import type { SourceText } from '../model/source-text.js';
import { type SimulationReport, buildSimulationReport } from '../report/simulation-report.js';
import type { VertexInformation } from '../sim/scheduler/slot-sharing-slot-allocator.js';
import { type PlannedJob, readScenario } from '../sim/scenario/read-scenario.js';
import { runScenario } from '../sim/run-scenario.js';
import { simulationOutcome } from '../sim/simulation-outcome.js';
import type { JobDefinition, JobNetwork } from '../sim/scenario/scenario.js';
import { analyzeExecution } from '../execution/analyze-execution.js';
import { networkBufferPlan } from '../execution/network-buffer-plan.js';
import { profileKey } from '../model/resource-profile.js';
import { type AnalyzedJobText, analyzeJobText, versionOption } from './job-text.js';
import { CLUSTER_KINDS, orWrongKind } from './wrong-kind.js';
import { type ClusterOrigin, inUserTerms, targetWaysOf } from './deployment-advice.js';
import { addTaskManagersAdvice } from './simulate-advice.js';
import { raiseLimitsAdvice } from './limit-advice.js';
import { pushAll } from '../util/push-all.js';
import { textOf } from '../util/text-of.js';
import type { ShuffleOptions } from '../model/job-graph.js';
import { shuffleOptions } from '../memory/task-manager-slot-size.js';
import { networkBufferAdvice } from './network-advice.js';
import { type CheckedDocument, checkDocument, readClusterDocument } from './cluster-document.js';

export { type CheckedDocument, readClusterDocument };

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

/** An analysed job text → what it declares, or its diagnostics located in the file (`network`: see plannedFrom). */
export function plannedOf(job: AnalyzedJobText, file: string, network = true): Result<PlannedJob> {
  if (!job.ok) return fail(job.failedAt === 'analysis' ? locateDiagnostics(job.diagnostics, job.text, file) : job.diagnostics);
  // What changes the requirements declared (FLIP-156 resources a release before 1.14 ignores;
  // parallelisms the AdaptiveBatchScheduler decides, taken at their maximum), as plan warns it.
  return ok(plannedFrom(job.analysis, network), [
    ...job.parseWarnings.filter((d) => d.code === 'input/flip156-unsupported'),
    ...locateDiagnostics(
      job.analysis.warnings.filter((d) => d.code === 'plan/adaptive-batch-parallelism'),
      job.text,
      file,
    ),
  ]);
}

/**
 * What a job declares to the ResourceManager, from its analysis; `network` false leaves out what its
 * tasks ask of the network buffer pools (the subtask-level analysis), for a caller that only counts
 * slots (the thread that ranks a `size --search` its workers size).
 */
export function plannedFrom(analysis: JobAnalysis, network = true): PlannedJob {
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
    network: network ? jobNetwork(analysis) : undefined,
  };
}

/**
 * What the job's tasks ask of the TaskManagers' network buffer pools, for any placement of its slots;
 * undefined when the subtask-level analysis refuses the job (too many subtasks, a co-location
 * constraint): then nothing is counted for it, as for a job without a job graph.
 */
function jobNetwork(analysis: JobAnalysis): JobNetwork | undefined {
  const execution = analyzeExecution(analysis);
  if (!execution.ok) return undefined;
  const profiles = execution.value.slotProfiles;
  const several = new Set(profiles.map(profileKey)).size > 1;
  return { plan: networkBufferPlan(analysis.graph, execution.value), slotProfiles: several ? profiles : undefined };
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
    const inFile = scenarios.diagnostics.map((d) => inFileTerms(d, origin, text));
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
 * key; a Flink configuration's key), never at flinkslot's `/defaultWorker/flinkConfiguration`.
 */
function inFileTerms(d: Diagnostic, origin: ClusterOrigin, text: string): Diagnostic {
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
  // A flink-conf.yaml or config.yaml given as the cluster: the key itself (flat, or its nested path).
  if (origin.kind === 'flink-configuration') return withConfigPointer({ ...d, location: { ...d.location, pointer: key } }, text);
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
  const data = checked.value.data as Record<string, unknown>;
  const networkAdvice = networkBufferAdvice(report, data, jobs, version.value, workerShuffleOptions(data));
  if (networkAdvice !== undefined) report = { ...report, networkAdvice };
  if (report.verdict === 'failing') return report;
  if (report.resourceAllocation !== 'standalone') {
    const raiseLimits = raiseLimitsAdvice(checked.value.data as Record<string, unknown>, jobs, version.value);
    return raiseLimits === undefined ? report : inUserTerms({ ...report, raiseLimits }, origin);
  }
  const missing = report.jobs.reduce((sum, j) => sum + j.missing.reduce((s, m) => s + m.count, 0), 0);
  const advice = addTaskManagersAdvice(checked.value.data as Record<string, unknown>, jobs, version.value, missing);
  return advice === undefined ? report : inUserTerms({ ...report, advice }, origin);
}

/** The network options of the cluster's default worker, when a Flink configuration gives it. */
function workerShuffleOptions(data: Record<string, unknown>): ShuffleOptions | undefined {
  const config = ((data.defaultWorker ?? {}) as Record<string, unknown>).flinkConfiguration as Record<string, unknown> | undefined;
  return config === undefined ? undefined : shuffleOptions(new Map(Object.entries(config).map(([k, v]) => [k, textOf(v)])));
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
    network: job.network,
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
