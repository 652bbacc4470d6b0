/**
 * `plan http://HOST:8081/jobs/JOBID`: the running job's details (vertices, parallelism, plan) as
 * Flink's own file, planned with the cluster's release (GET /overview) and with the JobManager's
 * configuration as the TaskManagers' (GET /jobmanager/config: slot size, state backend, weights),
 * unless the command line gives them.
 */
import { type Diagnostic, type Result, info, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { answerData, releaseOf } from '../parse/rest/cluster-snapshot.js';
import { jobManagerConfigText, unusableConfiguration } from '../parse/rest/rest-answers.js';
import type { PlanReport } from '../report/plan-report.js';
import { type PlanOptions, planFromText } from './plan.js';

export interface JobAnswers {
  /** GET /jobs/:jobid */
  readonly job: SourceText;
  /** GET /overview (the release), when it answered. */
  readonly overview?: SourceText;
  /** GET /jobmanager/config, when it answered. */
  readonly jobManagerConfig?: SourceText;
}

export function planLiveJob(answers: JobAnswers, options: PlanOptions = {}): Result<PlanReport> {
  const notes: Diagnostic[] = [];
  const version = options.flinkVersion ?? releaseNoted(answers.overview, notes);
  const tmConfig = options.tmConfig ?? configOf(answers.jobManagerConfig, notes);
  let plan = planFromText(answers.job.text, answers.job.file, {
    ...options,
    ...(version === undefined ? {} : { flinkVersion: version }),
    ...(tmConfig === undefined ? {} : { tmConfig }),
  });
  if (
    !plan.ok &&
    options.tmConfig === undefined &&
    tmConfig !== undefined &&
    plan.diagnostics.some((d) => d.location?.file === tmConfig.file)
  ) {
    notes.push(unusableConfiguration(plan.diagnostics));
    plan = planFromText(answers.job.text, answers.job.file, { ...options, ...(version === undefined ? {} : { flinkVersion: version }) });
  }
  if (!plan.ok) return plan;
  const report = plan.value;
  report.warnings = [...notes.filter((d) => d.severity !== 'info'), ...report.warnings];
  const infos = notes.filter((d) => d.severity === 'info');
  if (infos.length > 0) report.notes = [...infos, ...(report.notes ?? [])];
  return ok(report, report.warnings);
}

function releaseNoted(overview: SourceText | undefined, notes: Diagnostic[]): string | undefined {
  const release = releaseOf(overview);
  if (release !== undefined) notes.push(info('rest/flink-version', `Flink ${release}, as GET ${overview!.file} says`, ''));
  return release;
}

function configOf(answer: SourceText | undefined, notes: Diagnostic[]): SourceText | undefined {
  if (answer === undefined) return undefined;
  const data = answerData(answer);
  const text = data.ok ? jobManagerConfigText(data.value, answer.file) : data;
  if (!text.ok) return undefined;
  notes.push(info('rest/configuration', `the TaskManagers' configuration is the JobManager's (GET ${answer.file})`, ''));
  return { text: text.value, file: answer.file };
}
