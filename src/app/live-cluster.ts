/**
 * `simulate --cluster http://HOST:8081 JOB...`: the running cluster (its TaskManagers, the jobs
 * holding their slots, its configuration and release, read from the REST API by the shell), then
 * the new jobs. The running jobs declare first, in the order they started, as Flink served them;
 * the new jobs after. When the new jobs do not fit, two searches say what would do: which running
 * jobs stopping (fewest, largest first), and how many more TaskManagers like the cluster's largest.
 */
import { type Diagnostic, type Result, fail, info, ok, warning } from '../errors/diagnostic.js';
import { DEFAULT_FLINK_VERSION, type FlinkVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { type ClusterSnapshot, answerData } from '../parse/rest/cluster-snapshot.js';

export type { ClusterSnapshot };
import { jobManagerConfigText, readAllocatedSlots, unusableConfiguration } from '../parse/rest/rest-answers.js';
import { locateDiagnostics } from '../parse/source-map.js';
import type { LiveFitAnswer, LiveFitReport, NewJobReport, RunningJobReport } from '../report/live-fit-report.js';
import type { SimulationReport } from '../report/simulation-report.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { analyzeJobText, versionOption } from './job-text.js';
import { jobDefinition, jobLabel, planJob, plannedOf, simulateDefinitionsOnCluster, uniqueId } from './simulate.js';
import { type LiveClusterSource, clusterSource, liveDeployment } from './live-cluster-source.js';
import { liveAdvice } from './deployment-advice.js';
import { describeDeployment } from '../memory/deployment.js';
import { parseFlinkConfiguration } from '../memory/parse-flink-configuration.js';
import { pushAll } from '../util/push-all.js';

export interface LiveFitOptions {
  readonly flinkVersion?: string;
}

/** Searches stop after this many simulations (each one runs the whole cluster). */
const MAX_SEARCH_RUNS = 60;

export function fitJobsOnLiveCluster(
  snapshot: ClusterSnapshot,
  newJobs: readonly SourceText[],
  options: LiveFitOptions = {},
): Result<LiveFitReport> {
  const notes: Diagnostic[] = [];
  const overviewUrl = snapshot.firstRound.answers['/overview'].file;
  const versionText = options.flinkVersion ?? snapshot.checked.overview.flinkVersion;
  const version = versionOption(versionText);
  if (!version.ok) return version;
  pushAll(notes, version.warnings);
  if (options.flinkVersion === undefined && versionText !== undefined)
    notes.push(info('rest/flink-version', `Flink ${versionText}, as GET ${overviewUrl} says; its rules apply to every job`, ''));
  const flinkVersion = version.value.flinkVersion;
  const tmConfig = configSource(snapshot, notes);
  if (!tmConfig.ok) return tmConfig;
  const running = planRunningJobs(snapshot, flinkVersion, tmConfig.value, notes);
  if (!running.ok) return running;
  const fresh = planNewJobs(newJobs, flinkVersion, new Set(running.value.map((r) => r.definition.id)));
  if (!fresh.ok) return fresh;
  const cluster = clusterSource(snapshot, tmConfig.value, flinkVersion, notes);
  if (!cluster.ok) return cluster;
  const deployment = liveDeployment(tmConfig.value, notes);
  const origin = { kind: 'live' as const, deployment };
  const run = (jobs: readonly JobDefinition[], text = cluster.value.source): Result<SimulationReport> => {
    const r = simulateDefinitionsOnCluster(text, jobs, { origin });
    return r.ok ? ok(r.value[0]!) : r;
  };
  const runningDefs = running.value.map((r) => r.definition);
  const newDefs = fresh.value.map((f) => f.definition);
  const before = run(runningDefs);
  const now = run([...runningDefs, ...newDefs]);
  if (!before.ok) return before;
  if (!now.ok) return now;
  const freeSimulated = before.value.taskManagers.reduce((n, tm) => n + tm.freeSlots, 0);
  compareWithCluster(snapshot, before.value, freeSimulated, notes);
  const fits = (r: SimulationReport) => newDefs.every((d) => r.jobs.find((j) => j.id === d.id)?.verdict === 'met');
  const answers = searchAnswers({ fitsNow: fits(now.value), running: running.value, newDefs, cluster: cluster.value, run, fits });
  const config = tmConfig.value === undefined ? undefined : parseFlinkConfiguration(tmConfig.value.text, tmConfig.value.file);
  const advice = liveAdvice({
    deployment,
    config: config?.ok === true ? config.value : undefined,
    flinkVersion: flinkVersion ?? DEFAULT_FLINK_VERSION,
    answers,
    taskManagers: before.value.taskManagers,
    slotsTotal: snapshot.checked.overview.slotsTotal,
  });
  return ok({
    cluster: {
      url: snapshot.base,
      flinkVersion: now.value.flinkVersion,
      taskManagers: snapshot.checked.overview.taskManagers,
      slotsTotal: snapshot.checked.overview.slotsTotal,
      slotsAvailable: snapshot.checked.overview.slotsAvailable,
      slotsFreeSimulated: freeSimulated,
    },
    runningJobs: running.value.map((r) => r.report),
    newJobs: fresh.value.map((f) => ({
      ...f.report,
      verdict: now.value.jobs.find((j) => j.id === f.definition.id)?.verdict ?? 'never-met',
    })),
    answer: answers[0]!,
    alternatives: answers.slice(1),
    deployment: { ...deployment, evidence: [...deployment.evidence], description: describeDeployment(deployment) },
    advice,
    simulation: now.value,
    notes: [...notes, ...(now.value.notes ?? [])],
  });
}

/** GET /jobmanager/config as the TaskManagers' configuration (sizes managed memory, names the state backend). */
function configSource(snapshot: ClusterSnapshot, notes: Diagnostic[]): Result<SourceText | undefined> {
  const answer = snapshot.firstRound.answers['/jobmanager/config'];
  const text = jobManagerConfigText(snapshot.checked.jobManagerConfigData, answer.file);
  if (!text.ok) return fail(locateDiagnostics(text.diagnostics, answer.text, answer.file));
  notes.push(
    info(
      'rest/configuration',
      `the TaskManagers' configuration is the JobManager's (GET ${answer.file}): TaskManagers started with other options size their slots differently`,
      '',
    ),
  );
  return ok({ text: text.value, file: answer.file });
}

interface PlannedRunning {
  readonly definition: JobDefinition;
  readonly report: RunningJobReport;
}

function planRunningJobs(
  snapshot: ClusterSnapshot,
  flinkVersion: FlinkVersion | undefined,
  tmConfig: SourceText | undefined,
  notes: Diagnostic[],
): Result<PlannedRunning[]> {
  const allocated = allocatedPerJob(snapshot, notes);
  if (!allocated.ok) return allocated;
  const names = new Map<string, number>();
  for (const j of snapshot.checked.holding) names.set(j.name, (names.get(j.name) ?? 0) + 1);
  const out: PlannedRunning[] = [];
  const options = flinkVersion === undefined ? {} : { flinkVersion };
  // The configuration is the same for every job: once it cannot size a TaskManager, plan the rest without it.
  let config = tmConfig;
  for (const [i, summary] of snapshot.checked.holding.entries()) {
    const answer = snapshot.jobDetails[i]!;
    let job = analyzeJobText(answer.text, answer.file, config === undefined ? options : { ...options, tmConfig: config });
    if (!job.ok && job.failedAt === 'tm-config') {
      notes.push(unusableConfiguration(job.diagnostics));
      config = undefined;
      job = analyzeJobText(answer.text, answer.file, options);
    }
    const planned = plannedOf(job, answer.file);
    if (!planned.ok) return planned;
    const id = names.get(summary.name)! > 1 ? `${summary.name} (${summary.id.slice(0, 8)})` : summary.name;
    const held = allocated.value?.get(summary.id);
    const requiredSlots = slotCount(planned.value.requirements);
    out.push({
      definition: jobDefinition(id, answer.file, planned.value),
      report: {
        id,
        jobId: summary.id,
        name: summary.name,
        state: summary.state,
        requiredSlots,
        ...(held === undefined ? {} : { allocatedSlots: held }),
      },
    });
    if (held !== undefined && held !== requiredSlots)
      notes.push(
        warning(
          'rest/held-slots',
          `running job '${id}' holds ${held} slots on the cluster but its plan asks for ${requiredSlots} (the adaptive scheduler runs with what it got, or a rescale is under way); the simulation places ${requiredSlots}`,
          '',
        ),
      );
  }
  return ok(out);
}

const slotCount = (requirements: readonly { count: number }[]): number => requirements.reduce((n, r) => n + r.count, 0);

/** Slots per job id from the TaskManagers' allocatedSlots; undefined when no TaskManager lists any. */
function allocatedPerJob(snapshot: ClusterSnapshot, notes: Diagnostic[]): Result<Map<string, number> | undefined> {
  const counts = new Map<string, number>();
  let listed = false;
  for (const answer of snapshot.taskManagerDetails) {
    const data = answerData(answer);
    if (!data.ok) return data;
    const slots = readAllocatedSlots(data.value, answer.file);
    if (!slots.ok) return fail(locateDiagnostics(slots.diagnostics, answer.text, answer.file));
    if (slots.value === undefined || slots.value.length === 0) continue;
    listed = true;
    for (const s of slots.value) counts.set(s.jobId, (counts.get(s.jobId) ?? 0) + 1);
  }
  const asked = snapshot.checked.next.taskManagers.length;
  if (snapshot.taskManagerDetails.length < asked)
    notes.push(
      info(
        'rest/task-manager-details',
        `${asked - snapshot.taskManagerDetails.length} of ${asked} TaskManagers did not answer GET /taskmanagers/:id`,
        '',
      ),
    );
  const busy = snapshot.checked.overview.slotsTotal - snapshot.checked.overview.slotsAvailable;
  if (!listed && busy > 0)
    notes.push(
      info(
        'rest/allocated-slots',
        `the cluster does not list which job holds which slot (allocatedSlots is empty before Flink 1.13 and under the declarative SlotManager): the running jobs' slots are placed as the SlotManager would place their requirements`,
        '',
      ),
    );
  return ok(listed ? counts : undefined);
}

interface PlannedNew {
  readonly definition: JobDefinition;
  readonly report: Omit<NewJobReport, 'verdict'>;
}

function planNewJobs(sources: readonly SourceText[], flinkVersion: FlinkVersion | undefined, taken: Set<string>): Result<PlannedNew[]> {
  const out: PlannedNew[] = [];
  const problems: Diagnostic[] = [];
  for (const source of sources) {
    const job = planJob(source, flinkVersion === undefined ? {} : { flinkVersion });
    if (!job.ok) {
      pushAll(problems, job.diagnostics);
      continue;
    }
    const id = uniqueId(`new: ${jobLabel(source.file, job.value)}`, taken);
    const requiredSlots = slotCount(job.value.requirements);
    out.push({ definition: jobDefinition(id, source.file, job.value), report: { id, source: source.file, requiredSlots } });
  }
  return problems.length > 0 ? fail(problems) : ok(out);
}

function compareWithCluster(snapshot: ClusterSnapshot, before: SimulationReport, freeSimulated: number, notes: Diagnostic[]): void {
  const reported = snapshot.checked.overview.slotsAvailable;
  const unmet = before.jobs.filter((j) => j.verdict !== 'met').map((j) => j.id);
  if (unmet.length > 0)
    notes.push(
      warning(
        'rest/running-jobs-unmet',
        `the running jobs' requirements do not all fit on these TaskManagers in the simulation (${unmet.join(', ')}): they run with fewer slots (adaptive scheduler) or are waiting for resources`,
        '',
      ),
    );
  if (freeSimulated !== reported)
    notes.push(
      warning(
        'rest/free-slots-differ',
        `GET ${snapshot.firstRound.answers['/overview'].file} reports ${reported} free slots; placing the running jobs' requirements leaves ${freeSimulated}`,
        '',
      ),
    );
}

interface SearchInput {
  readonly fitsNow: boolean;
  readonly running: readonly PlannedRunning[];
  readonly newDefs: readonly JobDefinition[];
  readonly cluster: LiveClusterSource;
  readonly run: (jobs: readonly JobDefinition[], cluster?: SourceText) => Result<SimulationReport>;
  readonly fits: (r: SimulationReport) => boolean;
}

/** The answer first, then the other ways found. */
function searchAnswers(input: SearchInput): LiveFitAnswer[] {
  if (input.fitsNow) return [{ kind: 'fits-now' }];
  const found: LiveFitAnswer[] = [];
  const stop = jobsToStop(input);
  const more = moreTaskManagers(input);
  if (stop !== undefined) found.push({ kind: 'fits-if-jobs-stop', stop });
  if (more.kind === 'needs-task-managers') found.push(more);
  if (found.length === 0) found.push(more);
  return found;
}

/** Fewest running jobs whose stopping lets the new jobs in: drop the largest first, then put back what is not needed. */
function jobsToStop(input: SearchInput): string[] | undefined {
  const order = [...input.running].sort((a, b) => b.report.requiredSlots - a.report.requiredSlots);
  let runs = 0;
  const fitsWithout = (stopped: Set<string>): boolean => {
    runs++;
    const r = input.run([...input.running.filter((j) => !stopped.has(j.definition.id)).map((j) => j.definition), ...input.newDefs]);
    return r.ok && input.fits(r.value);
  };
  const stopped = new Set<string>();
  let fits = false;
  for (const job of order) {
    if (runs >= MAX_SEARCH_RUNS) return undefined;
    stopped.add(job.definition.id);
    if ((fits = fitsWithout(stopped))) break;
  }
  if (!fits) return undefined;
  for (const id of [...stopped]) {
    if (runs >= MAX_SEARCH_RUNS) break;
    stopped.delete(id);
    if (!fitsWithout(stopped)) stopped.add(id);
  }
  return order.filter((j) => stopped.has(j.definition.id)).map((j) => j.definition.id);
}

/** Least number of TaskManagers like the cluster's largest that, added, let every new job in (binary search). */
function moreTaskManagers(input: SearchInput): LiveFitAnswer {
  const { data, source } = input.cluster;
  const tms = data.taskManagers ?? [];
  if (tms.length === 0) return { kind: 'does-not-fit', reason: 'the cluster has no TaskManager to add copies of' };
  const like = tms.reduce((best, tm) => (tm.numberOfTaskSlots > best.numberOfTaskSlots ? tm : best));
  const all = [...input.running.map((j) => j.definition), ...input.newDefs];
  const withCopies = (k: number): boolean => {
    const copies = Array.from({ length: k }, (_, i) => ({ ...like, id: `${like.id}+${i + 1}` }));
    const r = input.run(all, { ...source, text: JSON.stringify({ ...data, taskManagers: [...tms, ...copies] }) });
    return r.ok && input.fits(r.value);
  };
  // Every TaskManager that can hold one of the new slots holds at least one: the new slots bound the count.
  const upper = Math.max(1, slotCount(input.newDefs.flatMap((d) => d.requirements)));
  if (!withCopies(upper))
    return {
      kind: 'does-not-fit',
      reason: `not even ${upper} more TaskManagers like '${like.id}' hold the new jobs: a slot they ask for is larger than such a TaskManager`,
    };
  let lo = 1;
  let hi = upper;
  for (let runs = 0; lo < hi && runs < MAX_SEARCH_RUNS; runs++) {
    const mid = Math.floor((lo + hi) / 2);
    if (withCopies(mid)) hi = mid;
    else lo = mid + 1;
  }
  return { kind: 'needs-task-managers', count: hi, like: like.id, slotsEach: like.numberOfTaskSlots };
}
