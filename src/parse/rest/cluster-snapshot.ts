/**
 * A running cluster as its JobManager's REST API shows it, read in two rounds: first the overview,
 * the configuration, the TaskManagers and the job list; then what those name (the details of each
 * job holding slots, and of each TaskManager where the release lists allocated slots). The shell
 * fetches; this module says what to fetch and checks what came back, so the rules stay in the core.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../../errors/diagnostic.js';
import { atLeast, parseFlinkVersion } from '../../model/flink-version.js';
import type { SourceText } from '../../model/source-text.js';
import { parseDocument } from '../document.js';
import { locateDiagnostics } from '../source-map.js';
import { type ClusterOverview, type JobSummary, jobsHoldingSlots, readJobsOverview, readOverview, taskManagerIds } from './rest-answers.js';
import { pushAll } from '../../util/push-all.js';

/** Endpoints of the first round, in the order they are reported. */
export const FIRST_ROUND = ['/overview', '/jobmanager/config', '/taskmanagers', '/jobs/overview'] as const;
export type FirstRoundPath = (typeof FIRST_ROUND)[number];

/** More running jobs or TaskManagers than this: refuse before asking for each one. */
export const MAX_JOBS = 500;
/** TaskManagers whose details are asked for (allocated slots); above it, the slot counts of GET /taskmanagers only. */
export const MAX_TASK_MANAGER_DETAILS = 1000;

/** An answer as the shell received it: its URL (the file name in diagnostics) and its body. */
export type RestAnswer = SourceText;

export interface FirstRound {
  readonly base: string;
  readonly answers: Readonly<Record<FirstRoundPath, RestAnswer>>;
}

export interface CheckedFirstRound {
  readonly overview: ClusterOverview;
  readonly jobs: JobSummary[];
  readonly holding: JobSummary[];
  readonly taskManagersData: unknown;
  readonly jobManagerConfigData: unknown;
  /** What to ask for next: job details, then TaskManager details. */
  readonly next: { readonly jobs: string[]; readonly taskManagers: string[] };
}

/** The whole cluster, both rounds, as the shell fetched it. */
export interface ClusterSnapshot {
  readonly base: string;
  readonly firstRound: FirstRound;
  readonly checked: CheckedFirstRound;
  /** GET /jobs/:jobid of each job holding slots, in the order of `checked.holding`. */
  readonly jobDetails: readonly RestAnswer[];
  readonly taskManagerDetails: readonly RestAnswer[];
}

/** Parses an answer's JSON; a body that is not JSON (an HTML login page, a proxy error) is an error naming the URL. */
export function answerData(answer: RestAnswer): Result<unknown> {
  const doc = parseDocument(answer.text);
  if (!doc.ok || (answer.text.trimStart()[0] !== '{' && answer.text.trimStart()[0] !== '['))
    return fail([
      located(
        answer,
        `GET ${answer.file}: the answer is not JSON (${describeBody(answer.text)}); is this a Flink JobManager's REST address?`,
      ),
    ]);
  return ok(doc.value.data);
}

export function checkFirstRound(round: FirstRound): Result<CheckedFirstRound> {
  const data: Partial<Record<FirstRoundPath, unknown>> = {};
  const problems: Diagnostic[] = [];
  for (const path of FIRST_ROUND) {
    const parsed = answerData(round.answers[path]);
    if (parsed.ok) data[path] = parsed.value;
    else pushAll(problems, parsed.diagnostics);
  }
  if (problems.length > 0) return fail(problems);
  const overview = readOverview(data['/overview'], round.answers['/overview'].file);
  const jobs = readJobsOverview(data['/jobs/overview'], round.answers['/jobs/overview'].file);
  if (!overview.ok || !jobs.ok)
    return fail([
      ...locate(overview.ok ? [] : overview.diagnostics, round.answers['/overview']),
      ...locate(jobs.ok ? [] : jobs.diagnostics, round.answers['/jobs/overview']),
    ]);
  const holding = jobsHoldingSlots(jobs.value);
  if (holding.length > MAX_JOBS)
    return fail([located(round.answers['/jobs/overview'], `the cluster runs ${holding.length} jobs; flinkslot reads at most ${MAX_JOBS}`)]);
  const version = overview.value.flinkVersion === undefined ? undefined : parseFlinkVersion(overview.value.flinkVersion);
  // allocatedSlots exist from 1.13 (FLINK-21794); an unknown version is asked too (the field says).
  const ids = taskManagerIds(data['/taskmanagers']);
  const askDetails = (version === undefined || atLeast(version, 1, 13)) && ids.length <= MAX_TASK_MANAGER_DETAILS;
  return ok({
    overview: overview.value,
    jobs: jobs.value,
    holding,
    taskManagersData: data['/taskmanagers'],
    jobManagerConfigData: data['/jobmanager/config'],
    next: {
      jobs: holding.map((j) => `/jobs/${encodeURIComponent(j.id)}`),
      taskManagers: askDetails ? ids.map((id) => `/taskmanagers/${encodeURIComponent(id)}`) : [],
    },
  });
}

/** The release GET /overview names (`flink-version`), if it answered with one. */
export function releaseOf(overview: RestAnswer | undefined): string | undefined {
  if (overview === undefined) return undefined;
  const data = answerData(overview);
  const read = data.ok ? readOverview(data.value, overview.file) : data;
  return read.ok ? read.value.flinkVersion : undefined;
}

function located(answer: RestAnswer, message: string): Diagnostic {
  return { ...error('rest/answer', message, ''), location: { file: answer.file, pointer: '' } };
}

function locate(ds: Diagnostic[], answer: RestAnswer): Diagnostic[] {
  return locateDiagnostics(ds, answer.text, answer.file);
}

/** A few words on what came back instead of JSON, without echoing a whole page. */
function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'an empty body';
  if (/^<(!doctype|html)/i.test(trimmed)) return 'an HTML page';
  return `it starts with ${JSON.stringify(trimmed.slice(0, 20))}`;
}
