/**
 * `flinkslot size`: the least number N of TaskManagers of one shape on which every job's resource
 * requirements are met, proven by the embedded SlotManager: on N they are met, on N − 1 they are
 * not. The shape is a TaskManager configuration (flink-conf.yaml or config.yaml, a FlinkDeployment,
 * a standalone manifest, or a cluster file's default worker); the jobs declare at time 0, in
 * order, on a standalone cluster of N such TaskManagers, as `simulate --cluster` runs them.
 */
import { type Diagnostic, type DiagnosticCode, type Result, error, fail, ok, warning } from '../errors/diagnostic.js';
import { DEFAULT_FLINK_VERSION, type FlinkVersion } from '../model/flink-version.js';
import { taskManagerSetup } from '../memory/memory-from-configuration.js';
import { targetOfConfiguration } from '../memory/task-manager-cpu.js';
import { dimensionName, flagName } from '../model/dimension-names.js';
import { describeProfile } from '../model/describe-profile.js';
import { formatBytes } from '../model/memory-size.js';
import { MEMORY_FIELDS, type MemoryField, type SpecifiedProfile, isSpecified } from '../model/resource-profile.js';
import { type SlotFloor, slotBelowFloor } from '../model/slot-floor.js';
import { readSlotMin } from '../parse/slot-min.js';
import { textOf } from '../util/text-of.js';
import { type FloorInput, jobFloors, slotFloor } from './slot-floors.js';
import type { SourceText } from '../model/source-text.js';
import { readConfigurationText, targetWaysOfText } from '../memory/parse-flink-configuration.js';
import { kindOfText, wrongKind } from '../parse/file-kind.js';
import validateCluster from '../parse/generated/cluster.validate.js';
import { type CompiledValidator, validateWith } from '../parse/schema-validator.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import { type SizeRejectionJson, type SizeReport, buildSizeReport } from '../report/size-report.js';
import { type FloorRejectionJson, rejectionText } from '../report/slot-floor-report.js';
import { minimalCount } from '../sim/minimal-count.js';
import { MAX_TASK_MANAGERS } from '../sim/scenario/scenario-bounds.js';
import type { JobDefinition, Scenario } from '../sim/scenario/scenario.js';
import { type SimulationOutcome, withNetworkBuffers } from '../sim/simulation-outcome.js';
import type { TaskManagerRegistration } from '../sim/slotmanager/slot-manager.js';
import { printable } from '../util/printable.js';
import { pushAll } from '../util/push-all.js';
import { runOnClusterData } from './cluster-data-run.js';
import { analyzeJobText, versionOption } from './job-text.js';
import { sizeDeployment } from './size-deployment.js';
import { CLUSTER_KINDS } from './wrong-kind.js';
import { jobDefinition, jobLabel, plannedOf, readClusterDocument, uniqueId } from './simulate.js';
import { groupThousands } from '../util/plain-locale.js';

export interface SizeOptions {
  /** `--flink-version`: replaces the files' release. */
  readonly flinkVersion?: string;
  /** `--slots`: the shape's taskmanager.numberOfTaskSlots. */
  readonly slots?: number;
  /** `--emit`: the deployment must be built (a shape given as resources cannot be). */
  readonly emit?: boolean;
  /** `--slot-min`: what every slot must hold at least (task-heap=512m,managed=1g). */
  readonly slotMin?: string;
}

type Raw = Record<string, unknown>;

/** The shape as cluster data, and how to point at its problems in the file it came from. */
export interface Worker {
  readonly data: Raw;
  readonly locate: (ds: Diagnostic[]) => Diagnostic[];
  readonly notes: Diagnostic[];
}

export function sizeJobs(tmConfig: SourceText, jobGraphs: readonly SourceText[], options: SizeOptions = {}): Result<SizeReport> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const slotMin = options.slotMin === undefined ? undefined : readSlotMin(options.slotMin);
  if (slotMin !== undefined && !slotMin.ok) return slotMin;
  const jobs = defineJobs(jobGraphs, version.value);
  if (!jobs.ok) return jobs;
  // The release the cluster runs: --flink-version, else the one the job files name (as the scenario reader decides).
  const release = version.value.flinkVersion ?? jobs.value.jobs.find((j) => j.flinkVersion?.source === 'file')?.flinkVersion?.version;
  const worker = readWorker(tmConfig, options.slots, release ?? DEFAULT_FLINK_VERSION);
  if (!worker.ok) return worker;
  // The shape's own configuration runs the jobs: its state backend decides whether they use managed memory.
  const config = configurationOf(worker.value.data);
  const floors = jobs.value.floorInputs.flatMap((f) => jobFloors(f, config, f.analysis.graph.flinkVersion));
  const floor = slotFloor(floors, slotMin?.value);
  const sized = sizeWorker(worker.value, jobs.value.jobs, version.value, options.emit === true, floor);
  if (!sized.ok) return sized;
  const report = yoursToChoose(sized.value);
  return ok(withNotes(report, [...version.warnings, ...jobs.warnings, ...worker.value.notes, ...(report.notes ?? [])]), version.warnings);
}

/**
 * The shape given is the user's: flinkslot's own managed-memory default does not reject it (as it
 * rejects a shape `--search` would choose), it warns; floors the user stated (`--slot-min`, slotMin) do.
 */
function yoursToChoose(report: SizeReport): SizeReport {
  const advisory = report.rejections.filter(
    (r): r is FloorRejectionJson => r.kind === 'slot-below-floor' && r.from.kind === 'managed-memory-default',
  );
  if (advisory.length === 0) return report;
  const notes = advisory.map((r) =>
    warning(
      'size/below-default-floor',
      `each slot is below flinkslot's default floor for a job that uses managed memory: ${rejectionText(r)}; sized anyway, as the shape is yours (--search rejects such shapes; --slot-min ${flagName(r.dimension)}=… sets the floor)`,
    ),
  );
  return {
    ...report,
    rejections: report.rejections.filter((r) => !(advisory as readonly SizeRejectionJson[]).includes(r)),
    notes: [...(report.notes ?? []), ...notes],
  };
}

/** A worker's Flink configuration keys, when it was given as one. */
function configurationOf(data: Raw): Map<string, string> | undefined {
  const keys = ((data.defaultWorker ?? {}) as Raw).flinkConfiguration as Raw | undefined;
  return keys === undefined ? undefined : new Map(Object.entries(keys).map(([k, v]) => [k, textOf(v)]));
}

/** The least count of TaskManagers of `worker`'s shape for the planned jobs, with its proof. */
export function sizeWorker(
  worker: Worker,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
  emit: boolean,
  floor: SlotFloor = [],
): Result<SizeReport> {
  const run = (n: number): Result<CountRun> => simulateCount(worker, n, jobs, version);
  const one = run(1);
  if (!one.ok) return one;
  const shape = one.value.shape!;
  // The default slot (what an UNKNOWN request gets) against the floor; the count is still proven, for the report.
  const rejections = isSpecified(shape.defaultSlot) ? slotBelowFloor(shape.defaultSlot, floor) : [];
  const slotsPerTaskManager = one.value.slotsPerTaskManager;
  const requested = jobs.reduce((sum, j) => sum + j.requirements.reduce((s, r) => s + r.count, 0), 0);
  // One requirement per TaskManager is the most a count can help: beyond it, more do not.
  const cap = Math.min(MAX_TASK_MANAGERS, Math.max(1, requested));
  const hint = Math.ceil(requested / Math.max(1, slotsPerTaskManager));
  const search = minimalCount(run, (r) => r.ok && r.value.outcome.verdict === 'met', hint, cap);
  const failed = [...search.evaluated.values()].find((r) => !r.ok);
  if (failed !== undefined && !failed.ok) return failed;
  const outcomes = new Map([...search.evaluated].map(([n, r]) => [n, (r as { ok: true; value: CountRun }).value.outcome]));
  const total = shape.total as SpecifiedProfile;
  if (search.count === undefined) return fail([neverMet(cap, outcomes.get(cap)!, total)]);
  // The runs count slots; on the count kept, jobs that fail at deployment for want of network buffers
  // (verdict failing) reject the shape (size-report.ts networkBufferRejections).
  const kept = search.evaluated.get(search.count)! as { ok: true; value: CountRun };
  const met = withNetworkBuffers(outcomes.get(search.count)!, kept.value.scenario);
  const deployment = sizeDeployment(worker.data, total, search.count, slotsPerTaskManager, met.flinkVersion, jobs);
  if (emit && !deployment.ok) return deployment;
  return ok(
    buildSizeReport({
      count: search.count,
      slotsPerTaskManager,
      taskManager: shape.total,
      met,
      fewer: search.count === 0 ? undefined : outcomes.get(search.count - 1)!,
      simulations: outcomes.size,
      deployment: deployment.ok ? deployment.value : undefined,
      notes: [],
      slot: shape.defaultSlot,
      floor,
      rejections,
    }),
  );
}

function withNotes(report: SizeReport, notes: Diagnostic[]): SizeReport {
  return notes.length === 0 ? report : { ...report, notes };
}

/** Each job graph planned, under its job name (made unique), declaring at time 0. */
const SIZED_DIFFERENTLY: ReadonlySet<DiagnosticCode> = new Set(['input/flip156-unsupported']);

/** The jobs to size, and what their floors are read from. */
export interface DefinedJobs {
  readonly jobs: JobDefinition[];
  readonly floorInputs: FloorInput[];
}

export function defineJobs(
  jobGraphs: readonly SourceText[],
  version: { flinkVersion?: FlinkVersion },
  network = true,
): Result<DefinedJobs> {
  const used = new Set<string>();
  const jobs: JobDefinition[] = [];
  const floorInputs: FloorInput[] = [];
  const problems: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const g of jobGraphs) {
    const analyzed = analyzeJobText(g.text, g.file, version);
    const job = plannedOf(analyzed, g.file, network);
    if (job.ok) {
      jobs.push(jobDefinition(uniqueId(jobLabel(g.file, job.value), used), g.file, job.value));
      // Parallelisms the AdaptiveBatchScheduler decides at run time: sized at their maximum, and said so.
      pushAll(
        warnings,
        job.warnings.filter((d) => d.code === 'plan/adaptive-batch-parallelism'),
      );
      if (analyzed.ok) floorInputs.push({ job: jobs.at(-1)!.id, analysis: analyzed.analysis });
    } else pushAll(problems, job.diagnostics);
    // What changes the requirements sized (FLIP-156 resources a release before 1.14 ignores) is said, as plan says it.
    pushAll(
      warnings,
      analyzed.parseWarnings.filter((d) => SIZED_DIFFERENTLY.has(d.code)),
    );
  }
  return problems.length > 0 ? fail(problems) : ok({ jobs, floorInputs }, warnings);
}

/** The TaskManager shape: a Flink configuration becomes a cluster's default worker; a cluster of any kind keeps its own. */
function readWorker(source: SourceText, slots: number | undefined, release: FlinkVersion): Result<Worker> {
  const found = kindOfText(source.text);
  let worker: Worker;
  if (found?.kind === 'flink-configuration') {
    const read = readConfigurationText(source.text, source.file);
    if (!read.ok) return read;
    const data: Raw = { resourceAllocation: 'standalone', defaultWorker: { flinkConfiguration: Object.fromEntries(read.value.config) } };
    const schemaErrors = validateWith(validateCluster as CompiledValidator, data);
    if (schemaErrors.length > 0) return fail(locateDiagnostics(schemaErrors, undefined, source.file));
    // How the TaskManager's keys are read (legacy keys, another target's CPU key) is said once, here.
    const target = targetOfConfiguration(read.value.config) ?? 'standalone';
    const setup = taskManagerSetup(read.value.config, release, target, targetWaysOfText(read.value));
    const locate = configurationLocator(read.value.text, source.file);
    const notes = locate([...read.value.notes, ...(setup.ok ? setup.warnings : [])]);
    worker = { data, locate, notes };
  } else {
    const wrong = wrongKind(source.text, source.file, [...CLUSTER_KINDS, 'flink-configuration'], 'a TaskManager configuration');
    if (wrong !== undefined) return fail([wrong]);
    const checked = readClusterDocument(source);
    if (!checked.ok) return checked;
    const { text, data, notes } = checked.value;
    worker = { data: data as Raw, locate: (ds) => locateDiagnostics(ds, text, source.file), notes };
  }
  return ok(slots === undefined ? worker : { ...worker, data: withSlots(worker.data, slots) });
}

/** A shape from configuration keys alone (a candidate of `size --search`); problems name `origin`. */
export function configurationWorker(keys: Readonly<Record<string, string>>, origin: string): Worker {
  const data: Raw = { resourceAllocation: 'standalone', defaultWorker: { flinkConfiguration: { ...keys } } };
  return { data, locate: configurationLocator(undefined, origin), notes: [] };
}

/** A configuration's keys sit under /defaultWorker/flinkConfiguration in the cluster: located back in its file. */
function configurationLocator(text: string | undefined, file: string): (ds: Diagnostic[]) => Diagnostic[] {
  const inFile = (d: Diagnostic): Diagnostic => {
    const at = { ...d, location: { pointer: (d.location?.pointer ?? '').replace(/^\/defaultWorker\/flinkConfiguration/, '') } };
    // A key of a nested config.yaml is found by its path of maps, as plan --tm-config finds it.
    return text === undefined ? at : withConfigPointer(at, text);
  };
  return (ds) => locateDiagnostics(ds.map(inFile), text, file);
}

/** `--slots N` on the shape: numberOfTaskSlots, and the configuration's key when the worker has one. */
function withSlots(data: Raw, slots: number): Raw {
  const worker = (data.defaultWorker ?? {}) as Raw;
  const config = worker.flinkConfiguration as Raw | undefined;
  const flinkConfiguration =
    config === undefined ? {} : { flinkConfiguration: { ...config, 'taskmanager.numberOfTaskSlots': String(slots) } };
  return { ...data, defaultWorker: { ...worker, numberOfTaskSlots: slots, ...flinkConfiguration } };
}

/** One run: its outcome, and the shape as the SlotManager registers it (undefined on 0 TaskManagers). */
interface CountRun {
  /** Slots only: without the network-buffer judgement. */
  readonly outcome: SimulationOutcome;
  readonly scenario: Scenario;
  readonly shape: TaskManagerRegistration | undefined;
  /** taskmanager.numberOfTaskSlots of the shape (fine-grained TaskManagers register none up front). */
  readonly slotsPerTaskManager: number;
}

/** The jobs on a standalone cluster of `n` TaskManagers of the shape. */
function simulateCount(
  worker: Worker,
  n: number,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
): Result<CountRun> {
  const data = { ...worker.data, resourceAllocation: 'standalone', taskManagers: n === 0 ? [] : [{ id: 'tm', count: n }] };
  const run = runOnClusterData(data, jobs, version, { networkBuffers: false });
  if (!run.ok) return fail(worker.locate(run.diagnostics));
  const { scenario, outcome } = run.value;
  return ok({
    outcome,
    scenario,
    shape: scenario.cluster.taskManagers[0]?.registration,
    slotsPerTaskManager: scenario.cluster.config.slotsPerWorker,
  });
}

/**
 * What to set for each extended resource (gpu) a slot asks for and the shape's configuration does
 * not give its TaskManagers at all: Flink's external-resource keys (docs/research/external-resources.md).
 */
function externalResourceAdvice(need: SpecifiedProfile, shape: SpecifiedProfile): string {
  return [...need.extendedResources.keys()]
    .filter((name) => !shape.extendedResources.has(name))
    .map((name) => printable(name))
    .map(
      (n) =>
        `; this TaskManager configuration has no ${n}: give it external-resources: ${n} and external-resource.${n}.amount (per TaskManager; Flink 1.13 and later divide it among the slots)`,
    )
    .join('');
}

function neverMet(cap: number, outcome: SimulationOutcome, shape: SpecifiedProfile): Diagnostic {
  const head = 'no number of these TaskManagers meets the requirements';
  // In action terms when a slot is larger than the shape: what each TaskManager must have at least.
  for (const job of outcome.jobs)
    for (const e of job.explanations) {
      const tooBig = e.reasons.find((r) => r.kind === 'larger-than-worker' && r.shortfalls !== undefined);
      if (tooBig === undefined) continue;
      // Memory amounts from the profiles themselves; CPU and extended resources as the shortfall writes them.
      const need = e.profile as SpecifiedProfile;
      const amount = (dimension: string, text: string, of: SpecifiedProfile): string =>
        MEMORY_FIELDS.includes(dimension as MemoryField) ? formatBytes(of[dimension as MemoryField]) : text;
      const needs = tooBig
        .shortfalls!.map(
          (f) =>
            `${dimensionName(f.dimension)} ${amount(f.dimension, f.required, need)} (it has ${amount(f.dimension, f.available, shape)})`,
        )
        .join(', ');
      const message = `${head}: job ${job.id} asks for slots of ${describeProfile(e.profile)}, larger than one TaskManager of this shape; give each TaskManager at least ${needs}${externalResourceAdvice(need, shape)}`;
      return error('size/never-met', message, '');
    }
  const why = outcome.jobs.flatMap((j) => j.explanations.flatMap((e) => e.reasons.map((r) => r.message))).slice(0, 1);
  const message = `${head}: on ${groupThousands(cap)} of them (one per requested slot) the jobs are still ${outcome.verdict}${why.length > 0 ? ` (${why.join('; ')})` : ''}`;
  return error('size/never-met', message, '');
}
