/**
 * `flinkslot report`: job graph files, optionally a cluster (jobs declared at time 0, as `simulate
 * --cluster`) or a scenario (its own timeline) → one self-contained HTML page. Each job is planned
 * once, as `plan` plans it; the run is the one `simulate` makes, with the slots held over time kept.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { kindOfText } from '../parse/file-kind.js';
import { looksLikeFlinkLog } from '../parse/log/flink-log-text.js';
import { explainPage } from './explain.js';
import { DEFAULT_LIMITS, type HtmlReportInput, type ReportJob, renderHtmlReport } from '../report/html/html-report.js';
import type { LiveFitReport } from '../report/live-fit-report.js';
import { answerText } from '../report/render-live-fit-text.js';
import { type ClusterSnapshot, fitJobsOnLiveCluster } from './live-cluster.js';
import type { ShapeSearchReport } from '../report/shape-search-report.js';
import { type SimulationReport, worstVerdict } from '../report/simulation-report.js';
import { pushAll } from '../util/push-all.js';
import { analyzeJobText, versionOption } from './job-text.js';
import { planOfJob } from './plan.js';
import { plannedFrom, simulatePlannedJobsOnCluster, simulateScenario } from './simulate.js';
import type { PlannedJob } from '../sim/scenario/read-scenario.js';

export interface ReportOptions {
  /** Job graph files and at most one scenario file, told apart by their content. */
  readonly files: readonly SourceText[];
  readonly cluster?: SourceText;
  /** A running cluster, as the shell fetched it from a JobManager's REST address: the jobs join its running ones. */
  readonly liveCluster?: ClusterSnapshot;
  readonly tmConfig?: SourceText;
  readonly flinkVersion?: string;
  /** A scenario's job graph file by its path as written, and the scenario file naming it (the shell reads it). */
  readonly loadJobGraph?: (path: string, scenarioFile: string) => SourceText | { readonly reason: string };
  readonly title?: string;
  readonly generator: string;
  readonly limits?: { readonly vertices?: number; readonly taskManagers?: number };
  /** `size --search --report`: the candidates chart. */
  readonly search?: ShapeSearchReport;
}

export interface HtmlReport {
  readonly html: string;
  readonly jobs: number;
  readonly vertices: number;
  readonly taskManagers: number;
  readonly verdict: SimulationReport['verdict'] | undefined;
  /** A page of logs (`report LOG`): the explanation's diagnosis code. */
  readonly diagnosis?: string;
}

interface Planned {
  readonly job: ReportJob;
  readonly planned: PlannedJob;
}

interface PlannedFiles {
  readonly planned: Planned[];
  /** The files that are job graphs, planned or not. */
  readonly jobs: SourceText[];
  /** Files that did not read as job graphs because they are scenarios. */
  readonly scenarios: SourceText[];
  /** Files that did not read as job graphs because they are Flink logs. */
  readonly logs: SourceText[];
  readonly problems: Diagnostic[];
}

/**
 * Each file planned as a job graph. Only a file that does not read as one is asked whether it is a
 * scenario: telling the kind first would parse every job file twice (a third of a 20,000-vertex report).
 */
function planAll(files: readonly SourceText[], options: ReportOptions): Result<PlannedFiles> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const jobOptions = { ...version.value, ...(options.tmConfig === undefined ? {} : { tmConfig: options.tmConfig }) };
  const out: PlannedFiles = { planned: [], jobs: [], scenarios: [], logs: [], problems: [] };
  for (const f of files) {
    const analyzed = analyzeJobText(f.text, f.file, jobOptions);
    const kind = !analyzed.ok && analyzed.failedAt === 'parse' ? kindOfText(f.text)?.kind : undefined;
    if (kind === 'scenario' || kind === 'flink-log') {
      (kind === 'scenario' ? out.scenarios : out.logs).push(f);
      continue;
    }
    out.jobs.push(f);
    const plan = planOfJob(analyzed, f.file);
    if (!plan.ok || !analyzed.ok) {
      pushAll(out.problems, plan.ok ? [] : plan.diagnostics);
      continue;
    }
    out.planned.push({ job: { graph: analyzed.graph, plan: plan.value, file: f.file }, planned: plannedFrom(analyzed.analysis) });
  }
  return ok(out, version.warnings);
}

/** The live answer as sentences: what the text report's first lines say. */
function liveAnswer(live: LiveFitReport): NonNullable<HtmlReportInput['live']> {
  const n = live.newJobs.length;
  const answer = [
    `The new jobs: ${answerText(live.answer, n)}.`,
    ...live.alternatives.map((a) => `Or: ${answerText(a, n)}.`),
    ...(live.advice.length === 0 ? [] : [`What to do on this ${live.deployment.description}:`, ...live.advice.map((l) => l.trim())]),
  ];
  const c = live.cluster;
  answer.push(
    `Flink ${c.flinkVersion}: ${c.taskManagers} TaskManager(s), ${c.slotsTotal} slots, ${c.slotsAvailable} free; the ${live.runningJobs.length} running job(s) declare first.`,
  );
  return { url: c.url, answer };
}

interface Runs {
  readonly simulations: SimulationReport[];
  readonly live?: HtmlReportInput['live'];
}

/** The run: jobs on a cluster (a file or a running one), or the scenario (its job graph files are recorded to be drawn too). */
function run(
  options: ReportOptions,
  files: readonly SourceText[],
  planned: readonly Planned[],
  scenario: SourceText | undefined,
  loaded: SourceText[],
): Result<Runs> {
  if (options.liveCluster !== undefined) {
    const live = fitJobsOnLiveCluster(
      options.liveCluster,
      files,
      options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion },
    );
    return live.ok ? ok({ simulations: [live.value.simulation], live: liveAnswer(live.value) }, live.warnings) : live;
  }
  const sims = simulations(options, planned, scenario, loaded);
  return sims.ok ? ok({ simulations: sims.value }, sims.warnings) : sims;
}

function simulations(
  options: ReportOptions,
  planned: readonly Planned[],
  scenario: SourceText | undefined,
  loaded: SourceText[],
): Result<SimulationReport[]> {
  const simulate = { history: true, ...(options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion }) };
  if (options.cluster !== undefined) {
    const jobs = planned.map((p) => ({ file: p.job.file, job: p.planned }));
    return simulatePlannedJobsOnCluster(options.cluster, jobs, { ...simulate, advice: true });
  }
  if (scenario === undefined) return ok([]);
  const seen = new Set<string>();
  const loadJobGraph = (path: string) => {
    const got = options.loadJobGraph?.(path, scenario.file) ?? { reason: 'no reader given' };
    if (!('reason' in got) && !seen.has(got.file)) {
      seen.add(got.file);
      loaded.push(got);
    }
    return got;
  };
  return simulateScenario(scenario, { ...simulate, loadJobGraph });
}

/**
 * Logs (`report LOG...`, issue 28 §3): the explanation's page. Logs are told by their first lines
 * (a Flink logger), or, for a file that reads as no job graph, by all of it (file-kind.ts); a log is
 * given alone, not beside job graphs.
 */
function logReport(options: ReportOptions, logs: readonly SourceText[]): Result<HtmlReport> {
  const other = options.files.find((f) => !logs.includes(f)) ?? (options.cluster === undefined ? undefined : options.cluster);
  if (other !== undefined) {
    const message = `${logs[0]!.file} is a Flink log: give logs alone (\`flinkslot report LOG...\`), not with ${other.file}`;
    return fail([error('usage/report-inputs', message)]);
  }
  const page = explainPage(logs, {
    generator: options.generator,
    ...(options.flinkVersion === undefined ? {} : { flinkVersion: options.flinkVersion }),
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.limits?.taskManagers === undefined ? {} : { taskManagerRows: options.limits.taskManagers }),
  });
  if (!page.ok) return page;
  const r = page.value.report;
  return ok(
    {
      html: page.value.html,
      jobs: r.jobs.length,
      vertices: 0,
      taskManagers: r.taskManagers.length,
      verdict: undefined,
      diagnosis: r.diagnosis.code,
    },
    page.warnings,
  );
}

export function reportFromTexts(options: ReportOptions): Result<HtmlReport> {
  // A log's first lines say it, mostly: then it is not parsed as a job graph at all.
  const early = options.files.filter((f) => looksLikeFlinkLog(f.text));
  if (early.length > 0) return logReport(options, early);
  const files = planAll(options.files, options);
  if (!files.ok) return files;
  if (files.value.logs.length > 0) return logReport(options, files.value.logs);
  const { scenarios, jobs } = files.value;
  const scenario = scenarios[0];
  const cluster = options.cluster?.file ?? (options.liveCluster === undefined ? undefined : 'a running cluster');
  if (scenario !== undefined && (cluster !== undefined || scenarios.length > 1)) {
    const which = cluster !== undefined ? `--cluster ${cluster}` : `a second scenario, ${scenarios[1]!.file}`;
    const message = `${scenario.file} is a scenario, with its own cluster and timeline: give either one scenario or --cluster, not also ${which}`;
    return fail([error('usage/report-inputs', message)]);
  }
  if (files.value.problems.length > 0) return fail(files.value.problems);
  const planned = files.value.planned;
  const loaded: SourceText[] = [];
  const result = run(options, jobs, planned, scenario, loaded);
  if (!result.ok) return result;
  const runs = result.value.simulations;
  // A scenario's job graph files are drawn too (the run planned them already, so they read as jobs).
  const scenarioJobs = planAll(loaded, options);
  if (!scenarioJobs.ok) return scenarioJobs;
  if (scenarioJobs.value.problems.length > 0) return fail(scenarioJobs.value.problems);
  const all = [...planned, ...scenarioJobs.value.planned].map((p) => p.job);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const title = options.title ?? defaultTitle(all, scenario);
  const html = renderHtmlReport({
    title,
    generator: options.generator,
    jobs: all,
    simulations: runs,
    ...(options.search === undefined ? {} : { search: options.search }),
    ...(result.value.live === undefined ? {} : { live: result.value.live }),
    limits,
  });
  const warnings = [...files.warnings, ...result.warnings];
  return ok(
    {
      html,
      jobs: all.length,
      vertices: all.reduce((n, j) => n + j.graph.vertices.length, 0),
      taskManagers: runs[0]?.taskManagers.length ?? 0,
      verdict: runs.length === 0 ? undefined : worstVerdict(runs),
    },
    warnings,
  );
}

function defaultTitle(jobs: readonly ReportJob[], scenario: SourceText | undefined): string {
  if (scenario !== undefined) return `flinkslot report: ${scenario.file.replace(/^.*[\\/]/, '')}`;
  const names = jobs.map((j) => j.plan.job.name);
  return `flinkslot report: ${names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`}`;
}
